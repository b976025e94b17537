import { eq } from "drizzle-orm";
import { teamLogos, type userLogos } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, type PublicPageTag } from "~/server/page-cache.server";
import type { PhotoSize } from "~/schemas/profile-photo";

/**
 * A logo's storage (decisions 112, 117): one row per owner (a team, a host) with both WebP
 * renditions and their hash, replaced on each upload; each write drops the owner's cached pages.
 * The team's and the host's logos are this one code over their own tables.
 */

export type StoredImage = { hash: string; large: Uint8Array; small: Uint8Array };

type LogoTable = typeof teamLogos | typeof userLogos;

export function imageStore(
  table: LogoTable,
  key: typeof teamLogos.teamId | typeof userLogos.userId,
  tagOf: (id: string) => PublicPageTag,
) {
  const keyColumn = key as typeof teamLogos.teamId;
  const keyName = table === teamLogos ? "teamId" : "userId";
  // The two tables have the same columns but for their key: one shape for the queries.
  const t = table as unknown as typeof teamLogos;
  return {
    async save(id: string, image: StoredImage) {
      const db = await getDb();
      const row = { [keyName]: id, ...image, updatedAt: new Date() } as unknown as typeof teamLogos.$inferInsert;
      await db
        .insert(t)
        .values(row)
        .onConflictDoUpdate({
          target: keyColumn,
          set: { hash: image.hash, large: image.large, small: image.small, updatedAt: row.updatedAt },
        });
      invalidatePublicPages([tagOf(id)]);
    },
    /** false when there was none. */
    async remove(id: string): Promise<boolean> {
      const db = await getDb();
      const gone = await db.delete(t).where(eq(keyColumn, id)).returning({ hash: t.hash });
      if (gone.length > 0) invalidatePublicPages([tagOf(id)]);
      return gone.length > 0;
    },
    /** The current image's hash, or null. */
    async hashOf(id: string): Promise<string | null> {
      const db = await getDb();
      const [row] = await db.select({ hash: t.hash }).from(t).where(eq(keyColumn, id));
      return row?.hash ?? null;
    },
    /** The bytes of one rendition, with the hash they have now. */
    async bytes(id: string, size: PhotoSize): Promise<{ hash: string; bytes: Uint8Array } | null> {
      const db = await getDb();
      const [row] = await db
        .select({ hash: t.hash, bytes: size === "small" ? t.small : t.large })
        .from(t)
        .where(eq(keyColumn, id));
      return row ?? null;
    },
  };
}
