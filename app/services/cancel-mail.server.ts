import { type CancelOptions, type CancelOutcome } from "~/models/cancel.server";
import type { HostEvent } from "~/models/event.server";
import { mailGuests } from "./booking-mail.server";
import { mailHostOfSeatLeft, mailSessionSeats } from "./seat-mail.server";
import { mailHostOfBooking } from "./event-invitations.server";
import { mailRequestCancelled } from "./approval-mail.server";
import { isUnansweredRequest } from "~/models/approval.server";
import { RECONFIRM_MESSAGES } from "~/messages/reconfirm";
import type { CancelledMeeting } from "~/mail/event-mail";

/**
 * The one cancel path with its mails (decision 029): cancelEvent's one transaction answers who to
 * tell and what they had, then the existing mail functions send, after the commit, without reading
 * the database again. What each actor's cancel mails:
 * - a seat's guest (token): their seat's CANCEL; the host the session's new attendee list (or its CANCEL);
 * - a group session (host, admin): each seat's guests their own entry's CANCEL, the host the session's;
 * - a booking by its guest or host: the guests' CANCEL (the host's reason as a note), the host's CANCEL;
 * - a request still waiting for approval: the guests' "Request cancelled", the host's when the
 *   guest cancelled it; no calendar file (it was in nobody's calendar);
 * - the host's own event, an admin's cancel, My Schedule's Delete: the invitees' CANCEL;
 * - always: a collective booking's co-hosts the CANCEL of their own row;
 * - a recurring series' "Cancel all" (decision 121): one mail per reader for the whole cancel, from
 *   its first meeting's record (`series.meetings`, the meetings it cancelled, listed), with the
 *   series' calendar file as it is now; the other meetings' records (`series.quiet`) mail nobody.
 */

/** A meeting's part in its series' "Cancel all" (decision 121): the one that tells all, or a quiet one. */
export type SeriesCancel = { meetings: CancelledMeeting[] } | { quiet: true };

/** A cancel's calendar file bumps SEQUENCE itself and the database already did: it is given the one before. */
function before(event: HostEvent): HostEvent {
  return { ...event, sequence: Math.max(0, event.sequence - 1) };
}

export async function tellCancelled(
  outcome: Extract<CancelOutcome, { ok: true }>,
  options: Pick<CancelOptions, "reason" | "remove"> & { series?: SeriesCancel },
): Promise<void> {
  if (options.series && "quiet" in options.series) return;
  if (outcome.kind === "seat") {
    await mailGuests(outcome.seat, outcome.host, "cancelled");
    if (outcome.left) await mailHostOfSeatLeft(outcome.left, outcome.host, outcome.seat.guestName ?? "A guest", false);
    return;
  }
  const { actor, host, seats, coHosts } = outcome;
  const event =
    options.series && "meetings" in options.series
      ? { ...outcome.event, cancelledMeetings: options.series.meetings }
      : outcome.event;
  // Removing an event that was already cancelled: everyone was told then.
  if (outcome.silent) return;
  const note = "hostId" in actor && options.reason ? options.reason : undefined;
  const guestName = event.guestName ?? "A guest";
  if (outcome.kind === "booking" && isUnansweredRequest(event) && !options.remove) {
    // A request the host had not answered: "Request cancelled", no calendar file (decision 040).
    const by = "token" in actor ? "guest" : "host";
    await mailRequestCancelled(event, host, by, by === "guest" ? (options.reason ?? null) : (note ?? null));
  } else if (seats.length > 0) {
    await mailSessionSeats(event, seats, host, "cancelled", note);
  } else if ("notReconfirmed" in actor) {
    // Not reconfirmed in time (decision 086): both are told why.
    await mailGuests(event, host, "cancelled", { because: RECONFIRM_MESSAGES.cancelReason });
    if (host.email)
      await mailHostOfBooking(before(event), host, "cancelled", guestName, undefined, {
        reason: RECONFIRM_MESSAGES.cancelReason,
      });
  } else {
    await mailGuests(event, host, "cancelled", { note });
    // A guest's reason reaches the host ("Reason: …", in the host's language).
    const cancelReason = "token" in actor ? (options.reason ?? undefined) : undefined;
    if (outcome.kind === "booking" && !("admin" in actor) && !options.remove && host.email)
      await mailHostOfBooking(before(event), host, "cancelled", guestName, undefined, { cancelReason });
  }
  for (const co of coHosts) {
    if (co.host.email) await mailHostOfBooking(before(co.event), co.host, "cancelled", guestName);
  }
}
