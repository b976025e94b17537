import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { apiImageUpload } from "~/api/image-upload.server";
import { profileJson } from "~/api/profile-json.server";
import { LOGO_MESSAGES } from "~/schemas/team-logo";
import { removeHostLogo, setHostLogo } from "~/services/profile-photo.server";

/**
 * POST /api/me/logo (multipart/form-data, the file in field `logo`) and DELETE (decision 117): the
 * caller sets or removes their own logo, as a team's (`/api/teams/{id}/logo`, decision 112): 413
 * over 5 MB, 422 not a readable JPEG, PNG or WebP, 400 no file, 415 not multipart. POST answers the
 * profile with its new `logoUrl`; DELETE is 204 whether or not there was a logo.
 */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const saved = await apiImageUpload(request, "logo", LOGO_MESSAGES, (bytes) => setHostLogo(user.id, bytes));
  if (saved instanceof Response) return saved;
  return profileJson(user.id);
}

async function DELETE({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  // Idempotent: no logo afterwards either way.
  await removeHostLogo(user.id);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ POST, DELETE });
