import { OUT_OF_OFFICE_MESSAGES as M } from "~/messages/out-of-office";
import { activeSlugOf, type PublicAbsence } from "~/models/out-of-office.server";
import { awayAt } from "~/schemas/out-of-office";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { escapeHtml } from "./escape.server";

/**
 * The host pages' "away" notice (decision 061): while an absence covers `now`, "{Name} is away
 * until {date}" (the date in the viewer's zone, written as the booking page writes its dates)
 * and, with a teammate set, a link to the teammate's own active event type with the same slug,
 * else to the teammate's page.
 */

export interface AwayNotice {
  message: string;
  teammate: { name: string; href: string } | null;
}

const labels = new Map<string, Intl.DateTimeFormat>();

/** "Tuesday, December 1" of `instant` in `zone`: the booking page's day label. */
function dayLabel(instant: Date, zone: string): string {
  const known = dateTimeFormatters(zone).zone;
  let format = labels.get(known);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: known });
    if (labels.size < 1000) labels.set(known, format);
  }
  return format.format(instant);
}

export async function awayNotice(
  hostName: string,
  absences: readonly PublicAbsence[],
  now: Date,
  viewerZone: string,
  options: { slug?: string; embed?: boolean } = {},
): Promise<AwayNotice | null> {
  const away = awayAt(absences, now);
  if (!away) return null;
  const message = M.away(hostName, dayLabel(away.until, viewerZone));
  const to = away.absence.redirect;
  if (!to) return { message, teammate: null };
  const slug = options.slug ? await activeSlugOf(to.id, options.slug) : null;
  const path = slug ? `/${to.username}/${slug}` : `/${to.username}`;
  return { message, teammate: { name: to.name, href: options.embed ? `${path}?embed=1` : path } };
}

/**
 * The notice as markup, for the booking page: it ships no component of its own to the browser
 * (the page's JavaScript budget, docs/benchmarks.md). The same markup as components/away-note.tsx;
 * every text is escaped here.
 */
export function awayNoticeMarkup(notice: AwayNotice): string {
  const link = notice.teammate
    ? `<p class="mt-1 text-sm"><a href="${escapeHtml(notice.teammate.href)}" class="font-medium text-brand-700 underline underline-offset-2" data-testid="away-teammate">Book with ${escapeHtml(notice.teammate.name)}</a></p>`
    : "";
  return `<div role="status" class="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="host-away"><p class="font-semibold">${escapeHtml(notice.message)}</p>${link}</div>`;
}
