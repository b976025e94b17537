import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  changePassword,
  checkRateLimits,
  clientIp,
  createUserSession,
  data,
  deleteAccount,
  destroyUserSession,
  endAllSessions,
  env,
  errorToast,
  FREE_EVENT_CAP,
  getPasswordHash,
  getProfile,
  hostLogoHashOf,
  photoHashOf,
  RATE_LIMITS,
  readFormData,
  recordAudit,
  redirectWithSuccess,
  requirePermission,
  sessionTokenOf,
  setUsername,
  sha256,
  siteBase,
  twoFactorOverview,
  updateBrandColor,
  updatePhone,
  updateProfileDetails,
  updateTimeZone,
  verifyPassword,
} from "~/routes/dashboard.profile/route.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DateTime } from "luxon";
import { KeyRound, UserRound } from "~/components/icons";
import { Toaster, type ToastData } from "~/components/toaster";
import { MESSAGES } from "~/messages";
import { parsePhone } from "~/schemas/phone";
import { PROFILE_MESSAGES as P } from "~/messages/profile";
import { roleLabel } from "~/utils/permissions";
import {
  BrandColorSchema,
  BrowserTimeZoneSchema,
  DeleteAccountSchema,
  DetailsSchema,
  isProfileIntent,
  PhoneSchema,
  passwordSchema,
  UsernameSchema,
  type ProfileIntent,
} from "~/schemas/profile";
import { timeZoneNames } from "~/scheduling/time-zone";
import { languageOf } from "~/messages/languages";
import { USERNAME_MESSAGES } from "~/schemas/username-rules";
import { notFound } from "~/utils/responses";
import { timeZoneHint } from "~/browser/time-zone-hint";
import { twoFactorAction } from "./two-factor-actions.server";
import { TwoFactorSection } from "./two-factor-forms";
import {
  Section,
  AccountSummary,
  DetailsForm,
  PhoneForm,
  BrandColorForm,
  UsernameForm,
  PasswordForm,
  SignOutEverywhereForm,
  ExportDataLink,
  DeleteAccountForm,
} from "./profile-forms";
import { HostLogoForm, ProfilePhotoForm } from "~/components/profile-photo-form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile.role === "admin" ? P.adminProfileHeading : P.profileHeading} | Scheduler` },
];

export { headers } from "~/routes/dashboard.profile/route.server";

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

  let plan:
    | { kind: "admin" }
    | { kind: "free"; cap: number }
    | { kind: "professional"; pack: string | null; since: string | null; until: string | null };
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
      id: user.id,
      photoHash: await photoHashOf(user.id),
      logoHash: await hostLogoHashOf(user.id),
      name: profile.name,
      email: profile.email,
      role: profile.role,
      roleLabel: roleLabel(profile),
      username: profile.username,
      timeZone: profile.timeZone,
      phone: profile.phone,
      brandColor: profile.brandColor,
      mailLanguage: languageOf(profile.mailLanguage) ?? "en",
      hasPassword: profile.hasPassword,
      hasGoogle: profile.hasGoogle,
      passwordChangedAt: profile.passwordChangedAt?.toISOString() ?? null,
    },
    plan,
    zones,
    // Offered only when the browser's zone differs from the stored one.
    browserZone: browserZone && browserZone !== profile.timeZone ? browserZone : null,
    origin: siteBase(request),
    twoFactor: await twoFactorOverview(user),
  };
}

interface ActionAnswer {
  intent: ProfileIntent | null;
  result: SubmissionResult<string[]> | null;
  toast: ToastData | null;
  /** The two-factor forms' answer: their errors, or recovery codes shown once. */
  twoFactor?: { errors: string[] | null; recoveryCodes: string[] | null };
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
    case "totpStart":
    case "totpEnable":
    case "totpDisable":
    case "recoveryCodes":
    case "passkeyDelete":
      return twoFactorAction(request, user, intent, formData);
    case "details": {
      const submission = parseWithZod(formData, { schema: DetailsSchema });
      if (submission.status !== "success") return answer(400, { intent, result: submission.reply(), toast: null });
      await updateProfileDetails(user.id, submission.value);
      return redirectWithSuccess(PROFILE_URL, P.detailsSaved);
    }
    case "phone": {
      const submission = parseWithZod(formData, { schema: PhoneSchema });
      if (submission.status !== "success") return answer(400, { intent, result: submission.reply(), toast: null });
      const parsed = parsePhone(submission.value.phone, env().SMS_DEFAULT_COUNTRY);
      if (!parsed.ok)
        return answer(400, {
          intent,
          result: submission.reply({ fieldErrors: { phone: [parsed.message] } }),
          toast: null,
        });
      await updatePhone(user.id, parsed.phone);
      return redirectWithSuccess(PROFILE_URL, parsed.phone ? P.phoneSaved(parsed.phone) : P.phoneRemoved);
    }
    case "brandColor": {
      const submission = parseWithZod(formData, { schema: BrandColorSchema });
      if (submission.status !== "success") return answer(400, { intent, result: submission.reply(), toast: null });
      await updateBrandColor(user.id, submission.value.brandColor);
      return redirectWithSuccess(PROFILE_URL, submission.value.brandColor ? P.brandColorSaved : P.brandColorRemoved);
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
        return answer(400, {
          intent,
          result: submission.reply({ fieldErrors: { username: [USERNAME_MESSAGES.taken] } }),
          toast: null,
        });
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
          result: submission.reply({
            fieldErrors: { currentPassword: [P.currentPasswordWrong] },
            hideFields: PASSWORD_FIELDS,
          }),
          toast: null,
        });
      }
      const token = await sessionTokenOf(request);
      await changePassword(user.id, submission.value.newPassword, token ? sha256(token) : null);
      await recordAudit({
        actorId: user.id,
        actorEmail: user.email,
        action: "account.password_changed",
        targetType: "user",
        targetId: user.id,
        after: { passwordSet: currentHash === null },
        request,
      });
      // This device stays signed in, on a fresh session id.
      const headers = await createUserSession(request, user);
      return redirectWithSuccess(PROFILE_URL, currentHash === null ? P.passwordSet : P.passwordChanged, { headers });
    }
    case "signOutEverywhere": {
      await endAllSessions(user.id);
      const cookie = await destroyUserSession(request);
      return redirectWithSuccess("/signin", P.signedOutEverywhere, { headers: { "Set-Cookie": cookie } });
    }
    case "deleteAccount": {
      const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
      const hide = { hideFields: ["password", "confirmEmail"] };
      if (submission.status !== "success") return answer(400, { intent, result: submission.reply(hide), toast: null });
      // Like a password change: a stolen session must not become a way to guess the password.
      const limited = await checkRateLimits([
        [`password:user:${user.id}`, RATE_LIMITS.passwordChangePerUser],
        [`password:ip:${clientIp(request)}`, RATE_LIMITS.signInPerIp],
      ]);
      if (!limited.allowed) {
        return answer(
          429,
          { intent, result: submission.reply({ formErrors: [MESSAGES.tooManyAttempts], ...hide }), toast: null },
          { "Retry-After": String(limited.retryAfterSeconds) },
        );
      }
      const result = await deleteAccount({ userId: user.id, ...submission.value, request, now: new Date() });
      if (!result.ok) {
        const message = result.reason === "last-admin" ? MESSAGES.lastAdmin : MESSAGES.deleteAccountCheckFailed;
        return answer(400, { intent, result: submission.reply({ formErrors: [message], ...hide }), toast: null });
      }
      const cookie = await destroyUserSession(request);
      return redirectWithSuccess("/", MESSAGES.accountDeleted, { headers: { "Set-Cookie": cookie } });
    }
  }
}

export default function Profile() {
  const { profile, plan, zones, browserZone, origin, twoFactor } = useLoaderData<typeof loader>();
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
        <DetailsForm
          key={`${profile.name}\n${profile.timeZone}`}
          profile={profile}
          zones={zones}
          browserZone={browserZone}
        />
      </Section>

      <Section id="photo" title="Photo" description="Guests see it on your booking pages and in their e-mails.">
        <ProfilePhotoForm userId={profile.id} name={profile.name} photoHash={profile.photoHash} error={null} />
      </Section>

      <Section
        id="logo"
        title="Logo"
        description="Your brand's logo, shown in place of your photo on your booking pages and at the top of your guests' e-mails."
      >
        <HostLogoForm userId={profile.id} name={profile.name} logoHash={profile.logoHash} error={null} />
      </Section>

      <Section
        id="phone"
        title="Mobile number"
        description="For the text messages your workflows send you. Stored in international format."
      >
        <PhoneForm key={profile.phone ?? ""} profile={profile} />
      </Section>

      <Section
        id="brand"
        title="Brand colour"
        description="Your booking pages' buttons, chosen times and highlights, in light and dark mode."
      >
        <BrandColorForm key={profile.brandColor ?? ""} brandColor={profile.brandColor} />
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
              <UserRound className="mt-0.5 h-5 w-5 shrink-0" aria-hidden /> You sign in with Google. Set a password to
              sign in with your e-mail too.
            </span>
          )
        }
      >
        <PasswordForm key={profile.passwordChangedAt ?? "never"} profile={profile} />
      </Section>

      <Section
        id="two-factor"
        title="Two-factor authentication"
        description="A code from an app on your phone, or a passkey, as well as your password when you sign in."
      >
        <TwoFactorSection twoFactor={twoFactor} />
      </Section>

      <Section id="sessions" title="Sessions" description="Lost a device, or signed in somewhere you shouldn't have?">
        <SignOutEverywhereForm />
      </Section>

      <Section id="your-data" title="Your data" description="A copy of everything this app keeps about you.">
        <ExportDataLink />
      </Section>

      <Section
        id="delete-account"
        title="Delete account"
        description={
          profile.hasPassword ? "Confirm with your password." : "You sign in with Google: confirm with your e-mail."
        }
      >
        <DeleteAccountForm profile={profile} />
      </Section>
    </div>
  );
}
