import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DateTime } from "luxon";
import { Globe, KeyRound, LogOut, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { ControlField, ErrorList, Field, inputClass } from "~/components/forms";
import { PasswordField } from "~/components/password-field";
import { Toaster, type ToastData } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { FREE_EVENT_CAP } from "~/models/event.server";
import {
  changePassword,
  endAllSessions,
  getPasswordHash,
  getProfile,
  setUsername,
  updateProfileDetails,
  updateTimeZone,
} from "~/models/user.server";
import { PROFILE_MESSAGES as P } from "~/messages/profile";
import { createUserSession, destroyUserSession, requirePermission } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { verifyPassword } from "~/utils/password.server";
import { roleLabel } from "~/utils/permissions";
import {
  BrowserTimeZoneSchema,
  DetailsSchema,
  isProfileIntent,
  passwordSchema,
  UsernameSchema,
  type ProfileIntent,
} from "~/schemas/profile";
import { checkRateLimits, clientIp, RATE_LIMITS } from "~/utils/rate-limit.server";
import { readFormData } from "~/utils/request.server";
import { sessionTokenOf, sha256 } from "~/utils/session.server";
import { timeZoneNames } from "~/scheduling/time-zone";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";
import { bookingLink, USERNAME_MESSAGES, usernameSchema } from "~/schemas/username";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";
import { timeZoneHint } from "~/utils/time-zone-hint";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile.role === "admin" ? P.adminProfileHeading : P.profileHeading} | Scheduler` },
];

export { retryAfterHeaders as headers } from "~/utils/rate-limit.server";

const PROFILE_URL = "/dashboard/profile";

/** "Jan 5, 2026" in the person's zone (UTC when the runtime does not know the stored one). */
function formatDate(instant: DateTime): string {
  return instant.toLocaleString(DateTime.DATE_MED, { locale: "en-US" });
}

function inZone(date: Date, zone: string): DateTime {
  const d = DateTime.fromJSDate(date, { zone });
  return d.isValid ? d : DateTime.fromJSDate(date, { zone: "UTC" });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const profile = await getProfile(user.id);
  if (!profile) notFound("Not found");

  let plan: { kind: "admin" } | { kind: "free"; cap: number } | { kind: "professional"; pack: string | null; since: string | null; until: string | null };
  if (profile.role === "admin") plan = { kind: "admin" };
  else if (profile.role === "professional") {
    const bought = profile.professional;
    const issued = bought ? inZone(bought.issuedAt, profile.timeZone) : null;
    plan = {
      kind: "professional",
      pack: bought?.pack ?? null,
      since: issued ? formatDate(issued) : null,
      // Each payment adds a calendar month (stacking); null: granted without an end.
      until: profile.professionalUntil ? formatDate(inZone(profile.professionalUntil, profile.timeZone)) : null,
    };
  } else plan = { kind: "free", cap: FREE_EVENT_CAP };

  const browserZone = timeZoneHint(request.headers.get("Cookie"));
  const zones = timeZoneNames();
  for (const zone of [profile.timeZone, browserZone]) if (zone && !zones.includes(zone)) zones.push(zone);

  return {
    profile: {
      name: profile.name,
      email: profile.email,
      role: profile.role,
      roleLabel: roleLabel(profile),
      username: profile.username,
      timeZone: profile.timeZone,
      hasPassword: profile.hasPassword,
      hasGoogle: profile.hasGoogle,
      passwordChangedAt: profile.passwordChangedAt?.toISOString() ?? null,
    },
    plan,
    zones,
    // Offered only when the browser's zone differs from the stored one.
    browserZone: browserZone && browserZone !== profile.timeZone ? browserZone : null,
    origin: env().APP_URL ?? new URL(request.url).origin,
  };
}

interface ActionAnswer {
  intent: ProfileIntent | null;
  result: SubmissionResult<string[]> | null;
  toast: ToastData | null;
}

function answer(status: number, body: ActionAnswer, headers?: HeadersInit) {
  return data(body, { status, headers });
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isProfileIntent(intent)) return answer(400, { intent: null, result: null, toast: errorToast(P.unknownForm) });

  switch (intent) {
    case "details": {
      const submission = parseWithZod(formData, { schema: DetailsSchema });
      if (submission.status !== "success") return answer(400, { intent, result: submission.reply(), toast: null });
      await updateProfileDetails(user.id, submission.value);
      return redirectWithSuccess(PROFILE_URL, P.detailsSaved);
    }
    case "browserTimeZone": {
      const submission = parseWithZod(formData, { schema: BrowserTimeZoneSchema });
      if (submission.status !== "success") {
        return answer(400, { intent, result: submission.reply(), toast: errorToast(P.timeZoneInvalid) });
      }
      await updateTimeZone(user.id, submission.value.timeZone);
      return redirectWithSuccess(PROFILE_URL, P.timeZoneSaved(submission.value.timeZone));
    }
    case "username": {
      const submission = parseWithZod(formData, { schema: UsernameSchema });
      if (submission.status !== "success") return answer(400, { intent, result: submission.reply(), toast: null });
      // The unique index settles a race for the same name; the loser hears it is taken.
      if ((await setUsername(user.id, submission.value.username)) === "taken") {
        return answer(400, { intent, result: submission.reply({ fieldErrors: { username: [USERNAME_MESSAGES.taken] } }), toast: null });
      }
      return redirectWithSuccess(PROFILE_URL, P.usernameSaved);
    }
    case "password": {
      const currentHash = await getPasswordHash(user.id);
      const submission = parseWithZod(formData, { schema: passwordSchema(currentHash !== null) });
      if (submission.status !== "success") {
        return answer(400, { intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }), toast: null });
      }
      // Like sign-in: a stolen session must not become a way to guess the password.
      const limited = await checkRateLimits([
        [`password:user:${user.id}`, RATE_LIMITS.passwordChangePerUser],
        [`password:ip:${clientIp(request)}`, RATE_LIMITS.signInPerIp],
      ]);
      if (!limited.allowed) {
        return answer(
          429,
          {
            intent,
            result: submission.reply({ formErrors: [MESSAGES.tooManyAttempts], hideFields: PASSWORD_FIELDS }),
            toast: errorToast(MESSAGES.tooManyAttempts),
          },
          { "Retry-After": String(limited.retryAfterSeconds) },
        );
      }
      if (currentHash !== null && !(await verifyPassword(currentHash, submission.value.currentPassword ?? ""))) {
        return answer(400, {
          intent,
          result: submission.reply({ fieldErrors: { currentPassword: [P.currentPasswordWrong] }, hideFields: PASSWORD_FIELDS }),
          toast: null,
        });
      }
      const token = await sessionTokenOf(request);
      await changePassword(user.id, submission.value.newPassword, token ? sha256(token) : null);
      // This device stays signed in, on a fresh session id.
      const headers = await createUserSession(request, user);
      return redirectWithSuccess(PROFILE_URL, currentHash === null ? P.passwordSet : P.passwordChanged, { headers });
    }
    case "signOutEverywhere": {
      await endAllSessions(user.id);
      const cookie = await destroyUserSession(request);
      return redirectWithSuccess("/signin", P.signedOutEverywhere, { headers: { "Set-Cookie": cookie } });
    }
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** "America/New_York" → "America/New York" for people; the value stays the IANA name. */
function zoneLabel(zone: string): string {
  return zone.replaceAll("_", " ");
}

function usePending(intent: ProfileIntent): boolean {
  return useIsPending({ intent, state: "busy" });
}

function useLastResult(intent: ProfileIntent) {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData.result : null;
}

/** A settings section: what it is on the left (top on phones), the form in a card beside it. */
function Section({ id, title, description, children }: { id: string; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 border-t border-neutral-200 pt-6 lg:grid-cols-3 lg:gap-8">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-neutral-900">
          {title}
        </h2>
        <div className="mt-1 text-sm text-neutral-600">{description}</div>
      </div>
      <div className="rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2">{children}</div>
    </section>
  );
}

function PlanText({ plan }: { plan: LoaderData["plan"] }) {
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

function AccountSummary({ profile, plan }: Pick<LoaderData, "profile" | "plan">) {
  const row = "grid gap-1 py-3 sm:grid-cols-3 sm:gap-4";
  return (
    <dl className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white px-5 shadow-sm sm:px-6">
      <div className={row}>
        <dt className="text-sm font-medium text-neutral-600">Name</dt>
        <dd className="break-words text-neutral-900 sm:col-span-2">{profile.name || <span className="italic text-neutral-600">Not set</span>}</dd>
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

function DetailsForm({ profile, zones, browserZone }: Pick<LoaderData, "profile" | "zones" | "browserZone">) {
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult: useLastResult("details"),
    defaultValue: { name: profile.name, timeZone: profile.timeZone },
    constraint: getZodConstraint(DetailsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DetailsSchema }),
  });
  const zoneSelect = getSelectProps(fields.timeZone);
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
        <ControlField
          label="Time zone"
          id={fields.timeZone.id}
          errorId={fields.timeZone.errorId}
          errors={fields.timeZone.errors}
          hint="Event times on your dashboard and in invitations use this zone."
        >
          <select
            {...zoneSelect}
            key={zoneSelect.key}
            aria-describedby={[zoneSelect["aria-describedby"], `${fields.timeZone.id}-hint`].filter(Boolean).join(" ")}
            className={inputClass}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone)}
              </option>
            ))}
          </select>
        </ControlField>
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

function UsernameForm({ profile, origin }: Pick<LoaderData, "profile" | "origin">) {
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
          <p className="mt-0.5 font-mono text-neutral-900 [overflow-wrap:anywhere]" data-testid="booking-link-preview" aria-live="polite">
            {bookingLink(origin, preview)}
          </p>
        ) : (
          <p className="mt-0.5 text-neutral-600">Choose a username to get your link.</p>
        )}
        <p className="mt-1 text-neutral-600">Booking pages are on the way; the name is yours as soon as you save it.</p>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        Save username
      </Button>
    </Form>
  );
}

function PasswordForm({ profile }: Pick<LoaderData, "profile">) {
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
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
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

function SignOutEverywhereForm() {
  const pending = usePending("signOutEverywhere");
  return (
    <Form method="post" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <input type="hidden" name="intent" value="signOutEverywhere" />
      <p className="text-sm text-neutral-700">Ends every session of this account, this one too. You will sign in again here.</p>
      <Button type="submit" variant="danger" pending={pending} className="shrink-0">
        <LogOut className="h-5 w-5" aria-hidden /> Sign out everywhere
      </Button>
    </Form>
  );
}

export default function Profile() {
  const { profile, plan, zones, browserZone, origin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const heading = profile.role === "admin" ? P.adminProfileHeading : P.profileHeading;
  return (
    <div className="space-y-8">
      <Toaster toast={actionData?.toast ?? null} />
      <header className="space-y-4">
        <div>
          <h1 className="text-2xl font-bold text-neutral-900">{heading}</h1>
          <p className="mt-1 text-neutral-600">Your account, your booking link and how you sign in.</p>
        </div>
        <AccountSummary profile={profile} plan={plan} />
      </header>

      <Section id="details" title="Details" description="The name guests see, and the zone your times are shown in.">
        {/* Remounted when saved values change, so the form shows what is stored. */}
        <DetailsForm key={`${profile.name}\n${profile.timeZone}`} profile={profile} zones={zones} browserZone={browserZone} />
      </Section>

      <Section id="username" title="Booking link" description="Guests book you at your own address.">
        <UsernameForm key={profile.username ?? ""} profile={profile} origin={origin} />
      </Section>

      <Section
        id="password"
        title={profile.hasPassword ? "Password" : "Set a password"}
        description={
          profile.hasPassword ? (
            <span className="flex items-start gap-2">
              <KeyRound className="mt-0.5 h-5 w-5 shrink-0" aria-hidden /> Changing it signs out your other sessions.
            </span>
          ) : (
            <span className="flex items-start gap-2">
              <UserRound className="mt-0.5 h-5 w-5 shrink-0" aria-hidden /> You sign in with Google. Set a password to sign in with
              your e-mail too.
            </span>
          )
        }
      >
        <PasswordForm key={profile.passwordChangedAt ?? "never"} profile={profile} />
      </Section>

      <Section id="sessions" title="Sessions" description="Lost a device, or signed in somewhere you shouldn't have?">
        <SignOutEverywhereForm />
      </Section>
    </div>
  );
}
