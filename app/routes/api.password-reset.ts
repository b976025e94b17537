import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { PasswordResetRequestSchema } from "~/schemas/auth";
import { requestPasswordReset } from "~/services/password-reset.server";
import { checkRateLimits, clientIp, RATE_LIMITS } from "~/server/rate-limit.server";
import { linkBase } from "~/utils/request.server";

const PASSWORD_RESET_ANSWER =
  "If an account exists for that address, a link to choose a new password is on its way. It works once, for one hour.";

/** POST /api/password-reset { email } (decision 041): 202 whether the address has an account or not; 429 past the per-address or per-e-mail budget. */
async function POST({ request }: LoaderFunctionArgs) {
  const { email } = await readJson(request, PasswordResetRequestSchema);
  const address = email.toLowerCase();
  const limited = await checkRateLimits([
    [`password-reset:ip:${clientIp(request)}`, RATE_LIMITS.passwordResetPerIp],
    [`password-reset:email:${address}`, RATE_LIMITS.passwordResetPerEmail],
  ]);
  if (!limited.allowed) {
    return apiError(429, "rate_limited", "Too many requests for a password reset. Try again later.", undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  await requestPasswordReset({ email: address, linkBase: linkBase(request), now: new Date() });
  return Response.json({ message: PASSWORD_RESET_ANSWER }, { status: 202 });
}

export const { loader, action } = apiRoute({ POST });
