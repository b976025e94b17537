import { redirect } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { ssoDomainOf } from "~/server/oidc.server";
import { signInStepFor } from "~/services/two-factor.server";
import {
  authUserById,
  createPendingSecondFactorSession,
  createUserSession,
  type AuthUser,
  type PendingSecondFactor,
} from "~/utils/auth.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { parseWithZod } from "~/schemas/form-parse";
import { SecondFactorCodeSchema } from "~/schemas/two-factor";

/**
 * The code typed at the second step (or at set-up), or null. Here, not in the routes, so their
 * browser code never imports zod.
 */
export function parseSecondFactorCode(formData: FormData): string | null {
  const submission = parseWithZod(formData, { schema: SecondFactorCodeSchema });
  return submission.status === "success" ? submission.value.code : null;
}

export const SECOND_FACTOR_PATH = "/signin/second-factor";
export const SECOND_FACTOR_SETUP_PATH = "/signin/second-factor/setup";

/**
 * After the first factor (a password, Google): signed in, or on to the second step when the
 * account has a second factor (or must set one up, decision 066).
 */
export async function continueSignIn(request: Request, user: AuthUser, redirectTo: string): Promise<Response> {
  const step = await signInStepFor(user.id);
  if (step === "signed-in") {
    const headers = await createUserSession(request, user);
    return redirectWithSuccess(redirectTo, MESSAGES.signInSuccess, { headers });
  }
  const setUp = step === "set-up-second-factor";
  const headers = await createPendingSecondFactorSession(request, {
    userId: user.id,
    email: user.email,
    redirectTo,
    setUp,
  });
  return redirect(setUp ? SECOND_FACTOR_SETUP_PATH : SECOND_FACTOR_PATH, { headers });
}

/** The second factor was given: the signed-in session (a new id) for the pending account. */
export async function finishSecondFactor(request: Request, pending: PendingSecondFactor): Promise<Headers | null> {
  const user = await authUserById(pending.userId);
  if (!user) return null;
  return createUserSession(request, user);
}

/** The sign-in page's notice after an admin deactivated this browser's account (decision 068), or null. */
export function signInNotice(request: Request): string | null {
  return new URL(request.url).searchParams.get("reason") === "deactivated" ? PEOPLE_MESSAGES.accountDeactivated : null;
}

/** Why a password sign-in or sign-up of an SSO domain's address is refused (decision 069), or null. */
export function ssoRequiredMessage(email: string): string | null {
  const domain = ssoDomainOf(email);
  return domain ? PEOPLE_MESSAGES.ssoRequired(domain) : null;
}
