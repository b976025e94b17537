import { z } from "zod";
import { BOOKING_STATUSES } from "~/schemas/booking-api";
import { EVENT_OPTIONS } from "~/schemas/event";
import { createEventBody, updateEventBody } from "~/schemas/event-api.server";
import { packageJsonSchema as packageSchema } from "~/schemas/package-api";
import { reviewJson as reviewSchema } from "~/schemas/payment-api";
import {
  body,
  emailParam,
  errors,
  idParam,
  json,
  noContent,
  open,
  signedIn,
  type ZodOpenApiPathsObject,
} from "./common";

/** Events, reviews (read), notifications, role checks and packages (read). */

const eventSchema = z
  .object({
    _id: z.string(),
    eventName: z.string(),
    eventType: z.enum(EVENT_OPTIONS),
    eventWith: z.enum(["One-to-One", "Group"]),
    description: z.string(),
    targetedEmail: z
      .union([z.string(), z.record(z.string(), z.string())])
      .meta({ description: "One-to-One: an e-mail; Group: { email1, ..., email4 }." }),
    dateTime: z.string().meta({ description: "Start, ISO 8601 (UTC).", example: "2026-12-01T09:30:00.000Z" }),
    endsAt: z.string(),
    duration: z.number().int().meta({ description: "Minutes." }),
    host: z.string().meta({ description: "The host's e-mail." }),
    status: z.enum(BOOKING_STATUSES).meta({
      description:
        "pending: a booking waiting for your approval (it holds the time); declined: a request you declined or let expire.",
      example: "confirmed",
    }),
    answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).meta({
      description:
        "A booking's answers to its event type's questions, by question id; {} for other events (decision 039).",
    }),
    joinUrl: z.string().optional().meta({
      description: "A booking's Zoom, Google Meet or Teams meeting link, made for it (decision 065).",
    }),
  })
  .meta({ id: "Event" });

const now = new Date(0);
const hostQuery = z.object({
  host: z
    .string()
    .optional()
    .meta({ description: "The host's e-mail; another host's needs an admin. Default: the caller." }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/openapi.json": {
    get: {
      operationId: "openApiDocument",
      summary: "This document (OpenAPI 3.1). A readable version is at /api/docs.",
      tags: ["Reference"],
      security: open,
      responses: { "200": json("The OpenAPI document.", z.record(z.string(), z.unknown())), ...errors() },
    },
  },
  "/event": {
    get: {
      operationId: "listEvents",
      summary: "The caller's events (an admin may name another host).",
      tags: ["Events"],
      security: signedIn,
      requestParams: { query: hostQuery },
      responses: { "200": json("Events, upcoming first.", z.array(eventSchema)), ...errors(401, 403, 404) },
    },
  },
  "/events": {
    post: {
      operationId: "createEvent",
      summary:
        "Create an event hosted by the caller (free plan: at most 3 upcoming; 409 time_taken when it overlaps another of the caller's events).",
      tags: ["Events"],
      security: signedIn,
      requestBody: body(createEventBody(now)),
      responses: { "201": json("The created event.", eventSchema), ...errors(400, 401, 403, 409, 413, 415) },
    },
  },
  "/event/{id}": {
    put: {
      operationId: "updateEvent",
      summary:
        "Change one of the caller's events; invitees get an updated invitation (409 time_taken when it would overlap another of them, 409 event_cancelled for a cancelled one).",
      tags: ["Events"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(updateEventBody(now)),
      responses: { "200": json("The updated event.", eventSchema), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    delete: {
      operationId: "deleteEvent",
      summary: "Delete one of the caller's events; invitees get a cancellation.",
      tags: ["Events"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 404) },
    },
  },
  "/reviews": {
    get: {
      operationId: "listReviews",
      summary: "Recent reviews, newest first.",
      tags: ["Reviews"],
      security: open,
      responses: { "200": json("Reviews.", z.array(reviewSchema)), ...errors() },
    },
  },
  "/notifications": {
    get: {
      operationId: "listNotifications",
      summary: "Announcements for everybody, plus the caller's own when signed in.",
      tags: ["Notifications"],
      security: open,
      responses: {
        "200": json("Notifications, newest first.", z.array(z.object({ _id: z.string(), notification: z.string() }))),
        ...errors(401),
      },
    },
  },
  "/admin/{email}": {
    get: {
      operationId: "isAdmin",
      summary: "Whether an account is an admin (oneself, or asked by an admin).",
      tags: ["Accounts"],
      security: signedIn,
      requestParams: { path: emailParam },
      responses: { "200": json("The flag.", z.object({ admin: z.boolean() })), ...errors(401, 403) },
    },
  },
  "/professional/{email}": {
    get: {
      operationId: "isProfessional",
      summary: "Whether an account has a paid package running (oneself, or asked by an admin).",
      tags: ["Accounts"],
      security: signedIn,
      requestParams: { path: emailParam },
      responses: { "200": json("The flag.", z.object({ professional: z.boolean() })), ...errors(401, 403) },
    },
  },
  "/packages": {
    get: {
      operationId: "listPackages",
      summary: "Every package (the pricing page's list).",
      tags: ["Packages"],
      security: open,
      responses: { "200": json("Packages.", z.array(packageSchema)), ...errors() },
    },
  },
  "/packages/{id}": {
    get: {
      operationId: "getPackage",
      summary: "One package.",
      tags: ["Packages"],
      security: open,
      requestParams: { path: idParam },
      responses: { "200": json("The package.", packageSchema), ...errors(404) },
    },
  },
};
