import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/api/api-route.server";
import { receiveSmsStatus } from "~/services/sms.server";
import { signedSmsWebhook } from "~/api/sms-webhook.server";

/**
 * POST /webhooks/sms/status (docs/decisions/109): the SMS provider's delivery status callback, in
 * Twilio's shape (form-encoded MessageSid, MessageStatus, ErrorCode), signed with
 * X-Twilio-Signature as /api/sms/inbound is. The status goes on the text (the booking's
 * timeline); failed or undelivered tells the host. The StatusCallback names our text (`?text=`),
 * so a report that comes before the send's answer still finds it (docs/decisions/130). 403 for a
 * bad signature; 404 when texts are not configured; else 204, also for a message that is not ours
 * (the provider needs no retry).
 */
async function POST({ request }: LoaderFunctionArgs): Promise<Response> {
  const call = await signedSmsWebhook(request);
  if (call.refusal) return call.refusal;
  await receiveSmsStatus({
    textId: new URL(request.url).searchParams.get("text"),
    sid: call.get("MessageSid"),
    status: call.get("MessageStatus"),
    errorCode: call.get("ErrorCode"),
  });
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ POST });
