import { findUserByEmail } from "~/models/user.server";
import type { Role } from "~/utils/permissions";
import { can } from "~/utils/permissions";
import { apiError, isSelf, requireApiUser } from "./api.server";

/**
 * The role of the account `email` names, for GET /admin/{email} and /professional/{email}:
 * anyone may ask about themselves, only an admin about others (403). An unknown e-mail asked
 * by an admin reads as a plain user (both flags false).
 */
export async function roleOfAccount(request: Request, email: string): Promise<Role> {
  const user = await requireApiUser(request);
  if (isSelf(user, email)) return user.role;
  if (!can(user, "admin:access")) throw apiError(403, "forbidden", "You can only ask about your own account.");
  return (await findUserByEmail(email))?.role ?? "user";
}
