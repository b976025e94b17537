import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link2 } from "lucide-react";
import { DashboardPlaceholder } from "~/components/dashboard-placeholder";
import { PLACEHOLDER_PAGES } from "~/profile-messages";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";

const PAGE = PLACEHOLDER_PAGES.eventTypes;

export const meta: MetaFunction = () => [{ title: `${PAGE.heading} | Scheduler` }];

/** Spec section 2: a heading only; the drawer offers it to users and professionals. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDrawerPage(request, "/dashboard/eventTypes");
  return null;
}

export default function EventTypes() {
  return <DashboardPlaceholder {...PAGE} icon={Link2} />;
}
