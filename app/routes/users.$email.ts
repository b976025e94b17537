import type { ActionFunctionArgs } from "@remix-run/node";
import { mintApiToken } from "~/models/api-token.server";
import { apiError, isSelf, readJson } from "~/api/api.server";
import { getUser } from "~/utils/auth.server";
import { sessionTokenOf, sha256 } from "~/server/session.server";
import { apiRoute } from "~/api/api-route.server";
import { sessionTokenBody } from "~/schemas/api-token-form";
import { recordAudit } from "~/services/audit.server";

/**
 * PUT /users/{email}: a signed-in browser session swaps itself for a bearer token (the legacy
 * client stores it as its access token). The token is tied to the session: signing out ends it.
 */
async function handle({ request, params }: ActionFunctionArgs) {
  const user = await getUser(request);
  const sessionToken = await sessionTokenOf(request);
  if (!user || !sessionToken)
    return apiError(401, "unauthorized", "Sign in first: this path exchanges a browser session for a token.");
  const input = await readJson(request, sessionTokenBody);
  if (!isSelf(user, input.email) || !isSelf(user, params.email ?? "")) {
    return apiError(403, "forbidden", "You can only get a token for your own account.");
  }
  const { id, token } = await mintApiToken(user.id, { source: "session", sessionId: sha256(sessionToken) });
  await recordAudit({
    actorId: user.id,
    actorEmail: user.email,
    action: "api_token.created",
    targetType: "api_token",
    targetId: id,
    after: { source: "session" },
    request,
  });
  return Response.json({ token });
}

export const { loader, action } = apiRoute({ PUT: handle });
