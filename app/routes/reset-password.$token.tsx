import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  completePasswordReset,
  data,
  findResetAccount,
  readFormData,
  redirectWithSuccess,
} from "./reset-password.$token.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { ErrorList } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { buttonClass, Button } from "~/components/ui/button";
import { PasswordResetSchema } from "~/schemas/auth";
import { useIsPending } from "~/utils/pending";

/**
 * /reset-password/{token} (decision 041): the mailed link. A valid one shows the new-password
 * form; a used, expired or unknown one says so (the same words for each). Setting the password
 * ends every session of the account, then sends the reader to sign in.
 */

export const meta: MetaFunction = () => [
  { title: "Choose a new password | Scheduler" },
  { name: "robots", content: "noindex" },
];

// The token is in the path: never sent to another site as a referrer, never cached ("no-referrer" would make the form post Origin: null, which the CSRF check refuses).
export const headers: HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
});

const GONE = "This link has expired or was already used. Ask for a new one.";

export async function loader({ params }: LoaderFunctionArgs) {
  const account = await findResetAccount(params.token ?? "", new Date());
  return { email: account?.email ?? null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: PasswordResetSchema });
  if (submission.status !== "success")
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), gone: false },
      { status: 400 },
    );
  const done = await completePasswordReset(params.token ?? "", submission.value.password, new Date(), request);
  if (!done)
    return data(
      { result: submission.reply({ formErrors: [GONE], hideFields: ["password", "confirmPassword"] }), gone: true },
      { status: 410 },
    );
  return redirectWithSuccess("/signin", "Password changed. Sign in with your new password.");
}

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ state: "busy" });
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(PasswordResetSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordResetSchema }),
  });
  if (!email || actionData?.gone) {
    return (
      <AuthCard title="This link no longer works">
        <p className="text-neutral-700" data-testid="reset-gone">
          {GONE}
        </p>
        <Link to="/forgot-password" className={buttonClass("primary", "mt-6 w-full")}>
          Get a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle={`For ${email}. Setting it signs you out everywhere.`}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="New password"
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            autoFocus: true,
          }}
          errors={fields.password.errors}
        />
        <PasswordField
          label="Confirm new password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full" pending={pending}>
          Set new password
        </Button>
      </Form>
    </AuthCard>
  );
}
