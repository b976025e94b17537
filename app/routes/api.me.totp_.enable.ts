import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { MESSAGES } from "~/messages";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { totpCodeBody } from "~/schemas/two-factor";
import { clientIp, secondFactorThrottle } from "~/server/rate-limit.server";
import { enableTotp } from "~/services/two-factor.server";

/** POST /api/me/totp/enable { code }: turns the secret from POST /api/me/totp on; answers the recovery codes once. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const { code } = await readJson(request, totpCodeBody);
  const limited = await secondFactorThrottle(clientIp(request), user.id);
  if (!limited.allowed) {
    return apiError(429, "rate_limited", MESSAGES.tooManyAttempts, undefined, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  const result = await enableTotp(user.id, code, new Date(), request);
  if (result === "no_setup") return apiError(409, "totp_not_started", M.noSetup);
  if (result === "already_enabled") return apiError(409, "totp_enabled", M.totpAlreadyEnabled);
  if (result === "invalid_code") return apiError(400, "invalid_code", M.setupCodeWrong);
  return Response.json(result);
}

export const { loader, action } = apiRoute({ POST });
