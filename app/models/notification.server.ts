import { desc, eq, isNull, or } from "drizzle-orm";
import { notifications } from "../../db/schema";
import { getDb } from "../utils/db.server";

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
