import { data } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { parseWithZod } from "~/schemas/form-parse";
import { SecondFactorCodeSchema } from "~/schemas/two-factor";
import { calendarSecretsAvailable } from "~/server/calendar-crypto.server";
import { clientIp, secondFactorThrottle } from "~/server/rate-limit.server";
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  removePasskey,
  startTotpSetup,
  verifySecondFactorCode,
} from "~/services/two-factor.server";
import type { AuthUser } from "~/utils/auth.server";
import { isUuid } from "~/models/event.server";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";

export type TwoFactorIntent = "totpStart" | "totpEnable" | "totpDisable" | "recoveryCodes" | "passkeyDelete";

const PROFILE_URL = "/dashboard/profile";

function answer(
  intent: TwoFactorIntent,
  status: number,
  errors: string[] | null,
  recoveryCodes: string[] | null = null,
) {
  return data(
    {
      intent,
      result: null,
      toast: errors ? errorToast(errors[0]) : null,
      twoFactor: { errors, recoveryCodes },
    },
    { status },
  );
}

/** The profile page's two-factor forms (decision 066); each calls one function of the service. */
export async function twoFactorAction(request: Request, user: AuthUser, intent: TwoFactorIntent, formData: FormData) {
  if (intent === "totpStart") {
    if (!calendarSecretsAvailable()) return answer(intent, 503, ["Secrets cannot be stored on this server."]);
    const started = await startTotpSetup(user);
    if (started === "already_enabled") return answer(intent, 409, [M.totpAlreadyEnabled]);
    // The page shows the pending secret's QR code until a code confirms it.
    return redirectWithSuccess(`${PROFILE_URL}#two-factor`, "Scan the QR code with your app.");
  }
  if (intent === "passkeyDelete") {
    const id = String(formData.get("passkeyId") ?? "");
    if (!isUuid(id) || !(await removePasskey(user.id, id, request))) return answer(intent, 404, [M.passkeyNotFound]);
    return redirectWithSuccess(`${PROFILE_URL}#two-factor`, M.passkeyRemoved);
  }
  const submission = parseWithZod(formData, { schema: SecondFactorCodeSchema });
  if (submission.status !== "success") return answer(intent, 400, [M.codeRequired]);
  // A stolen session must not become a way to guess codes: throttled like the sign-in step.
  const limited = await secondFactorThrottle(clientIp(request), user.id);
  if (!limited.allowed) return answer(intent, 429, [MESSAGES.tooManyAttempts]);
  const code = submission.value.code;
  const now = new Date();
  if (intent === "totpEnable") {
    const result = await enableTotp(user.id, code, now, request);
    if (result === "no_setup") return answer(intent, 409, [M.noSetup]);
    if (result === "already_enabled") return answer(intent, 409, [M.totpAlreadyEnabled]);
    if (result === "invalid_code") return answer(intent, 400, [M.setupCodeWrong]);
    return answer(intent, 200, null, result.recoveryCodes);
  }
  if (intent === "totpDisable") {
    const result = await disableTotp(user.id, code, now, request);
    if (result === "not_enabled") return answer(intent, 409, [M.totpNotEnabled]);
    if (result === "invalid_code") return answer(intent, 400, [M.codeWrong]);
    return redirectWithSuccess(`${PROFILE_URL}#two-factor`, M.totpDisabled);
  }
  // New recovery codes: only with a current code, like turning the app off.
  if (!(await verifySecondFactorCode(user.id, code, now))) return answer(intent, 400, [M.codeWrong]);
  const codes = await regenerateRecoveryCodes(user.id);
  if (codes === "no_second_factor") return answer(intent, 409, [M.needsSecondFactor]);
  return answer(intent, 200, null, codes);
}
