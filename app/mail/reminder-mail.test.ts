import { describe, expect, it } from "vitest";
import { guestFollowUpMail, guestReminderMail, hostReminderNotification, timeUntil } from "./reminder-mail";
import type { RemindedMeeting } from "~/schemas/reminder-mail";

const meeting: RemindedMeeting = {
  eventName: "Intro <call>",
  eventType: "Google Meet",
  startsAt: new Date("2026-12-10T15:00:00Z"),
  endsAt: new Date("2026-12-10T15:30:00Z"),
  joinUrl: "https://meet.example/Scheduler-abc",
  hostName: "Pat Host",
  isBooking: true,
};

describe("reminder texts", () => {
  it("shows the time in the guest's own zone", () => {
    const tokyo = guestReminderMail(meeting, "Asia/Tokyo", new Date("2026-12-09T15:00:00Z"));
    expect(tokyo.subject).toBe("Reminder: Intro <call> — Fri, Dec 11, 2026 12:00 AM Tokyo");
    expect(tokyo.text).toContain("When: Fri, Dec 11, 2026, 12:00 AM Tokyo, 30 minutes");
    expect(tokyo.text).toContain('"Intro <call>" with Pat Host starts in 1 day.');
    const ny = guestReminderMail(meeting, "America/New_York", new Date("2026-12-10T14:00:00Z"));
    expect(ny.text).toContain("Thu, Dec 10, 2026, 10:00 AM New York");
    expect(ny.text).toContain("starts in 1 hour.");
  });

  it("adds the host's time in brackets and the real place instead of the legacy option", () => {
    const m = { ...meeting, hostZone: "America/New_York", place: "In Person Meeting: Hall B", joinUrl: null };
    const tokyo = guestReminderMail(m, "Asia/Tokyo", new Date("2026-12-09T15:00:00Z"));
    expect(tokyo.text).toContain("When: Fri, Dec 11, 2026, 12:00 AM Tokyo (10:00 AM New York, Thu), 30 minutes");
    expect(tokyo.text).toContain("Where: In Person Meeting: Hall B");
    expect(tokyo.text).not.toContain("How:");
    expect(tokyo.text).not.toContain("Join:");
    expect(guestFollowUpMail(m, "America/New_York", "").text).toContain("on Thu, Dec 10, 2026, 10:00 AM New York.");
    const video = guestReminderMail(
      { ...m, place: "Video call: https://zoom.example/j/1", joinUrl: "https://zoom.example/j/1" },
      "UTC",
      new Date(),
    );
    expect(video.text).toContain("Where: Video call: https://zoom.example/j/1");
    expect(video.text).not.toContain("Join:");
  });

  it("points a booking's guests to their confirmation links, others to the host; html is escaped", () => {
    const mail = guestReminderMail(meeting, "UTC", new Date("2026-12-09T15:00:00Z"));
    expect(mail.text).toContain("links in your booking confirmation e-mail");
    expect(mail.html).toContain("Intro &lt;call&gt;");
    expect(mail.html).not.toContain("<call>");
    expect(guestReminderMail({ ...meeting, isBooking: false }, "UTC", new Date()).text).toContain(
      "Reply to this e-mail to reach Pat Host.",
    );
  });

  it("carries the host's follow-up message", () => {
    const mail = guestFollowUpMail(meeting, "Europe/Berlin", "Slides: https://x.example/s");
    expect(mail.subject).toBe("Thank you: Intro <call>");
    expect(mail.text).toContain("on Thu, Dec 10, 2026, 4:00 PM Berlin.");
    expect(mail.text).toContain("Slides: https://x.example/s");
  });

  it("shows the host's or team's logo at the top, its alt text in the guest's language; without one the HTML is as before (decision 117)", () => {
    const logo = { name: "Acme & Co", url: "https://app.example.test/host-logos/1/0123456789abcdef-96.png" };
    const now = new Date("2026-12-09T15:00:00Z");
    for (const [mail, plain] of [
      [
        guestReminderMail({ ...meeting, logo, language: "de" }, "UTC", now),
        guestReminderMail({ ...meeting, language: "de" }, "UTC", now),
      ],
      [
        guestFollowUpMail({ ...meeting, logo, language: "de" }, "UTC", "Danke"),
        guestFollowUpMail({ ...meeting, language: "de" }, "UTC", "Danke"),
      ],
    ]) {
      const img = /<img[^>]*src="https:\/\/app\.example\.test\/host-logos\/[^"]*"[^>]*>/.exec(mail.html);
      expect(img?.[0]).toContain('alt="Logo von Acme &amp; Co"');
      // Above the first paragraph ("Hallo,"), which the preheader repeats before the content.
      expect(mail.html.indexOf(img![0])).toBeLessThan(mail.html.lastIndexOf("Hallo,"));
      expect(mail.text).toBe(plain.text);
      expect(plain.html).not.toContain("host-logos");
      expect(guestReminderMail({ ...meeting, language: "de", logo: null }, "UTC", now).html).toBe(
        guestReminderMail({ ...meeting, language: "de" }, "UTC", now).html,
      );
    }
  });

  it("tells the host how long is left and when, in the host's zone", () => {
    expect(hostReminderNotification(meeting, "Sam Guest", "Europe/Berlin", new Date("2026-12-10T14:45:00Z"))).toBe(
      "Reminder: 'Intro <call>' with Sam Guest starts in 15 minutes (4:00 PM).",
    );
    expect(timeUntil(meeting.startsAt, new Date("2026-12-10T14:59:00Z"))).toBe("in 1 minute");
  });
});

describe("reminders in the language the guest booked in (docs/decisions/088)", () => {
  it("a Spanish guest's reminder and follow-up: Spanish words, Intl's Spanish date, a 24-hour clock, Spanish plurals", () => {
    const m = { ...meeting, language: "es", hostZone: "America/New_York" };
    const madrid = guestReminderMail(m, "Europe/Madrid", new Date("2026-12-10T13:00:00Z"));
    // Thursday 10 December 2026, 16:00 in Madrid.
    expect(madrid.subject).toBe("Recordatorio: Intro <call> — jue, 10 dic 2026 16:00 Madrid");
    expect(madrid.text).toContain("Hola:");
    expect(madrid.text).toContain("Te recordamos que «Intro <call>» con Pat Host empieza dentro de 2 horas.");
    expect(madrid.text).toContain("Cuándo: jue, 10 dic 2026, 16:00 Madrid (10:00 New York), 30 minutos");
    expect(madrid.text).toContain("Unirse: https://meet.example/Scheduler-abc");
    expect(madrid.text).toContain("Usa los enlaces del correo de confirmación de tu reserva.");
    expect(guestReminderMail(m, "Europe/Madrid", new Date("2026-12-10T14:59:00Z")).text).toContain(
      "empieza dentro de 1 minuto.",
    );
    const thanks = guestFollowUpMail(m, "Europe/Madrid", "");
    expect(thanks.subject).toBe("Gracias: Intro <call>");
    expect(thanks.text).toContain("Gracias por «Intro <call>» con Pat Host el jue, 10 dic 2026, 16:00 Madrid");
  });

  it("German and French: their words and plurals; an unknown language is English", () => {
    const de = guestReminderMail({ ...meeting, language: "de" }, "Europe/Berlin", new Date("2026-12-08T15:00:00Z"));
    expect(de.text).toContain("Zur Erinnerung: „Intro <call>“ mit Pat Host beginnt in 2 Tagen.");
    expect(de.text).toContain("Wann: Do., 10. Dez. 2026, 16:00 Berlin, 30 Minuten");
    const fr = guestReminderMail({ ...meeting, language: "fr" }, "Europe/Paris", new Date("2026-12-10T14:00:00Z"));
    expect(fr.text).toContain("Petit rappel : « Intro <call> » avec Pat Host commence dans 1 heure.");
    const unknown = guestReminderMail({ ...meeting, language: "xx" }, "UTC", new Date("2026-12-10T14:00:00Z"));
    expect(unknown.text).toContain("This is a reminder");
  });
});
