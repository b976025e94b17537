import { MESSAGES } from "~/messages";
import { requirePermission, type AuthUser } from "./auth.server";
import { drawerItems } from "./dashboard-menu";
import { forbidden } from "./responses";

/**
 * The guard of a dashboard page that the drawer shows only to some roles (docs/decisions/008,
 * "Drawer menu by role"). It asks the drawer itself, so the menu and the server can never
 * disagree: signed out → /signin, signed in without the item in their drawer → 403.
 */
export async function requireDrawerPage(request: Request, path: string): Promise<AuthUser> {
  const user = await requirePermission(request, "dashboard:access");
  if (!drawerItems(user.role).some((item) => item.to === path)) {
    forbidden(MESSAGES.forbidden);
  }
  return user;
}
