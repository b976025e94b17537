import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { receiveSmsStatus } from "~/services/sms.server";
import { env } from "~/server/env.server";
import { smsAvailable, validTwilioSignature } from "~/server/sms.server";

/**
 * POST /webhooks/sms/status (docs/decisions/109): the SMS provider's delivery status callback, in
 * Twilio's shape (form-encoded MessageSid, MessageStatus, ErrorCode), signed with
 * X-Twilio-Signature as /api/sms/inbound is. The status goes on the text (the booking's
 * timeline); failed or undelivered tells the host. 403 for a bad signature; 404 when texts are
 * not configured; else 204, also for a message that is not ours (the provider needs no retry).
 */
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
  await receiveSmsStatus({ sid: get("MessageSid"), status: get("MessageStatus"), errorCode: get("ErrorCode") });
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ POST });
