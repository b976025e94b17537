import { z } from "zod";
import { plainText } from "./input-rules";
import { MESSAGES } from "~/messages";
import { EMAIL_MAX_LENGTH } from "./sign-in-form";

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, MESSAGES.emailTooLong)
  .pipe(z.email(MESSAGES.emailInvalid));

/** The rules for a password someone chooses (sign-up, change password). */
export const newPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(8, "Use at least 8 characters.")
  .max(128, "Use at most 128 characters.");

/**
 * Where to go after signing in: never a reason to refuse the sign-in. safeRedirectPath checks
 * the target after the browser's normalisation (control characters included) and falls back to
 * "/", so anything odd here (too long, not text) is simply dropped.
 */
const redirectTo = z.string().max(2048).optional().catch(undefined);

export const SignInSchema = z.object({
  email,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1024),
  redirectTo,
});

export const SignUpSchema = z
  .object({
    name: plainText(z.string().trim().max(100, "Use at most 100 characters."), "Your name").optional(),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: MESSAGES.passwordRequired }).max(128),
    redirectTo,
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.passwordsDiffer });
    }
  });

/** "Forgot password?" (decision 041): the page's form and POST /api/password-reset. */
export const PasswordResetRequestSchema = z.object({ email }).meta({ id: "PasswordResetInput" });

export const PasswordResetSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string({ error: MESSAGES.passwordRequired }).max(128),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.passwordsDiffer });
    }
  });
