import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { receiveSms } from "~/services/sms.server";
import { env } from "~/server/env.server";
import { smsAvailable, validTwilioSignature } from "~/server/sms.server";

/**
 * POST /api/sms/inbound (docs/decisions/090): the SMS provider's inbound message webhook, in
 * Twilio's shape (form-encoded From, To, Body, MessageSid), signed with X-Twilio-Signature
 * over the URL the provider called (APP_URL's origin with this path when APP_URL is set) and
 * the sorted parameters. STOP and its synonyms turn texts off for From, START back on. 403 for
 * a bad signature; 404 when texts are not configured; else empty TwiML.
 */

const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

async function POST({ request }: LoaderFunctionArgs): Promise<Response> {
  if (!smsAvailable()) return apiError(404, "not_configured", "Text messages are not configured on this server.");
  const text = await request.text();
  if (text.length > 20_000) return apiError(413, "too_large", "The request is too large.");
  const params = [...new URLSearchParams(text)];
  const e = env();
  const url = new URL(request.url);
  const called = e.APP_URL ? `${new URL(e.APP_URL).origin}${url.pathname}${url.search}` : url.toString();
  if (!validTwilioSignature(e.SMS_AUTH_TOKEN!, called, params, request.headers.get("x-twilio-signature")))
    return apiError(403, "bad_signature", "The X-Twilio-Signature does not match.");
  const get = (name: string) => params.find(([k]) => k === name)?.[1] ?? "";
  await receiveSms({ from: get("From"), body: get("Body") });
  return new Response(TWIML, { status: 200, headers: { "content-type": "text/xml; charset=utf-8" } });
}

// The JSON paths' wrapper: 405 for other methods, the per-address budget, a JSON 500.
export const { loader, action } = apiRoute({ POST });
