import { eq, inArray } from "drizzle-orm";
import { userPhotos } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import type { PhotoSize } from "~/schemas/profile-photo";

/** Profile photos (decision 095): one row per user, replaced on each upload. */

export async function saveUserPhoto(userId: string, photo: { hash: string; large: Uint8Array; small: Uint8Array }) {
  const db = await getDb();
  const row = { userId, ...photo, updatedAt: new Date() };
  await db
    .insert(userPhotos)
    .values(row)
    .onConflictDoUpdate({
      target: userPhotos.userId,
      set: { hash: row.hash, large: row.large, small: row.small, updatedAt: row.updatedAt },
    });
  invalidatePublicPages([publicPageTag.host(userId)]);
}

/** false when there was no photo. */
export async function deleteUserPhoto(userId: string): Promise<boolean> {
  const db = await getDb();
  const gone = await db
    .delete(userPhotos)
    .where(eq(userPhotos.userId, userId))
    .returning({ userId: userPhotos.userId });
  if (gone.length > 0) invalidatePublicPages([publicPageTag.host(userId)]);
  return gone.length > 0;
}

/** The current photo's hash, or null. */
export async function photoHashOf(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ hash: userPhotos.hash }).from(userPhotos).where(eq(userPhotos.userId, userId));
  return row?.hash ?? null;
}

/** Hashes of several users' photos (those with one). */
export async function photoHashesOf(userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ userId: userPhotos.userId, hash: userPhotos.hash })
    .from(userPhotos)
    .where(inArray(userPhotos.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.hash]));
}

/** The bytes of one rendition, when `hash` is still the user's photo. */
export async function userPhotoBytes(
  userId: string,
  size: PhotoSize,
): Promise<{ hash: string; bytes: Uint8Array } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ hash: userPhotos.hash, bytes: size === "small" ? userPhotos.small : userPhotos.large })
    .from(userPhotos)
    .where(eq(userPhotos.userId, userId));
  return row ?? null;
}
