import { describe, expect, it } from "vitest";
import { bookingRedirectUrl } from "./booking-redirect";
import { durationsOf, eventTypeBody, redirectUrlProblem, withDurations } from "./scheduling-api";

// Decision 087: durations, hidden event types and the redirect after booking, the pure parts.

describe("durations", () => {
  it("the default comes first whatever is stored, and a body gets both fields", () => {
    expect(durationsOf({ duration: 30, durations: [] })).toEqual([30]);
    expect(durationsOf({ duration: 30, durations: [15, 30, 60] })).toEqual([30, 15, 60]);
    expect(withDurations({ duration: 30 })).toEqual({ duration: 30, durations: [30] });
    expect(withDurations({ durations: [45, 15] })).toEqual({ duration: 45, durations: [45, 15] });
  });

  it("the body refuses a list that does not start with the duration, repeats a length or is too long", () => {
    const base = { title: "T", slug: "t" };
    expect(eventTypeBody.safeParse({ ...base, duration: 30, durations: [30, 60] }).success).toBe(true);
    for (const durations of [
      [60, 30],
      [30, 30],
      [30, 15, 45, 60, 90, 120, 150],
      [30, 1000],
    ])
      expect(eventTypeBody.safeParse({ ...base, duration: 30, durations }).success, String(durations)).toBe(false);
  });
});

describe("redirect after booking", () => {
  it("takes https, and http only for a loopback host", () => {
    expect(redirectUrlProblem("https://example.com/thanks")).toBeNull();
    expect(redirectUrlProblem("http://localhost:3000/t")).toBeNull();
    expect(redirectUrlProblem("http://127.0.0.1/t")).toBeNull();
    expect(redirectUrlProblem("http://example.com/t")).toBe("redirectUrl: use an https:// URL.");
    expect(redirectUrlProblem("https://a:b@example.com/")).toMatch(/user names and passwords/);
    expect(redirectUrlProblem("javascript:alert(1)")).toMatch(/https:\/\//);
  });

  it("passes the booking's details when asked, keeping the URL's own query", () => {
    const type = { id: "et1", slug: "intro", title: "Intro", redirectUrl: "https://x.test/t?src=ad&start=old" };
    const booking = {
      id: "b1",
      startsAt: new Date("2026-12-07T09:00:00Z"),
      endsAt: new Date("2026-12-07T10:00:00Z"),
      status: "confirmed" as const,
      guestName: "Ana Ñ",
      guestEmail: "ana@example.test",
      guestTimeZone: "Europe/Madrid",
    };
    expect(bookingRedirectUrl({ ...type, redirectPassDetails: false }, booking)).toBe(type.redirectUrl);
    expect(bookingRedirectUrl({ ...type, redirectUrl: null, redirectPassDetails: true }, booking)).toBeNull();
    const url = new URL(bookingRedirectUrl({ ...type, redirectPassDetails: true }, booking) ?? "");
    expect(url.searchParams.get("src")).toBe("ad");
    expect(url.searchParams.getAll("start")).toEqual(["2026-12-07T09:00:00.000Z"]);
    expect(url.searchParams.get("duration")).toBe("60");
    expect(url.searchParams.get("guestName")).toBe("Ana Ñ");
    expect(url.searchParams.get("bookingId")).toBe("b1");
  });
});
