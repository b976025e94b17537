import { z } from "zod";
import type { BookingQuestion, EventTypeLocation, HostPriority } from "../../db/schema";
import type { priceFormField } from "./event-type-price-form";
import { priceField, refundPolicyField } from "./price";
import {
  durationRules,
  eventTypeFields,
  eventTypeJsonSchema,
  priceRules,
  seatRules,
  withDurations,
  type EventTypeJson,
} from "./scheduling-api";

/**
 * A team's event types (decisions 058, 059): collective, round robin and managed, made and
 * edited by the team's owners and admins on POST|PUT /api/teams/{id}/event-types[/{eventTypeId}]
 * and the team's dashboard pages. Pure: who may, and whether hosts are members, is the model's.
 */

export const TEAM_EVENT_TYPE_KINDS = ["collective", "round-robin", "managed"] as const;
export type TeamEventTypeKind = (typeof TEAM_EVENT_TYPE_KINDS)[number];
export const ROUND_ROBIN_MODES = ["fairness", "availability"] as const;
/** Round robin's priorities, lowest first (the event_type_hosts check, decision 058). */
export const HOST_PRIORITIES = ["low", "medium", "high", "highest"] as const satisfies readonly HostPriority[];
export type { HostPriority };

/**
 * The fields of a managed template an admin may lock: a member's copy then keeps the template's
 * value, and every change of it reaches every copy. The slug is not among them: a copy's link is
 * its member's (/{username}/{slug}); `active` neither: a member may always turn their copy off.
 */
export const LOCKABLE_FIELDS = [
  "title",
  "description",
  "duration",
  "location",
  "bufferBefore",
  "bufferAfter",
  "minimumNotice",
  "bookingWindowDays",
  "slotInterval",
  "dailyLimit",
  "weeklyLimit",
  "monthlyLimit",
  "limitPerGuest",
  "questions",
  "requiresApproval",
  "approvalHoldHours",
] as const;
export type LockableField = (typeof LOCKABLE_FIELDS)[number];

export const LOCKABLE_FIELD_LABELS: Record<LockableField, string> = {
  title: "Title",
  description: "Description",
  duration: "Duration",
  location: "Location",
  bufferBefore: "Buffer before",
  bufferAfter: "Buffer after",
  minimumNotice: "Minimum notice",
  bookingWindowDays: "Booking window",
  slotInterval: "Slot interval",
  dailyLimit: "Daily limit",
  weeklyLimit: "Weekly limit",
  monthlyLimit: "Monthly limit",
  limitPerGuest: "Bookings per guest",
  questions: "Booking questions",
  requiresApproval: "Requires approval",
  approvalHoldHours: "Hold time",
};

export const TEAM_EVENT_TYPE_MESSAGES = {
  notMembers: "Hosts must be members of this team.",
  needsHost: "Pick at least one member to host.",
  kindFixed: "A managed event type stays managed, and the others cannot become managed: make a new one.",
  roundRobinModeOnly: "roundRobinMode is for round-robin event types only.",
  lockedFieldsOnly: "lockedFields is for managed event types only.",
  hostTwice: "Each member at most once in hosts.",
  slugTaken: "This team already has an event type with this slug.",
  copySlugTaken: (who: string, slug: string) =>
    `${who} already has an event type with the link “${slug}”: ask them to change it, or pick another slug.`,
  locked: (field: LockableField) =>
    `${LOCKABLE_FIELD_LABELS[field]} is locked by the team: only its owners and admins change it.`,
  kindLocked: "The team assigns this event type: it stays one-to-one.",
  copyDelete: "The team assigns this event type: turn it off instead, or ask a team admin to unassign you.",
  templateNotHere: "A managed event type is edited on its team's page.",
} as const;

const hostSchema = z.object({
  userId: z.uuid({ error: "hosts[].userId: the id of a member of this team." }),
  weight: z
    .number({ error: "weight: a whole number from 0 to 100." })
    .int("weight: a whole number from 0 to 100.")
    .min(0, "weight: a whole number from 0 to 100.")
    .max(100, "weight: a whole number from 0 to 100.")
    .default(100)
    .meta({ description: "Round robin: a larger share of bookings (0-100, default 100)." }),
  priority: z
    .enum(HOST_PRIORITIES, { error: `priority is one of ${HOST_PRIORITIES.join(", ")}.` })
    .default("medium")
    .meta({ description: "Round robin: who is picked first among the free hosts (default medium)." }),
});

/**
 * POST /api/teams/{id}/event-types and PUT .../{eventTypeId}: the event type body (its schedule
 * aside: each host's availability is their own default schedule) plus kind, hosts,
 * roundRobinMode and lockedFields. PUT replaces the whole event type, as PUT /api/event-types/{id}.
 * The price and refund rule are a person's event type's (docs/decisions/107, 120): the JSON
 * body's price in minor units, the team's form's typed in the currency's units (decision 116).
 */
export function teamEventTypeSchema(price: typeof priceField | typeof priceFormField) {
  return z
    .object({
      ...eventTypeFields,
      kind: z.enum(TEAM_EVENT_TYPE_KINDS, { error: `kind is one of ${TEAM_EVENT_TYPE_KINDS.join(", ")}.` }),
      hosts: z
        .array(hostSchema, { error: "hosts: a list of { userId, weight?, priority? }." })
        .max(50, "hosts: at most 50.")
        .optional()
        .meta({
          description:
            "Members of the team who host it (collective, round robin) or get a copy (managed); every current member when left out.",
        }),
      roundRobinMode: z
        .enum(ROUND_ROBIN_MODES, { error: `roundRobinMode is one of ${ROUND_ROBIN_MODES.join(", ")}.` })
        .optional()
        .meta({ description: "Round robin only: fairness (default) or availability." }),
      lockedFields: z
        .array(
          z.enum(LOCKABLE_FIELDS, {
            error: (issue) => `${String(issue.input)} cannot be locked: lock any of ${LOCKABLE_FIELDS.join(", ")}.`,
          }),
          { error: "lockedFields: a list of field names." },
        )
        .max(LOCKABLE_FIELDS.length)
        .optional()
        .meta({ description: "Managed only: the fields a member's copy may not change." }),
      price,
      refundPolicy: refundPolicyField,
    })
    .superRefine((value, ctx) => {
      seatRules(value, ctx);
      durationRules(value, ctx);
      priceRules(value, ctx);
      if (value.roundRobinMode && value.kind !== "round-robin")
        ctx.addIssue({
          code: "custom",
          path: ["roundRobinMode"],
          message: TEAM_EVENT_TYPE_MESSAGES.roundRobinModeOnly,
        });
      if (value.lockedFields?.length && value.kind !== "managed")
        ctx.addIssue({ code: "custom", path: ["lockedFields"], message: TEAM_EVENT_TYPE_MESSAGES.lockedFieldsOnly });
      const ids = (value.hosts ?? []).map((h) => h.userId);
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: "custom", path: ["hosts"], message: TEAM_EVENT_TYPE_MESSAGES.hostTwice });
    })
    .transform((value) => ({
      ...value,
      ...withDurations(value),
      redirectUrl: value.redirectUrl || null,
      seats: null,
      slotInterval: value.slotInterval ?? null,
      dailyLimit: value.dailyLimit ?? null,
      limitPerGuest: value.limitPerGuest ?? null,
      weeklyLimit: value.weeklyLimit ?? null,
      monthlyLimit: value.monthlyLimit ?? null,
      maxReschedules: value.maxReschedules ?? null,
      reconfirmHours: value.reconfirmHours ?? null,
      /** null: every current member. */
      hosts: value.hosts ?? null,
      roundRobinMode: value.roundRobinMode ?? ("fairness" as const),
      lockedFields: LOCKABLE_FIELDS.filter((f) => value.lockedFields?.includes(f)),
      priceAmount: value.price?.amount ?? null,
      priceCurrency: value.price?.currency ?? null,
      refundPolicy: value.refundPolicy.type,
      refundHours: value.refundPolicy.type === "until" ? (value.refundPolicy.hours ?? null) : null,
    }));
}

export const teamEventTypeBody = teamEventTypeSchema(priceField).meta({ id: "TeamEventTypeInput" });

export type TeamEventTypeInput = z.output<typeof teamEventTypeBody>;

const teamHostJsonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  weight: z.number().int(),
  priority: z.enum(HOST_PRIORITIES),
});

export const teamEventTypeJsonSchema = eventTypeJsonSchema
  .extend({
    hosts: z.array(teamHostJsonSchema).meta({ description: "Who hosts it (managed: who gets a copy)." }),
    teamId: z.string(),
    bookingUrl: z
      .string()
      .nullable()
      .meta({ description: "/team/{team slug}/{slug}, absolute; null for a managed template (its copies book)." }),
    roundRobinMode: z.enum(ROUND_ROBIN_MODES),
    lockedFields: z.array(z.enum(LOCKABLE_FIELDS)),
    copies: z
      .array(z.object({ userId: z.string(), eventTypeId: z.string(), bookingUrl: z.string().nullable() }))
      .meta({ description: "Managed: each assigned member's copy and its booking URL (/{username}/{slug})." }),
  })
  .meta({ id: "TeamEventType" });

export type TeamEventTypeJson = z.infer<typeof teamEventTypeJsonSchema>;

/** The team's path of its event type: /team/{team slug}/{slug}. */
export const teamEventTypePath = (teamSlug: string, slug: string) => `/team/${teamSlug}/${slug}`;

export function teamEventTypeJson(
  base: EventTypeJson,
  extra: {
    teamId: string;
    teamSlug: string;
    origin: string;
    hosts: Array<{ userId: string; name: string; weight: number; priority: HostPriority }>;
    roundRobinMode: (typeof ROUND_ROBIN_MODES)[number];
    lockedFields: string[];
    copies: Array<{ userId: string; eventTypeId: string; username: string | null }>;
  },
): TeamEventTypeJson {
  const origin = extra.origin.replace(/\/+$/, "");
  return {
    ...base,
    hosts: extra.hosts,
    teamId: extra.teamId,
    bookingUrl: base.kind === "managed" ? null : `${origin}${teamEventTypePath(extra.teamSlug, base.slug)}`,
    roundRobinMode: extra.roundRobinMode,
    lockedFields: LOCKABLE_FIELDS.filter((f) => extra.lockedFields.includes(f)),
    copies: extra.copies.map((c) => ({
      userId: c.userId,
      eventTypeId: c.eventTypeId,
      bookingUrl: c.username ? `${origin}/${c.username}/${base.slug}` : null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Locked fields of a member's copy

/** The lockable fields' values of an event type. */
export interface LockableValues {
  title: string;
  description: string;
  duration: number;
  location: EventTypeLocation;
  bufferBefore: number;
  bufferAfter: number;
  minimumNotice: number;
  bookingWindowDays: number;
  slotInterval: number | null;
  dailyLimit: number | null;
  weeklyLimit: number | null;
  monthlyLimit: number | null;
  limitPerGuest: number | null;
  questions: BookingQuestion[];
  requiresApproval: boolean;
  approvalHoldHours: number;
}

/** A field's value as compared: a location without an empty value, questions without their ids. */
function comparable(field: LockableField, value: unknown): string {
  if (field === "location") {
    const l = value as EventTypeLocation;
    return JSON.stringify(l.value ? { type: l.type, value: l.value } : { type: l.type });
  }
  if (field === "questions")
    return JSON.stringify(
      (value as BookingQuestion[]).map((q) => [q.label, q.type, q.required, q.options ?? []] as const),
    );
  return JSON.stringify(value ?? null);
}

/** The first of `locked` whose value differs between `current` and `next`, or null. */
export function changedLockedField(
  current: LockableValues,
  next: LockableValues,
  locked: readonly string[],
): LockableField | null {
  for (const field of LOCKABLE_FIELDS) {
    if (!locked.includes(field)) continue;
    if (comparable(field, current[field]) !== comparable(field, next[field])) return field;
  }
  return null;
}

/** `next` with each of `fields` taken from `from` (a copy kept in step with its template). */
export function withFieldsOf<T extends LockableValues>(next: T, from: LockableValues, fields: readonly string[]): T {
  const out = { ...next } as Record<string, unknown>;
  for (const field of LOCKABLE_FIELDS) if (fields.includes(field)) out[field] = from[field];
  return out as T;
}

/** A locked field's current value as the JSON body writes it (what a copy keeps when the field is left out). */
export function lockedJsonValue(current: LockableValues, field: string): unknown {
  if (!isLockableField(field)) return undefined;
  const value = current[field];
  if (field === "location") {
    const l = value as EventTypeLocation;
    return l.value ? { type: l.type, value: l.value } : { type: l.type };
  }
  return value;
}

export function isLockableField(value: string): value is LockableField {
  return (LOCKABLE_FIELDS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// The team's event type form (dashboard/teams/{id}/event-types/...)

export const TEAM_KIND_OPTIONS: ReadonlyArray<{ value: TeamEventTypeKind; label: string; hint: string }> = [
  {
    value: "collective",
    label: "Collective",
    hint: "Every host you pick meets the guest: guests see only times when all of them are free.",
  },
  {
    value: "round-robin",
    label: "Round Robin",
    hint: "Each booking goes to one free host among those you pick, shared out by weight and priority.",
  },
  {
    value: "managed",
    label: "Managed",
    hint: "Each member you assign gets their own copy on their page; the fields you lock stay as you set them.",
  },
];

export const PRIORITY_LABELS: Record<HostPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  highest: "Highest",
};

/** The form's hosts: no box ticked is nobody (on the JSON path, hosts left out means every member). */
export function teamFormHosts<T>(form: FormData, parsed: T[] | null): T[] {
  return form.has("hostIds") ? (parsed ?? []) : [];
}

/** The form's name of a member's weight and priority inputs. */
export const weightField = (userId: string) => `weight.${userId}`;
export const priorityField = (userId: string) => `priority.${userId}`;

/**
 * The team form as the JSON body's fields: each ticked `hostIds` box becomes hosts[i] with the
 * member's weight and priority; round robin's mode and the locked fields count only for their
 * kind (without JavaScript the form shows every control, as the person's form shows hosts).
 */
export function teamFormToBody(form: FormData): FormData {
  const out = new FormData();
  const kind = String(form.get("kind") ?? "");
  for (const [key, value] of form) {
    if (key === "hostIds" || key.startsWith("weight.") || key.startsWith("priority.")) continue;
    if (key === "roundRobinMode" && kind !== "round-robin") continue;
    if (key === "lockedFields" && kind !== "managed") continue;
    out.append(key, value);
  }
  form.getAll("hostIds").forEach((id, i) => {
    const userId = String(id);
    out.set(`hosts[${i}].userId`, userId);
    const weight = String(form.get(weightField(userId)) ?? "").trim();
    if (weight) out.set(`hosts[${i}].weight`, weight);
    const priority = String(form.get(priorityField(userId)) ?? "");
    if (priority) out.set(`hosts[${i}].priority`, priority);
  });
  // No box ticked: no hosts field at all; the page reads that as an empty list (teamFormHosts).
  return out;
}
