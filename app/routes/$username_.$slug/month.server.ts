import { brandAttributes, pageBrandColor } from "~/html/brand-style.server";
import { isPaidHost, isPaidTeam } from "~/models/professional.server";
import { teamLogoPath } from "~/schemas/team-logo";
import { hostLogoOf } from "~/models/user-logo.server";
import { json } from "@remix-run/node";
import { getTeamHandle } from "~/models/teams.server";
import { routingResponseOf } from "~/models/routing-forms.server";
import {
  getBookableEventTypeBySlug,
  getBookableTeamEventType,
  getPublicHost,
  isEventTypeOff,
  teamEventTypeMovedTo,
  slotSearch,
  type BookableEventType,
} from "~/models/event-type.server";
import { SlotConfigError } from "~/scheduling/availability";
import { computeSlots, findSlots } from "~/scheduling/slots";
import { addDays } from "~/scheduling/zoned-time";
import { monthRange, shiftMonth, USERNAME_IN_URL } from "~/components/booking-page";

// The loader's zone-aware "today" comes through this server module: the browser build keeps a
// chunk import for every module the route file names, used there or not, and zoned-time's
// would bring luxon to the page.
export { todayIn } from "~/scheduling/zoned-time";
// The same for the lengths a guest picks from (decision 087): zod's schemas stay off the page.
export { durationsOf } from "~/schemas/scheduling-api";
export { bookableForDuration } from "~/models/event-type.server";
// And the price the loader formats: money's zero-decimal list would otherwise be a chunk of its own.
export { formatMoney } from "~/schemas/money";
// And every other server-only name the loader uses: each module a route file names stays in its
// browser build as an empty module, and one that other routes name too is a chunk of its own
// the page requests (decision 122).
export { data, redirect } from "@remix-run/node";
export { photoHashOf } from "~/models/user-photo.server";
export { singleUseLinkState } from "~/models/booking-controls.server";
export { hostCalendarsStale } from "~/models/calendar.server";
export { publicAbsences } from "~/models/out-of-office.server";
export { awayNotice, awayNoticeMarkup } from "~/html/away-notice.server";
export { retryAfterHeaders } from "~/server/rate-limit.server";
export { publicPageTag, tagPublicPage } from "~/server/page-cache.server";
export { notTakingBookings } from "~/html/not-taking.server";
export { repeatFieldsMarkup } from "~/html/repeat-fields.server";
export { textsGuests } from "~/models/workflow.server";
export { isPayableKind } from "~/schemas/price";

/** Who the booking page shows as the host: a person, or a team (decision 059), and the page's paths. */
export interface PageHost {
  name: string;
  /** What the avatar's initials fall back to. */
  username: string;
  timeZone: string;
  /** The page's own path: /{username}/{slug} or /team/{team slug}/{slug}. */
  path: string;
  /** "All meeting types": /{username} or /team/{team slug}. */
  home: string;
  /** The host's or team's brand colour (decision 108), or null for the site's. */
  brandColor: string | null;
  /** A team's page (decision 112): its logo in place of a host's photo, its owners' plan for "Powered by". */
  team: { id: string; logoHash: string | null; ownerIds: string[] } | null;
}

/**
 * The host and event type of the page; `link` (a single-use link's token) opens one that is off
 * (decision 039). `params.team` is the team route's (/team/{team}/{slug}, decision 059): the same
 * page for a team's event type. A team event type asked for under its maker's username answers
 * `moved` (its team's path), so links shared before decision 059 still book.
 */
export async function findPage(
  params: { username?: string; slug?: string; team?: string },
  link?: string | null,
): Promise<{ host: PageHost; found: BookableEventType } | { moved: string } | { off: OffPage } | null> {
  const slug = params.slug ?? "";
  if (params.team !== undefined) {
    const teamSlug = params.team.toLowerCase();
    if (!USERNAME_IN_URL.test(teamSlug)) return null;
    const [team, found] = await Promise.all([getTeamHandle(teamSlug), getBookableTeamEventType(teamSlug, slug, link)]);
    if (!team) return null;
    if (!found)
      return (await isEventTypeOff({ team: teamSlug }, slug))
        ? { off: offPage(team.name, `/team/${team.slug}`) }
        : null;
    const path = `/team/${team.slug}/${found.eventType.slug}`;
    const home = `/team/${team.slug}`;
    return {
      host: {
        name: team.name,
        username: team.slug,
        timeZone: found.schedule.timeZone,
        path,
        home,
        brandColor: team.brandColor,
        team: { id: team.id, logoHash: team.logoHash, ownerIds: team.ownerIds },
      },
      found,
    };
  }
  const username = params.username ?? "";
  if (!USERNAME_IN_URL.test(username)) return null;
  const [host, found] = await Promise.all([getPublicHost(username), getBookableEventTypeBySlug(username, slug, link)]);
  if (host && found)
    return {
      host: {
        name: host.name || host.username,
        username: host.username,
        timeZone: host.timeZone,
        path: `/${host.username}/${found.eventType.slug}`,
        home: `/${host.username}`,
        brandColor: host.brandColor,
        team: null,
      },
      found,
    };
  if (!host) return null;
  const [moved, off] = await Promise.all([teamEventTypeMovedTo(username, slug), isEventTypeOff({ username }, slug)]);
  if (moved) return { moved };
  return off ? { off: offPage(host.name || host.username, `/${host.username}`) } : null;
}

/** A switched-off event type's page: what it says, and where its owner's other event types are. */
export interface OffPage {
  title: string;
  body: string;
  link: string;
  home: string;
}

/** The words travel from the server: the booking page's bundle carries none of its own. */
function offPage(name: string, home: string): OffPage {
  return {
    title: "This event isn't taking bookings",
    body: `${name} has switched this event type off for now, so no times can be booked through this link.`,
    link: `See ${name}'s other event types`,
    home,
  };
}

/** The 404 of a switched-off event type, which the page's error boundary shows as such. */
export function eventTypeOff(off: OffPage): never {
  throw json({ off }, { status: 404, headers: { "Cache-Control": "private, no-cache" } });
}

export interface MonthSlots {
  /** Open days of the month with their slot starts, in the guest's zone. */
  slots: Record<string, string[]>;
  /** Group event types: the seats still open per slot start (keyed by the slot text). */
  seatsLeft: Record<string, number>;
}

/** One month of the slot search (the one behind GET /api/slots and booking). */
export function monthSlots(found: BookableEventType, month: string, timeZone: string, now: Date): Promise<MonthSlots> {
  return rangeSlots(found, monthRange(month), timeZone, now);
}

/** The slot search over the guest's dates `range` (a month, or a week for the week view). */
export async function rangeSlots(
  found: BookableEventType,
  range: { start: string; end: string },
  timeZone: string,
  now: Date,
): Promise<MonthSlots> {
  try {
    const input = await slotSearch(found, { range, timeZone, now });
    const slots: Record<string, string[]> = {};
    for (const [date, list] of Object.entries(computeSlots(input).slots)) if (list.length > 0) slots[date] = list;
    const seatsLeft: Record<string, number> = {};
    if (found.eventType.kind === "group") {
      const byStart = new Map(findSlots(input).map((s) => [s.start, s.seatsRemaining]));
      for (const list of Object.values(slots)) {
        for (const text of list) {
          const left = byStart.get(Date.parse(text));
          if (left !== undefined) seatsLeft[text] = left;
        }
      }
    }
    return { slots, seatsLeft };
  } catch (error) {
    if (error instanceof SlotConfigError) return { slots: {}, seatsLeft: {} };
    throw error;
  }
}

/** How many months after an empty one the page looks for the next open day. */
const LOOK_AHEAD_MONTHS = 3;

/**
 * The month to show and its slots. With no month asked for, an empty current month gives way to
 * the first of the next few months with open times (inside the booking window). An empty month
 * that was asked for stays, with the next open day found after it (`nextOpen`) to offer.
 */
export async function openMonth(
  found: BookableEventType,
  query: { month: string; asked: boolean; today: string; timeZone: string; now: Date },
): Promise<MonthSlots & { month: string; nextOpen: string | null }> {
  const first = await monthSlots(found, query.month, query.timeZone, query.now);
  if (Object.keys(first.slots).length > 0) return { ...first, month: query.month, nextOpen: null };
  const lastDay = addDays(query.today, found.eventType.bookingWindowDays + 1);
  for (let i = 1; i <= LOOK_AHEAD_MONTHS; i++) {
    const month = shiftMonth(query.month, i);
    if (monthRange(month).start > lastDay) break;
    const later = await monthSlots(found, month, query.timeZone, query.now);
    const days = Object.keys(later.slots).sort();
    if (days.length === 0) continue;
    return query.asked ? { ...first, month: query.month, nextOpen: days[0] } : { ...later, month, nextOpen: null };
  }
  return { ...first, month: query.month, nextOpen: null };
}

/**
 * The page's event type as a routing form's response narrowed it (decision 074): `routing` (the
 * response's id from the form's booking link) must be a response routed to this event type;
 * anything else is "invalid", never a wider choice of hosts.
 */
export async function withRouting(
  found: BookableEventType,
  routing: string | null,
): Promise<BookableEventType | "invalid"> {
  if (routing === null || routing === "") return found;
  const response = await routingResponseOf(routing);
  if (!response || response.eventTypeId !== found.eventType.id) return "invalid";
  return {
    ...found,
    routingResponseId: response.id,
    ...(response.hostIds ? { routedHostIds: response.hostIds } : {}),
  };
}

export const ROUTING_LINK_INVALID = "This link from a routing form is not valid. Fill in the form again.";

/**
 * How the page looks for its owner (decision 108): the host's or team's colour (an embed's
 * `?brandColor=` first) and whether "Powered by" is left out (a paid host, or a team with a paid owner).
 */
export async function pageLook(ownerId: string, host: PageHost, q: URLSearchParams) {
  // A team's pages follow its owners' plan, not the event type's maker's (decision 112).
  const paid = host.team ? await isPaidTeam(host.team.id) : await isPaidHost(ownerId);
  return { brand: brandAttributes(pageBrandColor(q, host.brandColor)), paid };
}

/**
 * The page's logo: a team's (decision 112) on a team's page, else the host's own (decision 117);
 * its 96 px and 256 px paths, or null without one.
 */
export async function pageLogo(host: PageHost, ownerId: string): Promise<{ small: string; large: string } | null> {
  if (!host.team) return hostLogoOf(ownerId);
  if (!host.team.logoHash) return null;
  return {
    small: teamLogoPath(host.team.id, host.team.logoHash, "small"),
    large: teamLogoPath(host.team.id, host.team.logoHash),
  };
}

// The embed's look kept in the page's links (decision 112), through this server module: the
// browser build keeps a chunk import for every module a route file names, used there or not.
export { embedLookParams } from "~/utils/embed-look";
