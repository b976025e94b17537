import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  AuthorizationError,
  clientIp,
  continueSignIn,
  data,
  errorToast,
  getAuthenticator,
  normalizeEmail,
  parseSignInForm,
  publicEnv,
  readFormData,
  recordAudit,
  requireAnonymous,
  signInNotice,
  signInThrottle,
  ssoRequiredMessage,
} from "./signin.server";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { ErrorList, Field } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { Toaster } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { SIGN_IN_CONSTRAINT, validateSignIn } from "~/schemas/sign-in-form";
import { safeRedirectPath } from "~/utils/permissions";
import { useIsPending } from "~/utils/pending";
import { pageMeta } from "~/utils/page-meta";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Sign in | Scheduler",
    description: "Sign in to Scheduler to manage your booking links, events and team.",
    path: "/signin",
  });

export { headers } from "./signin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return {
    googleSignIn: publicEnv().googleSignIn,
    ssoSignIn: publicEnv().ssoSignIn,
    // An admin deactivated the account of the session this browser had (decision 068).
    notice: signInNotice(request),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  // remix-auth copies the request (body included), so ours must stay unread.
  const formData = await readFormData(request.clone());
  const submission = parseSignInForm(formData);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const email = normalizeEmail(submission.value.email);
  // Addresses of the SSO domains sign in with the identity provider only (decision 069).
  const message = ssoRequiredMessage(email);
  if (message) {
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }), toast: errorToast(message) },
      { status: 403 },
    );
  }
  const limited = await signInThrottle(clientIp(request), email);
  if (!limited.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: [MESSAGES.tooManyAttempts], hideFields: ["password"] }),
        toast: errorToast(MESSAGES.tooManyAttempts),
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  try {
    const user = await getAuthenticator().authenticate("form", request, { context: { formData } });
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "auth.sign_in",
      targetType: "user",
      targetId: user.id,
      after: { method: "password" },
      request,
    });
    return await continueSignIn(request, user, safeRedirectPath(submission.value.redirectTo));
  } catch (error) {
    if (error instanceof AuthorizationError) {
      await recordAudit({
        actorId: null,
        actorEmail: email,
        action: "auth.sign_in_failed",
        targetType: "user",
        after: { method: "password" },
        request,
      });
      return data(
        {
          result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
          toast: errorToast(error.message),
        },
        { status: 401 },
      );
    }
    throw error;
  }
}

function ProviderButton({ label, disabledReason }: { label: string; disabledReason?: string }) {
  return (
    <button
      type={disabledReason ? "button" : "submit"}
      disabled={Boolean(disabledReason)}
      title={disabledReason}
      className="flex w-full items-center justify-center gap-2 rounded-lg border border-neutral-300 bg-surface px-4 py-2.5 text-sm font-semibold text-neutral-800 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500"
    >
      {label}
    </button>
  );
}

export default function SignIn() {
  const { googleSignIn, ssoSignIn, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const pending = useIsPending({ formAction: "/signin", state: "busy" });
  const [form, fields] = useForm({
    id: "signin",
    lastResult: actionData?.result,
    constraint: SIGN_IN_CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateSignIn(formData),
  });
  const signupHref = redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup";
  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          New here?{" "}
          <Link to={signupHref} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <Toaster toast={actionData?.toast ?? null} />
      {notice && !actionData ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="signin-notice"
        >
          {notice}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
          errors={fields.email.errors}
        />
        <PasswordField
          label="Password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </p>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full" pending={pending}>
          Sign in
        </Button>
      </Form>
      <div className="my-6 flex items-center gap-3 text-sm text-neutral-500">
        <span className="h-px flex-1 bg-neutral-200" /> or <span className="h-px flex-1 bg-neutral-200" />
      </div>
      <div className="space-y-3">
        {ssoSignIn ? (
          <Form method="post" action="/auth/sso">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <ProviderButton label="Sign in with SSO" />
          </Form>
        ) : null}
        {/* A page of its own, so the sign-in page carries none of the passkey code (its JS budget). */}
        <Link
          to={redirectTo ? `/signin/passkey?${new URLSearchParams({ redirectTo })}` : "/signin/passkey"}
          className="flex w-full items-center justify-center gap-2 rounded-lg border border-neutral-300 bg-surface px-4 py-2.5 text-sm font-semibold text-neutral-800 hover:bg-neutral-50"
        >
          Continue with a passkey
        </Link>
        <Form method="post" action="/auth/google">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <ProviderButton
            label="Continue with Google"
            disabledReason={googleSignIn ? undefined : MESSAGES.googleUnavailable}
          />
        </Form>
        {googleSignIn ? null : <p className="text-center text-sm text-neutral-600">{MESSAGES.googleUnavailable}</p>}
        <ProviderButton label="Continue with GitHub" disabledReason="GitHub sign-in is not available." />
        <ProviderButton label="Continue with Twitter" disabledReason="Twitter sign-in is not available." />
      </div>
    </AuthCard>
  );
}
