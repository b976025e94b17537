import { fill, LOCALES, type Language } from "~/messages/languages";
import { GUEST_WORDS } from "~/messages/guest-words";
import { occurrenceTakenMessage, ordinal, type RecurrenceRefusal } from "~/scheduling/recurrence";

/**
 * A recurring series' refusals (decision 106) in the guest's language (decision 088): which meeting
 * is not free, with its date in the guest's zone as their language writes it, and the event type's
 * repeat rule. English stays the words the JSON API gives (scheduling/recurrence.ts).
 */

/** "4th", "4.ª", "4.", "4e", "4ª": the meeting's place in the series as the language writes it before "meeting". */
export function meetingOrdinal(language: Language, n: number): string {
  switch (language) {
    case "en":
      return ordinal(n);
    case "es":
      return `${n}.ª`;
    case "de":
      return `${n}.`;
    case "fr":
      return n === 1 ? "1re" : `${n}e`;
    case "pt-BR":
      return `${n}ª`;
  }
}

/** "The 4th meeting, Tue 22 Dec 10:00, is no longer free." in the guest's language, zone and clock. */
export function occurrenceTakenText(
  language: Language,
  index: number,
  start: Date | null,
  zone: string,
  clock24: boolean,
): string {
  // English keeps the words the JSON API gives, verbatim (24-hour, as decision 106 wrote them).
  if (language === "en") return occurrenceTakenMessage(index, start, zone);
  const words = GUEST_WORDS[language];
  const place = meetingOrdinal(language, index);
  if (!start) return fill(words.seriesSkipped, { ordinal: place });
  const when = new Intl.DateTimeFormat(LOCALES[language], {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: clock24 ? "h23" : "h12",
    timeZone: zone,
  }).format(start);
  return fill(words.seriesTaken, { ordinal: place, when });
}

/** The event type's repeat rule, as the booking page says it in the guest's language. */
export function recurrenceRefusalText(language: Language, refusal: RecurrenceRefusal): string {
  const words = GUEST_WORDS[language];
  if (refusal.rule === "not-recurring") return words.seriesNotTaken;
  if (refusal.rule === "count") return fill(words.seriesCount, { max: refusal.max });
  const weeks =
    language === "en"
      ? refusal.intervalWeeks.join(" or ")
      : new Intl.ListFormat(LOCALES[language], { type: "disjunction" }).format(refusal.intervalWeeks.map(String));
  return fill(words.seriesEvery, { weeks });
}
