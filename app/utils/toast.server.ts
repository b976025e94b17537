import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession, getToast as readToast } from "remix-toast";
import { env } from "./env.server";

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

export function redirectWithSuccess(url: string, toast: ToastText, init?: ResponseInit) {
  return toastUtils().redirectWithSuccess(url, toast, init);
}
export function redirectWithError(url: string, toast: ToastText, init?: ResponseInit) {
  return toastUtils().redirectWithError(url, toast, init);
}
export function jsonWithSuccess<T>(data: T, toast: ToastText, init?: ResponseInit) {
  return toastUtils().jsonWithSuccess(data, toast, init);
}
export function jsonWithError<T>(data: T, toast: ToastText, init?: ResponseInit) {
  return toastUtils().jsonWithError(data, toast, init);
}

export function getToast(request: Request) {
  return readToast(request, toastStorage());
}
