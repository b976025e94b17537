import { z } from "zod";
import { TEAM_MESSAGES as M } from "~/messages/profile";

/** The Team page's invite form (shared by the server and the browser). */
export const TEAM_PAGE = "/dashboard/team";
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
