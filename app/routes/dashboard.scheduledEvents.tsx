import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CalendarCheck } from "lucide-react";
import { DashboardPlaceholder } from "~/components/dashboard-placeholder";
import { PLACEHOLDER_PAGES } from "~/profile-messages";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";

const PAGE = PLACEHOLDER_PAGES.scheduledEvents;

export const meta: MetaFunction = () => [{ title: `${PAGE.heading} | Scheduler` }];

/** Spec section 2: a heading only; the drawer offers it to users and admins. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDrawerPage(request, "/dashboard/scheduledEvents");
  return null;
}

export default function ScheduledEvents() {
  return <DashboardPlaceholder {...PAGE} icon={CalendarCheck} />;
}
