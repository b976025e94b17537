import type { LoaderFunctionArgs } from "@remix-run/node";
import { userPhotoBytes } from "~/models/user-photo.server";
import { photoAsPng } from "~/services/profile-photo.server";
import { parseAvatarFile } from "~/schemas/profile-photo";
import { uuidSchema } from "~/schemas/event-type-form";
import { notFound } from "~/utils/responses";

/**
 * /avatars/<user id>/<hash>.webp and <hash>-96.webp (decision 095): the URL names the bytes, so
 * they are cached for a year; a new photo has a new hash. An old hash answers 404, not the new photo.
 * `.png` is the same rendition for mails (several mail clients show no WebP).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = parseAvatarFile(params.file ?? "");
  const userId = uuidSchema.safeParse(params.userId);
  if (!file || !userId.success) notFound("No such photo.");
  const etag = `"${file.hash}${file.size === "small" ? "-96" : ""}${file.format === "png" ? "-png" : ""}"`;
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Content-Type": `image/${file.format}`,
    "X-Content-Type-Options": "nosniff",
  };
  const photo = await userPhotoBytes(userId.data, file.size);
  if (!photo || photo.hash !== file.hash) notFound("No such photo.");
  const match = request.headers.get("If-None-Match");
  if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const bytes = new Uint8Array(file.format === "png" ? await photoAsPng(photo.bytes) : photo.bytes);
  return new Response(bytes, {
    status: 200,
    headers: { ...headers, "Content-Length": String(bytes.length) },
  });
}
