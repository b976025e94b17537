import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from "~/schemas/profile-photo";
import { requirePost } from "./request.server";

/** Room for the multipart framing and the small fields around the photo. */
const FRAMING_BYTES = 64 * 1024;

class TooBig extends Error {}

export type PhotoUpload =
  { ok: true; intent: string | null; bytes: Uint8Array | null } | { ok: false; status: number; message: string };

/**
 * Reads the photo form as a stream (decision 095): the photo's bytes and the `intent` field, at
 * most PHOTO_MAX_BYTES of file and FRAMING_BYTES of everything else, counted as they arrive, so
 * a large or endless body never sits in memory; other fields and files are read and dropped.
 */
export async function readPhotoUpload(
  request: Request,
  /** The file field: `photo` on the profile, `logo` for a team (decision 112). */
  field = "photo",
  messages: { tooBig: string } = PHOTO_MESSAGES,
): Promise<PhotoUpload> {
  requirePost(request);
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "multipart/form-data") {
    return { ok: false, status: 415, message: `Send the ${field} as multipart/form-data.` };
  }
  let other = 0;
  let bytes: Uint8Array | null = null;
  let intent: string | null = null;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const isPhoto = name === field && filename !== undefined && bytes === null;
    for await (const chunk of data) {
      if (isPhoto) {
        size += chunk.length;
        if (size > PHOTO_MAX_BYTES) throw new TooBig();
        chunks.push(chunk);
      } else {
        other += chunk.length;
        if (other > FRAMING_BYTES) throw new TooBig();
        if (name === "intent" && filename === undefined) chunks.push(chunk);
      }
    }
    if (isPhoto) bytes = Buffer.concat(chunks);
    else if (name === "intent" && filename === undefined && intent === null)
      intent = Buffer.concat(chunks).toString("utf8");
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof TooBig) return { ok: false, status: 413, message: messages.tooBig };
    return { ok: false, status: 400, message: "The form could not be read." };
  }
  return { ok: true, intent, bytes };
}
