import { z } from "zod";
import { isReservedUsername, USERNAME_MESSAGES } from "./username-rules";

export { bookingLink, isReservedUsername, RESERVED_USERNAMES, USERNAME_MESSAGES } from "./username-rules";

/**
 * 3-30 lower-case letters, digits and hyphens, starting with a letter, no leading, trailing
 * or doubled hyphen, not reserved. What people type is trimmed and lower-cased first.
 * Uniqueness is the database's job (users_username_key).
 */
export const usernameSchema = z
  .string({ error: USERNAME_MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, USERNAME_MESSAGES.required)
  .superRefine((value, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", message });
    if (value.length < 3) return issue(USERNAME_MESSAGES.tooShort);
    if (value.length > 30) return issue(USERNAME_MESSAGES.tooLong);
    if (!/^[a-z]/.test(value)) return issue(USERNAME_MESSAGES.startWithLetter);
    if (!/^[a-z0-9-]+$/.test(value)) return issue(USERNAME_MESSAGES.characters);
    if (/--|-$/.test(value)) return issue(USERNAME_MESSAGES.hyphens);
    if (isReservedUsername(value)) return issue(USERNAME_MESSAGES.reserved);
  });
