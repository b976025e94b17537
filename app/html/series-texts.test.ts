import { describe, expect, it } from "vitest";
import { meetingOrdinal, occurrenceTakenText, recurrenceRefusalText } from "./series-texts";

/** Hand-checked texts of a recurring series' refusals (decision 106) in the guests' languages. */
describe("a series' refusals in the guest's language", () => {
  const tuesday = new Date("2026-12-22T09:00:00Z");

  it("names the meeting that is not free, its date in the guest's zone and clock", () => {
    expect(occurrenceTakenText("en", 4, tuesday, "Europe/Berlin", false)).toBe(
      "The 4th meeting, Tue 22 Dec 10:00, is no longer free.",
    );
    expect(occurrenceTakenText("es", 4, tuesday, "Europe/Madrid", true)).toBe(
      "La 4.ª reunión (mar, 22 dic, 10:00) ya no está libre.",
    );
    expect(occurrenceTakenText("de", 4, tuesday, "Europe/Berlin", true)).toBe(
      "Der 4. Termin (Di., 22. Dez., 10:00) ist nicht mehr frei.",
    );
    expect(occurrenceTakenText("fr", 2, tuesday, "Europe/Paris", true)).toBe(
      "La 2e réunion (mar. 22 déc., 10:00) n’est plus libre.",
    );
    expect(occurrenceTakenText("pt-BR", 3, tuesday, "America/Sao_Paulo", true)).toBe(
      "A 3ª reunião (ter., 22 de dez., 06:00) não está mais livre.",
    );
  });

  it("says a meeting falls in the hour the clocks skip", () => {
    expect(occurrenceTakenText("de", 3, null, "Europe/Berlin", true)).toBe(
      "Der 3. Termin fällt auf eine Uhrzeit, die es an diesem Tag wegen der Zeitumstellung nicht gibt: Wählen Sie eine andere Uhrzeit.",
    );
    expect(meetingOrdinal("fr", 1)).toBe("1re");
  });

  it("says the event type's repeat rule, the weeks joined with the language's 'or'", () => {
    expect(recurrenceRefusalText("en", { rule: "interval", intervalWeeks: [1, 2] })).toBe(
      "Repeat every 1 or 2 week(s).",
    );
    expect(recurrenceRefusalText("es", { rule: "interval", intervalWeeks: [1, 2] })).toBe(
      "Repite cada 1 o 2 semana(s).",
    );
    expect(recurrenceRefusalText("de", { rule: "count", max: 6 })).toBe("Buchen Sie 2 bis 6 Termine.");
    expect(recurrenceRefusalText("es", { rule: "not-recurring" })).toBe(
      "Este tipo de evento no admite reservas periódicas.",
    );
  });
});
