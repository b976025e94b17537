import { Form } from "@remix-run/react";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/button";

/**
 * The authenticator-app set-up: the QR code (server-made SVG, so no JavaScript is needed), the
 * secret as text for typing in, and the form for the first code.
 */
export function TotpSetupForm({
  qrSvg,
  secret,
  errors,
  pending,
  hiddenFields,
}: {
  qrSvg: string;
  secret: string;
  errors?: string[] | null;
  pending: boolean;
  hiddenFields?: Record<string, string>;
}) {
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-700">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan the QR code, or type the secret below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <figure className="shrink-0">
          <div
            role="img"
            aria-label="QR code of the authenticator-app secret"
            className="h-44 w-44 rounded-lg border border-neutral-200 bg-surface p-1 [&>svg]:h-full [&>svg]:w-full"
            // The SVG is made on the server by the qrcode package from the otpauth address.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
        </figure>
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-medium text-neutral-800">Secret</p>
          <code
            data-testid="totp-secret"
            className="block break-all rounded-lg bg-neutral-100 px-3 py-2 font-mono text-neutral-900"
          >
            {secret}
          </code>
        </div>
      </div>
      <Form method="post" className="space-y-4">
        {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Field
          label="Code from the app"
          inputProps={{
            name: "code",
            id: "totp-code",
            required: true,
            inputMode: "numeric",
            autoComplete: "one-time-code",
            pattern: "[0-9 ]*",
            maxLength: 8,
          }}
          errors={errors}
        />
        <Button type="submit" pending={pending}>
          Turn on
        </Button>
      </Form>
    </div>
  );
}

/** The recovery codes, shown once after set-up. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-neutral-700">
        Save these recovery codes somewhere safe. Each works once, when your phone is not at hand. They are not shown
        again.
      </p>
      <ul
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-neutral-100 p-3 font-mono text-sm text-neutral-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
