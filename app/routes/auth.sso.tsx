import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { PEOPLE_MESSAGES } from "~/messages/people";
import { ssoConfigured, startSso } from "~/server/oidc.server";
import { safeRedirectPath } from "~/utils/permissions";
import { readFormData } from "~/utils/request.server";
import { redirectWithError } from "~/utils/toast.server";

/**
 * POST /auth/sso (the sign-in page's "Sign in with SSO"), or GET with ?redirectTo= and
 * ?email= (a link an admin can share): to the identity provider, with state, nonce and PKCE
 * remembered in a signed cookie (decision 069).
 */
async function start(params: { redirectTo: FormDataEntryValue | null; email: FormDataEntryValue | null }) {
  if (!ssoConfigured()) return redirectWithError("/signin", PEOPLE_MESSAGES.ssoUnavailable);
  const email = typeof params.email === "string" && params.email.length <= 254 ? params.email.trim() : "";
  try {
    const { url, cookie } = await startSso({
      returnTo: safeRedirectPath(params.redirectTo, "/dashboard"),
      loginHint: email || undefined,
    });
    return redirect(url.toString(), { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("SSO: the identity provider could not be reached:", error);
    return redirectWithError("/signin", PEOPLE_MESSAGES.ssoFailed);
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  return start({ redirectTo: q.get("redirectTo"), email: q.get("email") });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  return start({ redirectTo: form.get("redirectTo"), email: form.get("email") });
}
