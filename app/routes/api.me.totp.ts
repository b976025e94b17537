import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { throttledCodeCall } from "~/api/two-factor-api.server";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
import { disableTotp, startTotpSetup } from "~/services/two-factor.server";

/** POST /api/me/totp: a new authenticator-app secret to confirm with POST /api/me/totp/enable. */
async function POST({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!calendarSecretsAvailable()) {
    return apiError(
      503,
      "secrets_unavailable",
      "Secrets cannot be stored on this server (CALENDAR_ENCRYPTION_KEY is not set).",
    );
  }
  const setup = await startTotpSetup(user);
  if (setup === "already_enabled") return apiError(409, "totp_enabled", M.totpAlreadyEnabled);
  return Response.json(setup);
}

/** DELETE /api/me/totp { code }: turns the authenticator app off, only with a current or recovery code. */
async function DELETE({ request }: LoaderFunctionArgs) {
  const { user, code } = await throttledCodeCall(request);
  const result = await disableTotp(user.id, code, new Date(), request);
  if (result === "not_enabled") return apiError(409, "totp_not_enabled", M.totpNotEnabled);
  if (result === "invalid_code") return apiError(400, "invalid_code", M.codeWrong);
  return new Response(null, { status: 204 });
}

export const { loader, action } = apiRoute({ POST, DELETE });
