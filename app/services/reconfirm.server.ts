import {
  askNextReconfirm,
  confirmReconfirm,
  lapsedReconfirmations,
  reconfirmLapsedGuard,
  ReconfirmNotLapsed,
  type ConfirmResult,
} from "~/models/reconfirm.server";
import { composeReconfirmRequest } from "~/mail/reconfirm-mail";
import { RECONFIRM_MESSAGES } from "~/messages/reconfirm";
import { linkBase } from "~/server/env.server";
import { queueMail } from "~/server/mail-transport.server";
import { cancelBooking } from "./bookings.server";

/**
 * Reconfirmation (decision 086): the job's two steps and the guest's confirm. Asking writes the
 * guest's mail in the ask's own transaction; a booking not confirmed by its deadline is cancelled
 * through the one cancel path (cancelBooking), so its slot is freed and calendars, webhooks and
 * mails follow as for any cancel, with the reason that it was not reconfirmed.
 */

/** The confirm page's address for booking `id` and its link token. */
export function reconfirmUrl(base: string, id: string, token: string): string {
  return `${base.replace(/\/$/, "")}/booking/${id}/confirm?token=${encodeURIComponent(token)}`;
}

/** The job: asks what is due, then cancels what lapsed. Answers how many were asked and cancelled. */
export async function runReconfirmations(now: Date, limit = 50): Promise<{ asked: number; cancelled: number }> {
  let asked = 0;
  while (
    asked < limit &&
    (await askNextReconfirm(now, async (tx, ask) => {
      const message = composeReconfirmRequest({
        booking: ask.booking,
        hostName: ask.host.name || ask.host.email,
        hostZone: ask.host.timeZone,
        deadline: ask.deadline,
        confirmUrl: reconfirmUrl(linkBase(), ask.booking.id, ask.token),
        origin: linkBase(),
      });
      await queueMail(tx, { to: ask.booking.invitees, ...message }, { eventId: ask.booking.id });
    }))
  )
    asked += 1;
  let cancelled = 0;
  for (const id of await lapsedReconfirmations(now, limit)) {
    const outcome = await cancelBooking({
      id,
      actor: { notReconfirmed: true },
      reason: RECONFIRM_MESSAGES.cancelReason,
      now,
      bookingsOnly: true,
      guard: reconfirmLapsedGuard(now),
    }).catch((error: unknown) => {
      // Confirmed, moved or cancelled between the scan and the lock: nothing to do.
      if (error instanceof ReconfirmNotLapsed) return null;
      throw error;
    });
    if (outcome?.ok) cancelled += 1;
  }
  return { asked, cancelled };
}

/** The guest's confirm from the mailed link's page (a POST). */
export function confirmAttendance(input: { id: string; token: string; now: Date }): Promise<ConfirmResult> {
  return confirmReconfirm(input.id, input.token, input.now);
}
