import type { PhotoOutcome } from "~/services/profile-photo.server";
import { readPhotoUpload } from "~/utils/photo-upload.server";
import { apiError } from "./api.server";

const UPLOAD_CODES: Record<number, string> = { 413: "payload_too_large", 415: "unsupported_media_type" };

/**
 * A JSON client's logo upload (`POST /api/teams/{id}/logo`, decision 112; `POST /api/me/logo`,
 * decision 117): multipart with the file in `field`, a profile photo's checks: 413 over 5 MB, 422
 * not a readable JPEG, PNG or WebP, 400 no file, 415 not multipart. The new hash, or the error's answer.
 */
export async function apiImageUpload(
  request: Request,
  field: string,
  messages: { tooBig: string; missing: string },
  set: (bytes: Uint8Array) => Promise<PhotoOutcome>,
): Promise<{ hash: string } | Response> {
  const upload = await readPhotoUpload(request, field, messages);
  if (!upload.ok) return apiError(upload.status, UPLOAD_CODES[upload.status] ?? "invalid_input", upload.message);
  if (!upload.bytes || upload.bytes.length === 0) return apiError(400, "invalid_input", messages.missing);
  const outcome = await set(upload.bytes);
  if (!outcome.ok) {
    if (outcome.message === messages.tooBig) return apiError(413, "payload_too_large", outcome.message);
    return apiError(422, "invalid_image", outcome.message);
  }
  return { hash: outcome.photo.hash };
}
