import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { apiError, readJson } from "~/api/api.server";
import { finishSecondFactor } from "~/html/sign-in.server";
import { MESSAGES } from "~/messages";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { authenticationResponseBody } from "~/schemas/webauthn";
import { checkRateLimits, clientIp, RATE_LIMITS } from "~/server/rate-limit.server";
import { passkeySignInOptions, verifyPasskeySignIn } from "~/services/two-factor.server";
import { authUserById, createUserSession, getPendingSecondFactor } from "~/utils/auth.server";
import { safeRedirectPath } from "~/utils/permissions";
import { forgetChallenge, readChallenge, rememberChallenge } from "~/utils/webauthn-challenge.server";
import { recordAudit } from "~/services/audit.server";

/**
 * GET: the options of a passkey assertion. At the second step of a sign-in they name the pending
 * account's passkeys; otherwise any passkey of this site may answer (passwordless sign-in).
 * POST: the authenticator's answer; on success the browser is signed in (decision 066).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await getPendingSecondFactor(request);
  const options = await passkeySignInOptions(pending?.userId ?? null);
  return Response.json(options, {
    headers: { "Set-Cookie": await rememberChallenge("authenticate", options.challenge) },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return apiError(405, "method_not_allowed", "Use GET or POST.", undefined, { Allow: "GET, POST" });
  const limited = await checkRateLimits([[`passkey:ip:${clientIp(request)}`, RATE_LIMITS.signInPerIp]]);
  if (!limited.allowed) {
    return apiError(429, "rate_limited", MESSAGES.tooManyAttempts, undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  const body = await readJson(request, authenticationResponseBody);
  const challenge = await readChallenge(request, "authenticate");
  if (!challenge) return apiError(400, "challenge_expired", M.passkeyFailed);
  const pending = await getPendingSecondFactor(request);
  const userId = await verifyPasskeySignIn({
    response: body as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedUserId: pending?.userId ?? null,
    now: new Date(),
  });
  const cleared = await forgetChallenge();
  const who = userId ?? pending?.userId ?? null;
  if (who)
    await recordAudit({
      actorId: who,
      action: userId ? (pending ? "auth.second_factor" : "auth.sign_in") : "auth.second_factor_failed",
      targetType: "user",
      targetId: who,
      after: { factor: "passkey" },
      request,
    });
  if (!userId) return apiError(401, "passkey_invalid", M.passkeyFailed, undefined, { "Set-Cookie": cleared });
  let headers: Headers | null;
  let redirectTo: string;
  if (pending) {
    headers = await finishSecondFactor(request, pending);
    redirectTo = pending.redirectTo;
  } else {
    const user = await authUserById(userId);
    headers = user ? await createUserSession(request, user) : null;
    redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  }
  if (!headers) return apiError(401, "passkey_invalid", M.passkeyFailed, undefined, { "Set-Cookie": cleared });
  headers.append("Set-Cookie", cleared);
  return Response.json({ redirectTo }, { headers });
}
