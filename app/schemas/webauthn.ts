import { z } from "zod";
import { passkeyName } from "./two-factor";

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url.");

/** A browser's answer to navigator.credentials.get(), as @simplewebauthn/browser sends it. */
export const authenticationResponseBody = z.looseObject({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** A browser's answer to navigator.credentials.create(), with the name the person gave it. */
export const registrationBody = z.object({
  name: passkeyName,
  response: z.looseObject({
    id: b64url.min(1),
    rawId: b64url.min(1),
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: b64url,
      attestationObject: b64url,
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
    clientExtensionResults: z.looseObject({}).default({}),
  }),
});
