import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import { Form, Link, useActionData, type useLoaderData } from "@remix-run/react";
import { Download, Globe, LogOut, Trash2 } from "~/components/icons";
import type { ReactNode } from "react";
import { ErrorList, Field } from "~/components/forms";
import { ZoneField } from "~/components/zone-field";
import { BrandColorForm as BrandColorFields } from "~/components/brand-color-form";
import { SelectField } from "~/components/event-type-form/fields";
import { LANGUAGE_NAMES, LANGUAGES } from "~/messages/languages";
import { PasswordField } from "~/components/password-field";
import { Button, buttonClass } from "~/components/ui/button";
import {
  DeleteAccountSchema,
  DetailsSchema,
  passwordSchema,
  PhoneSchema,
  UsernameSchema,
  type ProfileIntent,
} from "~/schemas/profile";
import { bookingLink, usernameSchema } from "~/schemas/username";
import { useIsPending } from "~/utils/pending";
import type { loader, action } from "./route";

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** "America/New_York" → "America/New York" for people; the value stays the IANA name. */
export function zoneLabel(zone: string): string {
  return zone.replaceAll("_", " ");
}

export function usePending(intent: ProfileIntent): boolean {
  return useIsPending({ intent, state: "busy" });
}

export function useLastResult(intent: ProfileIntent) {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData.result : null;
}

/** A settings section: what it is on the left (top on phones), the form in a card beside it. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-20 gap-4 border-t border-neutral-200 pt-6 lg:grid-cols-3 lg:gap-8"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-neutral-900">
          {title}
        </h2>
        <div className="mt-1 text-sm text-neutral-600">{description}</div>
      </div>
      <div className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6 lg:col-span-2">
        {children}
      </div>
    </section>
  );
}

export function PlanText({ plan }: { plan: LoaderData["plan"] }) {
  if (plan.kind === "admin") return <>Admin account: no event limit. Admins don&apos;t buy packages.</>;
  if (plan.kind === "free") {
    return (
      <>
        Free plan — up to {plan.cap} upcoming events.{" "}
        <Link to="/pricing" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          See packages
        </Link>
      </>
    );
  }
  return (
    <>
      Professional{plan.pack ? ` — ${plan.pack} package` : ""}: no event limit.
      {plan.since ? ` Last payment ${plan.since}.` : null}
      {plan.until ? ` Professional until ${plan.until}; paying again extends it by a month.` : null}{" "}
      <Link to="/pricing" className="font-medium text-brand-700 underline-offset-2 hover:underline">
        Pricing
      </Link>
    </>
  );
}

export function AccountSummary({ profile, plan }: Pick<LoaderData, "profile" | "plan">) {
  const row = "grid gap-1 py-3 sm:grid-cols-3 sm:gap-4";
  return (
    <dl className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-surface px-5 shadow-sm sm:px-6">
      <div className={row}>
        <dt className="text-sm font-medium text-neutral-600">Name</dt>
        <dd className="break-words text-neutral-900 sm:col-span-2">
          {profile.name || <span className="italic text-neutral-600">Not set</span>}
        </dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-neutral-600">E-mail</dt>
        <dd className="text-neutral-900 [overflow-wrap:anywhere] sm:col-span-2" data-testid="profile-email">
          {profile.email}
        </dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-neutral-600">Role</dt>
        <dd className="sm:col-span-2">
          <span
            data-testid="profile-role"
            className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-600/20"
          >
            {profile.roleLabel}
          </span>
        </dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-neutral-600">Plan</dt>
        <dd className="text-neutral-900 sm:col-span-2" data-testid="profile-plan">
          <PlanText plan={plan} />
        </dd>
      </div>
    </dl>
  );
}

export function DetailsForm({ profile, zones, browserZone }: Pick<LoaderData, "profile" | "zones" | "browserZone">) {
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult: useLastResult("details"),
    defaultValue: { name: profile.name, timeZone: profile.timeZone, mailLanguage: profile.mailLanguage },
    constraint: getZodConstraint(DetailsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DetailsSchema }),
  });
  const pending = usePending("details");
  const browserPending = usePending("browserTimeZone");
  const browserErrors = useLastResult("browserTimeZone")?.error?.timeZone;
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="details" />
        <Field
          label="Name"
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
          errors={fields.name.errors}
        />
        <ZoneField
          id={fields.timeZone.id}
          name={fields.timeZone.name}
          // The zone as last posted (kept after a refusal), else the saved one.
          value={typeof fields.timeZone.initialValue === "string" ? fields.timeZone.initialValue : profile.timeZone}
          zones={zones}
          hint="Event times on your dashboard and in invitations use this zone."
          errors={fields.timeZone.errors}
          errorId={fields.timeZone.errorId}
        />
        <SelectField
          label="Language of your e-mails"
          hint="The e-mails about your bookings (booked, moved, cancelled, requests to approve) and their calendar files. The dashboard stays in English."
          errors={fields.mailLanguage.errors}
          errorId={fields.mailLanguage.errorId}
          selectProps={getSelectProps(fields.mailLanguage)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </SelectField>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" pending={pending}>
          Save details
        </Button>
      </Form>
      {browserZone ? (
        <Form
          method="post"
          data-testid="browser-zone-hint"
          className="mt-5 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <input type="hidden" name="intent" value="browserTimeZone" />
          <input type="hidden" name="timeZone" value={browserZone} />
          <p className="flex items-start gap-2 text-sm text-amber-900">
            <Globe className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <span>
              Your browser says <strong className="font-semibold">{zoneLabel(browserZone)}</strong>; your profile says{" "}
              {zoneLabel(profile.timeZone)}.
            </span>
          </p>
          <Button type="submit" variant="secondary" pending={browserPending} className="shrink-0">
            Use {zoneLabel(browserZone)}
          </Button>
          <ErrorList errors={browserErrors} />
        </Form>
      ) : null}
    </>
  );
}

export function UsernameForm({ profile, origin }: Pick<LoaderData, "profile" | "origin">) {
  const [form, fields] = useForm({
    id: "profile-username",
    lastResult: useLastResult("username"),
    defaultValue: { username: profile.username ?? "" },
    constraint: getZodConstraint(UsernameSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UsernameSchema }),
  });
  const pending = usePending("username");
  // The preview follows what is typed once it is a valid name; otherwise the saved one.
  const typed = usernameSchema.safeParse(fields.username.value ?? "");
  const preview = typed.success ? typed.data : profile.username;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="username" />
      <Field
        label="Username"
        hint="3–30 lower-case letters, digits and hyphens, starting with a letter."
        inputProps={{
          ...getInputProps(fields.username, { type: "text" }),
          autoComplete: "off",
          autoCapitalize: "none",
          spellCheck: false,
        }}
        errors={fields.username.errors}
      />
      <div className="rounded-lg bg-neutral-50 px-4 py-3 text-sm">
        <p className="font-medium text-neutral-800">Your booking link</p>
        {preview ? (
          <p
            className="mt-0.5 font-mono text-neutral-900 [overflow-wrap:anywhere]"
            data-testid="booking-link-preview"
            aria-live="polite"
          >
            {preview === profile.username ? (
              // The saved name's page is live: the link opens it.
              <a
                href={bookingLink(origin, preview)}
                className="text-brand-700 underline hover:text-brand-800"
                data-testid="booking-link"
              >
                {bookingLink(origin, preview)}
              </a>
            ) : (
              bookingLink(origin, preview)
            )}
          </p>
        ) : (
          <p className="mt-0.5 text-neutral-600">Choose a username to get your link.</p>
        )}
        <p className="mt-1 text-neutral-600">
          {preview === profile.username
            ? "Guests book you there. Changing the name changes the link; the old one stops working."
            : "Save the name to use this link; the old one then stops working."}
        </p>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        Save username
      </Button>
    </Form>
  );
}

/** The host's mobile number for workflow texts (decision 090); the server normalises it. */
export function PhoneForm({ profile }: Pick<LoaderData, "profile">) {
  const [form, fields] = useForm({
    id: "profile-phone",
    lastResult: useLastResult("phone"),
    constraint: getZodConstraint(PhoneSchema),
    defaultValue: { phone: profile.phone ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PhoneSchema }),
  });
  const pending = usePending("phone");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="phone" />
      <Field
        label="Mobile number"
        hint="With its country code, such as +1 415 555 2671. Leave empty to remove it."
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
        errors={fields.phone.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        Save number
      </Button>
    </Form>
  );
}

export function BrandColorForm({ brandColor }: { brandColor: string | null }) {
  return <BrandColorFields id="profile-brand" brandColor={brandColor} lastResult={useLastResult("brandColor")} />;
}

export function PasswordForm({ profile }: Pick<LoaderData, "profile">) {
  const schema = passwordSchema(profile.hasPassword);
  const [form, fields] = useForm({
    id: "profile-password",
    lastResult: useLastResult("password"),
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const pending = usePending("password");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      {/* Tells password managers which account the new password belongs to. */}
      <input type="text" name="email" autoComplete="username" value={profile.email} readOnly hidden />
      {profile.hasPassword ? (
        <PasswordField
          label="Current password"
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            autoComplete: "current-password",
          }}
          errors={fields.currentPassword.errors}
        />
      ) : null}
      <PasswordField
        label="New password"
        hint="At least 8 characters."
        inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.newPassword.errors}
      />
      <PasswordField
        label="Confirm new password"
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirmPassword.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        {profile.hasPassword ? "Change password" : "Set password"}
      </Button>
    </Form>
  );
}

export function SignOutEverywhereForm() {
  const pending = usePending("signOutEverywhere");
  return (
    <Form method="post" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <input type="hidden" name="intent" value="signOutEverywhere" />
      <p className="text-sm text-neutral-700">
        Ends every session of this account, this one too. You will sign in again here.
      </p>
      <Button type="submit" variant="danger" pending={pending} className="shrink-0">
        <LogOut className="h-5 w-5" aria-hidden /> Sign out everywhere
      </Button>
    </Form>
  );
}

/** Download everything about the account (GET /api/me/export: a JSON file; a plain link, no JavaScript needed). */
export function ExportDataLink() {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-neutral-700">
        One JSON file: your profile, event types, schedules, bookings with their answers, webhooks (without their
        secrets) and the audit entries about you.
      </p>
      <a href="/api/me/export" download className={buttonClass("secondary", "shrink-0")}>
        <Download className="h-5 w-5" aria-hidden /> Download my data
      </a>
    </div>
  );
}

/**
 * Delete the account (decision 071): the password, or the e-mail typed again for an account
 * that signs in only with Google.
 */
export function DeleteAccountForm({ profile }: Pick<LoaderData, "profile">) {
  const [form, fields] = useForm({
    id: "profile-delete-account",
    lastResult: useLastResult("deleteAccount"),
    constraint: getZodConstraint(DeleteAccountSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
  });
  const pending = usePending("deleteAccount");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="deleteAccount" />
      <p className="text-sm text-neutral-700">
        Your upcoming bookings are cancelled and their guests told; your event types, schedules, calendars and webhooks
        go with the account. This cannot be undone: download your data first if you want a copy.
      </p>
      {profile.hasPassword ? (
        <PasswordField
          label="Your password"
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
            required: true,
          }}
          errors={fields.password.errors}
        />
      ) : (
        <Field
          label={`Type your e-mail (${profile.email}) to confirm`}
          inputProps={{
            ...getInputProps(fields.confirmEmail, { type: "email" }),
            autoComplete: "off",
            required: true,
          }}
          errors={fields.confirmEmail.errors}
        />
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" variant="danger" pending={pending}>
        <Trash2 className="h-5 w-5" aria-hidden /> Delete my account
      </Button>
    </Form>
  );
}
