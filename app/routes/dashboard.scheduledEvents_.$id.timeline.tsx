import { BackLink } from "~/components/ui/back-link";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  BellRing,
  GitCommitVertical,
  Mail,
  MessageSquareText,
  Send,
  UserRoundCog,
  Video,
  Workflow,
} from "~/components/icons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { TimelineEntry } from "~/models/webhook.server";
import {
  assignmentsOf,
  bookingRoleOf,
  bookingTimeline,
  mayReassign,
  requireDrawerPage,
  routingOfBooking,
} from "./dashboard.scheduledEvents_.$id.timeline.server";
import { buttonClass } from "~/components/ui/button";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { UTM_KEYS } from "~/schemas/utm";

/**
 * A booking's timeline for its host (decision 037): what the outbox did, with times: the
 * changes, each consumer's delivery of them (by name), the mails (queued, sent, failed, kept),
 * the reminders and the webhooks. A round-robin booking also shows why it has its host (decision
 * 060: each assignment with every candidate's figures), to its host and to the owners and admins
 * of its team, who may reassign it from here. Anyone else's booking is a 404.
 */

const LIST = "/dashboard/scheduledEvents";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Booking timeline | Scheduler" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, LIST);
  const id = params.id ?? "";
  const role = await bookingRoleOf(user.id, id);
  // A manager of a round-robin booking's team sees it as its host does.
  const timeline =
    (await bookingTimeline(user.id, id)) ??
    (role?.role === "manager" && role.kind === "round-robin" ? await bookingTimeline(role.hostId, id) : null);
  if (!timeline) notFound("No such booking.");
  const [assignments, routing] = await Promise.all([assignmentsOf(id), routingOfBooking(id)]);
  const format = dateTimeFormatters(user.timeZone);
  // Seconds: what happened within one minute still reads in order.
  const time = new Intl.DateTimeFormat("en-US", { timeStyle: "medium", timeZone: format.zone });
  const at = (d: Date) => ({ iso: d.toISOString(), date: format.date.format(d), time: time.format(d) });
  return {
    zone: format.zone,
    event: { name: timeline.event.eventName, start: at(timeline.event.startsAt), status: timeline.event.status },
    /** The booking link's source parameters (decision 079), in UTM_KEYS order. */
    source: UTM_KEYS.flatMap((key) => (timeline.event.utm?.[key] ? [{ key, value: timeline.event.utm[key] }] : [])),
    entries: timeline.entries.map((e) => ({ ...e, at: at(e.at) })),
    assignments: assignments.map((a) => ({ ...a, createdAt: at(a.createdAt) })),
    /** The routing form and route that led here (decision 074). */
    routing: routing
      ? {
          formId: routing.formId,
          text: `Routed by ${routing.formName} (${routing.routeIndex === null ? "fallback" : `route ${routing.routeIndex + 1}`})`,
        }
      : null,
    reassign:
      role?.kind === "round-robin" && mayReassign(role.role) && timeline.event.status !== "cancelled"
        ? `${LIST}?reassign=${timeline.event.id}`
        : null,
  };
}

const ICONS: Record<TimelineEntry["what"], typeof Mail> = {
  change: GitCommitVertical,
  consumer: Workflow,
  meeting: Video,
  mail: Mail,
  text: MessageSquareText,
  reminder: BellRing,
  webhook: Send,
};
const LABELS: Record<TimelineEntry["what"], string> = {
  change: "Change",
  consumer: "Outbox",
  meeting: "Meeting",
  mail: "Mail",
  text: "Text",
  reminder: "Reminder",
  webhook: "Webhook",
};

export default function BookingTimeline() {
  const { event, entries, zone, assignments, reassign, routing, source } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <BackLink to={LIST} label="Scheduled Events" />
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">Booking timeline</h1>
        <p className="mt-1 text-neutral-700">
          {event.name}, <time dateTime={event.start.iso}>{`${event.start.date} ${event.start.time}`}</time> (
          {event.status}). Times in {zone.replaceAll("_", " ")}.
        </p>
      </div>
      {routing ? (
        <p className="rounded-xl border border-neutral-200 bg-surface p-4 text-neutral-800" data-testid="routed-by">
          <Link to={`/dashboard/routingForms?form=${routing.formId}`} className="font-medium text-brand-700 underline">
            {routing.text}
          </Link>
        </p>
      ) : null}
      {source.length > 0 ? (
        <section
          aria-labelledby="booking-source"
          className="rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm"
        >
          <h2 id="booking-source" className="text-lg font-semibold text-neutral-900">
            Source
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm" data-testid="booking-source">
            {source.map((s) => (
              <div key={s.key} className="contents">
                <dt className="font-medium text-neutral-700">{s.key}</dt>
                <dd className="break-words text-neutral-900">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {assignments.length > 0 || reassign ? <Assignments assignments={assignments} reassign={reassign} /> : null}
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 p-6 text-center text-neutral-700">
          Nothing recorded for this event yet.
        </p>
      ) : (
        <ol className="space-y-3" data-testid="timeline">
          {entries.map((e, i) => {
            const Icon = ICONS[e.what];
            return (
              <li
                key={i}
                className="flex gap-3 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm"
                data-testid="timeline-entry"
              >
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium text-neutral-900">
                      <span className="sr-only">{LABELS[e.what]}: </span>
                      <span className="break-words">{e.title}</span>
                    </span>
                    <time dateTime={e.at.iso} className="whitespace-nowrap text-sm text-neutral-600">
                      {e.at.date} {e.at.time}
                    </time>
                  </p>
                  <p className="break-words text-sm text-neutral-700">
                    {LABELS[e.what]} · {e.detail} · <span className="font-medium">{e.status}</span>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

type AssignmentView = ReturnType<typeof useLoaderData<typeof loader>>["assignments"][number];

/** Why the booking has its host: each assignment, its sentence and every candidate as they stood. */
function Assignments({ assignments, reassign }: { assignments: AssignmentView[]; reassign: string | null }) {
  return (
    <section aria-labelledby="assignments" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="assignments" className="text-lg font-semibold text-neutral-900">
          Host assignment
        </h2>
        {reassign ? (
          <Link to={reassign} className={buttonClass("secondary", "px-3 py-2")}>
            <UserRoundCog className="h-4 w-4" aria-hidden /> Reassign
          </Link>
        ) : null}
      </div>
      <ol className="space-y-3">
        {assignments.map((a) => (
          <li
            key={a.id}
            className="rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm"
            data-testid="assignment"
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-neutral-900">
                {a.kind === "assigned"
                  ? `Assigned to ${a.hostName ?? "a removed account"}`
                  : `Reassigned from ${a.previousHostName ?? "a removed account"} to ${a.hostName ?? "a removed account"}${a.actorName ? ` by ${a.actorName}` : ""}`}
              </span>
              <time dateTime={a.createdAt.iso} className="whitespace-nowrap text-sm text-neutral-600">
                {a.createdAt.date} {a.createdAt.time}
              </time>
            </p>
            <p className="mt-1 break-words text-sm text-neutral-700" data-testid="assignment-reason">
              {a.reason}
            </p>
            <table className="mt-3 w-full text-left text-sm" data-testid="candidates">
              <caption className="sr-only">The hosts as round robin saw them</caption>
              <thead className="text-xs text-neutral-600">
                <tr>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Host
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Free
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Bookings
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Weight
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Priority
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100 text-neutral-800">
                {a.candidates.map((c) => (
                  <tr key={c.userId} data-testid="candidate">
                    <td className="break-words py-1 pr-2">{c.name || "A removed account"}</td>
                    <td className="py-1 pr-2">{c.free ? "Yes" : "No"}</td>
                    <td className="py-1 pr-2">{c.bookings}</td>
                    <td className="py-1 pr-2">{c.weight}</td>
                    <td className="py-1">{c.priority}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
