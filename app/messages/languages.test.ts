import { describe, expect, it } from "vitest";
import {
  acceptedLanguage,
  chooseLanguage,
  clockCookie,
  COUNTRY_ZONES,
  defaultClock24,
  fill,
  languageOf,
  zoneFromAcceptLanguage,
} from "./languages";

describe("which language a guest gets (docs/decisions/088)", () => {
  it("reads a tag to one of ours, or nothing", () => {
    expect(languageOf("es")).toBe("es");
    expect(languageOf("ES-mx")).toBe("es");
    expect(languageOf("de_AT")).toBe("de");
    expect(languageOf("pt")).toBe("pt-BR");
    expect(languageOf("pt-PT")).toBe("pt-BR");
    expect(languageOf("pt-BR")).toBe("pt-BR");
    expect(languageOf("it")).toBeNull();
    expect(languageOf("")).toBeNull();
    expect(languageOf("<script>")).toBeNull();
    expect(languageOf("x".repeat(100))).toBeNull();
  });

  it("takes Accept-Language by its weights, skipping what we do not speak and q=0", () => {
    expect(acceptedLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(acceptedLanguage("it-IT,it;q=0.9,fr;q=0.7,en;q=0.5")).toBe("fr");
    expect(acceptedLanguage("en;q=0.2, es;q=0.8")).toBe("es");
    expect(acceptedLanguage("es;q=0, en")).toBe("en");
    expect(acceptedLanguage("*")).toBeNull();
    expect(acceptedLanguage(null)).toBeNull();
    expect(acceptedLanguage("garbage;;;q=x")).toBeNull();
  });

  it("chooses ?lang=, then Accept-Language, then the event type's default, then English", () => {
    expect(chooseLanguage({ query: "fr", acceptLanguage: "de", fallback: "es" })).toBe("fr");
    expect(chooseLanguage({ query: "klingon", acceptLanguage: "de", fallback: "es" })).toBe("de");
    expect(chooseLanguage({ query: null, acceptLanguage: "it", fallback: "es" })).toBe("es");
    expect(chooseLanguage({ query: "xx", acceptLanguage: "it", fallback: "nope" })).toBe("en");
  });

  it("gives each language its own clock, and reads the remembered one", () => {
    expect(defaultClock24("en")).toBe(false);
    for (const language of ["es", "de", "fr", "pt-BR"] as const) expect(defaultClock24(language)).toBe(true);
    expect(clockCookie("tz=UTC; clock=24")).toBe("24");
    expect(clockCookie("clock=12")).toBe("12");
    expect(clockCookie("clock=25")).toBeNull();
    expect(clockCookie(null)).toBeNull();
  });

  it("fills placeholders and leaves unknown ones as written", () => {
    expect(fill("{title} con {host}", { title: "Demo", host: "Ana" })).toBe("Demo con Ana");
    expect(fill("{a} {b}", { a: 1 })).toBe("1 {b}");
  });
});

describe("a first visitor's zone from Accept-Language (docs/decisions/091)", () => {
  it("a one-zone country's zone from the most wanted tag with a region", () => {
    expect(zoneFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("Europe/Berlin");
    expect(zoneFromAcceptLanguage("de-AT")).toBe("Europe/Vienna");
    expect(zoneFromAcceptLanguage("es-es")).toBe("Europe/Madrid");
    expect(zoneFromAcceptLanguage("zh-Hant-TW")).toBe("Asia/Taipei");
    // The region of the first tag that has one decides, ranked by q.
    expect(zoneFromAcceptLanguage("fr,en-GB;q=0.8,de-DE;q=0.9")).toBe("Europe/Berlin");
    expect(zoneFromAcceptLanguage("de;q=0.5, ja-JP")).toBe("Asia/Tokyo");
  });

  it("no guess for a country with several zones, a tag without a region, q=0 or garbage", () => {
    expect(zoneFromAcceptLanguage("en-US,en;q=0.9")).toBeNull();
    expect(zoneFromAcceptLanguage("pt-BR")).toBeNull();
    expect(zoneFromAcceptLanguage("en-US,de-DE;q=0.5")).toBeNull();
    expect(zoneFromAcceptLanguage("de")).toBeNull();
    expect(zoneFromAcceptLanguage("de-DE;q=0")).toBeNull();
    expect(zoneFromAcceptLanguage("es-419")).toBeNull();
    expect(zoneFromAcceptLanguage("*")).toBeNull();
    expect(zoneFromAcceptLanguage(null)).toBeNull();
    expect(zoneFromAcceptLanguage("x".repeat(2000))).toBeNull();
  });

  it("every zone it names is one Intl knows, and each country's guess is its zone", () => {
    for (const [region, zone] of Object.entries(COUNTRY_ZONES)) {
      expect(() => new Intl.DateTimeFormat("en", { timeZone: zone }), region).not.toThrow();
      expect(zoneFromAcceptLanguage(`xx-${region.toLowerCase()}`), region).toBe(zone);
    }
  });
});
