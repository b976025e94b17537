import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { MESSAGES } from "~/messages";
import { deleteAccountBody } from "~/schemas/audit";
import { brandColorBody } from "~/schemas/brand-color";
import { updateBrandColor } from "~/models/user.server";
import { profileJson } from "~/api/profile-json.server";
import { deleteAccount } from "~/services/data-rights.server";

/**
 * DELETE /api/me `{ password }`, `{ otp }` (a code of the authenticator app, or a recovery code)
 * or, for an account without a password, `{ confirmEmail }`: its e-mail typed again (decision 071): cancels the caller's upcoming bookings (their guests are
 * told) and deletes the account; 202 `{ cancelledBookings }`. The guests' mail leaves through the
 * job runner, after the answer.
 */
async function DELETE({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await readJson(request, deleteAccountBody);
  const result = await deleteAccount({
    userId: user.id,
    password: body.password,
    otp: body.otp,
    confirmEmail: body.confirmEmail,
    request,
    now: new Date(),
  });
  if (result.ok) return Response.json({ cancelledBookings: result.cancelled }, { status: 202 });
  if (result.reason === "last-admin") return apiError(409, "last_admin", MESSAGES.lastAdmin);
  if (result.reason === "not-found") return apiError(404, "not_found", "This account no longer exists.");
  return apiError(400, "check_failed", MESSAGES.deleteAccountCheckFailed, {
    password: [MESSAGES.deleteAccountCheckFailed],
  });
}

/** GET /api/me: the caller's profile, `brandColor` (decision 108) and `logoUrl` (decision 117) included. */
async function GET({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return profileJson(user.id);
}

/**
 * PATCH /api/me `{ brandColor: "#0f766e" | null }` (decision 108): the booking pages' colour; one
 * white text cannot be read on is 400 with its contrast ratio. Answers the profile.
 */
async function PATCH({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await readJson(request, brandColorBody);
  await updateBrandColor(user.id, body.brandColor);
  return profileJson(user.id);
}

export const { loader, action } = apiRoute({ GET, PATCH, DELETE });
