import { recoveryCodesResponse, totpCodeBody, totpSetupResponse } from "~/schemas/two-factor";
import { body, errors, json, noContent, signedIn, type ZodOpenApiPathsObject } from "./common";

/** The caller's authenticator app (decision 066). POST /api/token then asks for `otp`. */
export const paths: ZodOpenApiPathsObject = {
  "/api/me/totp": {
    post: {
      operationId: "startTotpSetup",
      summary:
        "A new authenticator-app secret and its otpauth:// address (for a QR code). It counts only once POST /api/me/totp/enable confirms a code from it; calling again replaces an unconfirmed one. 409 totp_enabled while one is on.",
      tags: ["Two-factor"],
      security: signedIn,
      responses: { "200": json("The secret, shown once.", totpSetupResponse), ...errors(401, 409, 503) },
    },
    delete: {
      operationId: "disableTotp",
      summary:
        "Turns the authenticator app off, only with a current code or an unused recovery code (400 invalid_code otherwise; 409 totp_not_enabled when none is on). Throttled like sign-in.",
      tags: ["Two-factor"],
      security: signedIn,
      requestBody: body(totpCodeBody),
      responses: { "204": noContent, ...errors(400, 401, 409, 413, 415) },
    },
  },
  "/api/me/totp/enable": {
    post: {
      operationId: "enableTotp",
      summary:
        "Confirms the secret from POST /api/me/totp with a code from the app; answers 10 single-use recovery codes, shown once. Throttled like sign-in.",
      tags: ["Two-factor"],
      security: signedIn,
      requestBody: body(totpCodeBody),
      responses: {
        "200": json("Two-factor authentication is on.", recoveryCodesResponse),
        ...errors(400, 401, 409, 413, 415),
      },
    },
  },
};
