import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { apiImageUpload } from "~/api/image-upload.server";
import { requireTeamManager } from "~/api/team-api.server";
import { LOGO_MESSAGES } from "~/schemas/team-logo";
import { teamJson } from "~/schemas/teams";
import { removeTeamLogo, setTeamLogo } from "~/services/profile-photo.server";

/**
 * POST /api/teams/{id}/logo (multipart/form-data, the file in field `logo`) and DELETE (decision
 * 112): owners and admins set or remove the team's logo, with the profile photo's checks (decision
 * 095): 413 over 5 MB, 422 not a readable JPEG, PNG or WebP, 400 no file, 415 not multipart.
 * DELETE is 204 whether or not there was a logo. Members get 403 and outsiders 404 before the body is read.
 */
async function POST({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  const saved = await apiImageUpload(request, "logo", LOGO_MESSAGES, (bytes) => setTeamLogo(team.id, bytes));
  if (saved instanceof Response) return saved;
  return Response.json(teamJson({ ...team, logoHash: saved.hash }));
}

async function DELETE({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  // Idempotent: no logo afterwards either way.
  await removeTeamLogo(team.id);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ POST, DELETE });
