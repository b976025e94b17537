import { z } from "zod";
import { type BookingActor, type BookingHost, type ChangeResult } from "../models/booking.server";
import type { SeatBooking } from "../models/booking-seats.server";
import { rescheduleBookingChange } from "../services/bookings.server";
import { cancelAndTellAll } from "./cancel.server";
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
export function linkBase(request: Request): string {
  return env().APP_URL ?? new URL(request.url).origin;
}

export function bookingLinks(request: Request, id: string, token: string | null) {
  return linksFor(linkBase(request), id, token);
}

/** The guest's cancel/reschedule links on `base`. */
export function linksFor(base: string, id: string, token: string | null): Links {
  if (!token) return { cancelUrl: null, rescheduleUrl: null };
  const root = base.replace(/\/$/, "");
  const query = `?token=${encodeURIComponent(token)}`;
  return { cancelUrl: `${root}/booking/${id}/cancel${query}`, rescheduleUrl: `${root}/booking/${id}/reschedule${query}` };
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
 * The booking paths' cancel (the JSON API, the guest's cancel page): the one cancel path
 * (cancelAndTellAll, decision 029) limited to bookings. A group session's guest acts on their seat
 * only (decision 021); the host's cancel of a session reaches every seat, with the reason. A
 * co-host's row alone throws LinkedEventError (409).
 */
export async function cancelAndTell(id: string, actor: BookingActor, reason: string | undefined, now: Date): Promise<ChangeResult> {
  const outcome = await cancelAndTellAll(id, actor, { reason, now, bookingsOnly: true });
  if (!outcome.ok) return outcome;
  if (outcome.kind === "seat") return { ok: true, booking: outcome.seat, host: outcome.host };
  return { ok: true, booking: outcome.event, host: outcome.host, seats: outcome.seats };
}

/**
 * Reschedule with everything that follows it (REQUEST with the new SEQUENCE): the JSON API, the
 * guest's reschedule page and the host's Scheduled Events page. A guest acting with their token
 * gets the links again in the mail; a seat's guest moves their seat only (decision 021).
 */
export async function rescheduleAndTell(request: Request, id: string, actor: BookingActor, start: Date, now: Date, note?: string): Promise<ChangeResult> {
  return rescheduleBookingChange({ id, actor, start, now, linkBase: linkBase(request), note });
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
    case "slot-full":
      return apiError(409, "slot_full", SLOT_TAKEN_MESSAGE);
    default:
      return apiError(409, "slot_unavailable", SLOT_TAKEN_MESSAGE);
  }
}

type Links = { cancelUrl: string | null; rescheduleUrl: string | null };

/** A cancel's calendar file bumps SEQUENCE itself and the database already did: it is given the one before. */
function mailedSequence<T extends { sequence: number }>(event: T, kind: InvitationKind): T {
  return { ...event, sequence: kind === "cancelled" ? Math.max(0, event.sequence - 1) : event.sequence };
}

/**
 * The guests (`to`, default every invitee) get the calendar entry: REQUEST on create and move,
 * CANCEL on cancel, with the links (create, a guest's own move) or the host's note (a host's cancel).
 */
export async function mailGuests(event: HostEvent, host: BookingHost, kind: InvitationKind, options: { to?: string[]; links?: Links; note?: string } = {}): Promise<void> {
  const mailed = { ...mailedSequence(event, kind), invitees: options.to ?? event.invitees };
  const links = options.links;
  const footer = links?.cancelUrl && links.rescheduleUrl ? [`Need to change it? Reschedule: ${links.rescheduleUrl}`, `Cancel: ${links.cancelUrl}`] : [];
  if (options.note) footer.push(`Note from ${host.name || host.email}: ${options.note}`);
  await mailInvitees(mailed, host, kind, footer);
}

/**
 * The host gets the same calendar entry (UID, SEQUENCE) as the booking's guests; for a seat, the
 * whole session's. A collective booking's co-hosts get their own entry (their own row, decision 020).
 */
export async function mailHost(event: HostEvent, host: BookingHost, kind: InvitationKind, guestName: string): Promise<void> {
  const forHost = "session" in event ? (event as SeatBooking).session : event;
  if (host.email) await mailHostOfBooking(mailedSequence(forHost, kind), host, kind, guestName);
  for (const co of await coHostsOf(forHost.id)) {
    if (co.host.email) await mailHostOfBooking(mailedSequence(co.event, kind), co.host, kind, guestName);
  }
}

/** Guests, then host (decision 018; a seat's guest gets their seat's own entry, decision 021). */
export async function mailBooking(event: HostEvent, host: BookingHost, kind: InvitationKind, options: { to?: string[]; links?: Links; note?: string } = {}): Promise<void> {
  await mailGuests(event, host, kind, options);
  await mailHost(event, host, kind, event.guestName ?? "A guest");
}
