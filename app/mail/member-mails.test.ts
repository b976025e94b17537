import { describe, expect, it } from "vitest";
import { conferencingFailedMail } from "./conferencing-mail";
import { composePasswordResetMail } from "./password-reset-mail";
import { paymentReceiptMail } from "./receipt-mail";
import { namedTeamInvitationMail } from "./team-invitation";
import { webhookDisabledMail } from "./webhook";

/** The account's and team member's mails in the language of their profile (docs/decisions/118). */

const start = new Date("2026-12-02T15:00:00Z");

describe("a conferencing app's failure", () => {
  const input = {
    app: "Zoom",
    what: "move" as const,
    reason: "token expired",
    booking: { title: "Intro", guestName: "Gia", startsAt: start, timeZone: "Europe/Paris" },
    timelineUrl: "https://app.test/t",
    calendarsUrl: "https://app.test/c",
  };

  it("in English as it always was, the bell's note too", () => {
    const { note, message } = conferencingFailedMail(input);
    expect(message.subject).toBe("Zoom meeting not moved: Intro with Gia");
    expect(message.text.split("\n")[0]).toBe(
      'The Zoom meeting for "Intro with Gia" on Dec 2, 2026, 4:00 PM could not be moved to the booking\'s new time: please move it in Zoom.',
    );
    expect(note).toBe(`${message.text.split("\n")[0]} (token expired)`);
  });

  it("the mail in French with a French date, the bell's note in English as the dashboard", () => {
    const { note, message } = conferencingFailedMail({ ...input, language: "fr" });
    expect(message.subject).toBe("Réunion Zoom non déplacée : Intro avec Gia");
    expect(message.text.split("\n")[0]).toBe(
      "La réunion Zoom pour « Intro avec Gia » le 2 déc. 2026, 16:00 n’a pas pu être déplacée au nouvel horaire de la réservation : veuillez la déplacer dans Zoom.",
    );
    expect(message.text).toContain("Motif : token expired");
    expect(note).toMatch(/^The Zoom meeting for "Intro with Gia" on Dec 2, 2026, 4:00 PM could not be moved/);
  });
});

describe("the account's own mails", () => {
  it("a webhook switched off, in German; the stored reason as it is", () => {
    const mail = webhookDisabledMail(
      { name: "Ada", email: "ada@example.test", language: "de" },
      { url: "https://hooks.example.test/x", disabledReason: "Every delivery failed for 3 days (last: HTTP 500)." },
      "https://app.test/dashboard/webhooks/1",
    );
    expect(mail.subject).toBe("Dein Webhook wurde ausgeschaltet");
    expect(mail.text.split("\n")).toEqual([
      "Hallo Ada,",
      "",
      "Jede Zustellung an deinen Webhook https://hooks.example.test/x ist 3 Tage lang fehlgeschlagen, daher haben wir ihn ausgeschaltet.",
      "Every delivery failed for 3 days (last: HTTP 500).",
      "",
      "Sieh dir das Zustellprotokoll an, repariere den Empfänger und schalte ihn wieder ein: https://app.test/dashboard/webhooks/1",
      "Zustellungen, die in der Zwischenzeit fehlgeschlagen sind, kannst du mit „Erneut senden“ noch einmal schicken.",
    ]);
  });

  it("a receipt in Brazilian Portuguese: the amount and dates by Intl in pt-BR", () => {
    const mail = paymentReceiptMail({
      buyer: { name: "Bia", email: "bia@example.test", language: "pt-BR" },
      pack: "Pro",
      amountCents: 1900,
      currency: "usd",
      paidAt: start,
      until: new Date("2027-01-02T15:00:00Z"),
      transactionId: "pi_1",
      receiptUrl: null,
      origin: "https://app.test",
    });
    const amount = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "USD" }).format(19);
    expect(mail.subject).toBe(`Recibo: pacote Pro, ${amount}`);
    expect(mail.text).toContain(`Obrigado, Bia: recebemos seu pagamento de ${amount} pelo pacote Pro.`);
    expect(mail.text).toContain("Data: 2 de dezembro de 2026 (UTC)");
    expect(mail.text).toContain("Sem limite de eventos até: 2 de janeiro de 2027");
  });

  it("a password reset in Spanish, its button labelled in Spanish; a team invitation in French", () => {
    const reset = composePasswordResetMail({
      name: "",
      url: "https://app.test/reset-password/x",
      hasPassword: false,
      hasGoogle: true,
      language: "es",
    });
    expect(reset.text.split("\n")[0]).toBe("Hola:");
    expect(reset.text).toContain("Inicias sesión con Google; para tener también una contraseña, abre este enlace:");
    expect(reset.html).toContain("Establecer una contraseña");
    const invitation = namedTeamInvitationMail(
      { name: "", email: "ada@example.test" },
      "Ventes",
      "owner",
      "bo@example.test",
      "https://app.test/accept?token=x",
      "fr",
    );
    expect(invitation.subject).toBe("ada@example.test vous a invité dans son équipe Ventes sur Scheduler");
    expect(invitation.text.split("\n")[0]).toBe(
      "ada@example.test (ada@example.test) vous a invité dans l’équipe Ventes sur Scheduler, en tant que propriétaire.",
    );
  });
});
