import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import type { OnboardingFacts } from "~/schemas/onboarding";

/**
 * What My Schedule's checklist is worked out from (decision 041), read, never stored; with the
 * host's first bookable event type (the oldest active one of their own) for their booking link.
 */
export async function onboardingFacts(userId: string): Promise<OnboardingFacts & { bookableSlug: string | null }> {
  const db = await getDb();
  const [row] = await db
    .select({
      username: users.username,
      // Edited: another schedule than the one made at sign-up, or that one changed since.
      availabilityEdited: sql<boolean>`exists (select 1 from schedules s where s.user_id = ${userId} and (not s.is_default or s.updated_at > s.created_at + interval '1 second'))`,
      hasBooking: sql<boolean>`exists (select 1 from events e where e.host_id = ${userId} and e.guest_email is not null)`,
      hasCalendar: sql<boolean>`exists (select 1 from calendar_connections c where c.user_id = ${userId})`,
      bookableSlug: sql<
        string | null
      >`(select t.slug from event_types t where t.user_id = ${userId} and t.team_id is null and t.active order by t.created_at limit 1)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return (
    row ?? { username: null, availabilityEdited: false, hasBooking: false, hasCalendar: false, bookableSlug: null }
  );
}

/**
 * A host's booking link (their first bookable event type's page, else their page), as the
 * welcome and My Schedule show it; null without a username. Admins host nothing: the caller skips them.
 */
export function hostBookingLink(facts: { username: string | null; bookableSlug: string | null }, base: string) {
  if (!facts.username) return null;
  const path = facts.bookableSlug ? `/${facts.username}/${facts.bookableSlug}` : `/${facts.username}`;
  return { path, url: `${base}${path}` };
}
