import { z } from "zod";
import {
  memberAttributesBody,
  routingActionSchema,
  routingFormBody,
  routingResponseBody,
} from "~/schemas/routing-forms";
import { body, errors, idParam, json, noContent, open, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Routing forms (decision 074): a host's or a team's form whose ordered rules send a lead to an
 * event type (a team's round robin narrowed to members by their attributes), a web address or a
 * message; its public page is /forms/{id}.
 */

const routingFormSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    teamId: z.string().nullable(),
    fields: routingFormBody.shape.fields,
    routes: routingFormBody.shape.routes,
    fallback: routingActionSchema,
    url: z.string().meta({ description: "The public page: /forms/{id} (?embed=1 to frame it)." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "RoutingForm" });

const responseAnswerSchema = z
  .object({
    responseId: z.string(),
    action: z.object({
      type: z.enum(["event-type", "url", "message"]),
      eventTypeId: z.string().optional(),
      url: z.string().optional(),
      message: z.string().optional(),
    }),
    bookingUrl: z.string().optional().meta({
      description:
        "event-type only: the booking page with the answers prefilled (name, email, a_<questionId> by matching id or label) and `routing`, the response's reference that limits a round robin to the routed members.",
    }),
  })
  .meta({ id: "RoutingResponseAnswer" });

const responseRowSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    answers: z.record(z.string(), z.unknown()),
    route: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The index of the route that matched; null: the fallback." }),
    action: z.enum(["event-type", "url", "message"]),
    eventTypeId: z.string().nullable(),
    booking: z
      .object({
        id: z.string(),
        start: z.string().nullable(),
        status: z.string().nullable(),
        hostName: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "RoutingResponse" });

const memberParams = z.object({
  id: z.string().meta({ description: "The team's id." }),
  userId: z.string().meta({ description: "The member's user id." }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/routing-forms": {
    get: {
      operationId: "listRoutingForms",
      summary: "The caller's own routing forms and those of every team they are in, newest first.",
      tags: ["Routing forms"],
      security: signedIn,
      responses: { "200": json("The forms.", z.array(routingFormSchema)), ...errors(401) },
    },
    post: {
      operationId: "createRoutingForm",
      summary:
        "Makes a routing form: the caller's own, or with teamId a team's (its owners and admins only: a member 403, an outsider 404). Conditions name a field; in takes a list, between [min, max] (numbers, inclusive), gte and lte a number. event-type actions name the owner's own event types (a team's for a team form), memberAttributes only a team round-robin one (422 invalid_targets otherwise). Anything else the schema refuses: 422 invalid_input with fields.",
      tags: ["Routing forms"],
      security: signedIn,
      requestBody: body(routingFormBody),
      responses: { "201": json("The form.", routingFormSchema), ...errors(400, 401, 403, 404, 413, 415, 422) },
    },
  },
  "/api/routing-forms/{id}": {
    get: {
      operationId: "getRoutingForm",
      summary: "A form: its host's, or a team's for any member of the team; anyone else 404.",
      tags: ["Routing forms"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The form.", routingFormSchema), ...errors(401, 404) },
    },
    put: {
      operationId: "updateRoutingForm",
      summary:
        "Replaces a form's name, fields and rules (its host or team stays): its host, or a team's owners and admins (a member 403).",
      tags: ["Routing forms"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(routingFormBody),
      responses: { "200": json("The form.", routingFormSchema), ...errors(400, 401, 403, 404, 413, 415, 422) },
    },
    delete: {
      operationId: "deleteRoutingForm",
      summary: "Deletes a form and its responses (bookings made through it stay): as PUT.",
      tags: ["Routing forms"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 403, 404) },
    },
  },
  "/api/routing-forms/{id}/responses": {
    get: {
      operationId: "listRoutingResponses",
      summary:
        "The form's responses, newest first, booked or not (as the form is read). With Accept: text/csv, a CSV (a column per field; a cell starting with = + - or @ gets a leading ').",
      tags: ["Routing forms"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: {
        "200": {
          description: "The responses.",
          content: {
            "application/json": { schema: z.array(responseRowSchema) },
            "text/csv": { schema: z.string() },
          },
        },
        ...errors(401, 404),
      },
    },
    post: {
      operationId: "submitRoutingResponse",
      summary:
        "A lead's answers (no sign-in; at most 20 per address in 10 minutes): stored, routed by the first matching route (else the fallback; a route whose member attributes no member has gives way to the fallback). 422 invalid_answers with answers.<field> for answers the form's fields refuse.",
      tags: ["Routing forms"],
      security: open,
      requestParams: { path: idParam },
      requestBody: body(routingResponseBody),
      responses: { "200": json("Where the lead goes.", responseAnswerSchema), ...errors(400, 404, 413, 415, 422) },
    },
  },
  "/api/teams/{id}/members/{userId}/attributes": {
    put: {
      operationId: "setTeamMemberAttributes",
      summary:
        "Owners and admins replace a member's attributes (region, language, segment...), which routing forms' memberAttributes pick round-robin hosts by; a member 403, an outsider 404.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: memberParams },
      requestBody: body(memberAttributesBody),
      responses: {
        "200": json("The member's attributes.", z.object({ userId: z.string(), attributes: memberAttributesBody })),
        ...errors(400, 401, 403, 404, 413, 415),
      },
    },
  },
};
