import { z } from "zod";
import { isPrivateAddress, parseIpv4 } from "./ip-address";
import type { BookingEventKind, WebhookAttempt, WebhookDelivery, WebhookSubscription } from "../../db/schema";

/**
 * Webhooks (docs/decisions/037): the event types, the kind-to-type table, the bodies of the
 * JSON paths and the page's form, the retry schedule and the address rules. Pure: DNS and HTTP
 * are the services'.
 */

/** Every event type a subscription may ask for (the approval ones fire once approval exists). */
export const WEBHOOK_EVENT_TYPES = [
  "booking.created",
  "booking.rescheduled",
  "booking.cancelled",
  "booking.requested",
  "booking.approved",
  "booking.declined",
  "booking.reassigned",
  "booking.no_show",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test button's event: sent to the one subscription, whatever it asked for. */
export const WEBHOOK_TEST_TYPE = "webhook.test";

/**
 * The one table from a booking event's kind to its webhook event type. A kind missing here
 * sends nothing: `updated` is a host's own event renamed (not a booking), so it has none.
 */
export const WEBHOOK_TYPE_OF_KIND: Partial<Record<BookingEventKind, WebhookEventType>> = {
  created: "booking.created",
  rescheduled: "booking.rescheduled",
  cancelled: "booking.cancelled",
  requested: "booking.requested",
  approved: "booking.approved",
  declined: "booking.declined",
  reassigned: "booking.reassigned",
  no_show: "booking.no_show",
};

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "booking.created": "Booking created",
  "booking.rescheduled": "Booking rescheduled",
  "booking.cancelled": "Booking cancelled",
  "booking.requested": "Booking requested (needs approval)",
  "booking.approved": "Booking approved",
  "booking.declined": "Booking declined",
  "booking.reassigned": "Booking reassigned (round robin: another host)",
  "booking.no_show": "No-show marked or undone",
};

// ---------------------------------------------------------------------------------------------
// Delivery rules

/** One attempt's longest wait for an answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The pauses before the 2nd, 3rd, ... attempt: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (27.6 hours in all). */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
] as const;
/** Attempts per delivery: the first and one per pause. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** A subscription whose attempts all failed for this long is switched off and its owner mailed. */
export const WEBHOOK_FAILING_DISABLE_MS = 3 * 24 * 3_600_000;

/** What an attempt's outcome means: done, try again later, or give up. */
export type AttemptVerdict = "delivered" | "retry" | "give-up";

/** 2xx delivered; timeout, network error, 429 and 5xx retried; any other status (410, 404, 400, 3xx) ends it. */
export function attemptVerdict(statusCode: number | null): AttemptVerdict {
  if (statusCode === null) return "retry";
  if (statusCode >= 200 && statusCode < 300) return "delivered";
  if (statusCode === 429 || statusCode >= 500) return "retry";
  return "give-up";
}

/** When the next attempt is due after the `attempts`-th failed one, or null when none is left. */
export function nextAttemptAt(attempts: number, verdict: AttemptVerdict, now: Date, scale = 1): Date | null {
  if (verdict !== "retry" || attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  const delay = WEBHOOK_RETRY_DELAYS_MS[Math.max(0, attempts - 1)];
  return new Date(now.getTime() + Math.round(delay * scale));
}

/** Whether a subscription failing since `failingSince` is due to be switched off. */
export function failingTooLong(failingSince: Date | null, now: Date, windowMs = WEBHOOK_FAILING_DISABLE_MS): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= windowMs;
}

// ---------------------------------------------------------------------------------------------
// Addresses

// One classification for every outbound request the app makes for a user (decision 063).
export { isPrivateAddress } from "./ip-address";

/** The URL's own problem before any DNS: the message, or null. */
export function webhookUrlProblem(raw: string, options: { production: boolean; allowPrivate: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Give a full URL, such as https://example.com/hooks/scheduler.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Give an https:// URL.";
  if (url.username || url.password)
    return "Leave user names and passwords out of the URL: verify the signature instead.";
  if (url.protocol === "http:" && options.production && !options.allowPrivate) return "Use an https:// URL.";
  if (!options.allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) {
      return "That address is on a private network: give a public URL.";
    }
    if ((parseIpv4(host) || host.includes(":")) && isPrivateAddress(host))
      return "That address is on a private network: give a public URL.";
  }
  return null;
}

export const PRIVATE_ADDRESS_MESSAGE = "That address is on a private network: give a public URL.";
export const UNRESOLVED_ADDRESS_MESSAGE = "That host name does not resolve: check the URL.";

// ---------------------------------------------------------------------------------------------
// Bodies

const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Each event is one of ${WEBHOOK_EVENT_TYPES.join(", ")}.` }), {
    error: 'Give the events as a list, such as ["booking.created"].',
  })
  .min(1, "Pick at least one event.")
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)])
  .meta({ description: "The event types to receive.", example: ["booking.created", "booking.cancelled"] });

const urlField = z
  .string({ error: "Give the URL to send to." })
  .trim()
  .min(1, "Give the URL to send to.")
  .max(2000, "At most 2000 characters.")
  .meta({
    description:
      "Where the events are POSTed: https in production; private addresses refused unless ALLOW_PRIVATE_WEBHOOK_URLS=true.",
    example: "https://example.com/hooks/scheduler",
  });

/** POST /api/webhooks. */
export const webhookCreateBody = z
  .object({ url: urlField, events: eventsField, active: z.boolean().optional().meta({ description: "Default true." }) })
  .strict()
  .meta({ id: "WebhookCreate" });
/** PATCH /api/webhooks/{id}: any of the fields. */
export const webhookPatchBody = z
  .object({ url: urlField.optional(), events: eventsField.optional(), active: z.boolean().optional() })
  .strict()
  .meta({ id: "WebhookPatch" });
export type WebhookCreateInput = z.infer<typeof webhookCreateBody>;
export type WebhookPatchInput = z.infer<typeof webhookPatchBody>;

/** The page's form: the same rules over form fields (events as repeated checkboxes). */
export const webhookForm = z.object({
  url: urlField,
  events: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), eventsField),
  active: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});

// ---------------------------------------------------------------------------------------------
// What a receiver gets

const webhookGuest = z.object({
  name: z.string().nullable(),
  email: z.string(),
  timeZone: z
    .string()
    .nullable()
    .meta({ description: "The guest's IANA zone when known (the one who booked; not the people they brought)." }),
});

/** `data` of a booking event's webhook. */
export const webhookBookingSchema = z
  .object({
    id: z
      .string()
      .meta({ description: "The booking (for a group event type: the session; the guest's place is `seat`)." }),
    eventType: z.object({ id: z.string(), slug: z.string(), title: z.string() }).nullable(),
    start: z.string().meta({ description: "ISO 8601, UTC.", example: "2026-12-01T15:00:00.000Z" }),
    end: z.string().meta({ description: "ISO 8601, UTC.", example: "2026-12-01T15:30:00.000Z" }),
    timeZone: z.string().nullable().meta({ description: "The guest's time zone.", example: "Europe/Berlin" }),
    status: z.enum(["pending", "confirmed", "cancelled", "declined"]).meta({
      description:
        "pending: waiting for the host's approval (booking.requested, or a request moved); declined: the host declined it or let it expire.",
    }),
    host: z.object({ name: z.string(), email: z.string() }),
    guests: z.array(webhookGuest).meta({
      description: "The guest who booked first, then the people they brought (a whole session: every seat's).",
    }),
    answers: z
      .object({ notes: z.string().nullable() })
      .catchall(z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]))
      .meta({ description: "The guest's notes and their answers to the event type's questions, by question id." }),
    location: z
      .object({
        type: z.enum(["in-person", "phone", "google-meet", "video", "zoom", "microsoft-teams"]),
        value: z.string().optional(),
        joinUrl: z.string().optional().meta({
          description:
            "The link to join: the booking's Zoom, Meet or Teams meeting (decision 065), or the host's video link.",
        }),
      })
      .nullable()
      .meta({
        description:
          "The event type's place: an address, a number or a video link; type video with the built-in room's joinUrl when the app's meeting could not be made.",
      }),
    utm: z
      .record(z.string(), z.string())
      .nullable()
      .meta({
        description:
          "Where the guest came from (decision 079): the booking link's utm_source, utm_medium, utm_campaign, utm_term, utm_content and ref; null for none. A group session's are those of the seat that opened it.",
        example: { utm_source: "newsletter", utm_campaign: "spring" },
      }),
    cancelUrl: z
      .string()
      .optional()
      .meta({ description: "The guest's cancel link, when the change carries it (a new booking)." }),
    rescheduleUrl: z.string().optional(),
    previousStart: z.string().nullable().optional().meta({
      description: "booking.rescheduled, and booking.reassigned when it also moved: the start before the move.",
    }),
    previousEnd: z.string().nullable().optional(),
    previousHost: z.object({ name: z.string(), email: z.string() }).optional().meta({
      description: "booking.reassigned (decision 060): the host it left; `host` is the one it went to.",
    }),
    reassignedBy: z.enum(["guest", "host"]).optional().meta({
      description:
        "booking.reassigned: host (its host or a team owner or admin handed it over) or guest (the guest moved it to a time their host is not free).",
    }),
    noShow: z
      .object({ who: z.enum(["guest", "host"]), noShow: z.boolean() })
      .optional()
      .meta({
        description:
          "booking.no_show (decision 078): who was marked (the guest, or a team booking's host) and whether the mark was set (true) or undone (false).",
      }),
    cancelledBy: z
      .enum(["guest", "host", "admin"])
      .optional()
      .meta({ description: "booking.cancelled: who cancelled." }),
    reason: z.string().nullable().optional().meta({
      description:
        'booking.cancelled and booking.declined: the reason given, if any ("expired": the approval hold ran out).',
    }),
    seat: z
      .object({
        id: z.string(),
        name: z.string().nullable(),
        email: z.string().nullable(),
        timeZone: z.string().nullable(),
        status: z.string(),
        guests: z.array(z.string()),
      })
      .optional()
      .meta({ description: "A group session: the guest's seat the change was about." }),
    session: z
      .object({
        id: z.string(),
        start: z.string().nullable(),
        end: z.string().nullable(),
        status: z.string(),
        seats: z.number().int().nullable(),
        attendees: z.number().int(),
      })
      .optional()
      .meta({ description: "A group session: the session, its seats and how many people hold them." }),
  })
  .meta({ id: "WebhookBooking" });
export type WebhookBooking = z.infer<typeof webhookBookingSchema>;

/** The body of every webhook request. */
export const webhookEventSchema = z
  .object({
    type: z.string().meta({
      example: "booking.created",
      description: `One of ${WEBHOOK_EVENT_TYPES.join(", ")}, or ${WEBHOOK_TEST_TYPE} from the test button.`,
    }),
    timestamp: z
      .string()
      .meta({ description: "When the change happened (ISO 8601, UTC). Order is not promised: compare this." }),
    data: webhookBookingSchema,
  })
  .meta({ id: "WebhookEvent" });

// ---------------------------------------------------------------------------------------------
// Answers

export const webhookSchema = z
  .object({
    id: z.string().uuid(),
    url: z.string(),
    events: z.array(z.string()),
    active: z.boolean(),
    failingSince: z.string().nullable().meta({ description: "Since when every attempt failed; null after a success." }),
    disabledReason: z.string().nullable().meta({ description: "Why the app switched it off (3 days of failures)." }),
    createdAt: z.string(),
  })
  .meta({ id: "Webhook" });
export const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z.string().meta({
      description: "whsec_ and 32 random bytes in base64: shown only in this answer. Verify signatures with it.",
    }),
  })
  .meta({ id: "WebhookWithSecret" });

export function webhookJson(s: WebhookSubscription): z.infer<typeof webhookSchema> {
  return {
    id: s.id,
    url: s.url,
    events: s.events,
    active: s.active,
    failingSince: s.failingSince?.toISOString() ?? null,
    disabledReason: s.disabledReason,
    createdAt: s.createdAt.toISOString(),
  };
}

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  response: z.string().nullable().meta({ description: "The first 500 characters of the answer's body." }),
});

export const webhookDeliverySchema = z
  .object({
    id: z.string().uuid(),
    messageId: z
      .string()
      .meta({ description: "The webhook-id header: the same on every attempt (de-duplicate on it)." }),
    type: z.string().meta({ example: "booking.created" }),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    statusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The last attempt's HTTP status; null for a timeout or network error." }),
    error: z.string().nullable(),
    nextAttemptAt: z.string().nullable().meta({ description: "When a pending delivery is tried next." }),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    eventId: z.string().nullable().meta({ description: "The booking it is about (null for a test)." }),
    body: z.string().meta({ description: "The exact JSON body sent and signed." }),
    attemptLog: z.array(webhookAttemptSchema),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryJson = z.infer<typeof webhookDeliverySchema>;

export function webhookDeliveryJson(d: WebhookDelivery, attempts: WebhookAttempt[]): WebhookDeliveryJson {
  return {
    id: d.id,
    messageId: d.messageId,
    type: d.type,
    status: d.status,
    attempts: d.attempts,
    statusCode: d.lastStatusCode,
    error: d.lastError,
    nextAttemptAt: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    eventId: d.eventId,
    body: d.body,
    attemptLog: attempts
      .filter((a) => a.deliveryId === d.id)
      .sort((a, b) => a.attempt - b.attempt)
      .map((a) => ({
        attempt: a.attempt,
        startedAt: a.startedAt.toISOString(),
        durationMs: a.durationMs,
        statusCode: a.statusCode,
        error: a.error,
        response: a.response,
      })),
  };
}

/** The page's form read: the values to save, or what to show again (the typed values and the errors per field). */
export function readWebhookForm(
  form: FormData,
):
  | { ok: true; value: { url: string; events: WebhookEventType[]; active: boolean } }
  | { ok: false; values: { url: string; events: string[]; active: boolean }; errors: Record<string, string[]> } {
  const raw = {
    url: String(form.get("url") ?? ""),
    events: form.getAll("events").map(String),
    active: form.get("active"),
  };
  const parsed = webhookForm.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { ok: false, values: { url: raw.url, events: raw.events, active: raw.active === "on" }, errors };
}
