import { hostBookingLink, onboardingFacts } from "~/models/onboarding.server";
import { onboardingChecklist, type BookingLink, type ChecklistItem } from "~/schemas/onboarding";
import { linkBase } from "~/server/env.server";
import { getUser } from "~/utils/auth.server";
import { can } from "~/utils/permissions";
import { escapeHtml } from "./escape.server";

/**
 * A signed-in host's welcome at the top of the home page (where sign-up lands without an origin
 * page): their booking link, ready to share, and what is left of the "Get started" checklist.
 * Null for visitors and admins. Here rather than in the route, so the home page's browser bundle
 * does not carry a stub for each server module it would import.
 */
export async function welcomeFor(request: Request): Promise<string | null> {
  const user = await getUser(request);
  if (!user || can(user, "admin:events")) return null;
  const facts = await onboardingFacts(user.id);
  const link = hostBookingLink(facts, linkBase(request));
  return link ? welcomeMarkup(link, onboardingChecklist(facts)) : null;
}

/**
 * The home page's welcome for a signed-in host, made on the server: the home page's bundle
 * carries no component of its own for it (tests/integration/js-budget.test.ts). The link to
 * select, open and send by e-mail; what is left of the "Get started" checklist; My Schedule,
 * where the link also copies.
 */
export function welcomeMarkup(link: BookingLink, checklist: ChecklistItem[]): string {
  const url = escapeHtml(link.url);
  const mail = escapeHtml(
    `mailto:?subject=${encodeURIComponent("Book a time with me")}&body=${encodeURIComponent(`Pick a time that suits you: ${link.url}`)}`,
  );
  const left = checklist.filter((i) => !i.done);
  const items = left
    .map(
      (i) =>
        `<li class="rounded-lg bg-surface p-4"><p class="font-medium text-neutral-900">${escapeHtml(i.title)}</p><p class="break-words text-sm text-neutral-700">${escapeHtml(i.body)}</p><a href="${escapeHtml(i.href)}" class="mt-1 inline-block text-sm font-semibold text-brand-700 underline">${escapeHtml(i.action)}</a></li>`,
    )
    .join("");
  const steps = left.length
    ? `<section aria-labelledby="get-started" class="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-5 sm:p-6" data-testid="onboarding-checklist"><h2 id="get-started" class="text-lg font-semibold text-neutral-900">Get started</h2><p class="mt-1 text-sm text-neutral-700">${checklist.length - left.length} of ${checklist.length} done</p><ol class="mt-4 space-y-3">${items}</ol></section>`
    : "";
  const button = "inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-semibold";
  return `<section aria-labelledby="booking-link-title" class="rounded-xl border border-brand-200 bg-surface p-5 shadow-sm sm:p-6" data-testid="booking-link-card"><h2 id="booking-link-title" class="text-lg font-semibold text-neutral-900">Your booking link is ready</h2><p class="mt-1 text-sm text-neutral-700">Guests pick a time from it; it shows only times you are free.</p><label for="booking-link-url" class="sr-only">Booking link</label><input id="booking-link-url" readonly value="${url}" class="mt-3 w-full rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2 font-mono text-sm text-neutral-900"><div class="mt-3 flex flex-wrap gap-2"><a href="${escapeHtml(link.path)}" target="_blank" rel="noopener" class="${button} bg-accent text-white hover:bg-accent-strong">Open booking page</a><a href="${mail}" class="${button} border border-neutral-300 bg-surface text-neutral-900 hover:bg-neutral-50">Share by e-mail</a></div></section>${steps}<p class="mt-4 text-sm"><a href="/dashboard" class="font-semibold text-brand-700 underline hover:text-brand-800">Go to My Schedule</a></p>`;
}
