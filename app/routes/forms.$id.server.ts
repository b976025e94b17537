/**
 * The server-only names forms.$id.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data, redirect } from "@remix-run/node";
export { publicRoutingForm } from "~/models/routing-forms.server";
export { checkRateLimits, clientIp, RATE_LIMITS } from "~/server/rate-limit.server";
export { submitRoutingResponse } from "~/services/routing-forms.server";
export { linkBase, readFormData } from "~/utils/request.server";
