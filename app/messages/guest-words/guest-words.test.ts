import { describe, expect, it } from "vitest";
import { LANGUAGES, LOCALES, plural, type Plural } from "~/messages/languages";
import { GUEST_WORDS } from ".";
import { EN } from "./en";
import { MAIL_EN, MAIL_WORDS } from "./mail";
import { CHANGE_EN, CHANGE_WORDS } from "./change";
import { ROUTING_EN, ROUTING_WORDS } from "./routing";
import { HOST_MAIL_EN, HOST_MAIL_WORDS } from "~/messages/host-mail-words";

/**
 * The build's check of the guest's languages (docs/decisions/088): every language has every key of
 * the English, with the same placeholders, each plural with every form its language's rules name,
 * and no entry left empty or in English where it should not be.
 */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const withoutCount = (names: string[]) => names.filter((name) => name !== "count");
const texts = (entry: string | Plural) => (typeof entry === "string" ? [entry] : Object.values(entry));

const CATALOGUES: [string, Record<string, string | Plural>, Record<string, Record<string, string | Plural>>][] = [
  ["guest's pages", EN, GUEST_WORDS],
  ["guest's mails", MAIL_EN, MAIL_WORDS],
  ["guest's cancel and reschedule pages", CHANGE_EN, CHANGE_WORDS],
  ["guest's routing form page", ROUTING_EN, ROUTING_WORDS],
  // Not the guest's: the host's own booking mails, in the language of their profile (decision 110).
  ["host's mails", HOST_MAIL_EN, HOST_MAIL_WORDS],
];

for (const [catalogue, english, all] of CATALOGUES)
  describe(`the ${catalogue} in every language`, () => {
    const keys = Object.keys(english);

    for (const language of LANGUAGES) {
      describe(language, () => {
        const words = all[language];

        it("has every key of the English and no other", () => {
          const missing = keys.filter((key) => !(key in words));
          const extra = Object.keys(words).filter((key) => !(key in english));
          expect(missing, `missing in ${language}`).toEqual([]);
          expect(extra, `unknown in ${language}`).toEqual([]);
        });

        it("fills every entry, with the English entry's placeholders", () => {
          for (const key of keys) {
            const entry = words[key];
            expect(typeof entry, `${language}.${key}: a plural in English is a plural here`).toBe(typeof english[key]);
            const want = placeholders(texts(english[key])[0]);
            for (const text of texts(entry)) {
              expect(text.trim(), `${language}.${key} is empty`).not.toBe("");
              // A plural's singular may say "once" for {count}: the count is checked in its "other" form.
              const have = placeholders(text);
              if (typeof entry === "string") expect(have, `${language}.${key}: "${text}"`).toEqual(want);
              else expect(withoutCount(have), `${language}.${key}: "${text}"`).toEqual(withoutCount(want));
            }
            if (typeof entry !== "string" && typeof english[key] !== "string")
              expect(placeholders(entry.other), `${language}.${key}.other`).toEqual(
                placeholders((english[key] as Plural).other),
              );
          }
        });

        it("has each plural form its language's rules name", () => {
          const categories = new Intl.PluralRules(LOCALES[language]).resolvedOptions().pluralCategories;
          for (const key of keys) {
            const entry = words[key];
            if (typeof entry === "string") continue;
            for (const category of categories)
              expect(entry[category as keyof Plural], `${language}.${key}.${category}`).toBeTruthy();
          }
        });

        if (language !== "en")
          it("is translated: the sentences are not the English ones", () => {
            // Short labels may be the same word ("Email"/"E-mail", "24h"): only sentences count.
            const same = keys.filter((key) => {
              const text = english[key];
              return typeof text === "string" && text.split(" ").length > 3 && words[key] === text;
            });
            expect(same).toEqual([]);
          });
      });
    }
  });

describe("plurals", () => {
  it("picks the form by the language's rules, with the count in its digits", () => {
    expect(plural("en", EN.placesLeft, 1)).toBe("1 place left");
    expect(plural("en", EN.placesLeft, 3)).toBe("3 places left");
    expect(plural("es", GUEST_WORDS.es.placesLeft, 1)).toBe("Queda 1 plaza");
    expect(plural("es", GUEST_WORDS.es.placesLeft, 4)).toBe("Quedan 4 plazas");
    expect(plural("de", GUEST_WORDS.de.placesLeft, 1)).toBe("Noch 1 Platz frei");
    expect(plural("de", GUEST_WORDS.de.placesLeft, 2)).toBe("Noch 2 Plätze frei");
    // French and Brazilian Portuguese say 0 in the singular.
    expect(plural("fr", GUEST_WORDS.fr.placesLeft, 0)).toBe("0 place restante");
    expect(plural("fr", GUEST_WORDS.fr.placesLeft, 2)).toBe("2 places restantes");
    expect(plural("pt-BR", GUEST_WORDS["pt-BR"].placesLeft, 0)).toBe("Resta 0 vaga");
    expect(plural("pt-BR", GUEST_WORDS["pt-BR"].placesLeft, 5)).toBe("Restam 5 vagas");
    expect(plural("de", GUEST_WORDS.de.tooManyAttempts, 1)).toContain("in etwa 1 Minute erneut");
    expect(plural("en", EN.tooManyAttempts, 2)).toBe(
      "Too many booking attempts from your network. Try again in about 2 minutes.",
    );
  });
});
