import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

/** True once hydrated in a browser that has WebAuthn; passkeys need JavaScript, codes do not. */
function usePasskeySupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    setSupported(typeof window !== "undefined" && typeof window.PublicKeyCredential === "function");
  }, []);
  return supported;
}

async function postJson(url: string, body: unknown): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, body: parsed };
}

function errorText(body: Record<string, unknown>, fallback: string): string {
  const error = body.error as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : fallback;
}

/**
 * "Sign in with a passkey": at the second step (the pending account's passkeys) or on the sign-in
 * page (any passkey, passwordless). The browser library loads only when it is pressed.
 */
export function PasskeySignInButton({
  label,
  failed,
  redirectTo,
}: {
  label: string;
  failed: string;
  redirectTo?: string;
}) {
  const supported = usePasskeySupport();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!supported) return null;
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const options = await fetch("/webauthn/authenticate", { headers: { Accept: "application/json" } });
      if (!options.ok) throw new Error(failed);
      const response = await startAuthentication({ optionsJSON: await options.json() });
      const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
      const result = await postJson(`/webauthn/authenticate${query}`, response);
      if (!result.ok || typeof result.body.redirectTo !== "string") throw new Error(errorText(result.body, failed));
      window.location.assign(result.body.redirectTo);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : failed);
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" className="w-full" pending={busy} onClick={signIn}>
        {label}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Add a passkey" on the profile page: registers one and reloads the page's list. */
export function AddPasskeyButton({ failed, onAdded }: { failed: string; onAdded: () => void }) {
  const supported = usePasskeySupport();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState("");
  if (!supported) {
    return <p className="text-sm text-neutral-600">Adding a passkey needs a browser with JavaScript and passkeys.</p>;
  }
  async function add() {
    setBusy(true);
    setError(null);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const options = await fetch("/webauthn/register", { headers: { Accept: "application/json" } });
      if (!options.ok) throw new Error(failed);
      const response = await startRegistration({ optionsJSON: await options.json() });
      const result = await postJson("/webauthn/register", { name: name || "Passkey", response });
      if (!result.ok) throw new Error(errorText(result.body, failed));
      setName("");
      onAdded();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : failed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="block flex-1 text-sm font-medium text-neutral-800">
          Passkey name
          <input
            className="mt-1 block w-full rounded-lg border border-neutral-300 bg-surface px-3 py-2.5 text-base sm:text-sm"
            value={name}
            maxLength={60}
            placeholder="e.g. Work laptop"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <Button type="button" variant="secondary" pending={busy} onClick={add}>
          Add a passkey
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
