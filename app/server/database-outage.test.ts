import { describe, expect, it } from "vitest";
import { createDatabaseOutage } from "./database-outage";

const coded = (code: string) => Object.assign(new Error(code), { code });

/** An outage on a hand-driven clock and timer queue, with a database that answers or not. */
function harness() {
  let t = 0;
  let answers = false;
  const timers: Array<{ at: number; run: () => void }> = [];
  const logs: string[] = [];
  const outage = createDatabaseOutage({
    ping: () => (answers ? Promise.resolve() : Promise.reject(coded("ECONNREFUSED"))),
    closed: () => false,
    probeEveryMs: 1_000,
    staleMs: 3_000,
    log: (m) => logs.push(m),
    now: () => t,
    later: (run, ms) => timers.push({ at: t + ms, run }),
  });
  const flush = () => new Promise((r) => setImmediate(r));
  return {
    outage,
    logs,
    setAnswers: (v: boolean) => (answers = v),
    /** Moves the clock, running the probes that fall due. */
    async advance(ms: number) {
      const until = t + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        t = next.at;
        next.run();
        await flush();
      }
      t = until;
    },
    flush,
  };
}

describe("the database outage", () => {
  it("is marked by a refused connect, and ends when a probe is answered", async () => {
    const h = harness();
    expect(h.outage.note(coded("ECONNREFUSED"))).toBe(true);
    expect(h.outage.downSince()).toBe(0);
    await h.flush();
    await h.advance(5_000);
    expect(h.outage.downSince()).toBe(0);
    h.setAnswers(true);
    await h.advance(1_000);
    expect(h.outage.downSince()).toBeNull();
    expect(h.logs).toEqual([
      "Database unreachable (ECONNREFUSED): answering 503 until it answers again",
      "Database answering again after 6 s",
    ]);
  });

  it("is marked at once by an unreachable error long after the last return", async () => {
    const h = harness();
    h.outage.note(coded("ECONNREFUSED"));
    await h.flush();
    h.setAnswers(true);
    await h.advance(1_000);
    await h.advance(3_000);
    h.setAnswers(false);
    h.outage.note(coded("CONNECT_TIMEOUT"));
    expect(h.outage.downSince()).toBe(4_000);
  });

  it("is not marked again by a connect timeout just after its return (a connect begun while it was down)", async () => {
    const h = harness();
    h.outage.note(coded("ECONNREFUSED"));
    await h.flush();
    h.setAnswers(true);
    await h.advance(1_000);
    expect(h.outage.downSince()).toBeNull();
    // The late end of a connect begun during the outage: a probe, answered, and still up.
    await h.advance(2_000);
    expect(h.outage.note(coded("CONNECT_TIMEOUT"))).toBe(true);
    expect(h.outage.downSince()).toBeNull();
    await h.flush();
    expect(h.outage.downSince()).toBeNull();
    // Had the database gone again, the probe's own failure marks it.
    h.setAnswers(false);
    h.outage.note(coded("CONNECT_TIMEOUT"));
    await h.flush();
    expect(h.outage.downSince()).toBe(3_000);
    expect(h.logs).toEqual([
      "Database unreachable (ECONNREFUSED): answering 503 until it answers again",
      "Database answering again after 1 s",
      "Database unreachable (ECONNREFUSED): answering 503 until it answers again",
    ]);
  });

  it("is not marked by a connection lost under a query, nor by other errors", async () => {
    const h = harness();
    h.setAnswers(true);
    expect(h.outage.note(coded("CONNECTION_CLOSED"))).toBe(true);
    expect(h.outage.note(coded("57P01"))).toBe(true);
    expect(h.outage.note(coded("23505"))).toBe(false);
    expect(h.outage.note(new Error("boom"))).toBe(false);
    await h.flush();
    expect(h.outage.downSince()).toBeNull();
  });
});
