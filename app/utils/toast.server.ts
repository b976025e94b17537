import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession, getToast as readToast } from "remix-toast";
import { env } from "~/server/env.server";

/**
 * remix-toast 1.x "signs" its own cookie with a no-op, so it gets a storage of ours whose
 * cookie is really HMAC-signed with the session secrets.
 */
let toastSession: ReturnType<typeof createCookieSessionStorage> | undefined;
function toastStorage() {
  toastSession ??= createCookieSessionStorage({
    cookie: {
      name: "__toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env().secureCookies,
      secrets: env().sessionSecrets,
    },
  });
  return toastSession;
}

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;
function toastUtils() {
  utils ??= createToastUtilsWithCustomSession(toastStorage());
  return utils;
}

type ToastText = string | { message: string; description?: string };

// Toasts travel by cookie only on redirects (post/redirect/get): a cookie set by an action that
// answers with data is read one page late without JavaScript. Failed forms use errorToast().

export function redirectWithSuccess(url: string, toast: ToastText, init?: ResponseInit) {
  return toastUtils().redirectWithSuccess(url, toast, init);
}
export function redirectWithError(url: string, toast: ToastText, init?: ResponseInit) {
  return toastUtils().redirectWithError(url, toast, init);
}

export function getToast(request: Request) {
  return readToast(request, toastStorage());
}

/**
 * A toast for an action that answers with data (a failed form) rather than a redirect: the
 * page renders it from the action's answer, so it shows at once, with or without JavaScript,
 * and never leaks onto the next page (a cookie set by a 4xx action would).
 */
export function errorToast(message: string) {
  return { message, type: "error" as const };
}

/**
 * A success toast rendered from an action's data: for an answer that must not be a redirect,
 * because what it shows must not travel in a cookie (a new token's secret, shown once).
 */
export function successToast(message: string) {
  return { message, type: "success" as const };
}
