import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager } from "~/api/team-api.server";
import { LOGO_MESSAGES } from "~/schemas/team-logo";
import { teamJson } from "~/schemas/teams";
import { removeTeamLogo, setTeamLogo } from "~/services/profile-photo.server";
import { readPhotoUpload } from "~/utils/photo-upload.server";

/**
 * POST /api/teams/{id}/logo (multipart/form-data, the file in field `logo`) and DELETE (decision
 * 112): owners and admins set or remove the team's logo, with the profile photo's checks (decision
 * 095): 413 over 5 MB, 422 not a readable JPEG, PNG or WebP, 400 no file, 415 not multipart.
 * DELETE is 204 whether or not there was a logo. Members get 403 and outsiders 404 before the body is read.
 */
const UPLOAD_CODES: Record<number, string> = { 413: "payload_too_large", 415: "unsupported_media_type" };

async function POST({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  const upload = await readPhotoUpload(request, "logo", LOGO_MESSAGES);
  if (!upload.ok) return apiError(upload.status, UPLOAD_CODES[upload.status] ?? "invalid_input", upload.message);
  if (!upload.bytes || upload.bytes.length === 0) return apiError(400, "invalid_input", LOGO_MESSAGES.missing);
  const outcome = await setTeamLogo(team.id, upload.bytes);
  if (!outcome.ok) {
    if (outcome.message === LOGO_MESSAGES.tooBig) return apiError(413, "payload_too_large", outcome.message);
    return apiError(422, "invalid_image", outcome.message);
  }
  return Response.json(teamJson({ ...team, logoHash: outcome.photo.hash }));
}

async function DELETE({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  // Idempotent: no logo afterwards either way.
  await removeTeamLogo(team.id);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ POST, DELETE });
