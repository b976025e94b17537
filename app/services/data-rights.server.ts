import {
  accountCredentials,
  anonymiseBookingsEndedBefore,
  deleteUserRow,
  eraseGuestRows,
  exportUserRows,
  GuestIsAccountError,
  isLastAdmin,
  upcomingHostedBookingIds,
} from "~/models/data-rights.server";
import { verifyPassword, burnPasswordCheck } from "~/server/password.server";
import { cancelBooking, nudgeBookingEvents } from "./bookings.server";
import { recordAudit, type AuditOrigin } from "./audit.server";
import { createHash } from "node:crypto";
import { verifySecondFactorCode } from "./two-factor.server";

/**
 * Data rights (decision 071): a user's export, the deletion of their account, an admin's erasure
 * of a guest, and the anonymising of old bookings (BOOKING_RETENTION_DAYS).
 */

export const EXPORT_FORMAT_VERSION = 1;

/** Everything about the user as one JSON document; audited. Null when the account is gone. */
export async function exportAccount(
  userId: string,
  request: Request | AuditOrigin | null,
  now: Date,
): Promise<Record<string, unknown> | null> {
  const tables = await exportUserRows(userId);
  if (!tables) return null;
  await recordAudit({ actorId: userId, action: "account.exported", targetType: "user", targetId: userId, request });
  return { format: EXPORT_FORMAT_VERSION, exportedAt: now.toISOString(), tables };
}

export type DeleteAccountResult =
  { ok: true; cancelled: number } | { ok: false; reason: "not-found" | "bad-check" | "last-admin" };

/**
 * Deletes the user's account after a check: the password, or for an account without one (Google
 * sign-in) its e-mail typed again, or a second-factor code (`otp`). Upcoming bookings are
 * cancelled first, through cancelBooking, so their guests are told (the cancel records stay after
 * the account is gone); then the account goes, audited in the same transaction.
 */
export async function deleteAccount(input: {
  userId: string;
  password?: string;
  /** A code of the account's authenticator app, or a recovery code (decision 066): instead of the password. */
  otp?: string;
  confirmEmail?: string;
  request: Request | AuditOrigin | null;
  now: Date;
}): Promise<DeleteAccountResult> {
  const account = await accountCredentials(input.userId);
  if (!account) return { ok: false, reason: "not-found" };
  if (input.otp !== undefined) {
    if (!(await verifySecondFactorCode(input.userId, input.otp, input.now))) return { ok: false, reason: "bad-check" };
  } else if (account.passwordHash) {
    const ok = input.password ? await verifyPassword(account.passwordHash, input.password) : false;
    if (!ok) return { ok: false, reason: "bad-check" };
  } else {
    await burnPasswordCheck(input.password ?? "");
    if ((input.confirmEmail ?? "").trim().toLowerCase() !== account.email.toLowerCase()) {
      return { ok: false, reason: "bad-check" };
    }
  }
  if (account.role === "admin") {
    // Refused before any booking is cancelled (deleteUserRow checks again under its lock).
    if (await isLastAdmin(input.userId)) return { ok: false, reason: "last-admin" };
  }
  let cancelled = 0;
  for (const id of await upcomingHostedBookingIds(input.userId, input.now)) {
    const outcome = await cancelBooking({
      id,
      actor: { hostId: input.userId },
      reason: "The host's account was deleted.",
      now: input.now,
    });
    if (outcome.ok) cancelled++;
  }
  const result = await deleteUserRow(input.userId, (tx) =>
    recordAudit({
      actorId: input.userId,
      actorEmail: account.email,
      action: "account.deleted",
      targetType: "user",
      targetId: input.userId,
      before: { email: account.email, role: account.role },
      after: { cancelledBookings: cancelled },
      request: input.request,
      tx,
    }),
  );
  if (result !== "deleted") return { ok: false, reason: result };
  nudgeBookingEvents();
  return { ok: true, cancelled };
}

/** The entry of an erasure names the guest by a digest only: the log itself keeps no trace of the e-mail. */
export function guestDigest(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16);
}

export type EraseGuestResult = { ok: true; bookings: number } | { ok: false; reason: "account" };

/** An admin's erasure of a guest by e-mail (decision 071), audited. */
export async function eraseGuest(input: {
  actorId: string;
  email: string;
  request: Request | AuditOrigin | null;
}): Promise<EraseGuestResult> {
  let bookings: number;
  try {
    bookings = await eraseGuestRows(input.email);
  } catch (error) {
    if (error instanceof GuestIsAccountError) return { ok: false, reason: "account" };
    throw error;
  }
  await recordAudit({
    actorId: input.actorId,
    action: "guest.erased",
    targetType: "guest",
    targetId: guestDigest(input.email),
    after: { bookings },
    request: input.request,
  });
  return { ok: true, bookings };
}

/** BOOKING_RETENTION_DAYS's sweep: anonymises the guests of bookings that ended before the cut-off. */
export function anonymiseOldBookings(now: Date, days: number, limit: number): Promise<number> {
  if (days <= 0) return Promise.resolve(0);
  return anonymiseBookingsEndedBefore(new Date(now.getTime() - days * 86_400_000), limit);
}
