import { userLogos } from "../../db/schema";
import { publicPageTag } from "~/server/page-cache.server";
import { hostLogoPath } from "~/schemas/team-logo";
import { imageStore } from "./image-store.server";

/** A host's own logo (decision 117): stored as a team's logo is (decision 112), a host's pages dropped on each write. */
const store = imageStore(userLogos, userLogos.userId, publicPageTag.host);

export const saveHostLogo = store.save;
/** false when there was no logo. */
export const deleteHostLogo = store.remove;
/** The current logo's hash, or null. */
export const hostLogoHashOf = store.hashOf;
/** The bytes of one rendition, with the hash they have now. */
export const hostLogoBytes = store.bytes;

/** A host's logo as a page shows it (decision 117): its 96 px and 256 px paths, or null without one. */
export async function hostLogoOf(userId: string): Promise<{ small: string; large: string } | null> {
  const hash = await store.hashOf(userId);
  return hash ? { small: hostLogoPath(userId, hash, "small"), large: hostLogoPath(userId, hash) } : null;
}
