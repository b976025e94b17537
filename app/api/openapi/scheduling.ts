import { z } from "zod";
import {
  eventTypeBody,
  eventTypeJsonSchema,
  scheduleBody,
  scheduleJsonSchema,
  slotsJsonSchema,
  slotsQuery,
} from "~/schemas/scheduling-api";
import {
  body,
  errors,
  errorSchema,
  idParam,
  json,
  noContent,
  open,
  signedIn,
  type ZodOpenApiPathsObject,
} from "./common";
import { singleUseLinkJsonSchema } from "~/schemas/single-use-links";

const linkParams = idParam.extend({
  linkId: z.string().meta({ description: "The link's id.", example: "5e1c2d3a-4b5c-4d6e-8f90-1a2b3c4d5e6f" }),
});

/**
 * Scheduling (decision 016): the host's schedules and event types (their own only: another
 * person's id is a 404) and the public free-slot search the booking pages use.
 */

export const paths: ZodOpenApiPathsObject = {
  "/api/schedules": {
    get: {
      operationId: "listSchedules",
      summary: "Your schedules, the default first (a default Mon-Fri 09:00-17:00 in your zone is made on first call).",
      tags: ["Schedules"],
      security: signedIn,
      responses: { "200": json("Your schedules.", z.array(scheduleJsonSchema)), ...errors(401) },
    },
    post: {
      operationId: "createSchedule",
      summary: "Adds a schedule; isDefault true makes it the default (the old one stops being it).",
      tags: ["Schedules"],
      security: signedIn,
      requestBody: body(scheduleBody),
      responses: { "201": json("The new schedule.", scheduleJsonSchema), ...errors(400, 401, 413, 415) },
    },
  },
  "/api/schedules/{id}": {
    get: {
      operationId: "getSchedule",
      summary: "One of your schedules.",
      tags: ["Schedules"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The schedule.", scheduleJsonSchema), ...errors(401, 404) },
    },
    put: {
      operationId: "replaceSchedule",
      summary: "Replaces a schedule (fields left out take their defaults); the default schedule stays the default.",
      tags: ["Schedules"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(scheduleBody),
      responses: { "200": json("The schedule as saved.", scheduleJsonSchema), ...errors(400, 401, 404, 413, 415) },
    },
    delete: {
      operationId: "deleteSchedule",
      summary:
        "Deletes a schedule: 409 default_schedule for the default, 409 schedule_in_use when an event type uses it.",
      tags: ["Schedules"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 404, 409) },
    },
  },
  "/api/event-types": {
    get: {
      operationId: "listEventTypes",
      summary: "Your event types (booking links), oldest first.",
      tags: ["Event types"],
      security: signedIn,
      responses: { "200": json("Your event types.", z.array(eventTypeJsonSchema)), ...errors(401) },
    },
    post: {
      operationId: "createEventType",
      summary: "Adds an event type; 409 slug_taken when you have that slug already (in any case).",
      tags: ["Event types"],
      security: signedIn,
      requestBody: body(eventTypeBody),
      responses: {
        "201": json("The new event type.", eventTypeJsonSchema),
        ...errors(400, 401, 409, 413, 415),
        "403": {
          description:
            "active_event_type_limit: on the free plan at most 3 event types are on at once (decision 038); send active: false or take a package.",
          content: { "application/json": { schema: errorSchema } },
        },
      },
    },
  },
  "/api/event-types/{id}": {
    get: {
      operationId: "getEventType",
      summary: "One of your event types.",
      tags: ["Event types"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The event type.", eventTypeJsonSchema), ...errors(401, 404) },
    },
    put: {
      operationId: "replaceEventType",
      summary:
        "Replaces an event type; fields left out take their defaults. A member's copy of a team's managed event type (decision 059) stays one-to-one and keeps the fields its team locks: one left out keeps its value, one sent with another value is 403 locked_field (with `field`), and nothing is saved.",
      tags: ["Event types"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(eventTypeBody),
      responses: {
        "200": json("The event type as saved.", eventTypeJsonSchema),
        ...errors(400, 401, 404, 409, 413, 415),
        "403": {
          description:
            "active_event_type_limit: turning on a fourth event type on the free plan (decision 038); locked_field: a managed copy's locked field changed (decision 059).",
          content: { "application/json": { schema: errorSchema } },
        },
      },
    },
    delete: {
      operationId: "deleteEventType",
      summary:
        "Deletes an event type. A member's copy of a team's managed event type is its team's to remove: 403 managed_copy (turn it off instead).",
      tags: ["Event types"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 403, 404) },
    },
  },
  "/api/event-types/{id}/single-use-links": {
    get: {
      operationId: "listSingleUseLinks",
      summary:
        "The single-use links of one of your event types, newest first (at most 200), used or not (decision 039).",
      tags: ["Event types"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The links.", z.array(singleUseLinkJsonSchema)), ...errors(401, 404) },
    },
    post: {
      operationId: "createSingleUseLink",
      summary:
        'Makes a link that books the event type once: /{username}/{slug}?link=<token>. It books even while the event type is off; once used (or revoked) the page says "This link has been used" and POST /api/bookings answers 410 link_used.',
      tags: ["Event types"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "201": json("The new link (used: false).", singleUseLinkJsonSchema), ...errors(401, 404) },
    },
  },
  "/api/event-types/{id}/single-use-links/{linkId}": {
    delete: {
      operationId: "revokeSingleUseLink",
      summary: "Revokes an unused single-use link (204); one already used is 409 link_used.",
      tags: ["Event types"],
      security: signedIn,
      requestParams: { path: linkParams },
      responses: { "204": noContent, ...errors(401, 404, 409) },
    },
  },
  "/api/slots": {
    get: {
      operationId: "listSlots",
      summary:
        "Free slots of an active event type for the guest's dates (at most 62 days); no auth. Collective: times every host is free; round robin: times any one host is free.",
      tags: ["Slots"],
      security: open,
      requestParams: { query: slotsQuery },
      responses: { "200": json("Slot starts per date of timeZone.", slotsJsonSchema), ...errors(400, 404) },
    },
  },
};
