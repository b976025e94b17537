import { describe, expect, it } from "vitest";
import { noticeText, policyRefusalText, policySummary, POLICY_MESSAGES } from "./policies";

const policy = { cancelNoticeMinutes: 1440, rescheduleNoticeMinutes: 90, maxReschedules: 1, requireCancelReason: true };

describe("the cancel and reschedule policy in words (decision 077, docs/decisions/099)", () => {
  it("says it in English as it always has", () => {
    expect(noticeText(90)).toBe("90 minutes");
    expect(noticeText(60)).toBe("1 hour");
    expect(noticeText(2880)).toBe("2 days");
    expect(noticeText(1030)).toBe("1030 minutes");
    expect(policySummary(policy, "cancel")).toBe(
      "You can cancel up to 24 hours before the start. A reason is required.",
    );
    expect(policySummary(policy, "reschedule")).toBe(
      "You can reschedule up to 90 minutes before the start. A booking can be rescheduled at most once.",
    );
    expect(policySummary({ ...policy, maxReschedules: 3 }, "reschedule")).toContain("at most 3 times.");
    expect(policyRefusalText({ rule: "max-reschedules", max: 2 }, "Ana")).toBe(
      "This meeting was already rescheduled 2 times, the most Ana allows, so it can no longer be moved here.",
    );
    expect(policyRefusalText({ rule: "cancel-notice", noticeMinutes: 1440 }, "Ana")).toBe(
      "Ana asks for at least 24 hours' notice to cancel, and this meeting starts sooner than that, so it can no longer be cancelled here.",
    );
    expect(POLICY_MESSAGES.contactHost("Ana")).toBe("Need a change anyway? Write to Ana.");
  });

  it("says it in the guest's language, with its plural forms", () => {
    expect(noticeText(1440, "de")).toBe("24 Stunden");
    expect(noticeText(60, "de")).toBe("1 Stunde");
    expect(noticeText(2880, "fr")).toBe("2 jours");
    expect(policySummary(policy, "cancel", "es")).toBe(
      "Puedes cancelar hasta 24 horas antes del inicio. Hay que indicar un motivo.",
    );
    expect(policySummary(policy, "reschedule", "pt-BR")).toBe(
      "Você pode remarcar até 90 minutos antes do início. Uma reserva pode ser remarcada no máximo uma vez.",
    );
    expect(policyRefusalText({ rule: "max-reschedules", max: 2 }, "Ana", "de")).toBe(
      "Dieser Termin wurde bereits 2-mal verschoben, so oft wie Ana es erlaubt, daher kann er hier nicht mehr verschoben werden.",
    );
    expect(policyRefusalText({ rule: "reason-required" }, "Ana", "fr")).toBe(
      "Ana demande un motif en cas d’annulation : dites-nous pourquoi, s’il vous plaît.",
    );
    expect(POLICY_MESSAGES.contactSubject("Demo", "es")).toBe("Sobre nuestra reunión: Demo");
  });
});
