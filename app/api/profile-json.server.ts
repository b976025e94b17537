import { hostLogoHashOf } from "~/models/user-logo.server";
import { getProfile } from "~/models/user.server";
import { hostLogoPath } from "~/schemas/team-logo";
import { apiError } from "./api.server";

/**
 * The caller's profile as JSON clients read it (GET /api/me and the answers of its writes):
 * `brandColor` (decision 108) and `logoUrl`, a path on this server or null (decision 117).
 */
export async function profileJson(userId: string) {
  const [profile, logoHash] = await Promise.all([getProfile(userId), hostLogoHashOf(userId)]);
  if (!profile) return apiError(404, "not_found", "This account no longer exists.");
  const { id, email, name, username, timeZone, role, brandColor } = profile;
  const logoUrl = logoHash ? hostLogoPath(id, logoHash) : null;
  return Response.json({ id, email, name, username, timeZone, role, brandColor, logoUrl });
}
