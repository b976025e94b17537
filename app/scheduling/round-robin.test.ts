import { describe, expect, it } from "vitest";
import {
  assignmentReason,
  decidingCriterion,
  pickRoundRobinHost,
  rankedHosts,
  rankRoundRobin,
  roundRobinPicker,
  HOST_PRIORITIES,
  type HostPriority,
  type RoundRobinStats,
} from "./round-robin";

type Table = Record<string, RoundRobinStats>;

/** Books `n` bookings one after another, each to the pick among `free(i)`; the counts per host. */
function sequence(
  hosts: Record<string, { weight?: number; priority?: HostPriority }>,
  n: number,
  free: (i: number) => string[] = () => Object.keys(hosts),
): Record<string, number> {
  const stats: Table = Object.fromEntries(
    Object.entries(hosts).map(([id, h]) => [id, { bookings: 0, lastBookedAt: null, ...h }]),
  );
  for (let i = 0; i < n; i++) {
    const picked = pickRoundRobinHost(free(i), stats);
    expect(picked).not.toBeNull();
    stats[picked!] = { ...stats[picked!], bookings: stats[picked!].bookings + 1, lastBookedAt: i };
  }
  return Object.fromEntries(Object.entries(stats).map(([id, s]) => [id, s.bookings]));
}

describe("weights", () => {
  it("3:1 over 40 sequential bookings gives 30/10, and never strays a booking from the shares on the way", () => {
    expect(sequence({ a: { weight: 75 }, b: { weight: 25 } }, 40)).toEqual({ a: 30, b: 10 });
    expect(sequence({ a: { weight: 3 }, b: { weight: 1 } }, 40)).toEqual({ a: 30, b: 10 });
    for (let n = 1; n <= 40; n++) {
      const counts = sequence({ a: { weight: 75 }, b: { weight: 25 } }, n);
      expect(Math.abs(counts.a - n * 0.75), `after ${n}`).toBeLessThanOrEqual(0.75);
    }
  });

  it("three weights share in proportion (100:50:10 over 32 bookings gives 20/10/2)", () => {
    expect(sequence({ a: { weight: 100 }, b: { weight: 50 }, c: { weight: 10 } }, 32)).toEqual({ a: 20, b: 10, c: 2 });
  });

  it("equal weights alternate: fewest bookings first, then the least recently booked", () => {
    expect(sequence({ a: {}, b: {}, c: {} }, 9)).toEqual({ a: 3, b: 3, c: 3 });
    const stats: Table = {
      a: { bookings: 2, lastBookedAt: 10 },
      b: { bookings: 2, lastBookedAt: 5 },
      c: { bookings: 3, lastBookedAt: 1 },
    };
    expect(pickRoundRobinHost(["a", "b", "c"], stats)).toBe("b");
    expect(decidingCriterion(["a", "b", "c"], stats)).toBe("recency");
  });

  it("a host who was busy catches up once free again, within their share", () => {
    // b is busy for the first 8 bookings, then both are free: b is picked until level.
    const counts = sequence({ a: {}, b: {} }, 12, (i) => (i < 8 ? ["a"] : ["a", "b"]));
    expect(counts).toEqual({ a: 8, b: 4 });
  });

  it("shares count every live host's bookings, free or not: a busy heavy host does not shift the others' order", () => {
    const stats: Table = {
      a: { bookings: 9, lastBookedAt: 1, weight: 100 },
      b: { bookings: 0, lastBookedAt: null, weight: 10 },
      c: { bookings: 1, lastBookedAt: 2, weight: 100 },
    };
    // total 10, shares 100/210, 10/210, 100/210: b's deficit 0.48, c's 3.76.
    expect(rankRoundRobin(["b", "c"], stats).map((h) => h.id)).toEqual(["c", "b"]);
    const [b] = rankedHosts(["b"], stats);
    expect(b.share).toBeCloseTo(10 / 210, 10);
    expect(b.deficit).toBeCloseTo(100 / 210, 10);
  });

  it("ties on the deficit go to the higher weight (the smallest overshoot), then fewer bookings", () => {
    // total 4, shares 3/4 and 1/4: both exactly at their share.
    const stats: Table = {
      a: { bookings: 3, lastBookedAt: 9, weight: 75 },
      b: { bookings: 1, lastBookedAt: 1, weight: 25 },
    };
    expect(pickRoundRobinHost(["a", "b"], stats)).toBe("a");
    expect(decidingCriterion(["a", "b"], stats)).toBe("weight");
    const level: Table = { a: { bookings: 1, lastBookedAt: 1 }, b: { bookings: 1, lastBookedAt: 1 } };
    expect(pickRoundRobinHost(["b", "a"], level)).toBe("a");
    expect(decidingCriterion(["b", "a"], level)).toBe("id");
  });
});

describe("weight 0", () => {
  it("a host of weight 0 gets a booking only when no one else is free", () => {
    expect(sequence({ a: { weight: 100 }, z: { weight: 0 } }, 10)).toEqual({ a: 10, z: 0 });
    expect(sequence({ a: { weight: 100 }, z: { weight: 0 } }, 10, (i) => (i % 2 ? ["a", "z"] : ["z"]))).toEqual({
      a: 5,
      z: 5,
    });
    // Even far behind and of a higher priority.
    expect(
      pickRoundRobinHost(["a", "z"], {
        a: { bookings: 50, lastBookedAt: 1, weight: 1, priority: "low" },
        z: { bookings: 0, lastBookedAt: null, weight: 0, priority: "highest" },
      }),
    ).toBe("a");
    expect(
      decidingCriterion(["a", "z"], {
        a: { bookings: 0, lastBookedAt: null },
        z: { bookings: 0, lastBookedAt: null, weight: 0 },
      }),
    ).toBe("weight-zero");
  });

  it("all weights 0: equal shares", () => {
    expect(sequence({ a: { weight: 0 }, b: { weight: 0 } }, 6)).toEqual({ a: 3, b: 3 });
    expect(
      rankedHosts(["a"], {
        a: { bookings: 0, lastBookedAt: null, weight: 0 },
        b: { bookings: 2, lastBookedAt: 1, weight: 0 },
      })[0],
    ).toMatchObject({ share: 0.5, deficit: 1 });
  });
});

describe("priorities", () => {
  it("the highest priority free host always wins, whatever the shares", () => {
    const counts = sequence({ low: { priority: "low" }, top: { priority: "highest" }, mid: { priority: "high" } }, 20);
    expect(counts).toEqual({ low: 0, top: 20, mid: 0 });
    // top busy: the next priority present wins; low only when alone.
    expect(
      sequence({ low: { priority: "low" }, top: { priority: "highest" }, mid: { priority: "high" } }, 6, () => [
        "low",
        "mid",
      ]),
    ).toEqual({
      low: 0,
      top: 0,
      mid: 6,
    });
    expect(
      decidingCriterion(["low", "mid"], {
        low: { bookings: 0, lastBookedAt: null, priority: "low" },
        mid: { bookings: 9, lastBookedAt: 1, priority: "high" },
      }),
    ).toBe("priority");
  });

  it("within one priority the weights share; the other priorities' bookings still count in the total", () => {
    const counts = sequence(
      {
        a: { priority: "high", weight: 60 },
        b: { priority: "high", weight: 20 },
        c: { priority: "medium", weight: 20 },
      },
      40,
      (i) => (i < 10 ? ["c"] : ["a", "b", "c"]),
    );
    expect(counts).toEqual({ a: 23, b: 7, c: 10 });
  });

  it("a host missing from the figures counts as never booked, at weight 100 and medium priority", () => {
    expect(pickRoundRobinHost(["a", "z"], { a: { bookings: 1, lastBookedAt: 1 } })).toBe("z");
    expect(pickRoundRobinHost([], {})).toBeNull();
    expect(rankRoundRobin(["z"], {})[0]).toMatchObject({ weight: 100, priority: "medium", bookings: 0, share: 1 });
  });
});

describe("assignmentReason", () => {
  const names = { a: "Ann", b: "Bob", c: "Cat" };
  it("names the host, what decided it and their figures", () => {
    const stats: Table = {
      a: { bookings: 1, lastBookedAt: 1, weight: 75 },
      b: { bookings: 2, lastBookedAt: 2, weight: 25 },
    };
    expect(assignmentReason({ picked: "a", free: ["a", "b"], stats, names, windowDays: 30 })).toBe(
      "Ann was the furthest below their weighted share among the free hosts of the highest priority present, of 2 free hosts: 1 booking in 30 days against a weighted share of 2.3 (weight 75, medium priority).",
    );
    expect(assignmentReason({ picked: "b", free: ["b"], stats, names, windowDays: 30 })).toBe(
      "Bob was the only host free to take it: 2 bookings in 30 days against a weighted share of 0.8 (weight 25, medium priority).",
    );
    const ranked: Table = {
      a: { bookings: 5, lastBookedAt: 1, priority: "highest" },
      b: { bookings: 0, lastBookedAt: null },
      c: { bookings: 0, lastBookedAt: null },
    };
    expect(assignmentReason({ picked: "a", free: ["a", "b", "c"], stats: ranked, names, windowDays: 30 })).toMatch(
      /^Ann had the highest priority among the free hosts \(highest\), of 3 free hosts: 5 bookings/,
    );
  });
});

describe("roundRobinPicker", () => {
  it("picks what pickRoundRobinHost picks, for any candidates over the same stats", () => {
    let seed = 20261201;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ids = ["a", "b", "c", "d", "e", "f"];
    for (let round = 0; round < 300; round++) {
      // Ties on purpose: few distinct counts, weights and times, so every criterion decides somewhere.
      const stats: Table = Object.fromEntries(
        ids.map((id) => [
          id,
          {
            bookings: Math.floor(random() * 4),
            lastBookedAt: random() < 0.3 ? null : Math.floor(random() * 3),
            weight: [0, 50, 100, 100][Math.floor(random() * 4)],
            priority: HOST_PRIORITIES[Math.floor(random() * HOST_PRIORITIES.length)],
          },
        ]),
      );
      const pick = roundRobinPicker(stats);
      for (let k = 0; k < 10; k++) {
        const candidates = ids.filter(() => random() < 0.6);
        // A host the stats do not know, now and then: its default share changes everyone's.
        if (random() < 0.1) candidates.push("newcomer");
        expect(pick(candidates), JSON.stringify({ stats, candidates })).toBe(pickRoundRobinHost(candidates, stats));
      }
    }
  });
});
