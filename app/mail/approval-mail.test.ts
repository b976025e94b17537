import { describe, expect, it } from "vitest";
import { composeRequestCancelled, composeRequestWithdrawn } from "./approval-mail";

const booking = {
  eventName: "Vetted call",
  startsAt: new Date("2026-12-07T14:30:00Z"),
  endsAt: new Date("2026-12-07T15:00:00Z"),
  guestName: "Wendy",
  guestTimeZone: "Europe/Berlin",
};

describe("a request cancelled before the host answered", () => {
  it("the guest who cancelled it: their own words, in their zone, no reason echoed", () => {
    const mail = composeRequestCancelled({
      booking,
      hostName: "Hana",
      hostZone: "America/New_York",
      by: "guest",
      reason: null,
    });
    expect(mail.subject).toMatch(/^Request cancelled: Vetted call — /);
    expect(mail.text).toContain('You cancelled your request for "Vetted call" with Hana. Nothing was booked.');
    expect(mail.text).toContain("Requested time: Mon, Dec 7, 2026");
    expect(mail.text).toContain("3:30");
    expect(mail.text).not.toContain("Reason:");
    expect(mail.html).toContain("Vetted call");
  });

  it("the guest whose request the host cancelled: the host's reason, and that the time is free", () => {
    const mail = composeRequestCancelled({
      booking,
      hostName: "Hana",
      hostZone: "America/New_York",
      by: "host",
      reason: "Away that week",
    });
    expect(mail.text).toContain('Hana cancelled your request for "Vetted call".');
    expect(mail.text).toContain("Reason: Away that week");
    expect(mail.text).toContain("The time is free again; you are welcome to pick another time.");
  });

  it("the host, when the guest cancelled: who, when in the host's zone, the guest's reason", () => {
    const mail = composeRequestWithdrawn({ booking, hostZone: "America/New_York", reason: "Found another slot" });
    expect(mail.subject).toMatch(/^Request cancelled: Vetted call with Wendy — /);
    expect(mail.text).toContain('Wendy cancelled their request for "Vetted call".');
    expect(mail.text).toContain("9:30");
    expect(mail.text).toContain("Reason: Found another slot");
    expect(mail.text).toContain("There is nothing to approve any more, and the time is free again.");
  });
});
