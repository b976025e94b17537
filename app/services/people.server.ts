import {
  deactivateUserRow,
  reactivateUserRow,
  upcomingBookingsOfHost,
  type HeldBooking,
  type StatusChange,
} from "~/models/user-status.server";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { cancelBooking, reassignBooking } from "./bookings.server";
import { recordAudit } from "./audit.server";

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
  request?: Request | null;
}): Promise<DeactivationResult> {
  if ("userId" in input.actor && input.actor.userId === input.userId) return "self";
  const result = await deactivateUserRow(input.userId, input.now);
  if (result === "changed") await statusAudit("account.deactivated", input);
  return result;
}

/** A deactivation or reactivation in the audit log (decision 070): by an admin, or by SCIM. */
function statusAudit(
  action: "account.deactivated" | "account.reactivated",
  input: { userId: string; actor: { userId: string } | { scim: true }; request?: Request | null },
): Promise<void> {
  const byAdmin = "userId" in input.actor;
  return recordAudit({
    actorId: byAdmin ? (input.actor as { userId: string }).userId : null,
    actorEmail: byAdmin ? undefined : "SCIM",
    action,
    targetType: "user",
    targetId: input.userId,
    after: { via: byAdmin ? "admin" : "scim" },
    request: input.request ?? null,
  });
}

/** Lets the person sign in again; their old sessions and tokens stay ended. */
export async function reactivateUser(input: {
  userId: string;
  actor: { userId: string } | { scim: true };
  request?: Request | null;
}): Promise<StatusChange> {
  const result = await reactivateUserRow(input.userId);
  if (result === "changed") await statusAudit("account.reactivated", input);
  return result;
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
