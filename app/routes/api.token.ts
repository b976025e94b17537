import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { mintApiToken } from "~/models/api-token.server";
import { apiError, readJson } from "~/api/api.server";
import { normalizeEmail, verifyCredentials } from "~/utils/auth.server";
import { clientIp, signInThrottle } from "~/server/rate-limit.server";
import { apiRoute } from "~/api/api-route.server";
import { passwordTokenBody } from "~/schemas/api-token-form";
import { recordAudit } from "~/services/audit.server";

/** POST /api/token: a bearer token for e-mail + password (for clients without a browser). */
async function handle({ request }: ActionFunctionArgs) {
  const input = await readJson(request, passwordTokenBody);
  const email = normalizeEmail(input.email);
  // The sign-in form's counters: a guesser gains nothing by switching between the two.
  const limited = await signInThrottle(clientIp(request), email);
  if (!limited.allowed) {
    return apiError(429, "rate_limited", MESSAGES.tooManyAttempts, undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  const user = await verifyCredentials(email, input.password);
  if (!user) {
    await recordAudit({
      actorId: null,
      actorEmail: email,
      action: "auth.sign_in_failed",
      targetType: "user",
      after: { method: "api_token" },
      request,
    });
    return apiError(401, "invalid_credentials", MESSAGES.badCredentials);
  }
  const { id, token, expiresAt } = await mintApiToken(user.id, { source: "password", label: input.label });
  await recordAudit({
    actorId: user.id,
    actorEmail: user.email,
    action: "api_token.created",
    targetType: "api_token",
    targetId: id,
    after: { source: "password", label: input.label ?? null },
    request,
  });
  return Response.json({ token, expiresAt: expiresAt.toISOString() });
}

export const { loader, action } = apiRoute({ POST: handle });
