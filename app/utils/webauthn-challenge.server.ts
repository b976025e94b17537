import { createCookie, type Cookie } from "@remix-run/node";
import { env } from "~/server/env.server";

let cookie: Cookie | null = null;

/**
 * The WebAuthn challenge this server gave a browser (decision 066), signed, for the few minutes
 * between the options and the authenticator's answer. It is cleared when the answer is checked.
 */
function challengeCookie(): Cookie {
  cookie ??= createCookie("__webauthn", {
    httpOnly: true,
    sameSite: "strict",
    path: "/webauthn",
    maxAge: 300,
    secure: env().secureCookies,
    secrets: env().sessionSecrets,
  });
  return cookie;
}

export function rememberChallenge(kind: "register" | "authenticate", challenge: string): Promise<string> {
  return challengeCookie().serialize({ kind, challenge, at: Date.now() });
}

export async function readChallenge(request: Request, kind: "register" | "authenticate"): Promise<string | null> {
  const value: unknown = await challengeCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { kind: k, challenge, at } = value as { kind?: unknown; challenge?: unknown; at?: unknown };
  if (k !== kind || typeof challenge !== "string" || typeof at !== "number" || Date.now() - at > 300_000) return null;
  return challenge;
}

export function forgetChallenge(): Promise<string> {
  return challengeCookie().serialize("", { maxAge: 0 });
}
