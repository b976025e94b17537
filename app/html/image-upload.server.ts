import { data } from "@remix-run/node";
import type { PhotoOutcome } from "~/services/profile-photo.server";
import { readPhotoUpload } from "~/utils/photo-upload.server";
import { readFormData } from "~/utils/request.server";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";

/**
 * The action of an image's own page (the profile photo, decision 095; a team's logo, decision 112;
 * a host's logo, decision 117): an upload (multipart, the file in `field`) or a removal
 * (`intent=remove`, multipart or a plain form). A refused image comes back on the page with its
 * message and a 4xx (413 over 5 MB, 422 not a readable JPEG, PNG or WebP, 400 no file, 409
 * nothing to remove), so it works without JavaScript; a done one redirects to `back` with a toast.
 * The caller has checked who may change the image before calling.
 */
export async function imagePageAction(
  request: Request,
  options: {
    field: string;
    messages: { tooBig: string; missing: string; saved: string; removed: string; none: string };
    back: string;
    set: (bytes: Uint8Array) => Promise<PhotoOutcome>;
    remove: () => Promise<boolean>;
  },
) {
  const { messages } = options;
  // The remove button may come as a plain form too; only an upload needs multipart.
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const upload = type.startsWith("application/x-www-form-urlencoded")
    ? { ok: true as const, intent: String((await readFormData(request)).get("intent") ?? ""), bytes: null }
    : await readPhotoUpload(request, options.field, messages);
  if (!upload.ok) return refused(upload.status, upload.message);
  if (upload.intent === "remove") {
    if (!(await options.remove())) return refused(409, messages.none);
    return redirectWithSuccess(options.back, messages.removed);
  }
  if (upload.intent !== "upload") return refused(400, "Unknown form.");
  if (!upload.bytes || upload.bytes.length === 0) return refused(400, messages.missing);
  const outcome = await options.set(upload.bytes);
  if (!outcome.ok) return refused(outcome.message === messages.tooBig ? 413 : 422, outcome.message);
  return redirectWithSuccess(options.back, messages.saved);
}

function refused(status: number, message: string) {
  return data({ error: message, toast: errorToast(message) }, { status });
}
