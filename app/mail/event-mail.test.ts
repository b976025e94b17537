import { describe, expect, it } from "vitest";
import { composeCalendar, composeGuestMail, composeHostMail, seriesCalendarOf, seriesDateLines } from "./event-mail";
import { meetingPlace } from "~/schemas/meeting";

const event = {
  id: "0b6f3f5e-0000-4000-8000-000000000001",
  eventName: "Intro call",
  eventType: "In Person Meeting" as const,
  description: "A first talk.",
  // 01:00 UTC: 10:00 in Tokyo, 20:00 the evening before in New York.
  startsAt: new Date("2026-12-02T01:00:00Z"),
  endsAt: new Date("2026-12-02T01:30:00Z"),
  roomId: "abc123",
  sequence: 0,
  invitees: ["aiko@example.test", "friend@example.test"],
  guestName: "Aiko Guest",
  guestEmail: "Aiko@Example.test",
  guestTimeZone: "Asia/Tokyo",
};
const host = { email: "nora@example.test", name: "Nora York", timeZone: "America/New_York" };
const inPerson = meetingPlace({
  setting: { type: "in-person", value: "12 Market St" },
  eventType: "In Person Meeting",
  baseUrl: "https://meet.example.test",
  roomId: "abc123",
});
const zoom = meetingPlace({
  setting: { type: "video", value: "https://zoom.example.test/j/1" },
  eventType: "Google Meet",
  baseUrl: "https://meet.example.test",
  roomId: "abc123",
});
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, "");

describe("composeGuestMail and composeHostMail", () => {
  it("write each side in its own zone with the other's in brackets, and the place", () => {
    const guest = composeGuestMail({
      event,
      hostName: "Nora York",
      kind: "created",
      readerZone: "Asia/Tokyo",
      otherZone: "America/New_York",
      place: inPerson,
    });
    expect(guest.subject).toBe("Invitation: Intro call — Wed, Dec 2, 2026 10:00 AM Tokyo");
    expect(guest.text).toContain("When: Wed, Dec 2, 2026, 10:00 AM Tokyo (8:00 PM New York, Tue), 30 minutes");
    expect(guest.text).toContain("Where: In Person Meeting: 12 Market St");
    expect(guest.text).not.toContain("Join:");
    expect(guest.html).toContain("12 Market St");
    const cancelled = composeGuestMail({
      event,
      hostName: "Nora York",
      kind: "cancelled",
      readerZone: "Asia/Tokyo",
      otherZone: "America/New_York",
      place: inPerson,
      footer: ["Note from Nora York: sorry"],
    });
    expect(cancelled.text).toBe(
      'Nora York cancelled "Intro call", planned for Wed, Dec 2, 2026, 10:00 AM Tokyo (8:00 PM New York, Tue).\n\nNote from Nora York: sorry',
    );
    const forHost = composeHostMail({
      event,
      kind: "created",
      guestName: "Aiko Guest",
      readerZone: "America/New_York",
      otherZone: "Asia/Tokyo",
      place: zoom,
      notes: "Bring <slides>",
    });
    expect(forHost.text).toContain(
      'Aiko Guest booked "Intro call" on Tue, Dec 1, 2026, 8:00 PM New York (10:00 AM Tokyo, Wed).',
    );
    expect(forHost.text).toContain("Where: Video call: https://zoom.example.test/j/1");
    expect(forHost.text).toContain("Guest's time zone: Asia/Tokyo");
    expect(forHost.text).toContain("Notes: Bring <slides>");
    expect(forHost.html).toContain("Bring &lt;slides&gt;");
    expect(forHost.html).toMatch(/<a [^>]*href="https:\/\/zoom.example.test\/j\/1"/);
  });

  it("lists a group session's seats, each with its own zone and notes, not the first booker's", () => {
    const seats = [
      { name: "Aiko Guest", email: "aiko@example.test", timeZone: "Asia/Tokyo", notes: "Vegetarian" },
      { name: "Ben Seat", email: "ben@example.test", timeZone: "Europe/Berlin", notes: null },
      { name: "Nora Local", email: "nora@example.test", timeZone: "America/New_York", notes: "Late by 5" },
    ];
    const forHost = composeHostMail({
      event,
      kind: "updated",
      guestName: "3 guests",
      readerZone: "America/New_York",
      otherZone: "Asia/Tokyo",
      place: zoom,
      notes: "Vegetarian",
      seats,
    });
    expect(forHost.text).toContain(
      `Your group session "Intro call" moved to Tue, Dec 1, 2026, 8:00 PM New York. Every seat's guests were told.`,
    );
    expect(forHost.subject).toBe("Booking: Intro call with 3 guests — Tue, Dec 1, 2026 8:00 PM New York");
    expect(forHost.text).toContain("Seats taken: 3");
    expect(forHost.text).toContain(
      "- Aiko Guest <aiko@example.test>, Asia/Tokyo (10:00 AM there)\n  Notes: Vegetarian",
    );
    expect(forHost.text).toContain("- Ben Seat <ben@example.test>, Europe/Berlin (2:00 AM there)");
    expect(forHost.text).toContain("- Nora Local <nora@example.test>, America/New_York\n  Notes: Late by 5");
    expect(forHost.text).not.toContain("Guest's time zone");
  });
});

describe("composeCalendar", () => {
  const base = { host, kind: "created" as const, uidHost: "scheduler.test", sentBy: "no-reply@scheduler.test" };

  it("puts an address in LOCATION with no URL, and names the guest in ATTENDEE", () => {
    const ics = unfold(composeCalendar({ ...base, event, place: inPerson }));
    expect(ics).toContain("LOCATION:12 Market St");
    expect(ics).not.toMatch(/^URL:/m);
    expect(ics).not.toContain("meet.example.test");
    expect(ics).toMatch(/ATTENDEE;[^\n]*CN="?Aiko Guest"?[^\n]*mailto:aiko@example\.test/i);
    // Someone without a known name is named by their address, never "Unnamed attendee".
    expect(ics).toMatch(/CN="?friend@example\.test"?/);
    expect(ics).not.toContain("Unnamed attendee");
  });

  it("puts a video link in LOCATION and URL, and each seat holder's name in a session's entry", () => {
    const session = {
      ...event,
      attendeeNames: { "aiko@example.test": "Aiko Guest", "friend@example.test": "Ben Seat" },
    };
    const ics = unfold(composeCalendar({ ...base, event: session, place: zoom }));
    expect(ics).toContain("LOCATION:https://zoom.example.test/j/1");
    expect(ics).toContain("URL:https://zoom.example.test/j/1");
    expect(ics).toMatch(/CN="?Ben Seat"?/);
  });
});

describe("a recurring series' calendar entry (decision 106)", () => {
  const base = { host, kind: "created" as const, uidHost: "scheduler.test", sentBy: "no-reply@scheduler.test" };
  const rule = { intervalWeeks: 1, count: 4, zone: "Europe/Berlin", firstStart: "2026-10-13T08:00:00.000Z" };
  const row = (index: number, startsAt: string, status: "confirmed" | "cancelled" = "confirmed") => ({
    seriesId: "5f0c6a4e-1111-4222-8333-944455556666",
    seriesIndex: index,
    seriesRule: rule,
    startsAt: new Date(startsAt),
    endsAt: new Date(Date.parse(startsAt) + 30 * 60_000),
    status,
  });

  it("repeats 10:00 Berlin weekly across the October change, with EXDATE and a moved instance", () => {
    const series = seriesCalendarOf([
      row(1, "2026-10-13T08:00:00.000Z"),
      row(2, "2026-10-20T08:00:00.000Z", "cancelled"),
      row(3, "2026-10-27T10:00:00.000Z"),
      row(4, "2026-11-03T09:00:00.000Z"),
    ]);
    expect(series?.starts.map((s) => s.toISOString())).toEqual([
      "2026-10-13T08:00:00.000Z",
      "2026-10-20T08:00:00.000Z",
      "2026-10-27T09:00:00.000Z",
      "2026-11-03T09:00:00.000Z",
    ]);
    const ics = unfold(
      composeCalendar({
        ...base,
        event: {
          ...event,
          startsAt: new Date("2026-10-13T08:00:00Z"),
          endsAt: new Date("2026-10-13T08:30:00Z"),
          series,
        },
        place: zoom,
      }),
    );
    expect(ics).toContain("UID:5f0c6a4e-1111-4222-8333-944455556666@scheduler.test");
    expect(ics).toContain("DTSTART;TZID=Europe/Berlin:20261013T100000");
    expect(ics).toContain("DTEND;TZID=Europe/Berlin:20261013T103000");
    expect(ics).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=4");
    expect(ics).toContain("EXDATE;TZID=Europe/Berlin:20261020T100000");
    // The third meeting moved to 11:00 that day: an instance of the same UID.
    expect(ics).toContain("RECURRENCE-ID;TZID=Europe/Berlin:20261027T100000");
    expect(ics).toContain("DTSTART;TZID=Europe/Berlin:20261027T110000");
    // The zone's change on 25 October, 03:00 summer time to 02:00 winter time.
    expect(ics).toMatch(
      /BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:\+0200\r\nTZOFFSETTO:\+0100\r\nEND:STANDARD/,
    );
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it("lists every date in the guest's mail, a cancelled one marked", () => {
    const series = seriesCalendarOf([
      row(1, "2026-10-13T08:00:00.000Z"),
      row(2, "2026-10-20T08:00:00.000Z", "cancelled"),
    ]);
    expect(series && seriesDateLines(series, "Europe/Berlin").slice(0, 3)).toEqual([
      "1. Tue, Oct 13, 2026, 10:00 AM Berlin",
      "2. Tue, Oct 20, 2026, 10:00 AM Berlin (cancelled)",
      "3. Tue, Oct 27, 2026, 10:00 AM Berlin",
    ]);
  });

  it("lists every date in the host's confirmation, and names a cancelled meeting, in the host's language (decision 118)", () => {
    const series = seriesCalendarOf([row(1, "2026-10-13T08:00:00.000Z")])!;
    const says = {
      event: { ...event, startsAt: new Date("2026-10-13T08:00:00Z"), endsAt: new Date("2026-10-13T08:30:00Z") },
      guestName: "Rita",
      readerZone: "Europe/Berlin",
      otherZone: null,
      place: zoom,
      language: "de" as const,
    };
    const booked = composeHostMail({ ...says, event: { ...says.event, series }, kind: "created" });
    expect(booked.text.split("\n").slice(1, 7)).toEqual([
      "",
      "Eine Terminserie mit 4 Terminen:",
      "1. Di., 13. Okt. 2026, 10:00 Berlin",
      "2. Di., 20. Okt. 2026, 10:00 Berlin",
      "3. Di., 27. Okt. 2026, 10:00 Berlin",
      "4. Di., 3. Nov. 2026, 10:00 Berlin",
    ]);
    const now = seriesCalendarOf([
      row(1, "2026-10-13T08:00:00.000Z"),
      row(2, "2026-10-20T08:00:00.000Z", "cancelled"),
    ])!;
    const cancelled = composeHostMail({ ...says, kind: "cancelled", seriesMeeting: { index: 2, series: now } });
    expect(cancelled.text).toContain(
      "Termin 2 einer Terminserie mit 4 Terminen:\n1. Di., 13. Okt. 2026, 10:00 Berlin\n2. Di., 20. Okt. 2026, 10:00 Berlin (abgesagt)\n",
    );
  });
});

describe("a recurring series' Cancel all (decision 121)", () => {
  // 08:00 UTC: 10:00 in Berlin before the change of 25 Oct, 09:00 after; 17:00 in Tokyo.
  const cancelledMeetings = [
    { index: 2, startsAt: new Date("2026-10-20T08:00:00Z") },
    { index: 3, startsAt: new Date("2026-10-27T08:00:00Z") },
  ];
  const series = { ...event, startsAt: new Date("2026-10-20T08:00:00Z"), endsAt: new Date("2026-10-20T08:30:00Z") };

  it("tells the guest once, the meetings it cancelled listed in their language and zone, the logo on top", () => {
    const mail = composeGuestMail({
      event: { ...series, cancelledMeetings },
      hostName: "Nora York",
      kind: "cancelled",
      readerZone: "Asia/Tokyo",
      otherZone: "Europe/Berlin",
      place: zoom,
      footer: ["Notiz von Nora York: Urlaub"],
      language: "de",
      logo: { name: "Nora York", url: "https://app.example.test/host-logos/1/a-96.png" },
    });
    expect(mail.subject).toBe("Terminserie abgesagt: Intro call");
    expect(mail.text).toBe(
      [
        "Die Terminserie „Intro call“ mit Nora York ist abgesagt. Abgesagte Termine:",
        "",
        "2. Di., 20. Okt. 2026, 17:00 Tokyo",
        "3. Di., 27. Okt. 2026, 17:00 Tokyo",
        "",
        "Notiz von Nora York: Urlaub",
      ].join("\n"),
    );
    expect(mail.html!.indexOf('alt="Logo von Nora York"')).toBeGreaterThan(-1);
    expect(mail.html!.indexOf('alt="Logo von Nora York"')).toBeLessThan(mail.html!.lastIndexOf("Abgesagte Termine"));
    // Without the list, the single meeting's cancel as before.
    const one = composeGuestMail({
      event: series,
      hostName: "Nora York",
      kind: "cancelled",
      readerZone: "Asia/Tokyo",
      otherZone: null,
      place: zoom,
      language: "de",
    });
    expect(one.subject).toMatch(/^Abgesagt: Intro call — /);
  });

  it("tells the host once, in the host's language and zone, with the guest's reason", () => {
    const mail = composeHostMail({
      event: { ...series, cancelledMeetings },
      kind: "cancelled",
      guestName: "Aiko Guest",
      readerZone: "Europe/Berlin",
      otherZone: "Asia/Tokyo",
      place: zoom,
      reason: "Grund: Umzug",
      language: "de",
    });
    expect(mail.subject).toBe("Terminserie storniert: Intro call mit Aiko Guest");
    expect(mail.text.split("\n").slice(0, 5)).toEqual([
      "Die Terminserie „Intro call“ mit Aiko Guest wurde storniert. Stornierte Termine:",
      "Grund: Umzug",
      "",
      "2. Di., 20. Okt. 2026, 10:00 Berlin",
      "3. Di., 27. Okt. 2026, 09:00 Berlin",
    ]);
  });
});

describe("the host's mails in the language of their profile (decision 110)", () => {
  it("writes a booking in German, dates and places included, the guest's words as given", () => {
    const forHost = composeHostMail({
      event: { ...event, answerLines: [{ label: "Topic", text: "Pricing" }] },
      kind: "created",
      guestName: "Aiko Guest",
      readerZone: "Europe/Berlin",
      otherZone: "Asia/Tokyo",
      place: zoom,
      notes: "Bring <slides>",
      language: "de",
    });
    expect(forHost.subject).toBe("Buchung: Intro call mit Aiko Guest — Mi., 2. Dez. 2026 02:00 Berlin");
    expect(forHost.text).toContain("Aiko Guest hat „Intro call“ am ");
    expect(forHost.text).toContain("am Mi., 2. Dez. 2026, 02:00 Berlin (10:00 Tokyo) gebucht.");
    expect(forHost.text).toContain("Gäste: aiko@example.test, friend@example.test");
    expect(forHost.text).toContain("Zeitzone des Gastes: Asia/Tokyo");
    expect(forHost.text).toContain("Notizen: Bring <slides>");
    expect(forHost.text).toContain("Antworten:\nTopic: Pricing");
    expect(forHost.text).not.toMatch(/\bGuests:|Notes:|Answers:/);
    expect(forHost.html).toContain('lang="de"');
  });

  it("cancels in Spanish and lists a session's seats in French", () => {
    const cancelled = composeHostMail({
      event,
      kind: "cancelled",
      guestName: "Aiko Guest",
      readerZone: "Europe/Madrid",
      otherZone: null,
      place: inPerson,
      reason: "Motivo: ya no puedo",
      language: "es",
    });
    expect(cancelled.subject.startsWith("Cancelada: Intro call con Aiko Guest — ")).toBe(true);
    expect(cancelled.text.split("\n")[0]).toMatch(/^Se ha cancelado la reserva de Aiko Guest: «Intro call» el /);
    expect(cancelled.text.split("\n")[1]).toBe("Motivo: ya no puedo");
    const session = composeHostMail({
      event,
      kind: "created",
      guestName: "2 guests",
      readerZone: "Europe/Paris",
      otherZone: null,
      place: zoom,
      seats: [
        { name: "Aiko Guest", email: "aiko@example.test", timeZone: "Asia/Tokyo", notes: "Végétarien" },
        { name: "Paul Paris", email: "paul@example.test", timeZone: "Europe/Paris", notes: null },
      ],
      language: "fr",
    });
    expect(session.text).toContain("Places prises : 2");
    expect(session.text).toContain("- Aiko Guest <aiko@example.test>, Asia/Tokyo (10:00 là-bas)\n  Notes : Végétarien");
    expect(session.text.endsWith("- Paul Paris <paul@example.test>, Europe/Paris")).toBe(true);
  });

  it("gives the host's calendar file in their language", () => {
    const ics = unfold(
      composeCalendar({
        event,
        host,
        kind: "created",
        place: inPerson,
        uidHost: "scheduler.test",
        sentBy: "bookings@scheduler.test",
        language: "pt-BR",
      }),
    );
    expect(ics).toContain("X-WR-LANGUAGE:pt-BR");
  });
});
