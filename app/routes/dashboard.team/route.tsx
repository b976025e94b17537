import { redirect } from "~/routes/dashboard.team/route.server";
import { TEAMS_PAGE } from "~/schemas/teams";

/**
 * The old Team page (decision 020) became the Teams area (decision 057): links and bookmarks,
 * with or without their ?remove= / ?leave= parameters, land there. A form posted here (from a
 * page loaded before the change) changes nothing and is sent there too (303).
 */
export function loader() {
  return redirect(TEAMS_PAGE, 301);
}

export function action() {
  return redirect(TEAMS_PAGE, 303);
}
