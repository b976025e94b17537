import crypto from "node:crypto";
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { smsOptOuts, smsOutbox } from "../../db/schema";
import { getDb } from "./db.server";
import { env } from "./env.server";

/**
 * Text messages (docs/decisions/090), the way mail goes (decisions 063 and 081): written to
 * sms_outbox in the transaction that decides them, sent by the job runner over an HTTP API in
 * the shape of Twilio's Messages resource. A network failure or a 5xx/429 is tried again later;
 * any other 4xx (an invalid number, say) is recorded and never tried again. A number that
 * answered STOP gets nothing: its text is recorded as skipped.
 */

export function smsAvailable(): boolean {
  const e = env();
  return Boolean(e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM);
}

export const SMS_OPTED_OUT = "Not sent: the number replied STOP (texts are off for it until it replies START).";

/** Tries per text; then it stays 'failed'. */
export const MAX_SMS_ATTEMPTS = 5;
/** One minute, then 4, 16, 64 (as mail, decision 022), scaled down in tests. */
export function smsRetryDelayMs(attempts: number): number {
  return 60_000 * 4 ** Math.max(0, Math.min(attempts, 6) - 1) * env().SMS_RETRY_SCALE;
}
const CLAIM_MS = 2 * 60_000;
const TIMEOUT_MS = 10_000;

export type SmsSendResult = { ok: true; sid: string | null } | { ok: false; permanent: boolean; error: string };

/** Where the provider posts a text's delivery status (app/routes/webhooks.sms.status.ts). */
export const SMS_STATUS_PATH = "/webhooks/sms/status";

/** The StatusCallback of a text: APP_URL's origin, the path, and the text's outbox id. */
function smsStatusCallback(appUrl: string, textId?: string): string {
  const url = new URL(SMS_STATUS_PATH, new URL(appUrl).origin);
  if (textId) url.searchParams.set("text", textId);
  return url.toString();
}

/**
 * POST {SMS_API_BASE}/2010-04-01/Accounts/{sid}/Messages.json with To, From, Body (and
 * StatusCallback). `textId`, our outbox row, goes in the StatusCallback's query: a provider may
 * report before we have its answer, so before we know the message's sid (docs/decisions/130).
 */
export async function sendSms(to: string, body: string, textId?: string): Promise<SmsSendResult> {
  const e = env();
  if (!smsAvailable()) return { ok: false, permanent: false, error: "No SMS transport is configured." };
  const url = `${e.SMS_API_BASE.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(e.SMS_ACCOUNT_SID!)}/Messages.json`;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${e.SMS_ACCOUNT_SID}:${e.SMS_AUTH_TOKEN}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({
        To: to,
        From: e.SMS_FROM!,
        Body: body,
        // Delivery status callbacks (docs/decisions/109) need the address the provider can reach.
        ...(e.APP_URL ? { StatusCallback: smsStatusCallback(e.APP_URL, textId) } : {}),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => null)) as {
      sid?: unknown;
      code?: unknown;
      message?: unknown;
    } | null;
    if (res.ok) return { ok: true, sid: typeof json?.sid === "string" ? json.sid : null };
    const said = [json?.code, json?.message].filter((v) => typeof v === "string" || typeof v === "number").join(": ");
    const error = `HTTP ${res.status}${said ? ` (${said})` : ""}`.slice(0, 1000);
    return { ok: false, permanent: res.status >= 400 && res.status < 500 && res.status !== 429, error };
  } catch (caught) {
    return {
      ok: false,
      permanent: false,
      error: (caught instanceof Error ? caught.message : String(caught)).slice(0, 1000),
    };
  }
}

/**
 * Writes a text in the caller's transaction: 'queued', or 'skipped' when the number opted out.
 * Answers whether it was queued.
 */
export async function queueSms(
  tx: Pick<Database, "insert" | "select">,
  text: { to: string; body: string },
  about: { eventId?: string | null } = {},
): Promise<boolean> {
  const [out] = await tx.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, text.to));
  await tx.insert(smsOutbox).values({
    to: text.to,
    body: text.body,
    eventId: about.eventId ?? null,
    status: out ? "skipped" : "queued",
    error: out ? SMS_OPTED_OUT : null,
  });
  return !out;
}

/** A text the job sends at `now` (also the job's due check, decision 135). */
export const outboxSmsDue = (now: Date) =>
  and(
    inArray(smsOutbox.status, ["queued", "failed"]),
    lt(smsOutbox.attempts, MAX_SMS_ATTEMPTS),
    or(sql`${smsOutbox.nextAttemptAt} is null`, sql`${smsOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`),
  );

/**
 * The job runner's text job: claims due texts (FOR UPDATE SKIP LOCKED, so no two servers take
 * one), notes the handover before the HTTP call and clears it with the answer; a text whose
 * handover is still noted when claimed again was cut off and may have gone out: not sent again.
 */
export async function sendOutboxSms(now: Date, batch = 20): Promise<number> {
  if (!smsAvailable()) return 0;
  const db = await getDb();
  const due = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(outboxSmsDue(now))
    .orderBy(asc(smsOutbox.createdAt))
    .limit(batch)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(smsOutbox)
    .set({ attempts: sql`${smsOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(smsOutbox.id, due))
    .returning();
  let sent = 0;
  for (const text of claimed) {
    if (text.handoverAt) {
      await db
        .update(smsOutbox)
        .set({
          status: "failed",
          error: "Cut off while being handed to the SMS API: it may have been delivered, so it was not sent again.",
          attempts: MAX_SMS_ATTEMPTS,
          nextAttemptAt: null,
          handoverAt: null,
        })
        .where(eq(smsOutbox.id, text.id));
      continue;
    }
    // A STOP that came after the text was written still holds.
    const [out] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, text.to));
    if (out) {
      await db
        .update(smsOutbox)
        .set({ status: "skipped", error: SMS_OPTED_OUT, nextAttemptAt: null })
        .where(eq(smsOutbox.id, text.id));
      continue;
    }
    await db.update(smsOutbox).set({ handoverAt: new Date() }).where(eq(smsOutbox.id, text.id));
    const result = await sendSms(text.to, text.body, text.id);
    if (result.ok) {
      await db
        .update(smsOutbox)
        .set({
          status: "sent",
          sentAt: new Date(),
          providerSid: result.sid,
          error: null,
          nextAttemptAt: null,
          handoverAt: null,
        })
        .where(eq(smsOutbox.id, text.id));
      sent += 1;
    } else {
      console.error(`sms: try ${text.attempts} to ${text.to} failed: ${result.error}`);
      await db
        .update(smsOutbox)
        .set({
          status: "failed",
          error: result.permanent ? `${result.error}; not tried again` : result.error,
          attempts: result.permanent ? MAX_SMS_ATTEMPTS : text.attempts,
          nextAttemptAt: result.permanent ? null : new Date(Date.now() + smsRetryDelayMs(text.attempts)),
          handoverAt: null,
        })
        .where(eq(smsOutbox.id, text.id));
    }
  }
  return sent;
}

/**
 * Twilio's request signature: HMAC-SHA1 with the auth token over the full URL followed by each
 * POST parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([k, v]) => k + v).join("");
  return crypto.createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  given: string | null,
): boolean {
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
