import type { LoaderFunctionArgs } from "@remix-run/node";
import { storedImageResponse } from "~/html/photo-response.server";
import { hostLogoBytes } from "~/models/user-logo.server";
import { parseAvatarFile } from "~/schemas/profile-photo";
import { uuidSchema } from "~/schemas/event-type-form";
import { notFound } from "~/utils/responses";

/**
 * /host-logos/<user id>/<hash>.webp and <hash>-96.webp (decision 117): served as a team's logo is;
 * `.png` is the same rendition for mails.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = parseAvatarFile(params.file ?? "");
  const userId = uuidSchema.safeParse(params.userId);
  if (!file || !userId.success) notFound("No such logo.");
  return storedImageResponse(request, file, await hostLogoBytes(userId.data, file.size), "No such logo.");
}
