import { setSmsOptOut } from "~/models/sms.server";
import { replyKeyword } from "~/scheduling/sms";
import { toE164 } from "~/schemas/phone";
import { env } from "~/server/env.server";

/**
 * A reply to one of our texts (POST /api/sms/inbound, docs/decisions/090): STOP and its
 * synonyms turn texts off for the sender's number, START and UNSTOP back on; anything else is
 * ignored. Answers what it did.
 */
export async function receiveSms(input: { from: string; body: string }): Promise<"stopped" | "started" | "ignored"> {
  const phone = toE164(input.from, env().SMS_DEFAULT_COUNTRY);
  const keyword = replyKeyword(input.body);
  if (!phone || !keyword) return "ignored";
  await setSmsOptOut(phone, keyword === "stop");
  return keyword === "stop" ? "stopped" : "started";
}
