import { MESSAGES } from "~/messages";
import { totpCodeBody } from "~/schemas/two-factor";
import { clientIp, secondFactorThrottle } from "~/server/rate-limit.server";
import { apiError, readJson, requireApiUser } from "./api.server";

/**
 * The caller and the `{ code }` of a JSON second-factor call, throttled like a password (decision
 * 066): 401 without credentials, 400 for a bad body, 429 with Retry-After past the limit.
 */
export async function throttledCodeCall(request: Request) {
  const user = await requireApiUser(request);
  const { code } = await readJson(request, totpCodeBody);
  const limited = await secondFactorThrottle(clientIp(request), user.id);
  if (!limited.allowed) {
    throw apiError(429, "rate_limited", MESSAGES.tooManyAttempts, undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  return { user, code };
}
