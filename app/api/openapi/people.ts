import { z } from "zod";
import { scimTokenSchema, userActiveBody, userActiveSchema } from "~/schemas/people";
import { body, errors, json, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Deactivating people and the SCIM token (decisions 068, 069): admin only. SCIM itself lives at
 * /scim/v2 with its own schema (RFC 7643/7644), described in docs/sso-and-scim.md.
 */

const userIdParam = z.object({
  id: z.string().meta({ description: "The account's id (a UUID).", example: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f" }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/admin/users/{id}/active": {
    put: {
      operationId: "setUserActive",
      summary:
        "Deactivates (active false: sessions and tokens end at once, booking pages stop) or reactivates an account (admin).",
      tags: ["Admin"],
      security: signedIn,
      requestParams: { path: userIdParam },
      requestBody: body(userActiveBody),
      responses: {
        "200": json("The account's status now.", userActiveSchema),
        ...errors(400, 401, 403, 404, 409, 415),
      },
    },
  },
  "/api/admin/scim-token": {
    post: {
      operationId: "createScimToken",
      summary: "Makes the SCIM bearer token, shown once; the previous one stops working (admin).",
      tags: ["Admin"],
      security: signedIn,
      responses: {
        "201": json("The new token: store it in the identity provider now.", scimTokenSchema),
        ...errors(401, 403),
      },
    },
  },
};
