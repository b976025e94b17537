import { describe, expect, it } from "vitest";
import { composeApprovalRequest, composeRequestCancelled, composeRequestWithdrawn } from "./approval-mail";

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

  it("the host reads it in Brazilian Portuguese when their profile says so (decision 118)", () => {
    const mail = composeRequestWithdrawn({
      booking,
      hostZone: "America/Sao_Paulo",
      reason: "Achei outro horário",
      language: "pt-BR",
    });
    expect(mail.subject).toBe("Solicitação cancelada: Vetted call com Wendy — seg., 7 de dez. de 2026 11:30 Sao Paulo");
    expect(mail.text.split("\n")).toEqual([
      "Wendy cancelou a solicitação de “Vetted call”.",
      "",
      "Horário solicitado: seg., 7 de dez. de 2026, 11:30 Sao Paulo (15:30 Berlin)",
      "Motivo: Achei outro horário",
      "",
      "Não há mais nada a aprovar, e o horário está livre de novo.",
    ]);
    expect(mail.html).toContain('lang="pt-BR"');
  });
});

describe("the host's approval request in the language of their profile (decision 110)", () => {
  it("is written in Spanish, with the links as they are", () => {
    const mail = composeApprovalRequest({
      booking: {
        eventName: "Demo",
        startsAt: new Date("2026-12-02T09:00:00Z"),
        endsAt: new Date("2026-12-02T09:45:00Z"),
        guestName: null,
        guestTimeZone: "America/Mexico_City",
        notes: "Hola",
      },
      hostZone: "Europe/Madrid",
      holdUntil: new Date("2026-12-01T09:00:00Z"),
      approveUrl: "https://app.test/booking/1/approval?token=a",
      declineUrl: "https://app.test/booking/1/approval?token=a&decision=decline",
      language: "es",
    });
    expect(mail.subject).toMatch(/^Solicitud de reserva: Demo con Un invitado — /);
    expect(mail.text).toContain("Un invitado quiere reservar «Demo».");
    expect(mail.text).toContain("45 minutos");
    expect(mail.text).toContain("Notas: Hola");
    expect(mail.text).toContain("Aprobar: https://app.test/booking/1/approval?token=a");
    expect(mail.text).toContain("Rechazar: https://app.test/booking/1/approval?token=a&decision=decline");
    expect(mail.text).toContain("Si no respondes antes, la solicitud se rechaza y se avisa a Un invitado.");
  });
});
