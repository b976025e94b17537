import { z } from "zod";
import { plainText } from "./input-rules";

/** How long a bearer token lives (decision 012). */
export const API_TOKEN_DAYS = 30;

/** The longest label a person may give a token ("CI script"); the table checks it too. */
export const API_TOKEN_LABEL_MAX = 60;

export const API_TOKEN_MESSAGES = {
  labelTooLong: `Keep the label to ${API_TOKEN_LABEL_MAX} characters or fewer.`,
  created: "Token created",
  revoked: "Token revoked",
  allRevoked: "All tokens revoked",
  notFound: "Token not found",
} as const;

/** An optional label: trimmed; blank means none. Shared by the page and POST /api/token. */
export const apiTokenLabelSchema = plainText(
  z.string().trim().max(API_TOKEN_LABEL_MAX, API_TOKEN_MESSAGES.labelTooLong),
  "The label",
)
  .optional()
  .transform((label) => label || null);

/** The page's "Create token" form (conform turns an empty input into a missing field). */
export const CreateApiTokenSchema = z.object({ label: apiTokenLabelSchema });

/** POST /api/token's body: a token for e-mail + password. */
export const passwordTokenBody = z
  .object({
    email: plainText(z.string({ error: "Enter your e-mail." }).min(1, "Enter your e-mail.").max(254), "The e-mail"),
    password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(1024),
    /** Optional: how the token is listed on the API Tokens page ("CI script"). */
    label: apiTokenLabelSchema
      .nullable()
      .transform((label) => label ?? null)
      .meta({ description: "How the token is listed on the API Tokens page (at most 60 characters)." }),
    /** Decision 066: the current authenticator-app code (or a recovery code) when the account has one. */
    otp: z.string().trim().max(64).optional().meta({
      description:
        "The current 6-digit code from the authenticator app, or a recovery code; required when the account has two-factor authentication (401 otp_required without it).",
    }),
  })
  .meta({ id: "PasswordTokenRequest" });

/** PUT /users/{email}'s body: the signed-in session's own e-mail. */
export const sessionTokenBody = z
  .object({
    email: plainText(z.string({ error: "Enter your e-mail." }).min(1, "Enter your e-mail.").max(254), "The e-mail"),
  })
  .meta({ id: "SessionTokenRequest" });
