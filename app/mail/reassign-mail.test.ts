import { describe, expect, it } from "vitest";
import { composeGuestMail } from "./event-mail";
import { composeAssignedMail, composeTakenOffMail, reassignedGuestLead } from "./reassign-mail";
import { meetingPlace } from "~/schemas/meeting";

const event = {
  eventName: "Sales demo",
  description: "",
  // 15:00 UTC: 10:00 in New York, 16:00 in Berlin.
  startsAt: new Date("2026-12-02T15:00:00Z"),
  endsAt: new Date("2026-12-02T15:30:00Z"),
  invitees: ["guest@example.test"],
};
const place = meetingPlace({
  setting: { type: "video", value: "https://meet.example.test/room" },
  eventType: "Google Meet",
  baseUrl: "https://meet.example.test",
  roomId: "r1",
});
const says = {
  event,
  guestName: "Gia Guest",
  otherZone: "Europe/Berlin",
  place,
  notes: "About the pro plan",
  hostName: "Bea Host",
  previousHostName: "Al Host",
};

describe("a booking handed to another host (decision 060)", () => {
  it("the host it left: off their calendar, who did it, in their zone", () => {
    const mail = composeTakenOffMail({ ...says, readerZone: "America/New_York", by: "Ann Admin" });
    expect(mail.subject).toBe("Reassigned: Sales demo with Gia Guest — Wed, Dec 2, 2026 10:00 AM New York");
    expect(mail.text).toBe(
      [
        '"Sales demo" with Gia Guest on Wed, Dec 2, 2026, 10:00 AM New York (4:00 PM Berlin) is now hosted by Bea Host.',
        "Ann Admin reassigned it; you no longer host it, and the attached file takes it off your calendar.",
      ].join("\n"),
    );
  });

  it("the new host: theirs now, with the details; a guest's move says so", () => {
    const mail = composeAssignedMail({ ...says, readerZone: "Europe/Berlin", otherZone: "Europe/Berlin", by: null });
    expect(mail.subject).toBe("Assigned to you: Sales demo with Gia Guest — Wed, Dec 2, 2026 4:00 PM Berlin");
    expect(mail.text.split("\n")).toEqual([
      '"Sales demo" with Gia Guest on Wed, Dec 2, 2026, 4:00 PM Berlin is now yours (it was Al Host\'s).',
      "The guest moved it to a time Al Host is not free.",
      "",
      "When: Wed, Dec 2, 2026, 4:00 PM Berlin, 30 minutes",
      expect.stringMatching(/^Where: /),
      "Guests: guest@example.test",
      "Guest's time zone: Europe/Berlin",
      "Notes: About the pro plan",
      "",
      "The attached invitation adds it to your calendar.",
    ]);
    expect(mail.html).toContain("is now yours (it was Al Host&#39;s).");
  });

  it("the guests: their updated invitation opens with the new host", () => {
    const lead = reassignedGuestLead({ eventName: "Sales demo", hostName: "Bea Host", previousHostName: "Al Host" });
    const mail = composeGuestMail({
      event,
      hostName: "Bea Host",
      kind: "updated",
      readerZone: "Europe/Berlin",
      otherZone: "America/New_York",
      place,
      lead,
    });
    expect(mail.text.split("\n")[0]).toBe(
      'Your meeting "Sales demo" is now hosted by Bea Host instead of Al Host. Here are the details.',
    );
    expect(mail.subject).toBe("Updated invitation: Sales demo — Wed, Dec 2, 2026 4:00 PM Berlin");
  });
});

describe("a booking handed to another host, in each host's language (decisions 110 and 118)", () => {
  it("the host it left reads it in German, with German dates on the 24-hour clock", () => {
    const mail = composeTakenOffMail({ ...says, readerZone: "Europe/Berlin", by: "Ann Admin", language: "de" });
    expect(mail.subject).toBe("Neu zugewiesen: Sales demo mit Gia Guest — Mi., 2. Dez. 2026 16:00 Berlin");
    expect(mail.text.split("\n")).toEqual([
      "„Sales demo“ mit Gia Guest am Mi., 2. Dez. 2026, 16:00 Berlin wird jetzt von Bea Host betreut.",
      "Ann Admin hat den Termin neu zugewiesen; du betreust ihn nicht mehr, und die angehängte Datei entfernt ihn aus deinem Kalender.",
    ]);
    expect(mail.html).toContain('lang="de"');
  });

  it("the new host reads it in Spanish: the details' words, the minutes and the place's name too", () => {
    const mail = composeAssignedMail({ ...says, readerZone: "Europe/Madrid", by: null, language: "es" });
    const lines = mail.text.split("\n");
    expect(mail.subject).toMatch(/^Asignada a ti: Sales demo con Gia Guest — mié, 2 dic 2026 16:00 Madrid$/);
    expect(lines[0]).toBe(
      "«Sales demo» con Gia Guest el mié, 2 dic 2026, 16:00 Madrid ahora es tuya (antes era de Al Host).",
    );
    expect(lines[1]).toBe("El invitado la ha cambiado a una hora en la que Al Host no está libre.");
    expect(lines[3]).toBe("Cuándo: mié, 2 dic 2026, 16:00 Madrid, 30 minutos");
    expect(lines[4]).toMatch(/^Dónde: /);
    expect(lines).toContain("Invitados: guest@example.test");
    expect(lines).toContain("Zona horaria del invitado: Europe/Berlin");
    expect(lines).toContain("Notas: About the pro plan");
    expect(lines.at(-1)).toBe("La invitación adjunta la añade a tu calendario.");
    expect(mail.text).not.toMatch(/Guests|Notes:|When:/);
  });
});
