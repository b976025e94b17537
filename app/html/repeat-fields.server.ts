import { EN } from "~/messages/guest-words/en";
import type { GuestWords } from "~/messages/guest-words/types";
import { plural, type Language } from "~/messages/languages";
import { escapeHtml } from "./escape.server";

/**
 * The booking form's series choice (decision 106) as server-made markup: two plain selects that
 * post with the form, without JavaScript and without adding to the booking page's scripts
 * (tests/integration/js-budget.test.ts). The count is read only when the meeting repeats.
 */

const SELECT =
  "mt-1 block w-full rounded-lg border border-neutral-300 bg-surface px-3 py-2.5 text-base text-neutral-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm";

function select(id: string, label: string, value: string, options: Array<[string, string]>): string {
  const items = options
    .map(
      ([v, text]) => `<option value="${escapeHtml(v)}"${v === value ? " selected" : ""}>${escapeHtml(text)}</option>`,
    )
    .join("");
  return `<div><label for="${id}" class="block text-sm text-neutral-800">${escapeHtml(label)}</label><select id="${id}" name="${id === "booking-repeat" ? "repeat" : "occurrences"}" class="${SELECT}">${items}</select></div>`;
}

export function repeatFieldsMarkup(
  recurring: { maxOccurrences: number; intervalWeeks: number[] },
  values: { repeat?: string; occurrences?: string } = {},
  errors: string[] = [],
  speech: { language: Language; words: GuestWords } = { language: "en", words: EN },
): string {
  const { language, words: w } = speech;
  const counts = Array.from({ length: recurring.maxOccurrences - 1 }, (_, i): [string, string] => [
    String(i + 2),
    plural(language, w.repeatMeetings, i + 2),
  ]);
  const errorList = errors.length
    ? `<ul id="booking-repeat-error" class="mt-1 space-y-0.5">${errors
        .map((e) => `<li class="text-sm text-red-700">${escapeHtml(e)}</li>`)
        .join("")}</ul>`
    : "";
  return `<fieldset class="space-y-3"${errors.length ? ' aria-describedby="booking-repeat-error"' : ""}><legend class="text-sm font-medium text-neutral-800">${escapeHtml(w.repeat)}</legend>${select(
    "booking-repeat",
    w.repeatHowOften,
    values.repeat ?? "",
    [
      ["", w.repeatNone],
      ...recurring.intervalWeeks.map((n): [string, string] => [String(n), plural(language, w.repeatEvery, n)]),
    ],
  )}${select(
    "booking-occurrences",
    w.repeatCount,
    values.occurrences ?? String(Math.min(4, recurring.maxOccurrences)),
    counts,
  )}${errorList}</fieldset>`;
}
