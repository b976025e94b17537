import { describe, expect, it } from "vitest";
import {
  computeSlots,
  findSlots,
  freeHostsAt,
  pickRoundRobinHost,
  SlotConfigError,
  type BusyTime,
  type Schedule,
  type SlotEventType,
  type SlotHost,
  type SlotInput,
} from "./slots";

// A frozen clock: every test passes `now`; nothing reads the real one.
const NOW = new Date("2026-01-05T00:00:00Z");

const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));
const at = (iso: string) => new Date(iso);

function host(id: string, schedule: Schedule, busy: BusyTime[] = []): SlotHost {
  return { id, schedule, busy };
}

type InputOverrides = Partial<Omit<SlotInput, "eventType">> & { eventType?: Partial<SlotEventType> };

function input(over: InputOverrides): SlotInput {
  return {
    hosts: over.hosts ?? [host("h1", { timeZone: "UTC", weekly: everyDay("09:00", "11:00") })],
    now: over.now ?? NOW,
    range: over.range ?? { start: "2026-12-07", end: "2026-12-07" },
    timeZone: over.timeZone ?? "UTC",
    eventType: { kind: "one-to-one", duration: 30, ...over.eventType },
  };
}

/** The slot list of one date. */
function day(over: Parameters<typeof input>[0], date?: string): string[] {
  const result = computeSlots(input(over));
  return result.slots[date ?? over.range?.start ?? "2026-12-07"];
}

describe("the slot grid", () => {
  it("starts at the interval's start, steps by the duration, keeps only slots that end inside", () => {
    expect(day({})).toEqual([
      "2026-12-07T09:00:00+00:00",
      "2026-12-07T09:30:00+00:00",
      "2026-12-07T10:00:00+00:00",
      "2026-12-07T10:30:00+00:00",
    ]);
  });

  it("steps by slotInterval when given, anchored at an interval start that is not on the hour", () => {
    const hosts = [host("h1", { timeZone: "UTC", weekly: everyDay("09:10", "10:30") })];
    expect(day({ hosts, eventType: { duration: 30, slotInterval: 20 } })).toEqual([
      "2026-12-07T09:10:00+00:00",
      "2026-12-07T09:30:00+00:00",
      "2026-12-07T09:50:00+00:00",
    ]);
  });

  it("lists every date of the range, in the requested zone, empty when nothing is free", () => {
    const hosts = [host("h1", { timeZone: "UTC", weekly: [{ day: 1, start: "09:00", end: "10:00" }] })];
    const result = computeSlots(
      input({ hosts, range: { start: "2026-12-06", end: "2026-12-08" }, eventType: { duration: 60 } }),
    );
    expect(result).toEqual({
      timeZone: "UTC",
      slots: { "2026-12-06": [], "2026-12-07": ["2026-12-07T09:00:00+00:00"], "2026-12-08": [] },
    });
  });

  it("cuts the range at the requested zone's midnights", () => {
    const hosts = [host("h1", { timeZone: "UTC", weekly: everyDay("00:00", "24:00") })];
    // Tokyo is +09:00: its 2026-12-07 is 2026-12-06T15:00Z to 2026-12-07T15:00Z.
    const slots = computeSlots(input({ hosts, timeZone: "Asia/Tokyo", eventType: { duration: 60 } })).slots[
      "2026-12-07"
    ];
    expect(slots).toHaveLength(24);
    expect(slots[0]).toBe("2026-12-07T00:00:00+09:00");
    expect(slots[23]).toBe("2026-12-07T23:00:00+09:00");
  });
});

describe("busy times and buffers", () => {
  const busyHost = (busy: BusyTime[]) => [host("h1", { timeZone: "UTC", weekly: everyDay("09:00", "12:00") }, busy)];

  it("a booking removes the slots it overlaps and no others", () => {
    const hosts = busyHost([{ start: at("2026-12-07T09:30:00Z"), end: at("2026-12-07T10:00:00Z") }]);
    expect(day({ hosts, eventType: { duration: 30 } })).toEqual([
      "2026-12-07T09:00:00+00:00",
      "2026-12-07T10:00:00+00:00",
      "2026-12-07T10:30:00+00:00",
      "2026-12-07T11:00:00+00:00",
      "2026-12-07T11:30:00+00:00",
    ]);
  });

  it("the event type's buffers widen each candidate", () => {
    const hosts = busyHost([{ start: at("2026-12-07T10:00:00Z"), end: at("2026-12-07T10:30:00Z") }]);
    // 09:30 ends at 10:00 but needs 10 minutes after; 10:30 needs 15 minutes before.
    expect(day({ hosts, eventType: { duration: 30, bufferBefore: 15, bufferAfter: 10 } })).toEqual([
      "2026-12-07T09:00:00+00:00",
      "2026-12-07T11:00:00+00:00",
      "2026-12-07T11:30:00+00:00",
    ]);
  });

  it("a booking brings its own event type's buffers", () => {
    const hosts = busyHost([
      { start: at("2026-12-07T10:00:00Z"), end: at("2026-12-07T10:30:00Z"), bufferBefore: 5, bufferAfter: 30 },
    ]);
    expect(day({ hosts, eventType: { duration: 30 } })).toEqual([
      "2026-12-07T09:00:00+00:00",
      "2026-12-07T11:00:00+00:00",
      "2026-12-07T11:30:00+00:00",
    ]);
  });

  it("buffers may reach outside the availability; only the meeting must end inside it", () => {
    expect(day({ eventType: { duration: 30, bufferBefore: 30, bufferAfter: 30 } })).toEqual([
      "2026-12-07T09:00:00+00:00",
      "2026-12-07T09:30:00+00:00",
      "2026-12-07T10:00:00+00:00",
      "2026-12-07T10:30:00+00:00",
    ]);
  });

  it("handles many unsorted, overlapping busy times", () => {
    const busy: BusyTime[] = [
      { start: at("2026-12-07T11:00:00Z"), end: at("2026-12-07T11:10:00Z") },
      { start: at("2026-12-07T09:00:00Z"), end: at("2026-12-07T09:20:00Z") },
      { start: at("2026-12-07T09:10:00Z"), end: at("2026-12-07T09:40:00Z") },
      { start: Date.parse("2026-12-01T00:00:00Z"), end: Date.parse("2026-12-01T01:00:00Z") },
    ];
    expect(day({ hosts: busyHost(busy) })).toEqual([
      "2026-12-07T10:00:00+00:00",
      "2026-12-07T10:30:00+00:00",
      "2026-12-07T11:30:00+00:00",
    ]);
  });
});

describe("minimum notice and booking window", () => {
  it("offers nothing before now + notice; a slot exactly then is offered", () => {
    const now = at("2026-12-07T08:30:00Z");
    expect(day({ now, eventType: { minimumNotice: 90 } })).toEqual([
      "2026-12-07T10:00:00+00:00",
      "2026-12-07T10:30:00+00:00",
    ]);
    expect(day({ now, eventType: { minimumNotice: 89 } })[0]).toBe("2026-12-07T10:00:00+00:00");
    expect(day({ now, eventType: { minimumNotice: 60 } })[0]).toBe("2026-12-07T09:30:00+00:00");
  });

  it("never offers the past, even without notice", () => {
    expect(day({ now: at("2026-12-07T10:15:00Z") })).toEqual(["2026-12-07T10:30:00+00:00"]);
    expect(day({ now: at("2026-12-08T00:00:00Z") })).toEqual([]);
  });

  it("offers nothing starting after now + the booking window (elapsed days)", () => {
    const now = at("2026-12-06T09:30:00Z");
    const result = computeSlots(
      input({ now, range: { start: "2026-12-07", end: "2026-12-08" }, eventType: { bookingWindowDays: 1 } }),
    );
    expect(result.slots["2026-12-07"]).toEqual(["2026-12-07T09:00:00+00:00", "2026-12-07T09:30:00+00:00"]);
    expect(result.slots["2026-12-08"]).toEqual([]);
  });
});

describe("daily limit", () => {
  const la = (busy: BusyTime[]) => [
    host("h1", { timeZone: "America/Los_Angeles", weekly: everyDay("09:00", "11:00") }, busy),
  ];
  const range = { start: "2026-12-07", end: "2026-12-08" };

  it("counts the event type's bookings per date of the host's zone", () => {
    // 2026-12-08T07:00Z is still Monday 2026-12-07, 23:00 in Los Angeles.
    const hosts = la([{ start: at("2026-12-08T07:00:00Z"), end: at("2026-12-08T07:30:00Z"), eventTypeId: "et" }]);
    const result = computeSlots(
      input({ hosts, range, timeZone: "America/Los_Angeles", eventType: { id: "et", duration: 60, dailyLimit: 1 } }),
    );
    expect(result.slots).toEqual({
      "2026-12-07": [],
      "2026-12-08": ["2026-12-08T09:00:00-08:00", "2026-12-08T10:00:00-08:00"],
    });
  });

  it("does not count other event types' bookings, and allows up to the limit", () => {
    const hosts = la([
      { start: at("2026-12-07T17:00:00Z"), end: at("2026-12-07T18:00:00Z"), eventTypeId: "other" },
      { start: at("2026-12-08T17:00:00Z"), end: at("2026-12-08T18:00:00Z"), eventTypeId: "et" },
    ]);
    const result = computeSlots(
      input({ hosts, range, timeZone: "America/Los_Angeles", eventType: { id: "et", duration: 60, dailyLimit: 2 } }),
    );
    expect(result.slots).toEqual({
      "2026-12-07": ["2026-12-07T10:00:00-08:00"],
      "2026-12-08": ["2026-12-08T10:00:00-08:00"],
    });
  });
});

describe("group events and seats", () => {
  const group = (busy: BusyTime[], extra: Partial<SlotEventType> = {}) =>
    findSlots(
      input({
        hosts: [host("h1", { timeZone: "UTC", weekly: everyDay("09:00", "11:00") }, busy)],
        eventType: { id: "yoga", kind: "group", seats: 3, duration: 60, slotInterval: 30, ...extra },
      }),
    ).map((s) => [new Date(s.start).toISOString().slice(11, 16), s.seatsRemaining]);

  it("keeps a started session offered while seats remain, and it blocks overlapping starts", () => {
    const seat = { start: at("2026-12-07T09:00:00Z"), end: at("2026-12-07T10:00:00Z"), eventTypeId: "yoga" };
    expect(group([])).toEqual([
      ["09:00", 3],
      ["09:30", 3],
      ["10:00", 3],
    ]);
    expect(group([seat, { ...seat, seats: 1 }])).toEqual([
      ["09:00", 1],
      ["10:00", 3],
    ]);
  });

  it("a full session blocks like any booking; another event type's booking is no seat", () => {
    const seat = { start: at("2026-12-07T09:00:00Z"), end: at("2026-12-07T10:00:00Z"), eventTypeId: "yoga" };
    expect(group([{ ...seat, seats: 3 }])).toEqual([["10:00", 3]]);
    expect(group([{ ...seat, eventTypeId: "other" }])).toEqual([["10:00", 3]]);
  });

  it("a session that reached the daily limit can still be joined", () => {
    const seat = { start: at("2026-12-07T09:00:00Z"), end: at("2026-12-07T10:00:00Z"), eventTypeId: "yoga" };
    expect(group([seat], { dailyLimit: 1 })).toEqual([["09:00", 2]]);
  });
});

describe("collective and round robin", () => {
  const newYork: Schedule = { timeZone: "America/New_York", weekly: everyDay("09:00", "17:00") };
  const berlin: Schedule = { timeZone: "Europe/Berlin", weekly: everyDay("09:00", "17:00") };

  it("collective: only times when every host is free", () => {
    // New York 09:00 EST is 14:00Z; Berlin 17:00 CET is 16:00Z.
    const hosts = [
      host("ny", newYork),
      host("de", berlin, [{ start: at("2026-12-07T15:00:00Z"), end: at("2026-12-07T15:30:00Z") }]),
    ];
    const slots = findSlots(input({ hosts, eventType: { kind: "collective", duration: 60 } }));
    expect(slots).toEqual([
      { start: Date.parse("2026-12-07T14:00:00Z"), end: Date.parse("2026-12-07T15:00:00Z"), hostIds: ["ny", "de"] },
    ]);
  });

  it("collective: the overlap of New York and London hours grows while only the US is on summer time", () => {
    const london: Schedule = { timeZone: "Europe/London", weekly: everyDay("09:00", "17:00") };
    const result = computeSlots(
      input({
        hosts: [host("ny", newYork), host("uk", london)],
        range: { start: "2026-03-02", end: "2026-03-30" },
        eventType: { kind: "collective", duration: 60 },
      }),
    );
    expect(result.slots["2026-03-02"]).toEqual([
      "2026-03-02T14:00:00+00:00",
      "2026-03-02T15:00:00+00:00",
      "2026-03-02T16:00:00+00:00",
    ]);
    expect(result.slots["2026-03-09"]).toEqual([
      "2026-03-09T13:00:00+00:00",
      "2026-03-09T14:00:00+00:00",
      "2026-03-09T15:00:00+00:00",
      "2026-03-09T16:00:00+00:00",
    ]);
    expect(result.slots["2026-03-30"]).toEqual([
      "2026-03-30T13:00:00+00:00",
      "2026-03-30T14:00:00+00:00",
      "2026-03-30T15:00:00+00:00",
    ]);
  });

  it("collective: a busy host blocks, even when the others are free", () => {
    const hosts = [
      host("a", berlin),
      host("b", berlin, [{ start: at("2026-12-07T08:00:00Z"), end: at("2026-12-07T16:00:00Z") }]),
    ];
    expect(day({ hosts, eventType: { kind: "collective", duration: 60 } })).toEqual([]);
  });

  it("round robin: the union of the hosts' free times, each slot to the fairest free host", () => {
    const utc = (start: string, end: string): Schedule => ({ timeZone: "UTC", weekly: everyDay(start, end) });
    const hosts: SlotHost[] = [
      { id: "ann", schedule: utc("09:00", "11:00"), roundRobin: { bookings: 2, lastBookedAt: 0 } },
      { id: "bob", schedule: utc("10:00", "12:00"), roundRobin: { bookings: 1, lastBookedAt: 5 } },
      {
        id: "cat",
        schedule: utc("09:00", "12:00"),
        roundRobin: { bookings: 1, lastBookedAt: 1 },
        busy: [{ start: at("2026-12-07T10:00:00Z"), end: at("2026-12-07T11:00:00Z") }],
      },
    ];
    const slots = findSlots(input({ hosts, eventType: { kind: "round-robin", duration: 60 } })).map((s) => [
      new Date(s.start).toISOString().slice(11, 16),
      s.hostIds,
      s.freeHostIds,
    ]);
    expect(slots).toEqual([
      ["09:00", ["cat"], ["ann", "cat"]],
      ["10:00", ["bob"], ["ann", "bob"]],
      ["11:00", ["cat"], ["bob", "cat"]],
    ]);
  });

  it("round robin: stats default to each host's bookings of this event type in the busy list", () => {
    const schedule: Schedule = { timeZone: "UTC", weekly: everyDay("09:00", "10:00") };
    const booking = (iso: string) => ({ start: at(iso), end: at(iso), eventTypeId: "rr" });
    const hosts = [
      host("a", schedule, [booking("2026-12-01T09:00:00Z")]),
      host("b", schedule, [booking("2026-12-02T09:00:00Z")]),
    ];
    // Equal counts: "a" was booked less recently.
    expect(findSlots(input({ hosts, eventType: { id: "rr", kind: "round-robin", duration: 60 } }))[0].hostIds).toEqual([
      "a",
    ]);
  });

  describe("round robin modes and moves (decision 060)", () => {
    const utc = (start: string, end: string): Schedule => ({ timeZone: "UTC", weekly: everyDay(start, end) });
    // ann is behind (her turn) but busy 10-11; bob is free all morning.
    const hosts: SlotHost[] = [
      {
        id: "ann",
        schedule: utc("09:00", "12:00"),
        roundRobin: { bookings: 0, lastBookedAt: null },
        busy: [{ start: at("2026-12-07T10:00:00Z"), end: at("2026-12-07T11:00:00Z") }],
      },
      { id: "bob", schedule: utc("09:00", "12:00"), roundRobin: { bookings: 4, lastBookedAt: 9 } },
    ];
    const times = (slots: ReturnType<typeof findSlots>) =>
      slots.map((s) => [new Date(s.start).toISOString().slice(11, 16), s.hostIds[0]]);

    it("availability offers every host's free slots, each to the best ranked free host", () => {
      const slots = findSlots(
        input({ hosts, eventType: { kind: "round-robin", duration: 60, roundRobinMode: "availability" } }),
      );
      expect(times(slots)).toEqual([
        ["09:00", "ann"],
        ["10:00", "bob"],
        ["11:00", "ann"],
      ]);
      expect(slots[1].freeHostIds).toEqual(["bob"]);
    });

    it("fairness offers only the slots of the host whose turn it is", () => {
      const slots = findSlots(
        input({ hosts, eventType: { kind: "round-robin", duration: 60, roundRobinMode: "fairness" } }),
      );
      expect(times(slots)).toEqual([
        ["09:00", "ann"],
        ["11:00", "ann"],
      ]);
      expect(slots[0].freeHostIds).toEqual(["ann", "bob"]);
    });

    it("fairness: a host without any free slot in the range has no turn; weights and priorities decide the turn", () => {
      const away: SlotHost[] = [{ ...hosts[0], schedule: { timeZone: "UTC", weekly: [] } }, hosts[1]];
      expect(
        times(
          findSlots(
            input({ hosts: away, eventType: { kind: "round-robin", duration: 60, roundRobinMode: "fairness" } }),
          ),
        ),
      ).toEqual([
        ["09:00", "bob"],
        ["10:00", "bob"],
        ["11:00", "bob"],
      ]);
      const preferred: SlotHost[] = [
        hosts[0],
        { ...hosts[1], roundRobin: { bookings: 4, lastBookedAt: 9, priority: "high" } },
      ];
      expect(
        times(
          findSlots(
            input({ hosts: preferred, eventType: { kind: "round-robin", duration: 60, roundRobinMode: "fairness" } }),
          ),
        ),
      ).toEqual([
        ["09:00", "bob"],
        ["10:00", "bob"],
        ["11:00", "bob"],
      ]);
    });

    it("freeHostsAt: inside the hours, not busy with buffers, under the day's limit; off the grid and past the notice too", () => {
      const base = input({
        hosts,
        now: at("2026-12-07T10:00:00Z"),
        eventType: { id: "rr", kind: "round-robin", duration: 60, minimumNotice: 600, bufferAfter: 15 },
      });
      // Before the hours; ann's 10:00 meeting is inside the 15 minutes after the 09:00 one.
      expect(freeHostsAt(base, at("2026-12-07T08:30:00Z"))).toEqual([]);
      expect(freeHostsAt(base, at("2026-12-07T09:00:00Z"))).toEqual(["bob"]);
      expect(
        freeHostsAt({ ...base, eventType: { ...base.eventType, bufferAfter: 0 } }, at("2026-12-07T09:00:00Z")),
      ).toEqual(["ann", "bob"]);
      expect(freeHostsAt(base, at("2026-12-07T09:15:00Z"))).toEqual(["bob"]);
      expect(freeHostsAt(base, at("2026-12-07T11:00:00Z"))).toEqual(["ann", "bob"]);
      // Ends outside the hours.
      expect(freeHostsAt(base, at("2026-12-07T11:30:00Z"))).toEqual([]);
      const limited: SlotInput = {
        ...base,
        eventType: { ...base.eventType, dailyLimit: 1 },
        hosts: [
          hosts[0],
          {
            ...hosts[1],
            busy: [{ start: at("2026-12-07T06:00:00Z"), end: at("2026-12-07T06:30:00Z"), eventTypeId: "rr" }],
          },
        ],
      };
      expect(freeHostsAt(limited, at("2026-12-07T11:00:00Z"))).toEqual(["ann"]);
    });

    it("a move keeps its host where they are free, offers every host's slots in either mode, and hands over where they are busy", () => {
      for (const roundRobinMode of ["fairness", "availability"] as const) {
        const slots = findSlots({
          ...input({ hosts, eventType: { kind: "round-robin", duration: 60, roundRobinMode } }),
          keepHostId: "bob",
        });
        expect(times(slots)).toEqual([
          ["09:00", "bob"],
          ["10:00", "bob"],
          ["11:00", "bob"],
        ]);
        const annMoves = findSlots({
          ...input({ hosts, eventType: { kind: "round-robin", duration: 60, roundRobinMode } }),
          keepHostId: "ann",
        });
        expect(times(annMoves)).toEqual([
          ["09:00", "ann"],
          ["10:00", "bob"],
          ["11:00", "ann"],
        ]);
      }
    });
  });
});

describe("pickRoundRobinHost", () => {
  it("picks the fewest bookings, then the least recently booked (never first), then the smallest id", () => {
    const stats = {
      a: { bookings: 3, lastBookedAt: 1 },
      b: { bookings: 1, lastBookedAt: 500 },
      c: { bookings: 1, lastBookedAt: 100 },
      d: { bookings: 1, lastBookedAt: null },
      e: { bookings: 1, lastBookedAt: null },
    };
    expect(pickRoundRobinHost(["a", "b", "c", "d", "e"], stats)).toBe("d");
    expect(pickRoundRobinHost(["e", "d"], stats)).toBe("d");
    expect(pickRoundRobinHost(["a", "b", "c"], stats)).toBe("c");
    expect(pickRoundRobinHost(["a", "b"], stats)).toBe("b");
    expect(pickRoundRobinHost(["a"], stats)).toBe("a");
  });

  it("treats a host without stats as never booked, and answers null without candidates", () => {
    expect(pickRoundRobinHost(["a", "z"], { a: { bookings: 1, lastBookedAt: 1 } })).toBe("z");
    expect(pickRoundRobinHost([], {})).toBeNull();
  });
});

describe("DST transition days (frozen clock)", () => {
  const onSunday = (timeZone: string, start: string, end: string): Schedule => ({
    timeZone,
    weekly: [{ day: 7, start, end }],
  });

  it("America/New_York spring forward 2026-03-08: no slot in the skipped hour", () => {
    const hosts = [host("h1", onSunday("America/New_York", "01:00", "04:00"))];
    expect(day({ hosts, timeZone: "America/New_York", range: { start: "2026-03-08", end: "2026-03-08" } })).toEqual([
      "2026-03-08T01:00:00-05:00",
      "2026-03-08T01:30:00-05:00",
      "2026-03-08T03:00:00-04:00",
      "2026-03-08T03:30:00-04:00",
    ]);
  });

  it("America/New_York fall back 2026-11-01: the repeated hour yields each real instant once", () => {
    const hosts = [host("h1", onSunday("America/New_York", "00:00", "03:00"))];
    expect(
      day({
        hosts,
        timeZone: "America/New_York",
        range: { start: "2026-11-01", end: "2026-11-01" },
        eventType: { duration: 60, slotInterval: 30 },
      }),
    ).toEqual([
      "2026-11-01T00:00:00-04:00",
      "2026-11-01T00:30:00-04:00",
      "2026-11-01T01:00:00-04:00",
      "2026-11-01T01:30:00-04:00",
      "2026-11-01T01:00:00-05:00",
      "2026-11-01T01:30:00-05:00",
      "2026-11-01T02:00:00-05:00",
    ]);
  });

  it("America/New_York: 09:00 stays 09:00 on both sides of the transition, seen from UTC", () => {
    const hosts = [host("h1", { timeZone: "America/New_York", weekly: everyDay("09:00", "10:00") })];
    const result = computeSlots(
      input({ hosts, range: { start: "2026-03-07", end: "2026-03-09" }, eventType: { duration: 60 } }),
    );
    expect(Object.values(result.slots).flat()).toEqual([
      "2026-03-07T14:00:00+00:00",
      "2026-03-08T13:00:00+00:00",
      "2026-03-09T13:00:00+00:00",
    ]);
  });

  it("Europe/Berlin spring forward 2026-03-29 and fall back 2026-10-25", () => {
    const hosts = [host("h1", onSunday("Europe/Berlin", "01:00", "04:00"))];
    const berlinDay = (date: string) =>
      day({ hosts, timeZone: "Europe/Berlin", range: { start: date, end: date }, eventType: { duration: 60 } });
    expect(berlinDay("2026-03-29")).toEqual(["2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00"]);
    expect(berlinDay("2026-10-25")).toEqual([
      "2026-10-25T01:00:00+02:00",
      "2026-10-25T02:00:00+02:00",
      "2026-10-25T02:00:00+01:00",
      "2026-10-25T03:00:00+01:00",
    ]);
  });

  it("Australia/Sydney (southern hemisphere): fall back 2026-04-05, spring forward 2026-10-04", () => {
    const hosts = [host("h1", onSunday("Australia/Sydney", "01:00", "04:00"))];
    const sydneyDay = (date: string) =>
      day({ hosts, timeZone: "Australia/Sydney", range: { start: date, end: date }, eventType: { duration: 60 } });
    expect(sydneyDay("2026-04-05")).toEqual([
      "2026-04-05T01:00:00+11:00",
      "2026-04-05T02:00:00+11:00",
      "2026-04-05T02:00:00+10:00",
      "2026-04-05T03:00:00+10:00",
    ]);
    expect(sydneyDay("2026-10-04")).toEqual(["2026-10-04T01:00:00+10:00", "2026-10-04T03:00:00+11:00"]);
  });

  it("Europe/London spring forward 2026-03-29: +00:00 before the gap, +01:00 after", () => {
    const hosts = [host("h1", onSunday("Europe/London", "00:30", "02:30"))];
    expect(day({ hosts, timeZone: "Europe/London", range: { start: "2026-03-29", end: "2026-03-29" } })).toEqual([
      "2026-03-29T00:30:00+00:00",
      "2026-03-29T02:00:00+01:00",
    ]);
  });

  it("a transition in the viewer's zone only: a Berlin host seen from New York on 2026-03-08", () => {
    const hosts = [host("h1", { timeZone: "Europe/Berlin", weekly: everyDay("08:00", "10:00") })];
    const result = computeSlots(
      input({
        hosts,
        timeZone: "America/New_York",
        range: { start: "2026-03-07", end: "2026-03-09" },
        eventType: { duration: 60 },
      }),
    );
    expect(result.slots).toEqual({
      "2026-03-07": ["2026-03-07T02:00:00-05:00", "2026-03-07T03:00:00-05:00"],
      // Berlin 08:00 CET is 07:00Z, the very instant New York jumps to 03:00 EDT.
      "2026-03-08": ["2026-03-08T03:00:00-04:00", "2026-03-08T04:00:00-04:00"],
      "2026-03-09": ["2026-03-09T03:00:00-04:00", "2026-03-09T04:00:00-04:00"],
    });
  });
});

describe("zones with 30/45-minute offsets and across the date line", () => {
  it("Asia/Kathmandu (+05:45) hours seen from UTC and from Kathmandu", () => {
    const hosts = [host("h1", { timeZone: "Asia/Kathmandu", weekly: everyDay("09:00", "10:00") })];
    expect(day({ hosts })).toEqual(["2026-12-07T03:15:00+00:00", "2026-12-07T03:45:00+00:00"]);
    expect(day({ hosts, timeZone: "Asia/Kathmandu" })).toEqual([
      "2026-12-07T09:00:00+05:45",
      "2026-12-07T09:30:00+05:45",
    ]);
  });

  it("a New York host seen from Asia/Kolkata (+05:30) and Australia/Adelaide (+10:30 in summer)", () => {
    const hosts = [host("h1", { timeZone: "America/New_York", weekly: everyDay("09:00", "10:00") })];
    expect(day({ hosts, timeZone: "Asia/Kolkata", eventType: { duration: 60 } })).toEqual([
      "2026-12-07T19:30:00+05:30",
    ]);
    expect(day({ hosts, timeZone: "Australia/Adelaide", eventType: { duration: 60 } })).toEqual([
      "2026-12-07T00:30:00+10:30",
    ]);
  });

  it("a Pacific/Kiritimati (+14:00) host's Monday is Sunday in Honolulu and Pago Pago", () => {
    const hosts = [host("h1", { timeZone: "Pacific/Kiritimati", weekly: [{ day: 1, start: "09:00", end: "10:00" }] })];
    const seen = (timeZone: string) =>
      computeSlots(
        input({ hosts, timeZone, range: { start: "2026-12-06", end: "2026-12-07" }, eventType: { duration: 60 } }),
      ).slots;
    expect(seen("Pacific/Honolulu")).toEqual({ "2026-12-06": ["2026-12-06T09:00:00-10:00"], "2026-12-07": [] });
    expect(seen("Pacific/Pago_Pago")).toEqual({ "2026-12-06": ["2026-12-06T08:00:00-11:00"], "2026-12-07": [] });
    expect(seen("Pacific/Apia")).toEqual({ "2026-12-06": [], "2026-12-07": ["2026-12-07T08:00:00+13:00"] });
    expect(seen("Pacific/Kiritimati")).toEqual({ "2026-12-06": [], "2026-12-07": ["2026-12-07T09:00:00+14:00"] });
  });

  it("a Berlin evening is the next morning in Tokyo", () => {
    const hosts = [host("h1", { timeZone: "Europe/Berlin", weekly: [{ day: 1, start: "17:00", end: "18:00" }] })];
    const result = computeSlots(
      input({
        hosts,
        timeZone: "Asia/Tokyo",
        range: { start: "2026-12-07", end: "2026-12-08" },
        eventType: { duration: 60 },
      }),
    );
    expect(result.slots).toEqual({ "2026-12-07": [], "2026-12-08": ["2026-12-08T01:00:00+09:00"] });
  });
});

describe("bad configuration throws SlotConfigError", () => {
  const bad = (over: Parameters<typeof input>[0]) => () => computeSlots(input(over));

  it("for zones, ranges and the 62-day limit", () => {
    expect(bad({ timeZone: "Mars/Olympus" })).toThrow(SlotConfigError);
    expect(bad({ hosts: [host("h1", { timeZone: "Nowhere/Town", weekly: [] })] })).toThrow(/unknown time zone/);
    expect(bad({ range: { start: "2026-12-08", end: "2026-12-07" } })).toThrow(/before range.start/);
    expect(bad({ range: { start: "2026-12-07", end: "2026-13-01" } })).toThrow(/not a date/);
    expect(bad({ range: { start: "2026-12-01", end: "2027-02-01" } })).toThrow(/covers 63 days; at most 62/);
    // 62 days, both ends included, is allowed.
    const result = computeSlots(input({ range: { start: "2026-12-01", end: "2027-01-31" } }));
    expect(Object.keys(result.slots)).toHaveLength(62);
    expect(result.slots["2027-01-31"]).toHaveLength(4);
  });

  it("for event type settings", () => {
    expect(bad({ eventType: { duration: 0 } })).toThrow(/duration/);
    expect(bad({ eventType: { duration: -30 } })).toThrow(/duration/);
    expect(bad({ eventType: { duration: 7.5 } })).toThrow(/duration/);
    expect(bad({ eventType: { slotInterval: 0 } })).toThrow(/slotInterval/);
    expect(bad({ eventType: { bufferBefore: -1 } })).toThrow(/bufferBefore/);
    expect(bad({ eventType: { minimumNotice: -5 } })).toThrow(/minimumNotice/);
    expect(bad({ eventType: { bookingWindowDays: 731 } })).toThrow(/bookingWindowDays/);
    expect(bad({ eventType: { dailyLimit: 0 } })).toThrow(/dailyLimit/);
    expect(bad({ eventType: { kind: "group", seats: 0 } })).toThrow(/seats/);
    expect(bad({ eventType: { kind: "webinar" as never } })).toThrow(/kind/);
  });

  it("for hosts, busy times and now", () => {
    const schedule: Schedule = { timeZone: "UTC", weekly: [] };
    expect(bad({ hosts: [] })).toThrow(/at least one host/);
    expect(bad({ hosts: [host("a", schedule), host("b", schedule)] })).toThrow(/exactly one host/);
    expect(bad({ hosts: [host("a", schedule), host("a", schedule)], eventType: { kind: "collective" } })).toThrow(
      /twice/,
    );
    expect(
      bad({ hosts: [host("a", schedule, [{ start: at("2026-12-07T10:00:00Z"), end: at("2026-12-07T09:00:00Z") }])] }),
    ).toThrow(/ends before/);
    expect(bad({ hosts: [host("a", schedule, [{ start: at("2026-12-07T09:00:00Z"), end: Infinity }])] })).toThrow(
      /busy\[0\]\.end is not a valid instant/,
    );
    expect(
      bad({
        hosts: [
          host("a", schedule, [
            { start: 0, end: 1 },
            { start: 0, end: 1, bufferAfter: -5 },
          ]),
        ],
      }),
    ).toThrow(/busy\[1\]\.bufferAfter/);
    expect(bad({ hosts: [host("a", schedule, [{ start: 0, end: 1, seats: 0 }])] })).toThrow(/busy\[0\]\.seats/);
    expect(bad({ now: new Date("not a date") })).toThrow(/now/);
  });
});
