import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  clientIp,
  data,
  errorToast,
  finishSecondFactor,
  getPendingSecondFactor,
  parseSecondFactorCode,
  readFormData,
  recordAudit,
  redirect,
  redirectWithError,
  redirectWithSuccess,
  SECOND_FACTOR_SETUP_PATH,
  secondFactorStatus,
  secondFactorThrottle,
  verifySecondFactorCode,
} from "./signin_.second-factor.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field } from "~/components/forms";
import { PasskeySignInButton } from "~/components/passkey-buttons";
import { Toaster } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { useIsPending } from "~/utils/pending";

export const meta: MetaFunction = () => [{ title: "Two-factor authentication | Scheduler" }];

export { headers } from "./signin_.second-factor.server";

/** Only for a browser half-way through signing in (decision 066); anyone else starts at /signin. */
async function requirePending(request: Request) {
  const pending = await getPendingSecondFactor(request);
  if (!pending) throw await redirectWithError("/signin", M.pendingExpired);
  if (pending.setUp) throw redirect(SECOND_FACTOR_SETUP_PATH);
  return pending;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await requirePending(request);
  const status = await secondFactorStatus(pending.userId);
  return { email: pending.email, totp: status.totp, passkeys: status.passkeys > 0 };
}

export async function action({ request }: ActionFunctionArgs) {
  const pending = await requirePending(request);
  const code = parseSecondFactorCode(await readFormData(request));
  if (code === null) {
    return data({ errors: [M.codeRequired], toast: null }, { status: 400 });
  }
  const limited = await secondFactorThrottle(clientIp(request), pending.userId);
  if (!limited.allowed) {
    return data(
      { errors: [MESSAGES.tooManyAttempts], toast: errorToast(MESSAGES.tooManyAttempts) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const factor = await verifySecondFactorCode(pending.userId, code, new Date());
  await recordAudit({
    actorId: pending.userId,
    action: factor ? "auth.second_factor" : "auth.second_factor_failed",
    targetType: "user",
    targetId: pending.userId,
    after: { factor: factor ?? "code" },
    request,
  });
  if (!factor) {
    return data({ errors: [M.codeWrong], toast: errorToast(M.codeWrong) }, { status: 401 });
  }
  const headers = await finishSecondFactor(request, pending);
  if (!headers) return redirectWithError("/signin", M.pendingExpired);
  return redirectWithSuccess(pending.redirectTo, MESSAGES.signInSuccess, { headers });
}

export default function SecondFactor() {
  const { email, totp, passkeys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/signin/second-factor", state: "busy" });
  return (
    <AuthCard title="Two-factor authentication" subtitle={`Signing in as ${email}.`}>
      <Toaster toast={actionData?.toast ?? null} />
      <div className="space-y-6">
        {passkeys ? <PasskeySignInButton label="Use a passkey" failed={M.passkeyFailed} /> : null}
        <Form method="post" className="space-y-4">
          <Field
            label={totp ? "Code from your authenticator app, or a recovery code" : "Recovery code"}
            hint={totp ? "Open the app and type the 6-digit code it shows now." : undefined}
            inputProps={{
              name: "code",
              id: "code",
              required: true,
              autoComplete: "one-time-code",
              autoCapitalize: "none",
              spellCheck: false,
              maxLength: 64,
              autoFocus: true,
            }}
            errors={actionData?.errors}
          />
          <Button type="submit" className="w-full" pending={pending}>
            Verify
          </Button>
        </Form>
        <p className="text-center text-sm">
          <Link to="/signin" className="font-medium text-brand-700 hover:underline">
            Sign in as someone else
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
