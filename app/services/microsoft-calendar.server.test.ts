import { describe, expect, it } from "vitest";
import { bookingEventRetryAfterError } from "~/models/booking-events.server";
import { MAX_RETRY_AFTER_MS, retryAfterMs, TeamsMeetingError } from "./microsoft-calendar.server";

const now = new Date("2026-11-29T08:00:00Z");

describe("retryAfterMs (Graph's Retry-After)", () => {
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("30", now)).toBe(30_000);
    expect(retryAfterMs(" 0 ", now)).toBe(0);
    expect(retryAfterMs("Sun, 29 Nov 2026 08:02:00 GMT", now)).toBe(120_000);
  });
  it("bounds what it honours: a date past is now, a long wait is five minutes", () => {
    expect(retryAfterMs("Sun, 29 Nov 2026 07:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("86400", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(300_000);
  });
  it("ignores what is absent or unreadable", () => {
    for (const header of [null, "", "soon", "-5", "1.5"]) expect(retryAfterMs(header, now), String(header)).toBeNull();
  });
});

describe("bookingEventRetryAfterError (the outbox's pause)", () => {
  it("waits the backoff, or longer when the error asks for longer", () => {
    expect(bookingEventRetryAfterError(1, new Error("plain"))).toBe(10_000);
    expect(bookingEventRetryAfterError(1, new TeamsMeetingError("busy", true, 120_000))).toBe(120_000);
    expect(bookingEventRetryAfterError(3, new TeamsMeetingError("busy", true, 5_000))).toBe(40_000);
    expect(bookingEventRetryAfterError(1, null)).toBe(10_000);
  });
});
