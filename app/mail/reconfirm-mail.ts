import type { MailMessage } from "~/schemas/mail-message";
import { readerTime } from "~/scheduling/reader-time";
import { linesToHtml } from "./event-mail";

/**
 * The guest's "Please confirm" (decision 086): the meeting in the guest's zone, the link that
 * opens the confirm page (its button confirms; opening the link alone does not), and the time by
 * which it must be confirmed. Pure: the job gives it what to say.
 */
export function composeReconfirmRequest(input: {
  booking: { eventName: string; startsAt: Date; endsAt: Date; guestName: string | null; guestTimeZone: string | null };
  hostName: string;
  hostZone: string;
  deadline: Date;
  confirmUrl: string;
  origin?: string;
}): Pick<MailMessage, "subject" | "text" | "html"> {
  const zone = input.booking.guestTimeZone || input.hostZone;
  const t = readerTime(input.booking.startsAt, zone, input.hostZone);
  const by = readerTime(input.deadline, zone);
  const minutes = Math.round((input.booking.endsAt.getTime() - input.booking.startsAt.getTime()) / 60_000);
  const lines = [
    `Please confirm: are you still coming to "${input.booking.eventName}" with ${input.hostName}?`,
    "",
    `When: ${t.full}, ${minutes} minutes`,
    `Confirm by ${by.full}: ${input.confirmUrl}`,
    "",
    `${input.hostName} asks every guest to confirm. If it is not confirmed by then, the booking is cancelled and the time given to someone else.`,
    "Cannot come after all? Use the cancel link in your booking confirmation.",
  ];
  return {
    subject: `Please confirm: ${input.booking.eventName} — ${t.date} ${t.time} ${t.place}`,
    text: lines.join("\n"),
    html: linesToHtml(lines, { origin: input.origin }, { details: [1] }),
  };
}
