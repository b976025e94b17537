import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { events, notifications, users } from "../../db/schema";
import { getDb } from "~/server/db.server";

/** Broadcasts for everybody, plus the signed-in user's own; never anyone else's. */
export async function listVisibleNotifications(userId: string | null, limit = 20) {
  const db = await getDb();
  return db
    .select({ id: notifications.id, notification: notifications.notification })
    .from(notifications)
    .where(userId ? or(isNull(notifications.userId), eq(notifications.userId, userId)) : isNull(notifications.userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

/**
 * The bell's list for a signed-in user, newest first, each marked unread when it arrived
 * after the user last opened the panel. A new account starts with nothing unread: site-wide
 * announcements made before it was created are not news to it (its own notifications are). One query.
 */
export async function listBellNotifications(userId: string, limit = 20) {
  const db = await getDb();
  return (
    db
      .select({
        id: notifications.id,
        notification: notifications.notification,
        createdAt: notifications.createdAt,
        unread: sql<boolean>`${notifications.createdAt} > coalesce(${users.notificationsSeenAt}, '-infinity'::timestamptz)
        and (${notifications.userId} is not null or ${notifications.createdAt} >= ${users.createdAt})`,
        link: notifications.link,
        // The booking it is about, while it is still this user's (a reassigned one is not).
        eventId: events.id,
        /** A booking request of theirs still waiting for an answer: the bell offers Approve and Decline. */
        awaitingAnswer: sql<boolean>`coalesce(${events.status} = 'pending', false)`,
      })
      .from(notifications)
      // The reader's row, once: when they last opened the bell and when they joined.
      .innerJoin(users, eq(users.id, userId))
      .leftJoin(events, and(eq(events.id, notifications.eventId), eq(events.hostId, userId)))
      .where(or(isNull(notifications.userId), eq(notifications.userId, userId)))
      .orderBy(desc(notifications.createdAt))
      .limit(limit)
  );
}

/** Everything visible to the user up to now counts as read (the database clock, as for createdAt). */
export async function markNotificationsSeen(userId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(users)
    .set({ notificationsSeenAt: sql`now()` })
    .where(eq(users.id, userId));
}
