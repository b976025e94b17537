import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CalendarCheck } from "lucide-react";
import {
  CellLabel,
  EmptyRows,
  pageParam,
  Pagination,
  tableClass,
  TableHead,
  WhenText,
  tbodyClass,
  tdClass,
  trClass,
} from "~/components/admin-table";
import { DashboardPlaceholder } from "~/components/dashboard-placeholder";
import { buttonClass } from "~/components/ui/button";
import { listScheduledEvents } from "~/models/admin-event.server";
import { PLACEHOLDER_PAGES } from "~/profile-messages";
import { formatInZone } from "~/scheduling/zoned-time";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { can } from "~/utils/permissions";

const PAGE = PLACEHOLDER_PAGES.scheduledEvents;
const PAGE_SIZE = 20;

export const meta: MetaFunction = () => [{ title: `${PAGE.heading} | Scheduler` }];

/**
 * The drawer offers it to users and admins (others get 403). Admins see every host's
 * upcoming, not-cancelled events, soonest first; users keep the placeholder until bookings
 * fill their view.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, "/dashboard/scheduledEvents");
  if (!can(user, "admin:events")) return { admin: null };
  const url = new URL(request.url);
  const page = pageParam(url);
  const now = new Date();
  const { events, total } = await listScheduledEvents({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, now);
  return {
    admin: {
      page,
      pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      offset: (page - 1) * PAGE_SIZE,
      total,
      timeZone: user.timeZone,
      events: events.map((e) => {
        const start = formatInZone(e.startsAt, user.timeZone);
        const end = formatInZone(e.endsAt, user.timeZone);
        return {
          id: e.id,
          eventName: e.eventName,
          eventType: e.eventType,
          eventWith: e.eventWith,
          hostName: e.hostName,
          hostEmail: e.hostEmail,
          startsAt: e.startsAt.toISOString(),
          when: { date: start.date, time: `${start.time} – ${end.time}`, zone: start.zoneName },
        };
      }),
    },
  };
}

export default function ScheduledEvents() {
  const { admin } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (!admin) return <DashboardPlaceholder {...PAGE} icon={CalendarCheck} />;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-neutral-900">{PAGE.heading}</h1>
        <p className="text-sm text-neutral-600">
          {admin.total} upcoming, soonest first · times in {admin.timeZone}
        </p>
      </div>
      {admin.events.length === 0 ? (
        <EmptyRows title="Nothing scheduled" body="Upcoming events of every host appear here, soonest first.">
          <Link to="/dashboard/manageEvent" className={buttonClass("secondary", "mt-6")}>
            Open Manage All Event
          </Link>
        </EmptyRows>
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Upcoming events of every host, soonest first</caption>
          <TableHead columns={[{ label: "#", className: "w-14" }, "When", "Event", "Host"]} />
          <tbody className={tbodyClass}>
            {admin.events.map((e, i) => (
              <tr key={e.id} className={trClass} data-testid="scheduled-event-row" data-name={e.eventName}>
                <td className={`${tdClass} hidden text-neutral-600 md:table-cell`}>
                  {admin.offset + i + 1}
                </td>
                <td className={`${tdClass} text-neutral-900`}>
                  <CellLabel>When</CellLabel>
                  <WhenText startsAt={e.startsAt} when={e.when} emphasis />
                </td>
                <td className={tdClass}>
                  <CellLabel>Event</CellLabel>
                  <span className="block break-words font-medium text-neutral-900">{e.eventName}</span>
                  <span className="block text-xs text-neutral-600">
                    {e.eventType} · {e.eventWith}
                  </span>
                </td>
                <td className={`${tdClass} pb-3`}>
                  <CellLabel>Host</CellLabel>
                  <span className="block break-words text-neutral-900">{e.hostName || "No name given"}</span>
                  <span className="block text-xs text-neutral-600 break-words">{e.hostEmail}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={admin.page} pageCount={admin.pageCount} search={location.search} />
    </section>
  );
}
