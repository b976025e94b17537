import type { LoaderFunctionArgs } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { MESSAGES } from "~/messages";
import { createUserSession, getAuthenticator } from "~/utils/auth.server";
import { onboardNewHost } from "~/services/onboarding.server";
import { publicEnv } from "~/server/env.server";
import { safeRedirectPath } from "~/utils/permissions";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { googleReturnCookie } from "./auth.google";
import { recordAudit } from "~/services/audit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!publicEnv().googleSignIn) return redirectWithError("/signin", MESSAGES.googleUnavailable);
  try {
    const user = await getAuthenticator().authenticate("google", request);
    // A Google sign-up's first visit (no username yet) gets the same start as a password sign-up.
    await onboardNewHost({ ...user, name: user.name ?? "" });
    const headers = await createUserSession(request, user);
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
    headers.append("Set-Cookie", await googleReturnCookie.serialize("", { maxAge: 0 }));
    return redirectWithSuccess(user.role === "admin" ? "/dashboard" : returnTo, MESSAGES.signInSuccess, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    // Our own refusal is worth explaining; protocol failures (state, token) are not.
    const ours = error instanceof AuthorizationError && error.message === MESSAGES.googleUnverified;
    const message = ours ? MESSAGES.googleUnverified : MESSAGES.googleFailed;
    await recordAudit({
      actorId: null,
      actorEmail: null,
      action: "auth.sign_in_failed",
      targetType: "user",
      after: { method: "google", reason: ours ? "unverified" : "failed" },
      request,
    });
    return redirectWithError("/signin", message);
  }
}
