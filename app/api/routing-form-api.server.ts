import { z } from "zod";
import type { RoutingForm } from "../../db/schema";
import { routingFormFor, type RoutingFormAccess } from "~/models/routing-forms.server";
import { routingFormBody, type RoutingFormInput } from "~/schemas/routing-forms";
import type { RoutingFormRefusal } from "~/services/routing-forms.server";
import type { AuthUser } from "~/utils/auth.server";
import { apiError, fieldErrors, readJson, requireApiUser } from "./api.server";

/**
 * The JSON side of routing forms (decision 074): who may touch a form (its host; a team's owners
 * and admins to change it, its members to read it), and the body's 422.
 */

export const ROUTING_FORM_NOT_FOUND = "There is no such routing form.";

/** The caller and the form, when `need` allows: 404 for a form that is not theirs to see, 403 for a team member writing. */
export async function requireRoutingForm(
  request: Request,
  id: string,
  need: RoutingFormAccess,
): Promise<{ user: AuthUser; form: RoutingForm; access: RoutingFormAccess }> {
  const user = await requireApiUser(request);
  const found = await routingFormFor(user.id, id);
  if (!found) throw apiError(404, "not_found", ROUTING_FORM_NOT_FOUND);
  if (need === "manage" && found.access !== "manage")
    throw apiError(403, "forbidden", "Only the team's owners and admins change its routing forms.");
  return { user, ...found };
}

/** The body of POST and PUT: 400 for JSON that is not JSON, 422 `invalid_input` with `fields` for anything the schema refuses. */
export async function readRoutingFormBody(request: Request): Promise<RoutingFormInput> {
  const raw = await readJson(request, z.unknown());
  const parsed = await routingFormBody.safeParseAsync(raw);
  if (!parsed.success) throw apiError(422, "invalid_input", "Check the highlighted fields.", fieldErrors(parsed.error));
  return parsed.data;
}

export function routingFormRefusal(refusal: RoutingFormRefusal): Response {
  return apiError(refusal.status, refusal.code, refusal.message, refusal.fields);
}
