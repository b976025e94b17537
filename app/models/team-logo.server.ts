import { eq } from "drizzle-orm";
import { teamLogos } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";
import type { PhotoSize } from "~/schemas/profile-photo";

/** Team logos (decision 112): one row per team, replaced on each upload, as user_photos (decision 095). */

export async function saveTeamLogo(teamId: string, logo: { hash: string; large: Uint8Array; small: Uint8Array }) {
  const db = await getDb();
  const row = { teamId, ...logo, updatedAt: new Date() };
  await db
    .insert(teamLogos)
    .values(row)
    .onConflictDoUpdate({
      target: teamLogos.teamId,
      set: { hash: row.hash, large: row.large, small: row.small, updatedAt: row.updatedAt },
    });
  invalidatePublicPages([publicPageTag.team(teamId)]);
}

/** false when there was no logo. */
export async function deleteTeamLogo(teamId: string): Promise<boolean> {
  const db = await getDb();
  const gone = await db.delete(teamLogos).where(eq(teamLogos.teamId, teamId)).returning({ teamId: teamLogos.teamId });
  if (gone.length > 0) invalidatePublicPages([publicPageTag.team(teamId)]);
  return gone.length > 0;
}

/** The current logo's hash, or null. */
export async function teamLogoHashOf(teamId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ hash: teamLogos.hash }).from(teamLogos).where(eq(teamLogos.teamId, teamId));
  return row?.hash ?? null;
}

/** The bytes of one rendition, with the hash they have now. */
export async function teamLogoBytes(
  teamId: string,
  size: PhotoSize,
): Promise<{ hash: string; bytes: Uint8Array } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ hash: teamLogos.hash, bytes: size === "small" ? teamLogos.small : teamLogos.large })
    .from(teamLogos)
    .where(eq(teamLogos.teamId, teamId));
  return row ?? null;
}
