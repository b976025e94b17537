import type { MailMessage } from "~/schemas/mail-message";
import { linesToMail } from "./layout";

/**
 * The host's word that a booking's meeting could not be made, moved or deleted in their
 * conferencing app (decision 065), for the bell and the mail. Pure: everything is passed in.
 */
export function conferencingFailedMail(input: {
  app: string;
  what: "create" | "move" | "delete";
  reason: string;
  booking: { title: string; startsAt: Date; timeZone: string } | null;
  timelineUrl: string;
  calendarsUrl: string;
}): { note: string; message: Omit<MailMessage, "to"> } {
  const when = input.booking
    ? new Intl.DateTimeFormat("en-US", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: input.booking.timeZone,
      }).format(input.booking.startsAt)
    : null;
  const booking = input.booking ? `"${input.booking.title}" on ${when}` : "a booking";
  const happened =
    input.what === "create"
      ? `The ${input.app} meeting for ${booking} could not be created. The booking stands: your guest was given the built-in video room instead.`
      : input.what === "move"
        ? `The ${input.app} meeting for ${booking} could not be moved to the booking's new time: please move it in ${input.app}.`
        : `The ${input.app} meeting for ${booking} could not be deleted after the cancellation: please delete it in ${input.app}.`;
  const lines = [
    happened,
    "",
    `Why: ${input.reason}`,
    "",
    `The booking's timeline: ${input.timelineUrl}`,
    `Your conferencing apps: ${input.calendarsUrl}`,
  ];
  const text = lines.join("\n");
  return {
    note: `${happened} (${input.reason})`,
    message: {
      subject: `${input.app} meeting not ${input.what === "create" ? "created" : input.what === "move" ? "moved" : "deleted"}: ${input.booking?.title ?? "a booking"}`,
      text,
      html: linesToMail(lines),
    },
  };
}
