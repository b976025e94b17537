import { Form, useActionData, useRevalidator } from "@remix-run/react";
import { ShieldCheck } from "~/components/icons";
import { Field } from "~/components/forms";
import { AddPasskeyButton } from "~/components/passkey-buttons";
import { RecoveryCodesList, TotpSetupForm } from "~/components/totp-setup";
import { Button } from "~/components/ui/button";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import type { action } from "./route";
import { usePending, type LoaderData } from "./profile-forms";

type TwoFactor = LoaderData["twoFactor"];

function useTwoFactorAnswer(intents: string[]) {
  const actionData = useActionData<typeof action>();
  if (!actionData?.intent || !intents.includes(actionData.intent)) return null;
  return "twoFactor" in actionData ? (actionData.twoFactor ?? null) : null;
}

/** A code field and one submit button: turning the app off, new recovery codes. */
function CodeForm({
  intent,
  label,
  button,
  variant,
}: {
  intent: "totpDisable" | "recoveryCodes";
  label: string;
  button: string;
  variant: "danger" | "secondary";
}) {
  const pending = usePending(intent);
  const answer = useTwoFactorAnswer([intent]);
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <Field
        label={label}
        inputProps={{
          name: "code",
          id: `${intent}-code`,
          required: true,
          autoComplete: "one-time-code",
          maxLength: 64,
        }}
        errors={answer?.errors}
      />
      <Button type="submit" variant={variant} pending={pending}>
        {button}
      </Button>
    </Form>
  );
}

function PasskeyList({ passkeys }: { passkeys: TwoFactor["passkeys"] }) {
  const pending = usePending("passkeyDelete");
  const revalidator = useRevalidator();
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-neutral-900">Passkeys</h3>
      {passkeys.length ? (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="[overflow-wrap:anywhere]">
                <span className="font-medium text-neutral-900">{p.name}</span>{" "}
                <span className="text-neutral-600">added {p.createdAt.slice(0, 10)}</span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="passkeyDelete" />
                <input type="hidden" name="passkeyId" value={p.id} />
                <Button type="submit" variant="ghost" pending={pending} aria-label={`Remove passkey ${p.name}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">
          No passkeys yet. A passkey signs you in with your fingerprint, face or PIN.
        </p>
      )}
      <AddPasskeyButton failed={M.passkeyFailed} onAdded={() => revalidator.revalidate()} />
    </div>
  );
}

export function TwoFactorSection({ twoFactor }: { twoFactor: TwoFactor }) {
  const startPending = usePending("totpStart");
  const enablePending = usePending("totpEnable");
  const enableAnswer = useTwoFactorAnswer(["totpEnable"]);
  const codesAnswer = useTwoFactorAnswer(["totpEnable", "recoveryCodes"]);
  const startAnswer = useTwoFactorAnswer(["totpStart"]);
  return (
    <div className="space-y-6">
      {twoFactor.required ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your organisation requires a second factor for every account.
        </p>
      ) : null}
      {codesAnswer?.recoveryCodes ? <RecoveryCodesList codes={codesAnswer.recoveryCodes} /> : null}
      <div className="space-y-3">
        <h3 className="font-semibold text-neutral-900">Authenticator app</h3>
        {twoFactor.totp ? (
          <>
            <p className="flex items-center gap-2 text-sm text-green-800">
              <ShieldCheck className="h-5 w-5" aria-hidden /> On. {twoFactor.recoveryLeft} recovery codes left.
            </p>
            <CodeForm intent="totpDisable" label="Code to turn it off" button="Turn off" variant="danger" />
          </>
        ) : twoFactor.setup ? (
          <TotpSetupForm
            qrSvg={twoFactor.setup.qrSvg}
            secret={twoFactor.setup.secret}
            errors={enableAnswer?.errors}
            pending={enablePending}
            hiddenFields={{ intent: "totpEnable" }}
          />
        ) : (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="totpStart" />
            <p className="text-sm text-neutral-700">Off. Use an app such as Google Authenticator or 1Password.</p>
            {startAnswer?.errors ? <p className="text-sm text-red-700">{startAnswer.errors[0]}</p> : null}
            <Button type="submit" pending={startPending}>
              Set up authenticator app
            </Button>
          </Form>
        )}
      </div>
      <PasskeyList passkeys={twoFactor.passkeys} />
      {twoFactor.totp || twoFactor.passkeys.length ? (
        <div className="space-y-3">
          <h3 className="font-semibold text-neutral-900">Recovery codes</h3>
          <CodeForm
            intent="recoveryCodes"
            label="Code to make new recovery codes"
            button="New recovery codes"
            variant="secondary"
          />
        </div>
      ) : null}
    </div>
  );
}
