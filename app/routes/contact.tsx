import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  checkRateLimits,
  clientIp,
  data,
  errorToast,
  getUser,
  RATE_LIMITS,
  readFormData,
  receiveContactMessage,
  redirectWithError,
  redirectWithSuccess,
} from "./contact.server";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Clock3, Inbox, MessageSquareText } from "~/components/icons";

import { ErrorList, Field, TextareaField } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { CONTACT_LIMITS, ContactSchema, HONEYPOT_FIELD, isHoneypotFilled } from "~/schemas/contact-form";
import { useIsPending } from "~/utils/pending";
import { pageMeta } from "~/utils/page-meta";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Contact | Scheduler",
    description: "Questions about plans, teams or a demo? Write to our sales team.",
    path: "/contact",
  });

export { headers } from "./contact.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // A signed-in person need not type who they are.
  const user = await getUser(request);
  return { defaults: user ? { name: user.name, email: user.email } : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  // A bot gets the same answer as a person, and nothing is stored or sent.
  if (isHoneypotFilled(formData)) return redirectWithSuccess("/contact", MESSAGES.contactEmailSent);

  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const limited = await checkRateLimits([[`contact:ip:${clientIp(request)}`, RATE_LIMITS.contactPerIp]]);
  if (!limited.allowed) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60);
    const wait = `${MESSAGES.contactTooMany} You can send another in about ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    return data(
      { result: submission.reply({ formErrors: [wait] }), toast: errorToast(MESSAGES.contactTooMany) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }

  const { emailStatus } = await receiveContactMessage(submission.value);
  // Kept in the outbox (no SMTP configured) counts as sent: the team reads it in the dashboard.
  return emailStatus === "failed"
    ? redirectWithError("/contact", { message: MESSAGES.contactEmailNotSent, description: MESSAGES.contactSavedAnyway })
    : redirectWithSuccess("/contact", MESSAGES.contactEmailSent);
}

function ContactForm({ defaults }: { defaults: { name: string; email: string } | null }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formAction: "/contact", state: "busy" });
  const [form, fields] = useForm({
    id: "contact",
    lastResult: actionData?.result,
    defaultValue: { name: defaults?.name ?? "", email: defaults?.email ?? "", subject: "", message: "" },
    constraint: getZodConstraint(ContactSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Name"
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            maxLength: CONTACT_LIMITS.name,
            autoComplete: "name",
          }}
          errors={fields.name.errors}
        />
        <Field
          label="Email"
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            maxLength: CONTACT_LIMITS.email,
            autoComplete: "email",
          }}
          errors={fields.email.errors}
        />
      </div>
      <Field
        label="Subject"
        hint="Optional."
        inputProps={{ ...getInputProps(fields.subject, { type: "text" }), maxLength: CONTACT_LIMITS.subject }}
        errors={fields.subject.errors}
      />
      <TextareaField
        label="Message"
        hint={`Up to ${CONTACT_LIMITS.message} characters.`}
        textareaProps={{ ...getTextareaProps(fields.message), maxLength: CONTACT_LIMITS.message, rows: 7 }}
        errors={fields.message.errors}
      />
      {/* Hidden from people and assistive technology; bots that fill every field fill this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website (leave empty)</label>
        <input
          id="contact-website"
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" className="w-full sm:w-auto sm:px-8" pending={pending}>
        Submit
      </Button>
    </Form>
  );
}

const PROMISES = [
  {
    icon: MessageSquareText,
    title: "Plans and teams",
    body: "Ask about packages, seats, or a plan that fits how your company meets.",
  },
  {
    icon: Inbox,
    title: "A person reads it",
    body: "Every message reaches our sales team, even on a day e-mail lets us down.",
  },
  { icon: Clock3, title: "We reply by e-mail", body: "Use an address you check; that is where our answer goes." },
];

export default function Contact() {
  const { defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A new key after each navigation (the redirect after sending), so the form starts empty.
  const location = useLocation();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-surface">
      <Toaster toast={actionData?.toast ?? null} />
      {/* Heading, form, then the reassurances: on a phone the form follows the heading at once. */}
      <div className="mx-auto grid max-w-content gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,36rem)] lg:grid-rows-[auto_1fr] lg:gap-x-16 lg:gap-y-8">
        <div className="lg:col-start-1 lg:row-start-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Contact</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-neutral-900 sm:text-4xl">
            {MESSAGES.contactHeading}
          </h1>
          <p className="mt-4 max-w-prose text-lg text-neutral-700">
            Questions about packages, team scheduling or a demo? Tell us what you need and we will get back to you.
          </p>
        </div>
        <div className="relative self-start rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <ContactForm key={location.key} defaults={defaults} />
        </div>
        <ul className="space-y-6 lg:col-start-1 lg:row-start-2">
          {PROMISES.map((p) => (
            <li key={p.title} className="flex gap-4">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <p.icon className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <h2 className="font-semibold text-neutral-900">{p.title}</h2>
                <p className="mt-1 text-neutral-600">{p.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
