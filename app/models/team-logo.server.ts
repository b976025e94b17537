import { teamLogos } from "../../db/schema";
import { publicPageTag } from "~/server/page-cache.server";
import { imageStore } from "./image-store.server";

/** Team logos (decision 112): one row per team, replaced on each upload, as user_photos (decision 095). */
const store = imageStore(teamLogos, teamLogos.teamId, publicPageTag.team);

export const saveTeamLogo = store.save;
/** false when there was no logo. */
export const deleteTeamLogo = store.remove;
/** The current logo's hash, or null. */
export const teamLogoHashOf = store.hashOf;
/** The bytes of one rendition, with the hash they have now. */
export const teamLogoBytes = store.bytes;
