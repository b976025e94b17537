import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  checkRateLimits,
  clientIp,
  data,
  linkBase,
  RATE_LIMITS,
  readFormData,
  requestPasswordReset,
} from "./forgot-password.server";
import { Form, Link, useActionData } from "@remix-run/react";
import { MailCheck } from "~/components/icons";
import { AuthCard } from "~/components/auth-card";
import { ErrorList, Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { PasswordResetRequestSchema } from "~/schemas/auth";
import { useIsPending } from "~/utils/pending";
import { pageMeta } from "~/utils/page-meta";

/**
 * /forgot-password (decision 041): the address gets a single-use link for an hour. The answer
 * is the same whether the address has an account or not; works without JavaScript.
 */

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Forgot password | Scheduler",
    description: "Get a link to choose a new password for your Scheduler account.",
    path: "/forgot-password",
  });

export { headers } from "./forgot-password.server";

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: PasswordResetRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  const email = submission.value.email.toLowerCase();
  const limited = await checkRateLimits([
    [`password-reset:ip:${clientIp(request)}`, RATE_LIMITS.passwordResetPerIp],
    [`password-reset:email:${email}`, RATE_LIMITS.passwordResetPerEmail],
  ]);
  if (!limited.allowed) {
    return data(
      { result: submission.reply({ formErrors: [MESSAGES.tooManyAttempts] }), sentTo: null },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  await requestPasswordReset({ email, linkBase: linkBase(request), now: new Date() });
  return { result: submission.reply({ resetForm: true }), sentTo: email };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ state: "busy" });
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(PasswordResetRequestSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordResetRequestSchema }),
  });
  if (actionData?.sentTo) {
    return (
      <AuthCard title="Check your e-mail">
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900"
          data-testid="reset-sent"
        >
          <MailCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p className="break-words">{`If an account exists for ${actionData.sentTo}, we sent it a link to choose a new password. The link works once, for one hour.`}</p>
        </div>
        <p className="mt-6 text-sm text-neutral-600">
          <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Give your account's e-mail address: we send you a link to choose a new password."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
          errors={fields.email.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full" pending={pending}>
          Send the link
        </Button>
      </Form>
      <p className="mt-6 text-sm text-neutral-600">
        Remembered it?{" "}
        <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
