import { z } from "zod";
import { TEAM_MESSAGES as M } from "~/messages/profile";

/** The Teams area (decision 057; the old Team page redirects there) and the mailed accept link. */
export const TEAM_PAGE = "/dashboard/teams";
export const TEAM_ACCEPT_PAGE = "/dashboard/team/accept";

export const InviteSchema = z.object({
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(254, M.emailInvalid)
    .pipe(z.email({ error: M.emailInvalid }))
    .transform((e) => e.toLowerCase()),
});
