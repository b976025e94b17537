import { z } from "zod";
import { brandColorField, brandColorJson } from "./brand-color";
import { isPlainText } from "./input-rules";
import { MESSAGES } from "~/messages";
import { PROFILE_MESSAGES as P } from "~/messages/profile";
import { newPassword } from "./auth";
import { isTimeZone } from "~/scheduling/time-zone";
import { LANGUAGES } from "~/messages/languages";
import { usernameSchema } from "./username";

/** The profile page's forms; each posts its own `intent`. Shared by the action and the browser. */
export const PROFILE_INTENTS = [
  "details",
  "phone",
  "brandColor",
  "browserTimeZone",
  "username",
  "password",
  "signOutEverywhere",
  // Two-factor authentication (decision 066).
  "totpStart",
  "totpEnable",
  "totpDisable",
  "recoveryCodes",
  "passkeyDelete",
  "deleteAccount",
] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export function isProfileIntent(value: unknown): value is ProfileIntent {
  return typeof value === "string" && (PROFILE_INTENTS as readonly string[]).includes(value);
}

/** A zone Intl knows, stored in its canonical spelling ("europe/berlin" → "Europe/Berlin"). */
const timeZone = z
  .string({ error: P.timeZoneRequired })
  .trim()
  .min(1, P.timeZoneRequired)
  .refine(isTimeZone, P.timeZoneInvalid)
  .transform((zone) => new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone);

export const DetailsSchema = z.object({
  name: z
    .string({ error: P.nameRequired })
    .trim()
    .min(1, P.nameRequired)
    .max(100, P.nameTooLong)
    // The shared text rule (input-rules), with this page's own wording.
    .refine((v) => isPlainText(v), P.nameControlCharacters),
  timeZone,
  /** The language of the host's own booking mails (docs/decisions/110); absent: left as it is. */
  mailLanguage: z.enum(LANGUAGES, { error: P.mailLanguageInvalid }).optional(),
});

export const BrowserTimeZoneSchema = z.object({ timeZone });

/** The host's mobile number (decision 090): any common format here; the server stores it in E.164 or says what is wrong. */
export const PhoneSchema = z.object({
  phone: z.string().trim().max(40, "Use at most 40 characters.").optional(),
});

/** The booking pages' colour (decision 108): empty for the site's own. */
export const BrandColorSchema = z.object({ brandColor: brandColorField });

/** GET and PATCH /api/me: the caller's profile. */
export const profileJsonSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    timeZone: z.string(),
    role: z.enum(["user", "professional", "admin"]),
    brandColor: brandColorJson,
    logoUrl: z.string().nullable().meta({
      description:
        "The host's own logo (decision 117), a path on this server (`/host-logos/<id>/<hash>.webp`), or null without one.",
    }),
  })
  .meta({ id: "Profile" });

export const UsernameSchema = z.object({ username: usernameSchema });

/**
 * Change password. An account that has a password must give it; an account that only signs
 * in with Google sets its first password without one.
 */
export function passwordSchema(hasPassword: boolean) {
  return z
    .object({
      currentPassword: hasPassword
        ? z.string({ error: P.currentPasswordRequired }).min(1, P.currentPasswordRequired).max(1024)
        : z.string().max(1024).optional(),
      newPassword,
      confirmPassword: z.string({ error: P.confirmPasswordRequired }).max(128),
    })
    .superRefine((v, ctx) => {
      if (v.newPassword !== v.confirmPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.passwordsDiffer });
      }
      if (hasPassword && v.currentPassword && v.newPassword === v.currentPassword) {
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: P.samePassword });
      }
    });
}

/**
 * Delete the account (decision 071): the password, or for an account without one (Google
 * sign-in) its e-mail typed again; the action checks either.
 */
export const DeleteAccountSchema = z.object({
  password: z.string().max(1000).optional(),
  confirmEmail: z.string().max(254).optional(),
});
