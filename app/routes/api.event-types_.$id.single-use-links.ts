import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingPagePath, createSingleUseLink, listSingleUseLinks } from "~/models/booking-controls.server";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { singleUseLinkJson } from "~/schemas/single-use-links";
import { linkBase } from "~/utils/request.server";

/**
 * Single-use links of one of the caller's event types (decision 039): POST makes one (201), GET
 * lists them, newest first. Another person's event type (or a non-uuid) is a 404.
 */

const notFound = () => apiError(404, "not_found", "No such event type.");

async function pageUrl(request: Request, ownerId: string, eventTypeId: string): Promise<string | null> {
  const path = await bookingPagePath(ownerId, eventTypeId);
  return path ? `${linkBase(request)}${path}` : null;
}

async function GET({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const links = await listSingleUseLinks(user.id, params.id ?? "");
  if (!links) return notFound();
  const url = await pageUrl(request, user.id, params.id ?? "");
  return Response.json(links.map((l) => singleUseLinkJson(l, url)));
}

async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const link = await createSingleUseLink(user.id, params.id ?? "");
  if (!link) return notFound();
  return Response.json(singleUseLinkJson(link, await pageUrl(request, user.id, params.id ?? "")), { status: 201 });
}

export const { loader, action } = apiRoute({ GET, POST });
