import { describe, expect, it } from "vitest";
import { composeReconfirmRequest } from "./reconfirm-mail";

describe("the guest's 'Please confirm' mail", () => {
  it("gives the meeting and the deadline in the guest's zone, the confirm link, and what happens without it", () => {
    const mail = composeReconfirmRequest({
      booking: {
        eventName: "Intro <call>",
        startsAt: new Date("2026-12-10T15:00:00Z"),
        endsAt: new Date("2026-12-10T15:30:00Z"),
        guestName: "Lena",
        guestTimeZone: "Europe/Berlin",
      },
      hostName: "Nora York",
      hostZone: "America/New_York",
      deadline: new Date("2026-12-10T03:00:00Z"),
      confirmUrl: "https://example.test/booking/1/confirm?token=abc",
    });
    expect(mail.subject).toBe("Please confirm: Intro <call> — Thu, Dec 10, 2026 4:00 PM Berlin");
    expect(mail.text).toContain("When: Thu, Dec 10, 2026, 4:00 PM Berlin (10:00 AM New York), 30 minutes");
    expect(mail.text).toContain(
      "Confirm by Thu, Dec 10, 2026, 4:00 AM Berlin: https://example.test/booking/1/confirm?token=abc",
    );
    expect(mail.text).toContain("the booking is cancelled and the time given to someone else");
    expect(mail.html).toContain("Intro &lt;call&gt;");
  });
});
