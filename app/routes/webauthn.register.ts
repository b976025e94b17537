import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { apiError, readJson } from "~/api/api.server";
import { TWO_FACTOR_MESSAGES as M } from "~/messages/two-factor";
import { registrationBody } from "~/schemas/webauthn";
import { passkeyRegistrationOptions, registerPasskey } from "~/services/two-factor.server";
import { getUser } from "~/utils/auth.server";
import { forgetChallenge, readChallenge, rememberChallenge } from "~/utils/webauthn-challenge.server";

async function signedIn(request: Request) {
  const user = await getUser(request);
  if (!user) throw apiError(401, "unauthorized", "Sign in first: a passkey is added from a signed-in browser.");
  return user;
}

/** GET: options to create a passkey for the signed-in person. POST: the new credential (decision 066). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await signedIn(request);
  const options = await passkeyRegistrationOptions(user);
  return Response.json(options, { headers: { "Set-Cookie": await rememberChallenge("register", options.challenge) } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return apiError(405, "method_not_allowed", "Use GET or POST.", undefined, { Allow: "GET, POST" });
  const user = await signedIn(request);
  const body = await readJson(request, registrationBody);
  const challenge = await readChallenge(request, "register");
  if (!challenge) return apiError(400, "challenge_expired", M.passkeyFailed);
  const result = await registerPasskey({
    userId: user.id,
    response: body.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    name: body.name,
    now: new Date(),
    request,
  });
  const headers = { "Set-Cookie": await forgetChallenge() };
  if (result === "invalid") return apiError(400, "passkey_invalid", M.passkeyFailed, undefined, headers);
  if (result === "already_registered") return apiError(409, "passkey_exists", M.passkeyFailed, undefined, headers);
  return Response.json({ added: true }, { status: 201, headers });
}
