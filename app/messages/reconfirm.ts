/**
 * The words of reconfirmation (decision 086): the guest's "Please confirm" mail and page, and the
 * reason given when a booking was cancelled because it was not confirmed in time.
 */
export const RECONFIRM_MESSAGES = {
  /** The cancel's reason: on the booking's record and webhook, in the guest's and the host's mails. */
  cancelReason: "Not reconfirmed: the guest did not confirm in time, so the booking was cancelled and its time freed.",
  confirmButton: "Yes, I will be there",
  confirmed: "Thank you: your meeting is confirmed. Nothing more to do.",
  alreadyConfirmed: "This meeting is already confirmed. Nothing more to do.",
  cancelled: "This meeting was cancelled, so it can no longer be confirmed.",
} as const;
