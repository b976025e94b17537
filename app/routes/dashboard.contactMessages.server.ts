/**
 * The server-only names dashboard.contactMessages.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { listContactMessages } from "~/models/contact.server";
export { requirePermission } from "~/utils/auth.server";
