import { apiError } from "./api.server";
import { env } from "~/server/env.server";
import { smsAvailable, validTwilioSignature } from "~/server/sms.server";

/**
 * A webhook call of the SMS provider, in Twilio's shape (docs/decisions/090, 109): form-encoded
 * parameters signed with X-Twilio-Signature over the URL the provider called (APP_URL's origin
 * with this path when APP_URL is set) and the sorted parameters. Its parameters, or the answer
 * that refuses it: 404 when texts are not configured, 413 for a body over 20,000 characters,
 * 403 for a bad signature.
 */
export async function signedSmsWebhook(
  request: Request,
): Promise<{ refusal: Response } | { refusal: null; get: (name: string) => string }> {
  if (!smsAvailable())
    return { refusal: apiError(404, "not_configured", "Text messages are not configured on this server.") };
  const text = await request.text();
  if (text.length > 20_000) return { refusal: apiError(413, "too_large", "The request is too large.") };
  const params = [...new URLSearchParams(text)];
  const e = env();
  const url = new URL(request.url);
  const called = e.APP_URL ? `${new URL(e.APP_URL).origin}${url.pathname}${url.search}` : url.toString();
  if (!validTwilioSignature(e.SMS_AUTH_TOKEN!, called, params, request.headers.get("x-twilio-signature")))
    return { refusal: apiError(403, "bad_signature", "The X-Twilio-Signature does not match.") };
  return { refusal: null, get: (name) => params.find(([k]) => k === name)?.[1] ?? "" };
}
