/**
 * Two-factor sign-in (decision 066): every change to an account's second factors, and every check
 * of one at sign-in, goes through a function of this module, so a later audit log can record them
 * in one place. Plain values in (user ids, codes, `now`), plain results out; no Request.
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { recordAudit } from "./audit.server";
import {
  claimTotpStep,
  confirmTotp,
  deletePasskey,
  deleteTotp,
  findPasskey,
  getTotpSecret,
  insertPasskey,
  isSecondFactorRequired,
  listPasskeys,
  passkeyCredentialsOf,
  recordPasskeyUse,
  replaceRecoveryCodes,
  saveUnconfirmedTotp,
  secondFactorsOf,
  setSecondFactorRequiredSetting,
  spendRecoveryCode,
} from "~/models/second-factor.server";
import { calendarSecretsAvailable, decryptSecret, encryptSecret } from "~/server/calendar-crypto.server";
import { linkBase } from "~/server/env.server";
import { hashRecoveryCode, matchTotp, newRecoveryCode, newTotpSecret, totpUri } from "~/server/totp.server";

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Scheduler";

/** The stored secret in plain text, or null when the key changed (recovery codes still work then). */
function readSecret(stored: string): string | null {
  try {
    return decryptSecret(stored);
  } catch {
    return null;
  }
}

/** What a correct password (or Google) leads to for this account. */
export type SignInStep = "signed-in" | "second-factor" | "set-up-second-factor";

export async function signInStepFor(userId: string): Promise<SignInStep> {
  const factors = await secondFactorsOf(userId);
  if (factors.totp || factors.passkeys > 0) return "second-factor";
  // A server that cannot store secrets (no CALENDAR_ENCRYPTION_KEY in production) cannot set one up.
  return calendarSecretsAvailable() && (await isSecondFactorRequired()) ? "set-up-second-factor" : "signed-in";
}

export async function secondFactorStatus(userId: string) {
  const [factors, required] = await Promise.all([secondFactorsOf(userId), isSecondFactorRequired()]);
  return { ...factors, required };
}

/** What the profile page's two-factor section shows: the factors, and a set-up under way. */
export async function twoFactorOverview(user: { id: string; email: string }) {
  const [status, keys, setup] = await Promise.all([
    secondFactorStatus(user.id),
    listPasskeys(user.id),
    pendingTotpSetup(user),
  ]);
  return {
    ...status,
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    })),
    setup: setup && !status.totp ? { secret: setup.secret, qrSvg: await totpQrSvg(setup.otpauthUrl) } : null,
  };
}

/**
 * The passkey library, loaded on first use: importing it costs a server start about 0.5 s of CPU
 * (docs/decisions/136), and most servers never see a passkey.
 */
function webAuthn() {
  return import("@simplewebauthn/server");
}

/** A QR code of an otpauth:// address, as inline SVG (shown without JavaScript). */
export async function totpQrSvg(otpauthUrl: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/**
 * Begins (or begins again) setting up an authenticator app: a new secret, stored encrypted and
 * unconfirmed. Refused while one is enabled (disable it first, with a code).
 */
export async function startTotpSetup(user: {
  id: string;
  email: string;
}): Promise<{ secret: string; otpauthUrl: string } | "already_enabled"> {
  const secret = newTotpSecret();
  if (!(await saveUnconfirmedTotp(user.id, encryptSecret(secret)))) return "already_enabled";
  return { secret, otpauthUrl: totpUri(secret, user.email, ISSUER) };
}

/** The secret being set up (to show it again, e.g. after a wrong code); null when none is pending. */
export async function pendingTotpSetup(user: {
  id: string;
  email: string;
}): Promise<{ secret: string; otpauthUrl: string } | null> {
  const row = await getTotpSecret(user.id);
  if (!row || row.confirmedAt) return null;
  const secret = readSecret(row.secret);
  if (secret === null) return null;
  return { secret, otpauthUrl: totpUri(secret, user.email, ISSUER) };
}

function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** A second factor added or removed, in the audit log (decision 070). */
function factorAudit(
  userId: string,
  action: "account.factor_added" | "account.factor_removed",
  factor: "totp" | "passkey",
  request: Request | null,
): Promise<void> {
  return recordAudit({ actorId: userId, action, targetType: "user", targetId: userId, after: { factor }, request });
}

/** Turns the pending secret on with a code from the app; answers the recovery codes, shown once. */
export async function enableTotp(
  userId: string,
  code: string,
  now: Date,
  request: Request | null = null,
): Promise<{ recoveryCodes: string[] } | "no_setup" | "already_enabled" | "invalid_code"> {
  const row = await getTotpSecret(userId);
  if (!row) return "no_setup";
  if (row.confirmedAt) return "already_enabled";
  const secret = readSecret(row.secret);
  const step = secret === null ? null : await matchTotp({ secret, code: code.trim(), now, afterStep: null });
  if (step === null) return "invalid_code";
  const { codes, hashes } = newRecoveryCodes();
  if (!(await confirmTotp(userId, step, hashes, now))) return "already_enabled";
  await factorAudit(userId, "account.factor_added", "totp", request);
  return { recoveryCodes: codes };
}

/**
 * Checks a code from the authenticator app, or a recovery code, for an account; each is accepted
 * once (a TOTP code's step is stored, a recovery code is marked used).
 */
export async function verifySecondFactorCode(
  userId: string,
  typed: string,
  now: Date,
): Promise<"totp" | "recovery" | null> {
  const code = typed.trim();
  if (!code || code.length > 64) return null;
  const row = await getTotpSecret(userId);
  const secret = row?.confirmedAt ? readSecret(row.secret) : null;
  if (row && secret !== null && /^\d{6}$/.test(code.replace(/\s/g, ""))) {
    const step = await matchTotp({
      secret,
      code: code.replace(/\s/g, ""),
      now,
      afterStep: row.lastUsedStep,
    });
    if (step !== null && (await claimTotpStep(userId, step))) return "totp";
    return null;
  }
  if (await spendRecoveryCode(userId, hashRecoveryCode(code), now)) return "recovery";
  return null;
}

/**
 * POST /api/token after a correct password: "ok", or why no token. A TOTP code (or a recovery
 * code) is the API's second factor; a passkey cannot be given there.
 */
export async function secondFactorStepForToken(
  userId: string,
  otp: string | undefined,
  now: Date,
): Promise<"ok" | "otp_required" | "invalid_otp" | "passkey_only" | "set_up_first"> {
  const factors = await secondFactorsOf(userId);
  if (factors.totp) {
    if (!otp) return "otp_required";
    return (await verifySecondFactorCode(userId, otp, now)) ? "ok" : "invalid_otp";
  }
  if (factors.passkeys > 0) return "passkey_only";
  return (await isSecondFactorRequired()) ? "set_up_first" : "ok";
}

/** Turns the authenticator app off; only with a current code (or a recovery code). */
export async function disableTotp(
  userId: string,
  code: string,
  now: Date,
  request: Request | null = null,
): Promise<"disabled" | "not_enabled" | "invalid_code"> {
  const row = await getTotpSecret(userId);
  if (!row?.confirmedAt) return "not_enabled";
  if (!(await verifySecondFactorCode(userId, code, now))) return "invalid_code";
  await deleteTotp(userId);
  await factorAudit(userId, "account.factor_removed", "totp", request);
  return "disabled";
}

/** New recovery codes (the old ones stop working); only for an account with a second factor. */
export async function regenerateRecoveryCodes(userId: string): Promise<string[] | "no_second_factor"> {
  const factors = await secondFactorsOf(userId);
  if (!factors.totp && factors.passkeys === 0) return "no_second_factor";
  const { codes, hashes } = newRecoveryCodes();
  await replaceRecoveryCodes(userId, hashes);
  return codes;
}

/** The admin's switch (decision 066): everyone needs a second factor from their next sign-in. */
export async function setSecondFactorRequired(adminId: string, required: boolean): Promise<void> {
  await setSecondFactorRequiredSetting(required, adminId);
}

// Passkeys (WebAuthn). The relying party is APP_URL's host and origin (linkBase()).

function relyingParty(): { rpID: string; origin: string } {
  const base = new URL(linkBase());
  return { rpID: base.hostname, origin: base.origin };
}

export async function passkeyRegistrationOptions(user: {
  id: string;
  email: string;
  name: string | null;
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeyCredentialsOf(user.id);
  const { generateRegistrationOptions } = await webAuthn();
  return generateRegistrationOptions({
    rpName: ISSUER,
    rpID: relyingParty().rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransport[],
    })),
    // Discoverable when the authenticator can, so it also signs in without the e-mail.
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/** Verifies a new credential against the challenge this server gave, and stores it. */
export async function registerPasskey(input: {
  userId: string;
  response: RegistrationResponseJSON;
  expectedChallenge: string;
  name: string;
  now: Date;
  request?: Request | null;
}): Promise<"added" | "invalid" | "already_registered"> {
  const rp = relyingParty();
  const { verifyRegistrationResponse } = await webAuthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    return "invalid";
  }
  if (!verification.verified) return "invalid";
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const added = await insertPasskey({
    userId: input.userId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? input.response.response.transports ?? [],
    name: input.name,
    backedUp: credentialBackedUp,
    createdAt: input.now,
  });
  if (!added) return "already_registered";
  await factorAudit(input.userId, "account.factor_added", "passkey", input.request ?? null);
  return "added";
}

/** Options for an assertion: any passkey (passwordless), or the pending account's own. */
export async function passkeySignInOptions(userId: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = userId ? await passkeyCredentialsOf(userId) : [];
  const { generateAuthenticationOptions } = await webAuthn();
  return generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: userId ? "preferred" : "required",
    allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransport[] })),
  });
}

/**
 * The account a passkey assertion proves, or null. As a second factor (`expectedUserId` set) the
 * passkey must be that account's; alone (passwordless) the authenticator must have verified its
 * user (PIN or biometrics), so the passkey is both factors.
 */
export async function verifyPasskeySignIn(input: {
  response: AuthenticationResponseJSON;
  expectedChallenge: string;
  expectedUserId: string | null;
  now: Date;
}): Promise<string | null> {
  const stored = await findPasskey(input.response.id);
  if (!stored) return null;
  if (input.expectedUserId && stored.userId !== input.expectedUserId) return null;
  const rp = relyingParty();
  const { verifyAuthenticationResponse } = await webAuthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
      requireUserVerification: input.expectedUserId === null,
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  if (!(await recordPasskeyUse(stored.id, verification.authenticationInfo.newCounter, input.now))) return null;
  return stored.userId;
}

export async function removePasskey(
  userId: string,
  passkeyId: string,
  request: Request | null = null,
): Promise<boolean> {
  const removed = await deletePasskey(userId, passkeyId);
  if (removed) await factorAudit(userId, "account.factor_removed", "passkey", request);
  return removed;
}
