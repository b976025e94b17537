import type { ActionFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { ssoDomainOf } from "~/server/oidc.server";
import { mintApiToken } from "~/models/api-token.server";
import { apiError, readJson } from "~/api/api.server";
import { normalizeEmail, verifyCredentials } from "~/utils/auth.server";
import { clientIp, signInThrottle } from "~/server/rate-limit.server";
import { apiRoute } from "~/api/api-route.server";
import { passwordTokenBody } from "~/schemas/api-token-form";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { secondFactorStepForToken } from "~/services/two-factor.server";
import { recordAudit } from "~/services/audit.server";

/** POST /api/token: a bearer token for e-mail + password (for clients without a browser). */
async function handle({ request }: ActionFunctionArgs) {
  const input = await readJson(request, passwordTokenBody);
  const email = normalizeEmail(input.email);
  const ssoDomain = ssoDomainOf(email);
  if (ssoDomain) return apiError(403, "sso_required", PEOPLE_MESSAGES.ssoRequired(ssoDomain));
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
  if (user === "deactivated") return apiError(403, "account_deactivated", PEOPLE_MESSAGES.accountDeactivated);
  // Decision 066: the password is only the first factor.
  const step = await secondFactorStepForToken(user.id, input.otp, new Date());
  if (step === "otp_required") return apiError(401, "otp_required", M.otpRequired);
  if (step === "invalid_otp") return apiError(401, "invalid_otp", M.otpWrong);
  if (step === "passkey_only") return apiError(403, "passkey_required", M.passkeyOnly);
  if (step === "set_up_first") return apiError(403, "second_factor_setup_required", M.setUpFirst);
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
