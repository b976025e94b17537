import { describe, expect, it } from "vitest";
import { teamBookingJson, teamBookingsQuery, teamWebhookPage, teamWebhooksPage } from "./team-bookings";

const ID = "4F1C2D3E-5A6B-4C7D-8E9F-0A1B2C3D4E5F";

describe("GET /api/teams/{id}/bookings' query", () => {
  it("defaults to the upcoming tab, every member, the first 100", () => {
    expect(teamBookingsQuery.parse({})).toEqual({ status: "upcoming", limit: 100, offset: 0 });
  });

  it("takes a tab, a member's id (lower-cased) and paging", () => {
    expect(teamBookingsQuery.parse({ status: "past", member: ID, limit: "5", offset: "10" })).toEqual({
      status: "past",
      member: ID.toLowerCase(),
      limit: 5,
      offset: 10,
    });
  });

  it("refuses another status word, a member that is no id, and paging out of range, each under its name", () => {
    for (const [query, field] of [
      [{ status: "confirmed" }, "status"],
      [{ status: "" }, "status"],
      [{ member: "bob" }, "member"],
      [{ member: `${ID}x` }, "member"],
      [{ limit: "0" }, "limit"],
      [{ offset: "1e3" }, "offset"],
    ] as const) {
      const parsed = teamBookingsQuery.safeParse(query);
      expect(parsed.success, JSON.stringify(query)).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path[0])).toEqual([field]);
    }
  });
});

describe("a team's booking as JSON", () => {
  const booking = {
    id: "b1",
    startsAt: new Date("2026-12-01T10:00:00Z"),
    endsAt: new Date("2026-12-01T10:30:00Z"),
    status: "cancelled" as const,
    declinedAt: new Date("2026-11-30T10:00:00Z"),
    answers: { company: "Acme" },
    guestName: "Gail",
    guestEmail: "gail@example.test",
    guestTimeZone: "Europe/Paris",
    bookedThrough: { id: "t1", slug: "panel", title: "Panel" },
    host: { id: "u1", name: "Mia", email: "mia@example.test" },
  };

  it("is the booking's JSON with the event type, the guest and the host", () => {
    expect(teamBookingJson(booking)).toEqual({
      id: "b1",
      start: "2026-12-01T10:00:00.000Z",
      end: "2026-12-01T10:30:00.000Z",
      duration: 30,
      status: "declined",
      answers: { company: "Acme" },
      eventType: { id: "t1", slug: "panel", title: "Panel" },
      guest: { name: "Gail", email: "gail@example.test", timeZone: "Europe/Paris" },
      host: { userId: "u1", name: "Mia", email: "mia@example.test" },
    });
  });

  it("has no guest for a row nobody booked", () => {
    expect(teamBookingJson({ ...booking, guestEmail: null }).guest).toBeNull();
  });
});

describe("the team's webhook pages", () => {
  it("sit under the team's settings page", () => {
    expect(teamWebhooksPage("t")).toBe("/dashboard/teams/t/webhooks");
    expect(teamWebhookPage("t", "w")).toBe("/dashboard/teams/t/webhooks/w");
  });
});
