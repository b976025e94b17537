import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Route } from "lucide-react";
import { DashboardPlaceholder } from "~/components/dashboard-placeholder";
import { PLACEHOLDER_PAGES } from "~/messages/profile";
import { requirePermission } from "~/utils/auth.server";

const PAGE = PLACEHOLDER_PAGES.routingForms;

export const meta: MetaFunction = () => [{ title: `${PAGE.heading} | Scheduler` }];

/**
 * It is one of the login-required dashboard pages, but no drawer links to
 * it: every signed-in person may open it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "dashboard:access");
  return null;
}

export default function RoutingForms() {
  return <DashboardPlaceholder {...PAGE} icon={Route} />;
}
