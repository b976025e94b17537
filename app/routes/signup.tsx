import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  checkRateLimits,
  clientIp,
  createPasswordUser,
  createUserSession,
  data,
  errorToast,
  normalizeEmail,
  onboardNewHost,
  promoteConfiguredAdmin,
  RATE_LIMITS,
  readFormData,
  redirectWithSuccess,
  requireAnonymous,
  ssoRequiredMessage,
} from "./signup.server";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { ErrorList, Field } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { Toaster } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { SignUpSchema } from "~/schemas/auth";
import { safeRedirectPath } from "~/utils/permissions";
import { useIsPending } from "~/utils/pending";
import { timeZoneHint } from "~/browser/time-zone-hint";
import { pageMeta } from "~/utils/page-meta";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Sign up | Scheduler",
    description: "Create a free Scheduler account and share a booking link in minutes.",
    path: "/signup",
  });

export { headers } from "./signup.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), toast: null }, { status: 400 });
  }
  // Addresses of the SSO domains get their account from the identity provider (decision 069).
  const message = ssoRequiredMessage(normalizeEmail(submission.value.email));
  if (message) {
    return data(
      { result: submission.reply({ fieldErrors: { email: [message] }, hideFields }), toast: errorToast(message) },
      { status: 403 },
    );
  }
  const limited = await checkRateLimits([[`signup:ip:${clientIp(request)}`, RATE_LIMITS.signUpPerIp]]);
  if (!limited.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: [MESSAGES.tooManyAttempts], hideFields }),
        toast: errorToast(MESSAGES.tooManyAttempts),
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const { name, password, redirectTo } = submission.value;
  const created = await createPasswordUser({
    email: normalizeEmail(submission.value.email),
    name: name ?? "",
    password,
    // The browser's zone from the client-hint cookie; UTC when it sent none or a bad one.
    timeZone: timeZoneHint(request.headers.get("Cookie")) ?? "UTC",
  });
  if (!created) {
    return data(
      { result: submission.reply({ fieldErrors: { email: [MESSAGES.emailTaken] }, hideFields }), toast: null },
      { status: 409 },
    );
  }
  // The booking link works at once: a username, the default schedule and a first event type.
  await onboardNewHost(created);
  const user = await promoteConfiguredAdmin(created);
  const headers = await createUserSession(request, user);
  const destination = user.role === "admin" ? "/dashboard" : safeRedirectPath(redirectTo);
  return redirectWithSuccess(destination, MESSAGES.signUpSuccess, { headers });
}

export default function SignUp() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const pending = useIsPending({ formAction: "/signup", state: "busy" });
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SignUpSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
  });
  const signinHref = redirectTo ? `/signin?${new URLSearchParams({ redirectTo })}` : "/signin";
  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link to={signinHref} className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Toaster toast={actionData?.toast ?? null} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Name"
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", autoFocus: true }}
          errors={fields.name.errors}
        />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <PasswordField
          label="Password"
          hint="At least 8 characters."
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <PasswordField
          label="Confirm Password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full" pending={pending}>
          Sign up
        </Button>
      </Form>
    </AuthCard>
  );
}
