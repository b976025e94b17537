import { z } from "zod";
import { passwordTokenBody, sessionTokenBody } from "~/schemas/api-token-form";
import { body, emailParam, errors, json, type ZodOpenApiPathsObject } from "./common";

/** Getting a bearer token: with e-mail + password, or in exchange for a signed-in session. */
export const paths: ZodOpenApiPathsObject = {
  "/api/token": {
    post: {
      operationId: "createToken",
      summary: "A bearer token for e-mail + password (30 days). Rate limited like sign-in.",
      tags: ["Tokens"],
      security: [{}],
      requestBody: body(passwordTokenBody),
      responses: {
        "200": json(
          "The token, shown once; only its hash is stored.",
          z.object({ token: z.string(), expiresAt: z.string().meta({ description: "ISO 8601." }) }).meta({ id: "PasswordToken" }),
        ),
        ...errors(400, 401, 413, 415),
      },
    },
  },
  "/users/{email}": {
    put: {
      operationId: "exchangeSessionForToken",
      summary: "The signed-in browser session's token (the original's client stores it as its access token); it ends with the session.",
      tags: ["Tokens"],
      security: [{ session: [] }],
      requestParams: { path: emailParam },
      requestBody: body(sessionTokenBody),
      responses: {
        "200": json("The token.", z.object({ token: z.string() }).meta({ id: "SessionToken" })),
        ...errors(400, 401, 403, 413, 415),
      },
    },
  },
};
