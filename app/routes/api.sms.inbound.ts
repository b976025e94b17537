import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { receiveSms } from "~/services/sms.server";
import { signedSmsWebhook } from "~/api/sms-webhook.server";

/**
 * POST /api/sms/inbound (docs/decisions/090): the SMS provider's inbound message webhook, in
 * Twilio's shape (form-encoded From, To, Body, MessageSid), signed with X-Twilio-Signature
 * over the URL the provider called (APP_URL's origin with this path when APP_URL is set) and
 * the sorted parameters. STOP and its synonyms turn texts off for From, START back on. 403 for
 * a bad signature; 404 when texts are not configured; else empty TwiML.
 */

const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

async function POST({ request }: LoaderFunctionArgs): Promise<Response> {
  const call = await signedSmsWebhook(request);
  if (call.refusal) return call.refusal;
  await receiveSms({ from: call.get("From"), body: call.get("Body") });
  return new Response(TWIML, { status: 200, headers: { "content-type": "text/xml; charset=utf-8" } });
}

// The JSON paths' wrapper: 405 for other methods, the per-address budget, a JSON 500.
export const { loader, action } = apiRoute({ POST });
