import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCookie, redirect } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { getAuthenticator } from "~/utils/auth.server";
import { publicEnv } from "~/server/env.server";
import { safeRedirectPath } from "~/utils/permissions";
import { readFormData } from "~/utils/request.server";
import { redirectWithError } from "~/utils/toast.server";

/** Where to return after Google, kept for the round trip. */
export const googleReturnCookie = createCookie("__google_return", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 600,
});

export async function loader(_: LoaderFunctionArgs) {
  return redirect("/signin");
}

export async function action({ request }: ActionFunctionArgs) {
  if (!publicEnv().googleSignIn) return redirectWithError("/signin", MESSAGES.googleUnavailable);
  const form = await readFormData(request.clone());
  const returnTo = safeRedirectPath(form.get("redirectTo"));
  try {
    return await getAuthenticator().authenticate("google", request);
  } catch (response) {
    // The strategy answers with a redirect to Google; add our return-path cookie to it.
    if (response instanceof Response && response.status >= 300 && response.status < 400) {
      response.headers.append("Set-Cookie", await googleReturnCookie.serialize(returnTo));
      throw response;
    }
    return redirectWithError("/signin", MESSAGES.googleFailed);
  }
}
