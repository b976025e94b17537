import { z } from "zod";
import type { RoutingAction, RoutingField, RoutingForm, RoutingRoute } from "../../db/schema";
import { ROUTING_OPERATORS, toNumber } from "~/scheduling/routing";
import { checkChoices, questionFields } from "./booking-questions";
import { csvField } from "./csv";
import { plainText } from "./input-rules";

/**
 * Routing forms (decision 074): the body of POST|PUT /api/routing-forms, a response's answers,
 * member attributes, the JSON shapes answered, and the CSV of responses. Pure.
 */

export const ROUTING_FIELD_ID = /^[a-z][a-z0-9_]{0,39}$/;
export const ROUTING_FIELDS_MAX = 30;
export const ROUTING_ROUTES_MAX = 50;
export const ROUTING_CONDITIONS_MAX = 20;
export const ATTRIBUTES_MAX = 20;

const attributeName = z
  .string()
  .regex(ROUTING_FIELD_ID, "An attribute's name: a lower-case letter, then up to 39 letters, digits or _.");
const attributeValue = plainText(
  z
    .string({ error: "An attribute's value is text." })
    .trim()
    .min(1, "Give a value.")
    .max(100, "Use at most 100 characters."),
  "The value",
);

/** `{ region: "emea", ... }`: a team member's attributes, or what a route wants of them. */
export const memberAttributesBody = z
  .record(attributeName, attributeValue, { error: "Send an object of attribute names and text values." })
  .refine((r) => Object.keys(r).length <= ATTRIBUTES_MAX, `Give at most ${ATTRIBUTES_MAX} attributes.`)
  .meta({ id: "MemberAttributes", example: { region: "emea", language: "de" } });

const fieldSchema = z
  .object({
    id: z
      .string({ error: "id is text." })
      .regex(ROUTING_FIELD_ID, "id: a lower-case letter, then up to 39 lower-case letters, digits or _."),
    ...questionFields,
  })
  .superRefine(checkChoices)
  .meta({ id: "RoutingField" });

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);
const conditionSchema = z.object({
  field: z.string({ error: "field names one of the form's fields." }),
  op: z.enum(ROUTING_OPERATORS, { error: `op is one of ${ROUTING_OPERATORS.join(", ")}.` }),
  value: z.union([scalar, z.array(z.union([z.string().max(500), z.number()])).max(100)], {
    error: "value is text, a number, true/false, or a list.",
  }),
});
const conditions = z
  .array(conditionSchema)
  .max(ROUTING_CONDITIONS_MAX, `At most ${ROUTING_CONDITIONS_MAX} conditions.`);
const conditionsSchema = z.union([z.strictObject({ all: conditions }), z.strictObject({ any: conditions })], {
  error: "conditions is { all: [...] } or { any: [...] }.",
});

export const routingActionSchema = z
  .discriminatedUnion(
    "type",
    [
      z.strictObject({
        type: z.literal("event-type"),
        eventTypeId: z.uuid("eventTypeId is an event type's id."),
        memberAttributes: memberAttributesBody.optional(),
      }),
      z.strictObject({
        type: z.literal("url"),
        url: z
          .url({ protocol: /^https?$/, error: "Give a web address (http or https)." })
          .max(2000, "Use at most 2000 characters."),
      }),
      z.strictObject({
        type: z.literal("message"),
        message: plainText(
          z.string().trim().min(1, "Give the message.").max(2000, "Use at most 2000 characters."),
          "The message",
          { multiline: true },
        ),
      }),
    ],
    { error: 'action.type is "event-type", "url" or "message".' },
  )
  .meta({ id: "RoutingAction" });

const routeSchema = z.strictObject({ conditions: conditionsSchema, action: routingActionSchema });

/** POST /api/routing-forms and PUT /api/routing-forms/{id}. */
export const routingFormBody = z
  .strictObject({
    name: plainText(
      z.string({ error: "Give the form a name." }).trim().min(1, "Give the form a name.").max(120),
      "The name",
    ),
    teamId: z.uuid("teamId is a team's id.").nullish(),
    fields: z
      .array(fieldSchema, { error: "fields is a list of { id, label, type, required, options? }." })
      .min(1, "Ask at least one question.")
      .max(ROUTING_FIELDS_MAX, `Ask at most ${ROUTING_FIELDS_MAX} questions.`),
    routes: z
      .array(routeSchema, { error: "routes is a list of { conditions, action }." })
      .max(ROUTING_ROUTES_MAX, `At most ${ROUTING_ROUTES_MAX} routes.`),
    fallback: routingActionSchema,
  })
  .superRefine((form, ctx) => {
    const ids = new Set<string>();
    form.fields.forEach((f, i) => {
      if (ids.has(f.id)) ctx.addIssue({ code: "custom", path: ["fields", i, "id"], message: "Each field's id once." });
      ids.add(f.id);
    });
    form.routes.forEach((route, r) => {
      const list = "all" in route.conditions ? route.conditions.all : route.conditions.any;
      const key = "all" in route.conditions ? "all" : "any";
      list.forEach((c, i) => {
        const path = ["routes", r, "conditions", key, i];
        if (!ids.has(c.field))
          ctx.addIssue({ code: "custom", path: [...path, "field"], message: `No field has the id "${c.field}".` });
        const message = conditionValueProblem(c.op, c.value);
        if (message) ctx.addIssue({ code: "custom", path: [...path, "value"], message });
      });
    });
  })
  .meta({ id: "RoutingFormInput" });

export type RoutingFormInput = z.output<typeof routingFormBody>;

/** What an operator needs of its value: a list for `in`, [min, max] numbers for `between`, a number for gte/lte. */
function conditionValueProblem(op: (typeof ROUTING_OPERATORS)[number], value: unknown): string | null {
  switch (op) {
    case "in":
      return Array.isArray(value) && value.length > 0 ? null : "in takes a list of values.";
    case "between": {
      if (!Array.isArray(value) || value.length !== 2) return "between takes [min, max].";
      const [min, max] = value.map(toNumber);
      if (min === null || max === null) return "between takes two numbers.";
      return min <= max ? null : "between takes [min, max] with min at most max.";
    }
    case "gte":
    case "lte":
      return toNumber(value) === null ? `${op} takes a number.` : null;
    default:
      return Array.isArray(value) ? `${op} takes one value, not a list.` : null;
  }
}

/** POST /api/routing-forms/{id}/responses. */
export const routingResponseBody = z
  .strictObject({
    answers: z.record(z.string(), z.unknown(), { error: "answers is an object of field ids and answers." }),
  })
  .meta({ id: "RoutingResponseInput" });

/** A form as the JSON API answers it. */
export function routingFormJson(form: RoutingForm, base: string) {
  return {
    id: form.id,
    name: form.name,
    teamId: form.teamId,
    fields: form.fields,
    routes: form.routes,
    fallback: form.fallback,
    url: `${base}/forms/${form.id}`,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

export type { RoutingAction, RoutingField, RoutingRoute };

/** The CSV lines (RFC 4180, formula-safe cells as the audit log's: csvField). */
export function csvRows(rows: Array<Array<string | null>>): string {
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
