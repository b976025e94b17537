import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { timeZoneHint } from "~/browser/time-zone-hint";
import { clearSsoCookie, finishSso, ssoConfigured } from "~/server/oidc.server";
import { signInWithSso } from "~/services/sso.server";
import { createUserSession } from "~/utils/auth.server";
import { safeRedirectPath } from "~/utils/permissions";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { recordAudit } from "~/services/audit.server";

const REFUSALS = {
  "no-email": PEOPLE_MESSAGES.ssoUnverified,
  unverified: PEOPLE_MESSAGES.ssoUnverified,
  "wrong-domain": PEOPLE_MESSAGES.ssoWrongDomain,
  deactivated: PEOPLE_MESSAGES.accountDeactivated,
  taken: PEOPLE_MESSAGES.ssoFailed,
} as const;

/** GET /auth/sso/callback: the identity provider's answer, checked, then the session (decision 069). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!ssoConfigured()) return redirectWithError("/signin", PEOPLE_MESSAGES.ssoUnavailable);
  const clear = await clearSsoCookie();
  const answer = await finishSso(request);
  if (!answer.ok) {
    // The details are for the operator; the person hears only that it did not work.
    console.warn(`SSO sign-in refused: ${answer.detail}`);
    return redirectWithError("/signin", PEOPLE_MESSAGES.ssoFailed, { headers: { "Set-Cookie": clear } });
  }
  const timeZone = timeZoneHint(request.headers.get("Cookie")) ?? "UTC";
  const result = await signInWithSso(answer.identity, timeZone);
  if (!result.ok) {
    return redirectWithError("/signin", REFUSALS[result.reason], { headers: { "Set-Cookie": clear } });
  }
  const headers = await createUserSession(request, result.user);
  await recordAudit({
    actorId: result.user.id,
    actorEmail: result.user.email,
    action: "auth.sso_sign_in",
    targetType: "user",
    targetId: result.user.id,
    after: { method: "oidc" },
    request,
  });
  headers.append("Set-Cookie", clear);
  return redirectWithSuccess(safeRedirectPath(answer.returnTo, "/dashboard"), MESSAGES.signInSuccess, { headers });
}
