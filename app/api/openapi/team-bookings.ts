import { z } from "zod";
import { teamBookingJsonSchema, teamBookingsQuery } from "~/schemas/team-bookings";
import { errors, idParam, json, signedIn, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "./common";
import { paths as personalWebhooks } from "./webhooks";

/**
 * A team's bookings and webhooks (decision 062), for the team's owners and admins: a member gets
 * 403, anyone outside the team 404. The team's webhook paths mirror /api/webhooks: the same
 * bodies and answers, with the team in the path; each is built here from its personal operation.
 */

const teamParam = z.object({
  id: z.string().meta({ description: "The team's id (a UUID).", example: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f" }),
});
const webhookParams = teamParam.extend({
  webhookId: z
    .string()
    .meta({ description: "One of the team's webhooks (a UUID).", example: "9d2e1f3a-4b5c-4d6e-8f7a-1b2c3d4e5f6a" }),
});
const deliveryParams = webhookParams.extend({
  deliveryId: z
    .string()
    .meta({ description: "A delivery's id (a UUID).", example: "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }),
});

const totalCount = {
  "X-Total-Count": { description: "How many match, across all pages.", schema: { type: "integer" as const } },
};

/** The personal operation `method` of `path`, for the team: its id, path parameters and the team's refusals. */
function forTeam(
  path: keyof typeof personalWebhooks & string,
  method: "get" | "post" | "patch" | "delete",
  operationId: string,
  params: z.ZodObject,
): ZodOpenApiOperationObject {
  const personal = (personalWebhooks[path] as Record<string, ZodOpenApiOperationObject>)[method];
  return {
    ...personal,
    operationId,
    summary: `The team's (owners and admins): ${personal.summary}`,
    tags: ["Teams"],
    requestParams: { path: params },
    responses: { ...personal.responses, ...errors(401, 403, 404) },
  };
}

export const paths: ZodOpenApiPathsObject = {
  "/api/teams/{id}/bookings": {
    get: {
      operationId: "listTeamBookings",
      summary:
        "Every booking of the team's event types (a collective booking once, not its co-hosts' copies), whichever member hosts it, in a Scheduled Events tab (status, default upcoming), of one member with member=, paged with limit and offset. Each has the booking's fields, the event type, the guest and the host.",
      tags: ["Teams"],
      security: signedIn,
      requestParams: { path: idParam, query: teamBookingsQuery },
      responses: {
        "200": (() => {
          const response = json("The bookings; the total in X-Total-Count.", z.array(teamBookingJsonSchema));
          return { ...response, headers: { ...response.headers, ...totalCount } };
        })(),
        ...errors(400, 401, 403, 404),
      },
    },
  },
  "/api/teams/{id}/webhooks": {
    get: forTeam("/api/webhooks", "get", "listTeamWebhooks", teamParam),
    post: {
      ...forTeam("/api/webhooks", "post", "createTeamWebhook", teamParam),
      summary:
        "The team's (owners and admins): subscribes a URL to every booking of the team's event types, whichever member hosts it, with the events, signing, retries and delivery log of POST /api/webhooks. The answer carries the signing secret, shown only here. At most 20 per team (409 too_many_webhooks).",
    },
  },
  "/api/teams/{id}/webhooks/{webhookId}": {
    get: forTeam("/api/webhooks/{id}", "get", "getTeamWebhook", webhookParams),
    patch: forTeam("/api/webhooks/{id}", "patch", "updateTeamWebhook", webhookParams),
    delete: forTeam("/api/webhooks/{id}", "delete", "deleteTeamWebhook", webhookParams),
  },
  "/api/teams/{id}/webhooks/{webhookId}/test": {
    post: forTeam("/api/webhooks/{id}/test", "post", "testTeamWebhook", webhookParams),
  },
  "/api/teams/{id}/webhooks/{webhookId}/deliveries": {
    get: forTeam("/api/webhooks/{id}/deliveries", "get", "listTeamWebhookDeliveries", webhookParams),
  },
  "/api/teams/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend": {
    post: forTeam(
      "/api/webhooks/{id}/deliveries/{deliveryId}/resend",
      "post",
      "resendTeamWebhookDelivery",
      deliveryParams,
    ),
  },
};
