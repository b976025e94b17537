import { createCookie } from "@remix-run/node";
import * as client from "openid-client";
import { env, linkBase } from "./env.server";

/**
 * Single sign-on over OpenID Connect (decision 069), with openid-client: the provider's
 * configuration (discovered once from OIDC_ISSUER, which must match the document's `issuer`),
 * the authorization request with state, nonce and PKCE (S256), and the callback's checks: state,
 * the `iss` of the response (RFC 9207) when the provider sends it, the code at the token
 * endpoint with the PKCE verifier, the ID token's signature, issuer, audience and nonce.
 */

export const SSO_CALLBACK_PATH = "/auth/sso/callback";
export const SSO_SCOPES = "openid email profile";

/** What the callback needs from the start of the round trip; signed, short-lived, never stored. */
interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

let pendingCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  pendingCookie ??= createCookie("__sso", {
    httpOnly: true,
    // The IdP sends the browser back with a top-level GET: lax cookies travel with it.
    sameSite: "lax",
    path: "/auth/sso",
    maxAge: 600,
    secure: env().secureCookies,
    secrets: env().sessionSecrets,
  });
  return pendingCookie;
}

let configuration: Promise<client.Configuration> | undefined;

/** http:// is allowed only for a provider on this machine (a local IdP while testing or developing). */
function isLoopback(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

function config(): Promise<client.Configuration> {
  const e = env();
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID) throw new Error("OIDC is not configured");
  const issuer = new URL(e.OIDC_ISSUER);
  configuration ??= client
    .discovery(
      issuer,
      e.OIDC_CLIENT_ID,
      e.OIDC_CLIENT_SECRET,
      undefined,
      issuer.protocol === "http:" && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    .catch((error: unknown) => {
      // A provider that was down at the first try is asked again next time.
      configuration = undefined;
      throw error;
    });
  return configuration;
}

export function ssoConfigured(): boolean {
  const e = env();
  return Boolean(e.OIDC_ISSUER && e.OIDC_CLIENT_ID);
}

/** The SSO domain of an e-mail address (OIDC_DOMAINS), or null when the address may use a password. */
export function ssoDomainOf(email: string): string | null {
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  return ssoConfigured() && domain && env().ssoDomains.has(domain) ? domain : null;
}

/** Whether single sign-on may vouch for this address: any when OIDC_DOMAINS is empty, else only those domains. */
export function ssoMayVouchFor(email: string): boolean {
  const domains = env().ssoDomains;
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  return domains.size === 0 || domains.has(domain);
}

/** The provider's authorization URL and the cookie that remembers state, nonce and verifier. */
export async function startSso(input: { returnTo: string; loginHint?: string }): Promise<{ url: URL; cookie: string }> {
  const c = await config();
  const verifier = client.randomPKCECodeVerifier();
  const pending: Pending = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    returnTo: input.returnTo,
  };
  const url = client.buildAuthorizationUrl(c, {
    redirect_uri: `${linkBase()}${SSO_CALLBACK_PATH}`,
    scope: SSO_SCOPES,
    response_type: "code",
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  });
  return { url, cookie: await cookie().serialize(pending) };
}

export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  name: string;
}

export type SsoCallback =
  | { ok: true; identity: SsoIdentity; returnTo: string }
  | { ok: false; reason: "no-pending" | "refused"; detail: string };

/** Checks the provider's answer and returns who signed in; anything off (state, iss, nonce, token) is refused. */
export async function finishSso(request: Request): Promise<SsoCallback> {
  const pending = (await cookie().parse(request.headers.get("Cookie"))) as Pending | null;
  if (!pending || typeof pending.state !== "string") {
    return { ok: false, reason: "no-pending", detail: "no sign-in in progress" };
  }
  const c = await config();
  // The URL the provider redirected to, on APP_URL (what redirect_uri said), whatever Host a proxy passed on.
  const incoming = new URL(request.url);
  const current = new URL(`${linkBase()}${SSO_CALLBACK_PATH}${incoming.search}`);
  try {
    const tokens = await client.authorizationCodeGrant(c, current, {
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      pkceCodeVerifier: pending.verifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return { ok: false, reason: "refused", detail: "no ID token" };
    let email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : null;
    let emailVerified = typeof claims.email_verified === "boolean" ? claims.email_verified : null;
    let name = typeof claims.name === "string" ? claims.name : "";
    // Some providers put e-mail and name only in the UserInfo answer.
    if (!email && tokens.access_token) {
      const info = await client.fetchUserInfo(c, tokens.access_token, claims.sub);
      email = typeof info.email === "string" ? info.email.trim().toLowerCase() : null;
      emailVerified = typeof info.email_verified === "boolean" ? info.email_verified : emailVerified;
      name ||= typeof info.name === "string" ? info.name : "";
    }
    return {
      ok: true,
      identity: { issuer: claims.iss, subject: claims.sub, email, emailVerified, name: name.trim().slice(0, 200) },
      returnTo: pending.returnTo,
    };
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, reason: "refused", detail };
  }
}

/** Clears the round trip's cookie (used once). */
export function clearSsoCookie(): Promise<string> {
  return cookie().serialize("", { maxAge: 0 });
}
