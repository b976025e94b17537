/**
 * The server-only names signin_.passkey.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { requireAnonymous } from "~/utils/auth.server";
