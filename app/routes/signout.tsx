import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { MESSAGES } from "~/messages";
import { destroyUserSession } from "~/utils/auth.server";
import { requirePost } from "~/utils/request.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/** Sign-out is a POST (a GET could be triggered by any image tag on another site). */
export async function action({ request }: ActionFunctionArgs) {
  requirePost(request);
  const cookie = await destroyUserSession(request);
  return redirectWithSuccess("/", MESSAGES.signedOut, { headers: { "Set-Cookie": cookie } });
}

export async function loader(_: LoaderFunctionArgs) {
  return redirect("/");
}
