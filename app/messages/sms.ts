/** The booking page's words for texts (docs/decisions/090), sent by its loader: the page's bundle loads no messages. */
export const SMS_BOOKING_WORDS = {
  phone: "Mobile number (optional)",
  phoneHint: "With its country code, such as +1 415 555 2671.",
  consent:
    "Text me about this booking (reminders and changes) at this number. Message and data rates may apply. Reply STOP to opt out at any time.",
  consentNeedsPhone: "Give the mobile number the texts go to, or leave the box unticked.",
} as const;
