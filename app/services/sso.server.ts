import { accountBySsoSubject, createSsoAccount, linkSsoSubject, type SsoAccount } from "~/models/sso-user.server";
import { ssoMayVouchFor, type SsoIdentity } from "~/server/oidc.server";
import { promoteConfiguredAdmin, type AuthUser } from "~/utils/auth.server";
import { onboardNewHost } from "./onboarding.server";

/**
 * Signing in with single sign-on (decision 069): the one place an identity the provider vouched
 * for becomes a signed-in account, so what is recorded about it later hooks in here.
 */

export type SsoSignIn =
  | { ok: true; user: AuthUser; created: boolean }
  | { ok: false; reason: "no-email" | "unverified" | "wrong-domain" | "deactivated" | "taken" };

export async function signInWithSso(identity: SsoIdentity, timeZone: string): Promise<SsoSignIn> {
  const subject = `${identity.issuer} ${identity.subject}`;
  let account: SsoAccount | null = await accountBySsoSubject(subject);
  let created = false;
  if (!account) {
    if (!identity.email) return { ok: false, reason: "no-email" };
    // An address the provider says it has not verified never takes over an account.
    if (identity.emailVerified === false) return { ok: false, reason: "unverified" };
    // With OIDC_DOMAINS set, the provider vouches only for those domains' addresses.
    if (!ssoMayVouchFor(identity.email)) return { ok: false, reason: "wrong-domain" };
    account = await linkSsoSubject(identity.email, subject);
    if (!account) {
      // First sign-in: the account is made just in time.
      account = await createSsoAccount({ email: identity.email, name: identity.name, subject, timeZone });
      created = Boolean(account);
    }
    // The address belongs to an account linked to another subject of the provider.
    if (!account) return { ok: false, reason: "taken" };
  }
  if (account.deactivatedAt) return { ok: false, reason: "deactivated" };
  const user = await promoteConfiguredAdmin(account);
  await onboardNewHost({ ...user, name: user.name ?? "" });
  return { ok: true, user, created };
}
