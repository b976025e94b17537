import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  cancelBooking,
  data,
  errorToast,
  getEventForAdmin,
  isUuid,
  LinkedEventError,
  listAllEvents,
  pageCountOf,
  readFormData,
  redirectWithSuccess,
  requirePermission,
} from "./dashboard.manageEvent.server";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Ban, Filter } from "~/components/icons";
import {
  EventStatusBadge,
  whenOf,
  CellLabel,
  EmptyRows,
  hrefWith,
  pageParam,
  Pagination,
  tableClass,
  TableHead,
  WhenText,
  tbodyClass,
  tdClass,
  trClass,
} from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { inputClass } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { MESSAGES } from "~/messages";
import type { AdminEventRow, EventFilters, EventStatusFilter, EventTimeFilter } from "~/models/admin-event.server";
import { notFound } from "~/utils/responses";
import { usePendingFormData } from "~/utils/pending";

// Refused or failed: the page's name does not leak into the title of the error page.
export const meta: MetaFunction = ({ error }) => [
  { title: error ? "Scheduler" : `${MESSAGES.manageAllEvent} | Scheduler` },
];

const PAGE = "/dashboard/manageEvent";
const PAGE_SIZE = 20;

const STATUS_OPTIONS: Array<{ value: EventStatusFilter; label: string }> = [
  { value: "all", label: "Any status" },
  { value: "confirmed", label: "Confirmed" },
  { value: "cancelled", label: "Cancelled" },
];
const WHEN_OPTIONS: Array<{ value: EventTimeFilter; label: string }> = [
  { value: "all", label: "Upcoming and past" },
  { value: "upcoming", label: "Upcoming" },
  { value: "past", label: "Past" },
];

/** GET filters: an unknown value falls back to the default rather than failing the page. */
function readFilters(url: URL): EventFilters {
  const pick = <T extends string>(name: string, options: Array<{ value: T }>, fallback: T): T => {
    const raw = url.searchParams.get(name);
    return options.find((o) => o.value === raw)?.value ?? fallback;
  };
  return {
    host: (url.searchParams.get("host") ?? "").trim().slice(0, 200),
    status: pick("status", STATUS_OPTIONS, "all"),
    when: pick("when", WHEN_OPTIONS, "all"),
  };
}

function row(e: AdminEventRow, timeZone: string, now: Date) {
  return {
    id: e.id,
    eventName: e.eventName,
    eventType: e.eventType,
    eventWith: e.eventWith,
    status: e.status,
    past: e.endsAt.getTime() <= now.getTime(),
    hostName: e.hostName,
    hostEmail: e.hostEmail,
    startsAt: e.startsAt.toISOString(),
    when: whenOf(e.startsAt, e.endsAt, timeZone),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "admin:events");
  const url = new URL(request.url);
  const now = new Date();
  const filters = readFilters(url);
  const page = pageParam(url);
  const cancelId = url.searchParams.get("cancel");
  const [{ events, total, totalIsEstimate }, cancelling] = await Promise.all([
    listAllEvents(filters, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, now),
    cancelId === null ? null : isUuid(cancelId) ? getEventForAdmin(cancelId) : null,
  ]);
  if (cancelId !== null && !cancelling) notFound("Event not found");
  const pageCount = pageCountOf({ total, totalIsEstimate, rows: events.length }, page, PAGE_SIZE);
  return {
    filters,
    page,
    pageCount,
    offset: (page - 1) * PAGE_SIZE,
    total,
    totalIsEstimate,
    timeZone: admin.timeZone,
    events: events.map((e) => row(e, admin.timeZone, now)),
    cancelling: cancelling ? row(cancelling, admin.timeZone, now) : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "admin:events");
  const form = await readFormData(request);
  if (form.get("intent") !== "cancel") return data({ toast: errorToast("Unknown action.") }, { status: 400 });
  const eventId = String(form.get("eventId") ?? "");
  if (!isUuid(eventId)) notFound("Event not found");
  // The one cancel path (decision 029), told in the host's name and zone: the invitees know the
  // host, not the admin. A collective booking's co-host rows and a session's seats go with it; a
  // co-host's row alone is refused (409), as for its own host.
  let result;
  try {
    result = await cancelBooking({ id: eventId, actor: { admin: true }, now: new Date() });
  } catch (error) {
    if (!(error instanceof LinkedEventError)) throw error;
    return data({ toast: errorToast(MESSAGES.coHostedEvent) }, { status: 409 });
  }
  if (!result.ok && result.reason === "not-found") notFound("Event not found");
  if (!result.ok) return data({ toast: errorToast("This event is already cancelled.") }, { status: 409 });
  const back = new URL(request.url);
  back.searchParams.delete("cancel");
  back.searchParams.delete("index");
  const query = back.searchParams.toString();
  return redirectWithSuccess(`${PAGE}${query ? `?${query}` : ""}`, MESSAGES.eventCancelledByAdmin);
}

function Filters({ filters }: { filters: EventFilters }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter events"
      className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto] lg:items-end"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="filter-host" className="mb-1 block text-sm font-medium text-neutral-800">
          Host name or e-mail
        </label>
        <input
          id="filter-host"
          type="search"
          name="host"
          defaultValue={filters.host}
          maxLength={200}
          placeholder="Any host"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="filter-status" className="mb-1 block text-sm font-medium text-neutral-800">
          Status
        </label>
        <select id="filter-status" name="status" defaultValue={filters.status} className={inputClass}>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-when" className="mb-1 block text-sm font-medium text-neutral-800">
          When
        </label>
        <select id="filter-when" name="when" defaultValue={filters.when} className={inputClass}>
          {WHEN_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass("secondary", "sm:col-span-2 lg:col-span-1")}>
        <Filter className="h-4 w-4" aria-hidden /> Apply filters
      </button>
    </Form>
  );
}

export default function ManageAllEvent() {
  const { events, filters, page, pageCount, offset, total, totalIsEstimate, timeZone, cancelling } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const cancelForm = usePendingFormData({ intent: "cancel", state: "busy" });
  const location = useLocation();
  const closeTo = `${PAGE}${hrefWith(location.search, { cancel: null }).replace(/^\?$/, "")}`;
  // Optimistic: the row reads Cancelled while the cancellation is on its way.
  const pendingId = cancelForm ? cancelForm.get("eventId") : null;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-neutral-900">{MESSAGES.manageAllEvent}</h1>
        <p className="text-sm text-neutral-600" data-testid="event-total">
          {totalIsEstimate
            ? `About ${total.toLocaleString("en-US")} events`
            : `${total} event${total === 1 ? "" : "s"}`}{" "}
          · times in {timeZone}
        </p>
      </div>
      <Filters key={location.search} filters={filters} />
      {events.length === 0 ? (
        <EmptyRows title="No events match" body="Change the filters, or wait for hosts to create events." />
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Every host's events</caption>
          <TableHead
            columns={[
              { label: "#", className: "w-14" },
              "Event",
              "Host",
              "When",
              { label: "Status", className: "w-28" },
              { label: "Cancel", className: "w-32" },
            ]}
          />
          <tbody className={tbodyClass}>
            {events.map((e, i) => {
              const status = pendingId === e.id ? "cancelled" : e.status;
              return (
                <tr key={e.id} className={trClass} data-testid="admin-event-row" data-name={e.eventName}>
                  <td className={`${tdClass} hidden text-neutral-600 md:table-cell`}>{offset + i + 1}</td>
                  <td className={tdClass}>
                    <CellLabel>Event</CellLabel>
                    <span className="block break-words font-medium text-neutral-900">{e.eventName}</span>
                    <span className="block text-xs text-neutral-600">
                      {e.eventType} · {e.eventWith}
                    </span>
                  </td>
                  <td className={tdClass}>
                    <CellLabel>Host</CellLabel>
                    <span className="block break-words text-neutral-900">{e.hostName || "No name given"}</span>
                    <span className="block text-xs text-neutral-600 break-words">{e.hostEmail}</span>
                  </td>
                  <td className={`${tdClass} text-neutral-700`}>
                    <CellLabel>When</CellLabel>
                    <WhenText startsAt={e.startsAt} when={e.when} />
                  </td>
                  <td className={tdClass}>
                    <CellLabel>Status</CellLabel>
                    <EventStatusBadge status={status} past={e.past} />
                  </td>
                  <td className={`${tdClass} pb-3 ${status === "cancelled" || e.past ? "hidden md:table-cell" : ""}`}>
                    {status === "cancelled" || e.past ? (
                      <span className="text-sm text-neutral-600">—</span>
                    ) : (
                      <Link
                        to={`${PAGE}${hrefWith(location.search, { cancel: e.id })}`}
                        preventScrollReset
                        id={`cancel-${e.id}`}
                        className={buttonClass("secondary", "px-3 py-2 text-red-700")}
                        aria-label={`Cancel ${e.eventName}`}
                      >
                        <Ban className="h-4 w-4" aria-hidden /> Cancel
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} search={location.search} approximate={totalIsEstimate} />
      {cancelling ? (
        <Modal title={`Cancel "${cancelling.eventName}"?`} closeTo={closeTo} returnFocusTo={`cancel-${cancelling.id}`}>
          <Form method="post" action={`${PAGE}${location.search}`} preventScrollReset className="space-y-4">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="eventId" value={cancelling.id} />
            <p className="text-sm text-neutral-700">
              {cancelling.hostName || cancelling.hostEmail}&apos;s event on {cancelling.when.date},{" "}
              {cancelling.when.time} ({cancelling.when.zone}) is cancelled, not deleted: its invitees get a cancellation
              for their calendars and the host is notified.
            </p>
            {cancelling.status === "cancelled" ? (
              <p className="text-sm font-medium text-amber-800">It is already cancelled.</p>
            ) : null}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
                Keep it
              </Link>
              <Button
                type="submit"
                variant="danger"
                disabled={cancelling.status === "cancelled" || pendingId === cancelling.id}
                pending={pendingId === cancelling.id}
              >
                Cancel event
              </Button>
            </div>
          </Form>
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
