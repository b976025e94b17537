import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  clientIp,
  data,
  enableTotp,
  errorToast,
  finishSecondFactor,
  getPendingSecondFactor,
  markPendingSecondFactorVerified,
  parseSecondFactorCode,
  pendingTotpSetup,
  readFormData,
  redirect,
  redirectWithError,
  redirectWithSuccess,
  SECOND_FACTOR_PATH,
  secondFactorThrottle,
  startTotpSetup,
  totpQrSvg,
} from "./signin_.second-factor_.setup.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { RecoveryCodesList, TotpSetupForm } from "~/components/totp-setup";
import { Toaster } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { useIsPending } from "~/utils/pending";

export const meta: MetaFunction = () => [{ title: "Set up two-factor authentication | Scheduler" }];

export { headers } from "./signin_.second-factor_.setup.server";

const SETUP_URL = "/signin/second-factor/setup";

/** Only for a pending sign-in whose account must set up a second factor first (decision 066). */
async function requirePendingSetUp(request: Request) {
  const pending = await getPendingSecondFactor(request);
  if (!pending) throw await redirectWithError("/signin", M.pendingExpired);
  if (!pending.setUp) throw redirect(SECOND_FACTOR_PATH);
  return pending;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await requirePendingSetUp(request);
  if (pending.verified) return { email: pending.email, setup: null };
  let setup = await pendingTotpSetup({ id: pending.userId, email: pending.email });
  if (!setup) {
    const started = await startTotpSetup({ id: pending.userId, email: pending.email });
    // Set up meanwhile (in another tab): the code step takes it from here.
    if (started === "already_enabled") throw redirect(SECOND_FACTOR_PATH);
    setup = started;
  }
  return { email: pending.email, setup: { secret: setup.secret, qrSvg: await totpQrSvg(setup.otpauthUrl) } };
}

export async function action({ request }: ActionFunctionArgs) {
  const pending = await requirePendingSetUp(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "continue") {
    if (!pending.verified) throw redirect(SETUP_URL);
    const headers = await finishSecondFactor(request, pending);
    if (!headers) return redirectWithError("/signin", M.pendingExpired);
    return redirectWithSuccess(pending.redirectTo, MESSAGES.signInSuccess, { headers });
  }
  const code = parseSecondFactorCode(formData);
  if (code === null) {
    return data({ errors: [M.codeRequired], toast: null, recoveryCodes: null }, { status: 400 });
  }
  const limited = await secondFactorThrottle(clientIp(request), pending.userId);
  if (!limited.allowed) {
    return data(
      { errors: [MESSAGES.tooManyAttempts], toast: errorToast(MESSAGES.tooManyAttempts), recoveryCodes: null },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const result = await enableTotp(pending.userId, code, new Date(), request);
  if (result === "already_enabled") throw redirect(SECOND_FACTOR_PATH);
  if (result === "no_setup") throw redirect(SETUP_URL);
  if (result === "invalid_code") {
    return data(
      { errors: [M.setupCodeWrong], toast: errorToast(M.setupCodeWrong), recoveryCodes: null },
      { status: 400 },
    );
  }
  // The codes are shown once, on this answer; "Continue" then finishes the sign-in.
  const headers = await markPendingSecondFactorVerified(request);
  return data({ errors: null, toast: null, recoveryCodes: result.recoveryCodes }, { headers });
}

export default function SecondFactorSetUp() {
  const { email, setup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: SETUP_URL, state: "busy" });
  if (!setup) {
    return (
      <AuthCard title="Two-factor authentication is on" subtitle={`Signing in as ${email}.`}>
        <div className="space-y-6">
          {actionData?.recoveryCodes ? <RecoveryCodesList codes={actionData.recoveryCodes} /> : null}
          <Form method="post">
            <input type="hidden" name="intent" value="continue" />
            <Button type="submit" className="w-full" pending={pending}>
              Continue
            </Button>
          </Form>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set up two-factor authentication" subtitle={M.setUpRequired}>
      <Toaster toast={actionData?.toast ?? null} />
      <TotpSetupForm qrSvg={setup.qrSvg} secret={setup.secret} errors={actionData?.errors} pending={pending} />
    </AuthCard>
  );
}
