import { describe, expect, it } from "vitest";
import { groupEventSchema, groupInvitees, oneToOneEventSchema, updateEventSchema } from "./event";

const now = new Date("2026-11-22T12:00:00Z");
const base = {
  eventName: "  Intro  ",
  eventType: "Google Meet",
  description: " Hello ",
  date: "2026-12-01",
  time: "09:30",
  duration: 45,
};

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("oneToOneEventSchema", () => {
  it("trims, lower-cases the e-mail and turns the host's wall clock into instants", () => {
    const r = oneToOneEventSchema({ timeZone: "Europe/Berlin", now }).parse({
      ...base,
      targetedEmail: " Sam@Example.ORG ",
    });
    expect(r.eventName).toBe("Intro");
    expect(r.description).toBe("Hello");
    expect(r.targetedEmail).toBe("sam@example.org");
    // 09:30 in Berlin on 1 December (CET, UTC+1) is 08:30 UTC.
    expect(r.startsAt.toISOString()).toBe("2026-12-01T08:30:00.000Z");
    expect(r.endsAt.toISOString()).toBe("2026-12-01T09:15:00.000Z");
  });

  it("defaults the duration to 30 minutes", () => {
    const { duration, ...rest } = base;
    void duration;
    const r = oneToOneEventSchema({ timeZone: "UTC", now }).parse({ ...rest, targetedEmail: "a@b.co" });
    expect(r.endsAt.getTime() - r.startsAt.getTime()).toBe(30 * 60_000);
  });

  it("uses the product's messages for a missing name and description", () => {
    const r = oneToOneEventSchema({ timeZone: "UTC", now }).safeParse({
      ...base,
      eventName: " ",
      description: "",
      targetedEmail: "a@b.co",
    });
    expect(issues(r)).toMatchObject({ eventName: "Event type is required.", description: "Description is required." });
  });

  it("refuses the past, judged in the host's zone", () => {
    // 12:30 on 22 November in Tokyo is 03:30 UTC: already past at 12:00 UTC.
    const tokyo = oneToOneEventSchema({ timeZone: "Asia/Tokyo", now }).safeParse({
      ...base,
      date: "2026-11-22",
      time: "12:30",
      targetedEmail: "a@b.co",
    });
    expect(issues(tokyo)).toEqual({ date: "Choose a date and time in the future." });
    // The same wall clock in Los Angeles is 20:30 UTC: still ahead.
    const la = oneToOneEventSchema({ timeZone: "America/Los_Angeles", now }).safeParse({
      ...base,
      date: "2026-11-22",
      time: "12:30",
      targetedEmail: "a@b.co",
    });
    expect(la.success).toBe(true);
    // Exactly now is not in the future.
    const exact = oneToOneEventSchema({ timeZone: "UTC", now }).safeParse({
      ...base,
      date: "2026-11-22",
      time: "12:00",
      targetedEmail: "a@b.co",
    });
    expect(issues(exact)).toEqual({ date: "Choose a date and time in the future." });
  });

  it("refuses a time the clocks skip and an impossible date", () => {
    const skipped = oneToOneEventSchema({ timeZone: "Europe/Berlin", now }).safeParse({
      ...base,
      date: "2027-03-28",
      time: "02:30",
      targetedEmail: "a@b.co",
    });
    expect(issues(skipped).time).toContain("The clocks skip this time in Europe/Berlin");
    const feb30 = oneToOneEventSchema({ timeZone: "UTC", now }).safeParse({
      ...base,
      date: "2027-02-30",
      targetedEmail: "a@b.co",
    });
    expect(issues(feb30)).toEqual({ date: "Choose a date." });
  });

  it("refuses unknown options, odd durations and long descriptions", () => {
    const r = oneToOneEventSchema({ timeZone: "UTC", now }).safeParse({
      ...base,
      eventType: "Fax",
      duration: 3,
      description: "x".repeat(5001),
      targetedEmail: "nope",
    });
    expect(issues(r)).toEqual({
      eventType: "Choose how you will meet.",
      duration: "A meeting lasts at least 5 minutes.",
      description: "Keep the description to 5000 characters or fewer.",
      targetedEmail: "Enter a valid e-mail address.",
    });
  });
});

describe("groupEventSchema", () => {
  const ctx = { timeZone: "UTC", now };

  it("takes one to four distinct invitees, in order, without blanks", () => {
    const r = groupEventSchema(ctx).parse({ ...base, email1: "A@x.org", email3: "c@x.org" });
    expect(groupInvitees(r)).toEqual(["a@x.org", "c@x.org"]);
  });

  it("reads blank invitees (empty or spaces, as the legacy client's form sends them) as absent, not as bad addresses", () => {
    const r = groupEventSchema(ctx).parse({ ...base, email1: "a@x.org", email2: "", email3: "   ", email4: "d@x.org" });
    expect(groupInvitees(r)).toEqual(["a@x.org", "d@x.org"]);
    expect(issues(groupEventSchema(ctx).safeParse({ ...base, email1: "a@x.org", email2: "nope" }))).toEqual({
      email2: "Enter a valid e-mail address.",
    });
  });

  it("needs the first invitee and refuses repeats, whatever their case", () => {
    expect(issues(groupEventSchema(ctx).safeParse({ ...base, email2: "b@x.org" }))).toEqual({
      email1: "Enter at least one invitee's e-mail.",
    });
    expect(
      issues(groupEventSchema(ctx).safeParse({ ...base, email1: "a@x.org", email2: "b@x.org", email4: "B@X.org" })),
    ).toEqual({
      email4: "This e-mail is already invited.",
    });
  });
});

describe("updateEventSchema", () => {
  it("takes the details without invitees, with the same time rules", () => {
    const r = updateEventSchema({ timeZone: "UTC", now }).parse(base);
    expect(r.startsAt.toISOString()).toBe("2026-12-01T09:30:00.000Z");
    expect(updateEventSchema({ timeZone: "UTC", now }).safeParse({ ...base, date: "2026-11-01" }).success).toBe(false);
  });
});
