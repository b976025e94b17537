import type { LoaderFunctionArgs } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { MESSAGES } from "~/messages";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { getAuthenticator } from "~/utils/auth.server";
import { continueSignIn } from "~/html/sign-in.server";
import { onboardNewHost } from "~/services/onboarding.server";
import { publicEnv } from "~/server/env.server";
import { safeRedirectPath } from "~/utils/permissions";
import { redirectWithError } from "~/utils/toast.server";
import { googleReturnCookie } from "./auth.google";
import { recordAudit } from "~/services/audit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!publicEnv().googleSignIn) return redirectWithError("/signin", MESSAGES.googleUnavailable);
  try {
    const user = await getAuthenticator().authenticate("google", request);
    // A Google sign-up's first visit (no username yet) gets the same start as a password sign-up.
    await onboardNewHost({ ...user, name: user.name ?? "" });
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "auth.sign_in_google",
      targetType: "user",
      targetId: user.id,
      after: { method: "google" },
      request,
    });
    const returnTo = safeRedirectPath(await googleReturnCookie.parse(request.headers.get("Cookie")));
    // Google is the first factor: an account with a second factor still takes the second step.
    const response = await continueSignIn(request, user, user.role === "admin" ? "/dashboard" : returnTo);
    response.headers.append("Set-Cookie", await googleReturnCookie.serialize("", { maxAge: 0 }));
    return response;
  } catch (error) {
    if (error instanceof Response) throw error;
    // Our own refusal is worth explaining; protocol failures (state, token) are not.
    const ours =
      error instanceof AuthorizationError &&
      (error.message === MESSAGES.googleUnverified || error.message === PEOPLE_MESSAGES.accountDeactivated);
    const message = ours ? error.message : MESSAGES.googleFailed;
    await recordAudit({
      actorId: null,
      actorEmail: null,
      action: "auth.sign_in_failed",
      targetType: "user",
      after: { method: "google", reason: ours ? error.message : "failed" },
      request,
    });
    return redirectWithError("/signin", message);
  }
}
