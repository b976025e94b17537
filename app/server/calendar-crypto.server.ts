import crypto from "node:crypto";
import { env, keyBytes } from "./env.server";

/**
 * Calendar secrets at rest (CalDAV passwords, Google refresh tokens, secret feed addresses):
 * AES-256-GCM with CALENDAR_ENCRYPTION_KEY, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url).
 * Without the key, development and the embedded demo derive one from the session secret; a
 * production server on PostgreSQL refuses to store any (docs/decisions/035).
 */

export class CalendarKeyMissing extends Error {
  name = "CalendarKeyMissing";
  constructor() {
    super("CALENDAR_ENCRYPTION_KEY is not set: calendars cannot be connected on this server.");
  }
}

function key(): Buffer {
  const e = env();
  if (e.CALENDAR_ENCRYPTION_KEY) return keyBytes(e.CALENDAR_ENCRYPTION_KEY) as Buffer;
  if (e.NODE_ENV === "production" && !e.usesEmbeddedDatabase) throw new CalendarKeyMissing();
  return crypto.createHash("sha256").update(`calendar-secrets:${e.sessionSecrets[0]}`).digest();
}

/** Whether this server can store calendar secrets. */
export function calendarSecretsAvailable(): boolean {
  try {
    key();
    return true;
  } catch {
    return false;
  }
}

export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(
    ":",
  );
}

/** The plain text; throws when the key changed or the text was tampered with. */
export function decryptSecret(stored: string): string {
  const [version, iv, tag, body] = stored.split(":");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("not an encrypted calendar secret");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
