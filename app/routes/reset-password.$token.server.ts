/**
 * The server-only names reset-password.$token.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { findResetAccount } from "~/models/password-reset.server";
export { completePasswordReset } from "~/services/password-reset.server";
export { readFormData } from "~/utils/request.server";
export { redirectWithSuccess } from "~/utils/toast.server";
