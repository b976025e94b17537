import { isReservedUsername } from "./username-rules";

/**
 * A new host's start (decision 041): the username suggested from their name, and the My
 * Schedule checklist's items. Pure: shared by the sign-up service, the page and unit tests.
 */

/** The event type every new host gets, bookable at once. */
export const DEFAULT_EVENT_TYPE = { title: "30 Minute Meeting", slug: "30min", duration: 30 } as const;

/**
 * "Ada Lovelace" -> "ada-lovelace"; accents folded, other characters dropped, 3-30 characters,
 * starting with a letter, never reserved. The e-mail's local part when the name gives nothing
 * usable, else "host".
 */
export function suggestUsername(name: string, email: string): string {
  const clean = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^[^a-z]+/, "")
      .slice(0, 26)
      .replace(/-+$/, "");
  for (const candidate of [clean(name), clean(email.split("@")[0] ?? "")]) {
    if (candidate.length >= 3 && !isReservedUsername(candidate)) return candidate;
  }
  return "host";
}

/** The names tried in order when the suggestion is taken: base, base-2, base-3, then random suffixes. */
export function usernameCandidates(base: string, random: () => number = Math.random): string[] {
  const numbered = [base, `${base}-2`, `${base}-3`];
  const suffixed = Array.from({ length: 5 }, () => `${base}-${Math.floor(1000 + random() * 9000)}`);
  return [...numbered, ...suffixed];
}

/** The checklist's items, in order; `done` from what the account holds. */
export type ChecklistItemId = "username" | "availability" | "calendar" | "share";

export interface ChecklistItem {
  id: ChecklistItemId;
  title: string;
  body: string;
  done: boolean;
  href: string;
  action: string;
}

export interface OnboardingFacts {
  username: string | null;
  /** The host changed their availability (edited the default schedule, or added one). */
  availabilityEdited: boolean;
  /** A guest has booked one of their event types (the link reached someone). */
  hasBooking: boolean;
  /** The host connected an outside calendar (docs/decisions/035). */
  hasCalendar: boolean;
}

/**
 * The checklist of My Schedule; shown until every item is done.
 */
export function onboardingChecklist(facts: OnboardingFacts): ChecklistItem[] {
  return [
    {
      id: "username",
      title: "Choose your username",
      body: facts.username
        ? `Your booking link is /${facts.username}. Change it on your profile if you like.`
        : "It makes your booking link.",
      done: facts.username !== null,
      href: "/dashboard/profile",
      action: facts.username ? "Change it" : "Choose one",
    },
    {
      id: "availability",
      title: "Set your availability",
      body: "Guests see times inside your working hours (Mon–Fri, 9:00–17:00 until you change them).",
      done: facts.availabilityEdited,
      href: "/dashboard/availability",
      action: "Set hours",
    },
    {
      id: "calendar",
      title: "Connect your calendar",
      body: "Meetings in your own calendar then block times on your booking page, and every booking lands in it.",
      done: facts.hasCalendar,
      href: "/dashboard/calendars",
      action: "Connect a calendar",
    },
    {
      id: "share",
      title: "Share your booking link",
      body: "Send it to someone or put it on your site; this is done once the first guest books.",
      done: facts.hasBooking,
      href: facts.username ? `/${facts.username}` : "/dashboard/profile",
      action: "View booking page",
    },
  ];
}

/** A host's booking link, ready to share: the absolute address guests open, and the same as a path of this site. */
export interface BookingLink {
  url: string;
  path: string;
}
