import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { PasskeySignInButton } from "~/components/passkey-buttons";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { requireAnonymous } from "./signin_.passkey.server";

export const meta: MetaFunction = () => [{ title: "Sign in with a passkey | Scheduler" }];

/** Passwordless sign-in with a passkey (decision 066); the ceremony runs in the browser. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export default function PasskeySignIn() {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <AuthCard title="Sign in with a passkey" subtitle="Use the fingerprint, face or PIN of a device with your passkey.">
      <div className="space-y-4">
        <PasskeySignInButton label="Use a passkey" failed={M.passkeyFailed} redirectTo={redirectTo} />
        <noscript>
          <p className="text-sm text-neutral-700">Passkeys need JavaScript. Sign in with your password instead.</p>
        </noscript>
        <p className="text-center text-sm">
          <Link
            to={redirectTo ? `/signin?${new URLSearchParams({ redirectTo })}` : "/signin"}
            className="font-medium text-brand-700 hover:underline"
          >
            Sign in with your password
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
