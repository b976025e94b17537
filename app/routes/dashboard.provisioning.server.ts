/**
 * The server-only names dashboard.provisioning.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { scimTokenInfo } from "~/models/scim.server";
export { env, linkBase } from "~/server/env.server";
export { rotateScimToken } from "~/services/scim.server";
export { requirePermission } from "~/utils/auth.server";
export { readFormData } from "~/utils/request.server";
