/**
 * The server-only names dashboard.routingForms.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data, redirect } from "@remix-run/node";
export { listRoutingForms, routingFormFor } from "~/models/routing-forms.server";
export { listMyTeams } from "~/models/teams.server";
export { removeRoutingForm, routingResponsesJson, saveRoutingForm } from "~/services/routing-forms.server";
export { requirePermission } from "~/utils/auth.server";
export { linkBase, readFormData } from "~/utils/request.server";
