import type { LoaderFunctionArgs } from "@remix-run/node";
import { storedImageResponse } from "~/html/photo-response.server";
import { teamLogoBytes } from "~/models/team-logo.server";
import { parseAvatarFile } from "~/schemas/profile-photo";
import { uuidSchema } from "~/schemas/event-type-form";
import { notFound } from "~/utils/responses";

/**
 * /team-logos/<team id>/<hash>.webp and <hash>-96.webp (decision 112): served as a host's photo is;
 * `.png` for the guests' mails (decision 117).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = parseAvatarFile(params.file ?? "");
  const teamId = uuidSchema.safeParse(params.teamId);
  if (!file || !teamId.success) notFound("No such logo.");
  return storedImageResponse(request, file, await teamLogoBytes(teamId.data, file.size), "No such logo.");
}
