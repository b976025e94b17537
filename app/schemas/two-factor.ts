import { z } from "zod";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { plainText } from "./input-rules";

/** A code typed at the second step, at set-up or to turn a factor off: TOTP or recovery code. */
export const secondFactorCode = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .max(64, M.codeRequired)
  .meta({ description: "The current 6-digit code from the authenticator app, or an unused recovery code." });

export const SecondFactorCodeSchema = z.object({ code: secondFactorCode });

/** JSON: POST /api/me/totp/enable and DELETE /api/me/totp. */
export const totpCodeBody = z.object({ code: secondFactorCode }).meta({ id: "TotpCodeRequest" });

export const totpSetupResponse = z
  .object({
    secret: z.string().meta({ description: "Base32; type it into the app when the QR code cannot be scanned." }),
    otpauthUrl: z.string().meta({ description: "otpauth://totp/… for a QR code." }),
  })
  .meta({ id: "TotpSetup" });

export const recoveryCodesResponse = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .meta({ description: "10 single-use codes, shown once; only their hashes are stored." }),
  })
  .meta({ id: "RecoveryCodes" });

export const PASSKEY_NAME_MAX = 60;

export const passkeyName = plainText(
  z.string({ error: M.passkeyNameRequired }).trim().min(1, M.passkeyNameRequired).max(PASSKEY_NAME_MAX),
  "The name",
);

/** The admin's switch (a checkbox: absent means off). */
export const SecondFactorRequiredSchema = z.object({ required: z.literal("on").optional() });
