import { parse } from "@conform-to/react";
import { MESSAGES } from "~/messages";

/**
 * The sign-in form's checks in the browser, without zod: the page then loads no validation
 * library (docs/benchmarks.md "JavaScript budget"). Only what `SignInSchema` (./auth) surely refuses is
 * refused here, with its messages; the server parses every submission with the schema and has
 * the last word (a malformed address is answered by the server).
 */

/** The longest e-mail address a form takes (RFC 5321); `SignInSchema` uses it too. */
export const EMAIL_MAX_LENGTH = 254;

export const SIGN_IN_CONSTRAINT = {
  email: { required: true },
  password: { required: true },
  redirectTo: { required: true },
};

export function validateSignIn(formData: FormData) {
  return parse(formData, {
    resolve(payload) {
      const error: Record<string, string[]> = {};
      const email = typeof payload.email === "string" ? payload.email.trim() : "";
      if (email === "") error.email = [MESSAGES.emailRequired];
      else if (email.length > EMAIL_MAX_LENGTH) error.email = [MESSAGES.emailTooLong];
      else if (!/^[^@\s]+@[^@\s]+$/.test(email)) error.email = [MESSAGES.emailInvalid];
      if (typeof payload.password !== "string" || payload.password === "") error.password = [MESSAGES.passwordRequired];
      return Object.keys(error).length > 0 ? { error } : { value: payload };
    },
  });
}
