import { describe, expect, it } from "vitest";
import { onboardingChecklist, suggestUsername, usernameCandidates } from "./onboarding";
import { usernameSchema } from "./username";

describe("suggestUsername", () => {
  it.each([
    ["Ada Lovelace", "x@example.test", "ada-lovelace"],
    ["  Zoë  Ångström!! ", "x@example.test", "zoe-angstrom"],
    ["42 Douglas", "x@example.test", "douglas"],
    ["", "sam.smith@example.test", "sam-smith"],
    ["Al", "jo@example.test", "host"],
    ["Admin", "support@example.test", "host"],
    ["A very long name that goes on and on forever", "x@example.test", "a-very-long-name-that-goes"],
  ])("%j / %s -> %s", (name, email, expected) => {
    const suggested = suggestUsername(name, email);
    expect(suggested).toBe(expected);
    expect(usernameSchema.safeParse(suggested).success).toBe(true);
  });

  it("candidates are valid usernames, the plain one first", () => {
    const list = usernameCandidates("ada-lovelace", () => 0.5);
    expect(list.slice(0, 3)).toEqual(["ada-lovelace", "ada-lovelace-2", "ada-lovelace-3"]);
    for (const c of list) expect(usernameSchema.safeParse(c).success).toBe(true);
  });
});

describe("onboardingChecklist", () => {
  it("is done item by item from the account's facts", () => {
    const fresh = onboardingChecklist({
      username: "ada",
      availabilityEdited: false,
      hasBooking: false,
      hasCalendar: false,
    });
    expect(fresh.map((i) => [i.id, i.done])).toEqual([
      ["username", true],
      ["availability", false],
      ["calendar", false],
      ["share", false],
    ]);
    expect(fresh[3].href).toBe("/ada");
    const legacy = onboardingChecklist({
      username: null,
      availabilityEdited: true,
      hasBooking: true,
      hasCalendar: true,
    });
    expect(legacy[0].done).toBe(false);
    expect(legacy[2]).toMatchObject({ done: true, href: "/dashboard/calendars" });
    expect(legacy[3].href).toBe("/dashboard/profile");
  });
});
