import { describe, expect, it } from "vitest";
import { LANGUAGES, LOCALES } from "~/messages/languages";
import { dateLabel, monthLabel, slotLabel, weekdayLabel } from "./booking-page";

/** The booking page's dates and times come from Intl in the guest's locale (docs/decisions/088). */
describe("dates and times from Intl in the guest's locale", () => {
  // Tuesday 1 December 2026.
  it("writes the day, the month and the weekday in each language", () => {
    expect(dateLabel("2026-12-01", LOCALES.en)).toBe("Tuesday, December 1");
    expect(dateLabel("2026-12-01", LOCALES.es)).toBe("martes, 1 de diciembre");
    expect(dateLabel("2026-12-01", LOCALES.de)).toBe("Dienstag, 1. Dezember");
    expect(dateLabel("2026-12-01", LOCALES.fr)).toBe("mardi 1 décembre");
    expect(dateLabel("2026-12-01", LOCALES["pt-BR"])).toBe("terça-feira, 1 de dezembro");
    expect(monthLabel("2026-12", LOCALES.es)).toBe("diciembre de 2026");
    expect(monthLabel("2026-12", LOCALES.de)).toBe("Dezember 2026");
    expect(monthLabel("2026-12", LOCALES.fr)).toBe("décembre 2026");
    expect(monthLabel("2026-12", LOCALES["pt-BR"])).toBe("dezembro de 2026");
    expect(weekdayLabel("2026-12-07", "long", LOCALES.de)).toBe("Montag");
    expect(weekdayLabel("2026-12-07", "short", LOCALES.fr)).toBe("lun.");
  });

  it("writes a slot on the clock asked for, a 12-hour clock in the locale's words", () => {
    const slot = "2026-12-01T15:05:00+01:00";
    expect(slotLabel(slot, false)).toBe("3:05 PM");
    expect(slotLabel(slot, true)).toBe("15:05");
    for (const language of LANGUAGES) expect(slotLabel(slot, true, LOCALES[language])).toBe("15:05");
    expect(slotLabel(slot, false, LOCALES.es)).toMatch(/^3:05\sp\.\sm\.$/);
  });
});
