import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BellRing, ChevronLeft, GitCommitVertical, Mail, Send, Workflow } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { bookingTimeline, type TimelineEntry } from "~/models/webhook.server";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { notFound } from "~/utils/responses";

/**
 * A booking's timeline for its host (decision 037): what the outbox did, with times: the
 * changes, each consumer's delivery of them (by name), the mails (queued, sent, failed, kept),
 * the reminders and the webhooks. Another host's booking is a 404.
 */

const LIST = "/dashboard/scheduledEvents";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Booking timeline | Scheduler" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, LIST);
  const timeline = await bookingTimeline(user.id, params.id ?? "");
  if (!timeline) notFound("No such booking.");
  const format = dateTimeFormatters(user.timeZone);
  // Seconds: what happened within one minute still reads in order.
  const time = new Intl.DateTimeFormat("en-US", { timeStyle: "medium", timeZone: format.zone });
  const at = (d: Date) => ({ iso: d.toISOString(), date: format.date.format(d), time: time.format(d) });
  return {
    zone: format.zone,
    event: { name: timeline.event.eventName, start: at(timeline.event.startsAt), status: timeline.event.status },
    entries: timeline.entries.map((e) => ({ ...e, at: at(e.at) })),
  };
}

const ICONS: Record<TimelineEntry["what"], typeof Mail> = {
  change: GitCommitVertical,
  consumer: Workflow,
  mail: Mail,
  reminder: BellRing,
  webhook: Send,
};
const LABELS: Record<TimelineEntry["what"], string> = {
  change: "Change",
  consumer: "Outbox",
  mail: "Mail",
  reminder: "Reminder",
  webhook: "Webhook",
};

export default function BookingTimeline() {
  const { event, entries, zone } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <Link
          to={LIST}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> Scheduled Events
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">Booking timeline</h1>
        <p className="mt-1 text-neutral-700">
          {event.name}, <time dateTime={event.start.iso}>{`${event.start.date} ${event.start.time}`}</time> (
          {event.status}). Times in {zone.replaceAll("_", " ")}.
        </p>
      </div>
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
                className="flex gap-3 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm"
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
