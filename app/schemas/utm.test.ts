import { describe, expect, it } from "vitest";
import { bookingBody } from "./booking-api";
import { utmLabel, utmOf, utmToStore } from "./utm";

const base = {
  eventTypeId: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f",
  start: new Date(Date.now() + 86_400_000).toISOString(),
  name: "Ada",
  email: "ada@example.com",
  timeZone: "Europe/Berlin",
};

describe("utmOf", () => {
  it("keeps the known source parameters of a link, first value, and leaves out the rest", () => {
    const q = new URLSearchParams(
      "utm_source=news&utm_source=other&utm_medium=email&ref=partner&utm_foo=x&name=Ada&utm_term=",
    );
    expect(utmOf(q)).toEqual({ utm_source: "news", utm_medium: "email", ref: "partner" });
  });

  it("leaves out a value that is too long or has control characters", () => {
    const q = new URLSearchParams();
    q.set("utm_source", "x".repeat(201));
    q.set("utm_medium", "a\u0000b");
    q.set("utm_campaign", "y".repeat(200));
    expect(utmOf(q)).toEqual({ utm_campaign: "y".repeat(200) });
  });
});

describe("utmToStore and utmLabel", () => {
  it("stores null for nothing and drops empty values", () => {
    expect(utmToStore(undefined)).toBeNull();
    expect(utmToStore({ utm_source: "" })).toBeNull();
    expect(utmToStore({ utm_source: "a", ref: "" })).toEqual({ utm_source: "a" });
    expect(utmLabel({ ref: "p", utm_source: "a" })).toBe("utm_source=a · ref=p");
  });
});

describe("POST /api/bookings' utm", () => {
  it("takes the known keys", () => {
    const r = bookingBody.safeParse({ ...base, utm: { utm_source: "news", ref: "partner" } });
    expect(r.success && r.data.utm).toEqual({ utm_source: "news", ref: "partner" });
  });

  it("refuses an unknown key, a long value, a control character and a non-object", () => {
    for (const utm of [{ utm_foo: "x" }, { utm_source: "x".repeat(201) }, { utm_source: "a\nb" }, "news", { ref: 5 }]) {
      const r = bookingBody.safeParse({ ...base, utm });
      expect(r.success, JSON.stringify(utm)).toBe(false);
      expect(r.error?.issues[0].path[0]).toBe("utm");
    }
  });
});
