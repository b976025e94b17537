import type { LoaderFunctionArgs } from "@remix-run/node";
import { storedImageResponse } from "~/html/photo-response.server";
import { userPhotoBytes } from "~/models/user-photo.server";
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
  return storedImageResponse(request, file, await userPhotoBytes(userId.data, file.size), "No such photo.");
}
