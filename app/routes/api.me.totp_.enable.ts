import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { throttledCodeCall } from "~/api/two-factor-api.server";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { enableTotp } from "~/services/two-factor.server";

/** POST /api/me/totp/enable { code }: turns the secret from POST /api/me/totp on; answers the recovery codes once. */
async function POST({ request }: LoaderFunctionArgs) {
  const { user, code } = await throttledCodeCall(request);
  const result = await enableTotp(user.id, code, new Date(), request);
  if (result === "no_setup") return apiError(409, "totp_not_started", M.noSetup);
  if (result === "already_enabled") return apiError(409, "totp_enabled", M.totpAlreadyEnabled);
  if (result === "invalid_code") return apiError(400, "invalid_code", M.setupCodeWrong);
  return Response.json(result);
}

export const { loader, action } = apiRoute({ POST });
