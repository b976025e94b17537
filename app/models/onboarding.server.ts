import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { eventTypes, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import type { OnboardingFacts } from "~/schemas/onboarding";

/** What My Schedule's checklist is worked out from (decision 041): read, never stored. */
export async function onboardingFacts(userId: string): Promise<OnboardingFacts> {
  const db = await getDb();
  const [row] = await db
    .select({
      username: users.username,
      // Edited: another schedule than the one made at sign-up, or that one changed since.
      availabilityEdited: sql<boolean>`exists (select 1 from schedules s where s.user_id = ${userId} and (not s.is_default or s.updated_at > s.created_at + interval '1 second'))`,
      hasBooking: sql<boolean>`exists (select 1 from events e where e.host_id = ${userId} and e.guest_email is not null)`,
      hasCalendar: sql<boolean>`exists (select 1 from calendar_connections c where c.user_id = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { username: null, availabilityEdited: false, hasBooking: false, hasCalendar: false };
}

/** The host's first bookable event type (oldest active one of their own), for the welcome's link. */
export async function firstBookableSlug(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: eventTypes.slug })
    .from(eventTypes)
    .where(and(eq(eventTypes.userId, userId), isNull(eventTypes.teamId), eq(eventTypes.active, true)))
    .orderBy(asc(eventTypes.createdAt))
    .limit(1);
  return row?.slug ?? null;
}

/**
 * A host's booking link (their first bookable event type's page, else their page), as the
 * welcome and My Schedule show it; null without a username. Admins host nothing: the caller skips them.
 */
export async function hostBookingLink(userId: string, username: string | null, base: string) {
  if (!username) return null;
  const slug = await firstBookableSlug(userId);
  const path = slug ? `/${username}/${slug}` : `/${username}`;
  return { path, url: `${base}${path}` };
}
