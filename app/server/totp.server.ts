import crypto from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

/** One step either side of now is accepted, for a phone's clock that is a little off. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, accountName: string, issuer: string): string {
  return generateURI({ issuer, label: accountName, secret });
}

/**
 * The time step a code belongs to, when it is right at `now` (one step of tolerance) and later
 * than `afterStep`, the step of the last code accepted; else null. A code used once is thus
 * refused for the rest of its window. Pure apart from the HMAC.
 */
export async function matchTotp(input: {
  secret: string;
  code: string;
  now: Date;
  afterStep: number | null;
}): Promise<number | null> {
  if (!/^\d{6}$/.test(input.code)) return null;
  const result = await verify({
    secret: input.secret,
    token: input.code,
    epoch: Math.floor(input.now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(input.afterStep === null ? {} : { afterTimeStep: input.afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A recovery code: 10 characters from an alphabet without look-alikes, "xxxxx-xxxxx" (about 50 bits). */
export function newRecoveryCode(): string {
  let out = "";
  for (const byte of crypto.randomBytes(10)) out += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** What a person typed, as stored: lower case, no spaces or dashes. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "");
}

export function hashRecoveryCode(typed: string): string {
  return crypto
    .createHash("sha256")
    .update(`recovery:${normalizeRecoveryCode(typed)}`)
    .digest("hex");
}
