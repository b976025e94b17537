import { photoAsPng } from "~/services/profile-photo.server";
import type { PhotoFormat, PhotoSize } from "~/schemas/profile-photo";
import { notFound } from "~/utils/responses";

/**
 * The answer for a stored photo or logo rendition (decisions 095, 112): the URL names the bytes,
 * so they are cached for a year; an old hash is 404, never the new image; 304 on If-None-Match.
 */
export async function storedImageResponse(
  request: Request,
  file: { hash: string; size: PhotoSize; format: PhotoFormat },
  stored: { hash: string; bytes: Uint8Array } | null,
  missing: string,
): Promise<Response> {
  const etag = `"${file.hash}${file.size === "small" ? "-96" : ""}${file.format === "png" ? "-png" : ""}"`;
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Content-Type": `image/${file.format}`,
    "X-Content-Type-Options": "nosniff",
  };
  if (!stored || stored.hash !== file.hash) notFound(missing);
  const match = request.headers.get("If-None-Match");
  if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const bytes = new Uint8Array(file.format === "png" ? await photoAsPng(stored.bytes) : stored.bytes);
  return new Response(bytes, { status: 200, headers: { ...headers, "Content-Length": String(bytes.length) } });
}
