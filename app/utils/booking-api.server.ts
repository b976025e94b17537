import { z } from "zod";
import { cancelBooking, rescheduleBooking, type BookingActor, type BookingHost, type ChangeResult } from "../models/booking.server";
import type { HostEvent } from "../models/event.server";
import { coHostsOf } from "../models/team-booking.server";
import { readQuery } from "./admin-api.server";
import { apiError, readJson, requireApiUser } from "./api.server";
import { bookingJson, bookingTokenQuery } from "./booking-api";
import { env } from "./env.server";
import { mailHostOfBooking, mailInvitees, type InvitationKind } from "./event-mail.server";

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

/**
 * Cancel with everything that follows it (CANCEL to guests and host after the commit; the host's
 * bell notification is written in the transaction): the one path of the JSON API and the guest's
 * cancel page.
 */
export async function cancelAndTell(id: string, actor: BookingActor, reason: string | undefined, now: Date): Promise<ChangeResult> {
  const result = await cancelBooking(id, actor, reason, now);
  if (result.ok) await mailBooking(result.booking, result.host, "cancelled");
  return result;
}

/**
 * Reschedule with everything that follows it (REQUEST with the new SEQUENCE): the JSON API and
 * the guest's reschedule page. A guest acting with their token gets the links again in the mail.
 */
export async function rescheduleAndTell(request: Request, id: string, actor: BookingActor, start: Date, now: Date): Promise<ChangeResult> {
  const result = await rescheduleBooking(id, actor, start, now);
  if (result.ok) await mailBooking(result.booking, result.host, "updated", { links: bookingLinks(request, id, "token" in actor ? actor.token : null) });
  return result;
}

/** The JSON answer for a cancel or reschedule already done (and mailed). */
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

/**
 * The guests (`to`, default every invitee) and the host get the calendar entry: REQUEST on
 * create and move, CANCEL on cancel. The cancel already bumped SEQUENCE in the database, and
 * the CANCEL file adds one itself, so it is given the sequence before the bump.
 */
export async function mailBooking(
  event: HostEvent,
  host: BookingHost,
  kind: InvitationKind,
  options: { to?: string[]; links?: { cancelUrl: string | null; rescheduleUrl: string | null } } = {},
): Promise<void> {
  const mailed = { ...event, invitees: options.to ?? event.invitees, sequence: kind === "cancelled" ? Math.max(0, event.sequence - 1) : event.sequence };
  const links = options.links;
  const footer = links?.cancelUrl && links.rescheduleUrl ? [`Need to change it? Reschedule: ${links.rescheduleUrl}`, `Cancel: ${links.cancelUrl}`] : [];
  await mailInvitees(mailed, host, kind, footer);
  if (host.email) await mailHostOfBooking({ ...mailed, invitees: event.invitees }, host, kind, event.guestName ?? "A guest");
  // A collective booking's co-hosts get their own calendar entry (their own row, decision 020).
  for (const co of await coHostsOf(event.id)) {
    const coMailed = { ...co.event, sequence: kind === "cancelled" ? Math.max(0, co.event.sequence - 1) : co.event.sequence };
    if (co.host.email) await mailHostOfBooking(coMailed, co.host, kind, event.guestName ?? "A guest");
  }
}
