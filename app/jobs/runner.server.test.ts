import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffMs, startJobRunner, type JobRunner } from "./runner.server";

// The runner's timers run on fake time (vi.useFakeTimers below), so what these tests count
// depends on the runner's own clock, not on how busy the machine is.
/** A pause inside a job: a timer of the (fake) clock. */
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Lets `ms` of fake time pass, running every timer due and the work it starts. */
const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms);
let runner: JobRunner | undefined;
afterEach(async () => {
  if (runner) {
    const stopping = runner.stop(100);
    if (vi.isFakeTimers()) await elapse(100);
    await stopping;
  }
  runner = undefined;
  vi.useRealTimers();
});

describe("backoffMs", () => {
  it("doubles the poll interval per failure in a row, up to the cap", () => {
    expect(backoffMs(0, 15_000, 600_000)).toBe(15_000);
    expect(backoffMs(1, 15_000, 600_000)).toBe(30_000);
    expect(backoffMs(3, 15_000, 600_000)).toBe(120_000);
    expect(backoffMs(10, 15_000, 600_000)).toBe(600_000);
    expect(backoffMs(1000, 15_000, 600_000)).toBe(600_000);
  });
});

describe("startJobRunner", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("runs every job on each poll; a failing job is logged and retried later without stopping the others", async () => {
    const runs = { good: 0, bad: 0 };
    const logged: string[] = [];
    runner = startJobRunner({
      pollMs: 10,
      maxBackoffMs: 80,
      log: (message) => logged.push(message),
      jobs: [
        {
          name: "bad",
          run: async () => {
            runs.bad += 1;
            throw new Error("database down");
          },
        },
        { name: "good", run: async () => void (runs.good += 1) },
      ],
    });
    await elapse(300);
    expect(runs.good).toBeGreaterThan(10);
    // Backed off: 20, 40, 80, 80 ms ... far fewer tries than polls.
    expect(runs.bad).toBeGreaterThanOrEqual(2);
    expect(runs.bad).toBeLessThan(runs.good / 2);
    expect(logged[0]).toMatch(/^jobs: bad failed \(1 in a row; next try in/);
  });

  it("through a database outage: logs once, pauses every job (short cap), resumes and says so when it is back", async () => {
    let databaseUp = false;
    const runs = { a: 0, b: 0 };
    const logged: string[] = [];
    const outage = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const job = (name: "a" | "b") => ({
      name,
      run: async () => {
        runs[name] += 1;
        if (!databaseUp) throw outage;
      },
    });
    runner = startJobRunner({
      pollMs: 10,
      maxBackoffMs: 600_000,
      maxOutageBackoffMs: 40,
      isOutage: (error) => error === outage,
      log: (message) => logged.push(message),
      jobs: [job("a"), job("b")],
    });
    await elapse(300);
    // One log line for the whole outage; the second job waits with the first instead of failing too.
    expect(logged).toEqual(["jobs: the database is unavailable; jobs paused until it is back:"]);
    expect(runs.b).toBe(0);
    // Retries keep coming (the cap is 40 ms, not the 10 minutes of a failing job).
    expect(runs.a).toBeGreaterThanOrEqual(5);
    databaseUp = true;
    await elapse(150);
    expect(logged[1]).toMatch(/^jobs: the database is back after \d+ s; jobs resumed$/);
    expect(logged).toHaveLength(2);
    expect(runs.b).toBeGreaterThan(2);
  });

  it("passes the clock's now to each job", async () => {
    const seen: Date[] = [];
    const fixed = new Date("2026-12-10T15:00:00Z");
    runner = startJobRunner({
      pollMs: 10,
      now: () => fixed,
      jobs: [{ name: "j", run: async (now) => void seen.push(now) }],
    });
    const idle = runner.idle();
    await elapse(0);
    await idle;
    expect(seen[0]).toEqual(fixed);
  });

  it("stop waits for the job in flight, then nothing runs any more", async () => {
    let started = 0;
    let finished = 0;
    runner = startJobRunner({
      pollMs: 5,
      jobs: [
        {
          name: "slow",
          run: async () => {
            started += 1;
            await wait(60);
            finished += 1;
          },
        },
      ],
    });
    await elapse(20);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => void (stopped = true));
    await elapse(39);
    // The job in flight has 1 ms to go: stop still waits for it.
    expect(stopped).toBe(false);
    await elapse(1);
    await stopping;
    expect(finished).toBe(1);
    await elapse(40);
    expect(started).toBe(1);
  });

  it("stop returns after its grace period even when a job hangs", async () => {
    let started = 0;
    runner = startJobRunner({
      pollMs: 5,
      jobs: [
        {
          name: "hang",
          run: () => {
            started += 1;
            return new Promise<void>(() => {});
          },
        },
      ],
    });
    await elapse(0);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = runner.stop(100).then(() => void (stopped = true));
    await elapse(99);
    expect(stopped).toBe(false);
    await elapse(1);
    expect(stopped).toBe(true);
    await stopping;
  });
});

describe("startJobRunner with a due check (docs/decisions/135)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  /** Jobs that count their runs; `then` runs inside a job (to make work for a later one). */
  function counting(names: string[], then: Record<string, () => void> = {}) {
    const runs: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
    const jobs = names.map((name) => ({
      name,
      run: async () => {
        runs[name] += 1;
        then[name]?.();
      },
    }));
    return { runs, jobs };
  }

  it("skips the jobs it answers false for, runs those it answers true for and those it does not name", async () => {
    const { runs, jobs } = counting(["idle", "busy", "unchecked"]);
    runner = startJobRunner({ pollMs: 10, jobs, due: async () => ({ idle: false, busy: true }) });
    await elapse(95);
    expect(runs.idle).toBe(0);
    expect(runs.busy).toBeGreaterThanOrEqual(5);
    expect(runs.unchecked).toBe(runs.busy);
  });

  it("asks once a poll when nothing is due, and passes the clock's now", async () => {
    const { runs, jobs } = counting(["a", "b"]);
    const fixed = new Date("2026-12-10T15:00:00Z");
    const seen: Date[] = [];
    runner = startJobRunner({
      pollMs: 10,
      now: () => fixed,
      jobs,
      due: async (now) => {
        seen.push(now);
        return { a: false, b: false };
      },
    });
    const idle = runner.idle();
    await elapse(0);
    await idle;
    expect(seen).toEqual([fixed]);
    expect(runs).toEqual({ a: 0, b: 0 });
  });

  it("asks again after a job ran, so work it made for a later job is done in the same poll", async () => {
    let queued = false;
    const { runs, jobs } = counting(["events", "outbox"], { events: () => void (queued = true) });
    let asked = 0;
    runner = startJobRunner({
      pollMs: 1_000,
      jobs,
      due: async () => {
        asked += 1;
        return { events: !queued, outbox: queued };
      },
    });
    const idle = runner.idle();
    await elapse(0);
    await idle;
    expect(runs).toEqual({ events: 1, outbox: 1 });
    expect(asked).toBe(2);
  });

  it("polls again at once after a job answers that more may be due, until none does; then waits the interval", async () => {
    // A backlog of five batches for "events"; "outbox" answers nothing (it never says more).
    let batches = 5;
    const runs = { events: 0, outbox: 0 };
    runner = startJobRunner({
      pollMs: 60_000,
      jobs: [
        {
          name: "events",
          run: async () => {
            runs.events += 1;
            if (batches === 0) return false;
            batches -= 1;
            return true;
          },
        },
        { name: "outbox", run: async () => void (runs.outbox += 1) },
      ],
    });
    // Far less than one interval: the five full batches and the poll that finds the rest empty.
    await elapse(10);
    expect(runs).toEqual({ events: 6, outbox: 6 });
    await elapse(30_000);
    expect(runs).toEqual({ events: 6, outbox: 6 });
    await elapse(40_000);
    expect(runs).toEqual({ events: 7, outbox: 7 });
  });

  it("a job that fails is not polled again at once, even when another said more earlier", async () => {
    let left = 1;
    const runs = { more: 0, bad: 0 };
    runner = startJobRunner({
      pollMs: 60_000,
      log: () => {},
      jobs: [
        { name: "more", run: async () => ((runs.more += 1), left-- > 0) },
        {
          name: "bad",
          run: async () => {
            runs.bad += 1;
            throw new Error("no");
          },
        },
      ],
    });
    await elapse(10);
    // Two polls (the second because "more" said so); "bad" failed in the first and waits its backoff.
    expect(runs).toEqual({ more: 2, bad: 1 });
  });

  it("runs every job when the check throws, and logs that once while it keeps failing", async () => {
    const { runs, jobs } = counting(["a", "b"]);
    const logged: string[] = [];
    runner = startJobRunner({
      pollMs: 10,
      jobs,
      log: (message) => logged.push(message),
      due: async () => {
        throw new Error("syntax error at or near");
      },
    });
    await elapse(95);
    expect(runs.a).toBeGreaterThanOrEqual(5);
    expect(runs.b).toBe(runs.a);
    expect(logged).toEqual(["jobs: the due check failed; every job runs:"]);
  });

  it("in an outage, the check's failure lets the jobs fail and pause as before; its answer after says the database is back", async () => {
    let databaseUp = false;
    const outage = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const runs = { a: 0 };
    const logged: string[] = [];
    runner = startJobRunner({
      pollMs: 10,
      maxOutageBackoffMs: 40,
      isOutage: (error) => error === outage,
      log: (message) => logged.push(message),
      jobs: [
        {
          name: "a",
          run: async () => {
            runs.a += 1;
            if (!databaseUp) throw outage;
          },
        },
      ],
      due: async () => {
        if (!databaseUp) throw outage;
        return { a: false };
      },
    });
    await elapse(300);
    expect(runs.a).toBeGreaterThanOrEqual(3);
    expect(logged).toEqual(["jobs: the database is unavailable; jobs paused until it is back:"]);
    databaseUp = true;
    const triedBefore = runs.a;
    await elapse(100);
    expect(runs.a).toBe(triedBefore);
    expect(logged[1]).toMatch(/^jobs: the database is back after \d+ s; jobs resumed$/);
  });

  it("keeps a failing job's backoff: skipped while paused, even when the check says it is due", async () => {
    let asked = 0;
    const runs = { bad: 0 };
    runner = startJobRunner({
      pollMs: 10,
      maxBackoffMs: 1_000,
      log: () => {},
      jobs: [
        {
          name: "bad",
          run: async () => {
            runs.bad += 1;
            throw new Error("boom");
          },
        },
      ],
      due: async () => {
        asked += 1;
        return { bad: true };
      },
    });
    await elapse(150);
    // Paused 20, 40, 80 ms after its failures: tries at about 0, 20, 60, 140 ms.
    expect(runs.bad).toBeLessThanOrEqual(4);
    // Not asked while every job waits.
    expect(asked).toBe(runs.bad);
  });
});
