import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  insightsOf,
  listEventTypes,
  listMembers,
  listMyTeams,
  listTeamEventTypes,
  readInsightsRequest,
  requireDrawerPage,
} from "./dashboard.insights.server";
import { Form, useLoaderData } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import downloadDrawing from "lucide/dist/esm/icons/download.mjs";
import funnelDrawing from "lucide/dist/esm/icons/funnel.mjs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, inputClass } from "~/components/forms";
import { BarChart, HeatMap } from "~/components/insights-charts";
import { Button, buttonClass } from "~/components/ui/button";
import { changeOf, durationLabel, insightsRange } from "~/scheduling/insights";
import { BOOKINGS_EXPORT_PATH, INSIGHTS_PAGE, insightsSearch, type InsightsJson } from "~/schemas/insights";
import { canManage } from "~/schemas/teams";
import { forbidden, notFound } from "~/utils/responses";

const Download = makeIcon(downloadDrawing, "download");
const Filter = makeIcon(funnelDrawing, "funnel");

/**
 * /dashboard/insights (decision 079): a host's figures over the bookings made in a range, against
 * the range before it, and a team's for its owners and admins. Filters are a GET form, so it all
 * works without JavaScript; the charts are server-drawn SVG with their tables; the CSV download
 * is GET /api/bookings/export with the same query.
 */

export const meta: MetaFunction = () => [{ title: "Insights | Scheduler" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, INSIGHTS_PAGE);
  const now = new Date();
  const search = new URL(request.url).searchParams;
  const read = await readInsightsRequest(user, search, now);
  if (!read.ok && read.status === 404) notFound(read.message);
  if (!read.ok && read.status === 403) forbidden(read.message);
  const team = read.ok ? read.team : null;
  const [teams, eventTypes, members] = await Promise.all([
    listMyTeams(user.id),
    team
      ? listTeamEventTypes(team.id).then((list) => list.map((t) => ({ id: t.eventType.id, title: t.eventType.title })))
      : listEventTypes(user.id).then((list) =>
          list.filter((t) => !t.teamId).map((t) => ({ id: t.id, title: t.title })),
        ),
    team ? listMembers(team.id) : Promise.resolve([]),
  ]);
  const options = {
    teams: teams.filter((t) => canManage(t.role)).map((t) => ({ id: t.id, name: t.name })),
    eventTypes,
    members: members.map((m) => ({ id: m.userId, name: m.name || m.email })),
    zone: read.ok ? read.zone : user.timeZone,
  };
  if (!read.ok) {
    // The form keeps what was typed; the message says what to change.
    const typed = Object.fromEntries(
      ["from", "to", "teamId", "member", "eventTypeId"].map((k) => [k, search.get(k) ?? ""]),
    );
    const fallback = insightsRange({}, options.zone, now);
    return data(
      {
        ok: false as const,
        errors: read.fields ?? { query: [read.message] },
        query: typed,
        defaults: fallback.ok ? { from: fallback.range.from, to: fallback.range.to } : { from: "", to: "" },
        options,
        teamName: null,
        insights: null,
      },
      { status: 400 },
    );
  }
  return {
    ok: true as const,
    errors: {} as Record<string, string[]>,
    query: { teamId: "", member: "", eventTypeId: "", ...read.query } as Record<string, string>,
    defaults: { from: read.range.from, to: read.range.to },
    options,
    teamName: team?.name ?? null,
    insights: await insightsOf(read, now),
  };
}

const FIGURES: { key: keyof InsightsJson["totals"]; label: string }[] = [
  { key: "created", label: "Bookings" },
  { key: "completed", label: "Completed" },
  { key: "cancelled", label: "Cancelled" },
  { key: "rescheduled", label: "Rescheduled" },
  { key: "noShows", label: "No-shows" },
];

function Figures({ insights }: { insights: InsightsJson }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="figures">
      {FIGURES.map((f) => {
        const now = insights.totals[f.key];
        const before = insights.previous[f.key];
        const change = changeOf(now, before);
        return (
          <li
            key={f.key}
            className="rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm"
            data-testid={`figure-${f.key}`}
          >
            <p className="text-sm font-medium text-neutral-700">{f.label}</p>
            <p className="mt-1 text-2xl font-bold tabular-nums text-neutral-900" data-testid="figure-value">
              {now}
            </p>
            <p className="mt-1 text-xs text-neutral-700">
              {before} in the previous {insights.range.days} days
              {change !== null ? ` (${change > 0 ? "+" : ""}${change}%)` : ""}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export default function Insights() {
  const d = useLoaderData<typeof loader>();
  const value = (key: string) => d.query[key] ?? "";
  const exportHref = `${BOOKINGS_EXPORT_PATH}${insightsSearch(d.query)}`;
  const err = (key: string) => d.errors[key];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-neutral-900">Insights</h1>
        <p className="mt-1 text-neutral-700">
          {d.teamName ? `The bookings of ${d.teamName}` : "Your bookings"}, by the day they were made. Times in{" "}
          {d.options.zone.replaceAll("_", " ")}.
        </p>
      </div>

      <Form
        method="get"
        className="rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm"
        data-testid="insights-filters"
      >
        {d.ok ? null : (
          <p role="alert" className="mb-3 text-sm text-red-700" data-testid="insights-error">
            Check the filters: {Object.values(d.errors).flat().join(" ")}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {d.options.teams.length > 0 ? (
            <div>
              <label htmlFor="insights-team" className="mb-1 block text-sm font-medium text-neutral-800">
                Bookings of
              </label>
              <select id="insights-team" name="teamId" defaultValue={value("teamId")} className={inputClass}>
                <option value="">My bookings</option>
                {d.options.teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    Team: {t.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Field
            label="From"
            errors={err("from")}
            inputProps={{
              id: "insights-from",
              name: "from",
              type: "date",
              defaultValue: value("from") || d.defaults.from,
            }}
          />
          <Field
            label="To"
            errors={err("to")}
            inputProps={{ id: "insights-to", name: "to", type: "date", defaultValue: value("to") || d.defaults.to }}
          />
          <div>
            <label htmlFor="insights-event-type" className="mb-1 block text-sm font-medium text-neutral-800">
              Event type
            </label>
            <select
              id="insights-event-type"
              name="eventTypeId"
              defaultValue={value("eventTypeId")}
              className={inputClass}
            >
              <option value="">All event types</option>
              {d.options.eventTypes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </select>
          </div>
          {d.options.members.length > 0 ? (
            <div>
              <label htmlFor="insights-member" className="mb-1 block text-sm font-medium text-neutral-800">
                Hosted by
              </label>
              <select id="insights-member" name="member" defaultValue={value("member")} className={inputClass}>
                <option value="">Every member</option>
                {d.options.members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit">
            <Filter className="h-4 w-4" aria-hidden /> Apply
          </Button>
          {d.ok ? (
            <a href={exportHref} download className={buttonClass("secondary")} data-testid="export-csv">
              <Download className="h-4 w-4" aria-hidden /> Download CSV
            </a>
          ) : null}
        </div>
      </Form>

      {d.insights ? (
        <>
          <section aria-labelledby="figures-heading" className="space-y-3">
            <h2 id="figures-heading" className="text-lg font-semibold text-neutral-900">
              {`${d.insights.range.from} to ${d.insights.range.to}`}
            </h2>
            <Figures insights={d.insights} />
          </section>
          <section aria-labelledby="by-type-heading" className="space-y-3">
            <h2 id="by-type-heading" className="text-lg font-semibold text-neutral-900">
              Bookings per event type
            </h2>
            <BarChart
              id="by-event-type"
              title="Bookings per event type"
              description={d.insights.byEventType.map((t) => `${t.title}: ${t.count}`).join("; ") || "No bookings."}
              rows={d.insights.byEventType.map((t) => ({ label: t.title, value: t.count }))}
              valueLabel="Bookings"
            />
          </section>
          {d.teamName ? (
            <section aria-labelledby="by-member-heading" className="space-y-3">
              <h2 id="by-member-heading" className="text-lg font-semibold text-neutral-900">
                Bookings per member
              </h2>
              <BarChart
                id="by-member"
                title="Bookings per member"
                description={
                  d.insights.byMember.map((m) => `${m.name || m.email}: ${m.count}`).join("; ") || "No bookings."
                }
                rows={d.insights.byMember.map((m) => ({ label: m.name || m.email, value: m.count }))}
                valueLabel="Bookings"
              />
            </section>
          ) : null}
          <section aria-labelledby="heatmap-heading" className="space-y-3">
            <h2 id="heatmap-heading" className="text-lg font-semibold text-neutral-900">
              Busiest days and hours
            </h2>
            <HeatMap grid={d.insights.byWeekdayHour} zone={d.insights.range.timeZone} />
          </section>
          <section aria-labelledby="lead-heading" className="space-y-3">
            <h2 id="lead-heading" className="text-lg font-semibold text-neutral-900">
              Lead time
            </h2>
            <p className="text-neutral-700" data-testid="lead-median">
              Median from booking to meeting: {durationLabel(d.insights.leadTime.medianMinutes)}
            </p>
            <BarChart
              id="lead-time"
              title="Lead time from booking to meeting"
              description={d.insights.leadTime.buckets.map((b) => `${b.label}: ${b.count}`).join("; ")}
              rows={d.insights.leadTime.buckets.map((b) => ({ label: b.label, value: b.count }))}
              valueLabel="Bookings"
            />
          </section>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
