import { z } from "zod";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookCreateBody,
  webhookDeliverySchema,
  webhookEventSchema,
  webhookPatchBody,
  webhookSchema,
  webhookWithSecretSchema,
} from "~/schemas/webhook";
import { body, errors, idParam, json, noContent, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Webhooks (decision 037): a host's subscriptions to booking events, POSTed signed by the
 * Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature), retried with
 * backoff for about a day, with a delivery log. Order is not promised.
 */

const deliveryParams = idParam.extend({
  deliveryId: z
    .string()
    .meta({ description: "A delivery's id (a UUID).", example: "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/webhooks": {
    get: {
      operationId: "listWebhooks",
      summary: "The caller's webhook subscriptions (secrets are not shown again).",
      tags: ["Webhooks"],
      security: signedIn,
      responses: { "200": json("The subscriptions, oldest first.", z.array(webhookSchema)), ...errors(401) },
    },
    post: {
      operationId: "createWebhook",
      summary:
        "Subscribes a URL to booking events (booking.created, booking.rescheduled, booking.cancelled; booking.requested, booking.approved, booking.declined once approval exists). The answer carries the signing secret (whsec_...), shown only here. In production the URL must be https and may not resolve to a loopback, private or link-local address (unless ALLOW_PRIVATE_WEBHOOK_URLS=true). At most 20 per host (409 too_many_webhooks).",
      tags: ["Webhooks"],
      security: signedIn,
      requestBody: body(webhookCreateBody),
      responses: {
        "201": json("The subscription with its secret.", webhookWithSecretSchema),
        ...errors(400, 401, 409, 413, 415),
      },
    },
  },
  "/api/webhooks/{id}": {
    get: {
      operationId: "getWebhook",
      summary: "One of the caller's subscriptions; another host's id is 404.",
      tags: ["Webhooks"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The subscription.", webhookSchema), ...errors(401, 404) },
    },
    patch: {
      operationId: "updateWebhook",
      summary:
        "Changes the URL, the events or the active switch. Switching it on clears a failure streak; switching it off ends its pending deliveries as failed.",
      tags: ["Webhooks"],
      security: signedIn,
      requestParams: { path: idParam },
      requestBody: body(webhookPatchBody),
      responses: { "200": json("The subscription as changed.", webhookSchema), ...errors(400, 401, 404, 413, 415) },
    },
    delete: {
      operationId: "deleteWebhook",
      summary: "Deletes the subscription and its delivery log.",
      tags: ["Webhooks"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "204": noContent, ...errors(401, 404) },
    },
  },
  "/api/webhooks/{id}/test": {
    post: {
      operationId: "testWebhook",
      summary:
        "Sends a signed `webhook.test` message to the URL now (one attempt, no retries) and answers the delivery with its attempt: status code, duration, the answer's start.",
      tags: ["Webhooks"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The test delivery.", webhookDeliverySchema), ...errors(401, 404) },
    },
  },
  "/api/webhooks/{id}/deliveries": {
    get: {
      operationId: "listWebhookDeliveries",
      summary:
        "The subscription's last 50 deliveries, newest first: event type, status, status code, attempts and next retry, the exact body, and each attempt (status code, duration, error). Retries follow about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h on timeouts (10 s), network errors, 429 and 5xx; any other 4xx ends a delivery.",
      tags: ["Webhooks"],
      security: signedIn,
      requestParams: { path: idParam },
      responses: { "200": json("The deliveries.", z.array(webhookDeliverySchema)), ...errors(401, 404) },
    },
  },
  "/api/webhooks/{id}/deliveries/{deliveryId}/resend": {
    post: {
      operationId: "resendWebhookDelivery",
      summary:
        "Sends a delivery again (the same message: same webhook-id and body), due now: one more attempt, then the retries the delivery has left (8 attempts in all).",
      tags: ["Webhooks"],
      security: signedIn,
      requestParams: { path: deliveryParams },
      responses: { "202": json("The delivery, pending again.", webhookDeliverySchema), ...errors(401, 404) },
    },
  },
};

/** The Standard Webhooks headers every request carries. */
const signatureHeaders = z.object({
  "webhook-id": z.string().meta({
    description: "The message id: the same on every retry of this message; de-duplicate on it.",
    example: "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W",
  }),
  "webhook-timestamp": z.string().meta({
    description: "When this attempt was signed, in Unix seconds; refuse one more than 5 minutes off.",
    example: "1764547200",
  }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the secret's bytes (after `whsec_`). Verify with any Standard Webhooks library.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

/**
 * What we send (OpenAPI 3.1 `webhooks`): a POST of the event to the subscription's URL. A 2xx
 * within 10 s is delivered; a timeout, a network error, 429 and 5xx are retried; anything else
 * ends the delivery. Order is not promised.
 */
export const webhooks: ZodOpenApiPathsObject = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [
    type,
    {
      post: {
        operationId: `webhook_${type.replace(".", "_")}`,
        summary: `${WEBHOOK_EVENT_LABELS[type]}: POSTed to each active subscription that asked for ${type}, signed by the Standard Webhooks scheme. Retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h on a timeout (10 s), a network error, 429 or 5xx; any other status ends it. Order is not promised.`,
        tags: ["Webhooks"],
        requestParams: { header: signatureHeaders },
        requestBody: body(webhookEventSchema),
        responses: {
          "200": { description: "Any 2xx: delivered." },
          "410": { description: "Any other 4xx (or a 3xx): not delivered and not retried." },
          "503": { description: "429 or any 5xx (or no answer in 10 s): retried." },
        },
      },
    },
  ]),
) as ZodOpenApiPathsObject;
