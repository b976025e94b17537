import {
  exportBatch,
  insightsBreakdown,
  insightsTotals,
  type ExportCursor,
  type InsightsFilter,
} from "~/models/insights.server";
import { getMyTeam, type TeamSummary } from "~/models/teams.server";
import { TEAMS_MESSAGES } from "~/messages/teams";
import { heatMapOf, insightsRange, LEAD_TIME_BUCKETS, type DayRange } from "~/scheduling/insights";
import { isTimeZone } from "~/scheduling/time-zone";
import { EXPORT_HEADER, exportLine, insightsQuery, type InsightsJson } from "~/schemas/insights";
import { canManage } from "~/schemas/teams";
import type { AuthUser } from "~/utils/auth.server";
/** Field errors by field name, as the JSON API answers them. */
type FieldErrors = Record<string, string[]>;

/**
 * Insights and the bookings export (decision 079) for GET /api/insights, GET /api/bookings/export
 * and the Insights page: one reading of the query and one permission check for all three, so the
 * page and the JSON paths can never disagree.
 */

export type InsightsRequest =
  | {
      ok: true;
      filter: InsightsFilter;
      range: DayRange;
      previous: DayRange;
      zone: string;
      team: TeamSummary | null;
      query: { from: string; to: string; teamId?: string; member?: string; eventTypeId?: string };
    }
  | { ok: false; status: 400 | 403 | 404; code: string; message: string; fields?: FieldErrors };

/**
 * The reader's request: a team they own or administer (404 outside it, 403 as a member, checked
 * before the rest of the query is read), else their own bookings; the range in their time zone setting.
 */
export async function readInsightsRequest(
  user: AuthUser,
  search: URLSearchParams,
  now: Date,
): Promise<InsightsRequest> {
  const raw: Record<string, string> = {};
  for (const [key, value] of search) if (value !== "") raw[key] ??= value;
  let team: TeamSummary | null = null;
  if (raw.teamId !== undefined) {
    team = await getMyTeam(user.id, raw.teamId);
    if (!team) return { ok: false, status: 404, code: "not_found", message: TEAMS_MESSAGES.notFound };
    if (!canManage(team.role)) return { ok: false, status: 403, code: "forbidden", message: TEAMS_MESSAGES.forbidden };
  }
  const parsed = insightsQuery.safeParse(raw);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? "query")] ??= []).push(issue.message);
    return { ok: false, status: 400, code: "invalid_input", message: "Check the query parameters.", fields };
  }
  const q = parsed.data;
  if (q.member && !team) {
    return {
      ok: false,
      status: 400,
      code: "invalid_input",
      message: "Check the query parameters.",
      fields: { member: ["member: only with teamId (your own insights are yours alone)."] },
    };
  }
  const zone = isTimeZone(user.timeZone) ? user.timeZone : "UTC";
  const ranged = insightsRange(q, zone, now);
  if (!ranged.ok) {
    return {
      ok: false,
      status: 400,
      code: "invalid_input",
      message: "Check the query parameters.",
      fields: { [ranged.field]: [ranged.message] },
    };
  }
  return {
    ok: true,
    filter: {
      scope: team ? { teamId: team.id, memberId: q.member ?? null } : { hostId: user.id },
      eventTypeId: q.eventTypeId ?? null,
    },
    range: ranged.range,
    previous: ranged.previous,
    zone,
    team,
    query: {
      from: ranged.range.from,
      to: ranged.range.to,
      ...(q.teamId ? { teamId: q.teamId } : {}),
      ...(q.member ? { member: q.member } : {}),
      ...(q.eventTypeId ? { eventTypeId: q.eventTypeId } : {}),
    },
  };
}

/** GET /api/insights' answer. */
export async function insightsOf(r: Extract<InsightsRequest, { ok: true }>, now: Date): Promise<InsightsJson> {
  const [totals, previous, breakdown] = await Promise.all([
    insightsTotals(r.filter, r.range, now),
    insightsTotals(r.filter, r.previous, now),
    insightsBreakdown(r.filter, r.range),
  ]);
  return {
    range: { from: r.range.from, to: r.range.to, days: r.range.days, timeZone: r.zone },
    previousRange: { from: r.previous.from, to: r.previous.to },
    totals,
    previous,
    byEventType: breakdown.byEventType,
    byMember: breakdown.byMember,
    byWeekdayHour: heatMapOf(breakdown.starts, r.zone),
    leadTime: {
      medianMinutes: breakdown.leadTime.medianMinutes === null ? null : Math.round(breakdown.leadTime.medianMinutes),
      buckets: LEAD_TIME_BUCKETS.map((b, i) => ({ label: b.label, count: breakdown.leadTime.buckets[i] })),
    },
  };
}

export const EXPORT_BATCH = 1000;

/**
 * The export as a stream: the header, then one batch of bookings at a time, read when the
 * client has taken the last (pull), so memory holds one batch whatever the total.
 */
export function exportStream(
  r: Extract<InsightsRequest, { ok: true }>,
  batch = EXPORT_BATCH,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: ExportCursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          // A BOM: spreadsheet programs then read the file as UTF-8.
          controller.enqueue(encoder.encode(`\ufeff${EXPORT_HEADER}`));
          return;
        }
        const rows = await exportBatch(r.filter, r.range, cursor, batch);
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(rows.map(exportLine).join("")));
          const last = rows[rows.length - 1];
          cursor = { createdAtText: last.createdAtText, id: last.id };
        }
        if (rows.length < batch) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}

/** The export's file name: bookings-2026-10-31-to-2026-11-29.csv. */
export function exportFileName(r: Extract<InsightsRequest, { ok: true }>): string {
  return `bookings-${r.range.from}-to-${r.range.to}.csv`;
}
