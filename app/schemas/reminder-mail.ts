/** What the reminder job (app/models/reminder.server.ts) hands the reminder texts (app/mail/reminder-mail.ts). */

export interface RemindedMeeting {
  eventName: string;
  /** "Google Meet", "Phone Call", ... */
  eventType: string;
  startsAt: Date;
  endsAt: Date;
  /** The video link (the host's own or our room), or null for an in-person or phone meeting. */
  joinUrl: string | null;
  /** The real place on one line ("In Person Meeting: Hall B"); without it the legacy option (`eventType`) is shown. */
  place?: string;
  /** The host's zone, shown in brackets after the reader's time when it differs (docs/decisions/028). */
  hostZone?: string;
  hostName: string;
  /** Whether the guests got cancel/reschedule links when they booked. */
  isBooking: boolean;
  /** The language the guest booked in (docs/decisions/088): their reminders speak it. */
  language?: string | null;
  /** The host's or the team's logo at the top of the HTML (decision 117); none: the mail as without it. */
  logo?: MailLogo | null;
}

/** A brand's logo in a guest's mail (decision 117): whose it is (its alt text names it) and an absolute URL of its PNG. */
export interface MailLogo {
  name: string;
  url: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** The reminder texts, passed to the reminder job by its caller: a model composes no mail. */
export interface ReminderTexts {
  guestReminderMail(m: RemindedMeeting, zone: string, now: Date): ComposedMail;
  guestFollowUpMail(m: RemindedMeeting, zone: string, message: string): ComposedMail;
  hostReminderNotification(
    m: Pick<RemindedMeeting, "eventName" | "startsAt">,
    guestName: string | null,
    zone: string,
    now: Date,
  ): string;
}
