import { z } from "zod";
import { passwordTokenBody, sessionTokenBody } from "~/schemas/api-token-form";
import { PasswordResetRequestSchema } from "~/schemas/auth";
import { body, emailParam, errors, json, type ZodOpenApiPathsObject } from "./common";

/** Getting a bearer token: with e-mail + password, or in exchange for a signed-in session. */
export const paths: ZodOpenApiPathsObject = {
  "/api/token": {
    post: {
      operationId: "createToken",
      summary:
        "A bearer token for e-mail + password (30 days). Rate limited like sign-in. An account with an authenticator app must also send `otp` (401 otp_required without it, 401 invalid_otp when wrong or already used); an account whose only second factor is a passkey gets 403 passkey_required, and one without a factor on a site that requires one 403 second_factor_setup_required.",
      tags: ["Tokens"],
      security: [{}],
      requestBody: body(passwordTokenBody),
      responses: {
        "200": json(
          "The token, shown once; only its hash is stored.",
          z
            .object({ token: z.string(), expiresAt: z.string().meta({ description: "ISO 8601." }) })
            .meta({ id: "PasswordToken" }),
        ),
        ...errors(400, 401, 403, 413, 415),
      },
    },
  },
  "/users/{email}": {
    put: {
      operationId: "exchangeSessionForToken",
      summary:
        "The signed-in browser session's token (the legacy client stores it as its access token); it ends with the session.",
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
  "/api/password-reset": {
    post: {
      operationId: "requestPasswordReset",
      summary:
        "Mails a single-use link (one hour) to choose a new password, when the address has an account (decision 041). The answer is 202 either way, so it never tells whether an account exists. Rate limited per client address and per e-mail (429). Setting the password through the link ends every session and API token of the account.",
      tags: ["Tokens"],
      security: [{}],
      requestBody: body(PasswordResetRequestSchema),
      responses: {
        "202": json(
          "Accepted (the same for every address).",
          z.object({ message: z.string() }).meta({ id: "PasswordResetAccepted" }),
        ),
        ...errors(400, 413, 415),
      },
    },
  },
};
