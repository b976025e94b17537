import { z } from "zod";
import type { BookingActor, ChangeResult } from "../models/booking.server";
import { readQuery } from "./admin-api.server";
import { apiError, readJson, requireApiUser } from "./api.server";
import { bookingJson, bookingTokenQuery } from "./booking-api";
import { env } from "./env.server";

/** The booking routes' shared plumbing (decision 018). */

export const SLOT_TAKEN_MESSAGE = "That time was just taken.";

/** Where the guest's cancel/reschedule links point: APP_URL, else the origin the request came to. */
export function bookingLinks(request: Request, id: string, token: string | null) {
  if (!token) return { cancelUrl: null, rescheduleUrl: null };
  const base = (env().APP_URL ?? new URL(request.url).origin).replace(/\/$/, "");
  const query = `?token=${encodeURIComponent(token)}`;
  return { cancelUrl: `${base}/booking/${id}/cancel${query}`, rescheduleUrl: `${base}/booking/${id}/reschedule${query}` };
}

/** The holder of `?token=`, else the authenticated host (401 for neither). */
export async function bookingActor(request: Request): Promise<BookingActor> {
  const { token } = await readQuery(request, bookingTokenQuery);
  if (token) return { token };
  const user = await requireApiUser(request);
  return { hostId: user.id };
}

/** A JSON body that may be left out entirely (no body, no content type): then `{}` is validated. */
export async function readOptionalJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const hasBody = request.headers.get("content-type") || Number(request.headers.get("content-length") ?? 0) > 0 || request.headers.get("transfer-encoding");
  return hasBody ? readJson(request, schema) : schema.parseAsync({});
}

/** The answer for a cancel or reschedule. */
export function changeAnswer(result: ChangeResult): Response {
  if (result.ok) return Response.json({ booking: bookingJson(result.booking) });
  switch (result.reason) {
    case "not-found":
      return apiError(404, "not_found", "No such booking.");
    case "already-cancelled":
      return apiError(409, "already_cancelled", "This booking is already cancelled.");
    case "not-taking-bookings":
      return apiError(409, "not_taking_bookings", "This host is not taking bookings right now.");
    default:
      return apiError(409, "slot_unavailable", SLOT_TAKEN_MESSAGE);
  }
}
