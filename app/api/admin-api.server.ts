import type { z } from "zod";
import { MESSAGES } from "~/messages";
import { demoteAdmin, promoteToAdmin } from "~/models/admin-user.server";
import { findUserByEmail } from "~/models/user.server";
import type { AuthUser } from "~/utils/auth.server";
import { apiError, fieldErrors, requireApiUser } from "./api.server";
import { controlCharMessage, isPlainText } from "~/schemas/input-rules";
import { can, type Permission } from "~/utils/permissions";
import { recordAudit } from "~/services/audit.server";

/** The caller, who must hold `permission`: 401 without credentials, 403 (with `message`) otherwise. */
export async function requireApiPermission(
  request: Request,
  permission: Permission,
  message = "Only an admin can do this.",
): Promise<AuthUser> {
  const user = await requireApiUser(request);
  if (!can(user, permission)) throw apiError(403, "forbidden", message);
  return user;
}

/**
 * The query string validated by `schema` (the first value of a repeated key counts); throws
 * 400 `invalid_input` with `fields` keyed by parameter otherwise.
 */
export async function readQuery<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) query[key] ??= value;
  const parsed = await schema.safeParseAsync(query);
  if (!parsed.success) throw apiError(400, "invalid_input", "Check the query parameters.", fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * PUT /users/admin/{email} and /users/user/{email}: the Manage User page's promote and demote
 * (same models, same 403 texts as the pages), by e-mail. Any body is ignored.
 */
export async function changeRoleByEmail(
  request: Request,
  email: string,
  intent: "promote" | "demote",
): Promise<Response> {
  const admin = await requireApiPermission(
    request,
    "admin:users",
    intent === "promote" ? MESSAGES.notAdminPromote : MESSAGES.notAdminDemote,
  );
  if (!isPlainText(email) || email.length > 254) {
    return apiError(400, "invalid_input", "Check the e-mail in the path.", {
      email: [controlCharMessage("The e-mail")],
    });
  }
  const account = email.trim() ? await findUserByEmail(email) : null;
  if (!account) return apiError(404, "not_found", "No account has this e-mail.");
  const result = intent === "promote" ? await promoteToAdmin(account.id) : await demoteAdmin(account.id);
  if (result === "not-found") return apiError(404, "not_found", "No account has this e-mail.");
  if (result === "last-admin") return apiError(409, "last_admin", MESSAGES.lastAdmin);
  if (result === "changed") {
    await recordAudit({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "user.role_changed",
      targetType: "user",
      targetId: account.id,
      before: { admin: intent !== "promote" },
      after: { admin: intent === "promote" },
      request,
    });
  }
  return Response.json({ modifiedCount: result === "changed" ? 1 : 0 });
}
