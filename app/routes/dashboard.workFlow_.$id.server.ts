/**
 * The server-only names dashboard.workFlow_.$id.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { data } from "@remix-run/node";
export { getWorkflow, hostPhone, ownEventTypes, teamEventTypes } from "~/models/workflow.server";
export { getMyTeam } from "~/models/teams.server";
export {
  createWorkflow,
  deleteWorkflow,
  previewWorkflow,
  smsAvailable,
  updateWorkflow,
} from "~/services/workflows.server";
export { requireDrawerPage } from "~/utils/dashboard-pages.server";
export { readFormData } from "~/utils/request.server";
export { errorToast, redirectWithSuccess } from "~/utils/toast.server";
