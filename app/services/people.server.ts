import {
  deactivateUserRow,
  reactivateUserRow,
  upcomingBookingsOfHost,
  type HeldBooking,
  type StatusChange,
} from "~/models/user-status.server";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { cancelBooking, reassignBooking } from "./bookings.server";

/**
 * Deactivating and reactivating people (decision 068): the one place an admin's page, the JSON
 * path and SCIM change whether an account may work, so what is recorded about it later hooks in
 * here. `actor` is the admin (null: the SCIM client).
 */

export type DeactivationResult = StatusChange | "self";

/** Ends the person's sessions and tokens at once and stops their bookings; nothing is deleted. */
export async function deactivateUser(input: {
  userId: string;
  actor: { userId: string } | { scim: true };
  now: Date;
}): Promise<DeactivationResult> {
  if ("userId" in input.actor && input.actor.userId === input.userId) return "self";
  return deactivateUserRow(input.userId, input.now);
}

/** Lets the person sign in again; their old sessions and tokens stay ended. */
export async function reactivateUser(input: {
  userId: string;
  actor: { userId: string } | { scim: true };
}): Promise<StatusChange> {
  return reactivateUserRow(input.userId);
}

/** What a deactivated person still hosts, for the admin to hand over or cancel. */
export function heldBookingsOf(userId: string, now: Date): Promise<HeldBooking[]> {
  return upcomingBookingsOfHost(userId, now);
}

/** An admin hands a deactivated person's round-robin booking to the next in line; the guest is told. */
export function handOverHeldBooking(input: { bookingId: string; adminId: string; now: Date }) {
  return reassignBooking({
    id: input.bookingId,
    actorId: input.adminId,
    userId: null,
    now: input.now,
    siteAdmin: true,
  });
}

/** An admin cancels a deactivated person's booking; the guest is told through the outbox. */
export function cancelHeldBooking(input: { bookingId: string; now: Date }) {
  return cancelBooking({
    id: input.bookingId,
    actor: { admin: true },
    now: input.now,
    reason: PEOPLE_MESSAGES.cancelReason,
  });
}
