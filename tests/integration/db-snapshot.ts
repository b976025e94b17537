import type postgres from "postgres";

/**
 * What a refused request must leave untouched: the row count and a checksum of every row of
 * every table. Left out: what any call may write by design (rate-limit counters, sessions, a
 * token's last use, the audit log's record of a refused attempt such as a wrong password) and what the job runner writes on its own in the background whenever some
 * event of any test comes near or a booking event waits for its consumer (the mail outbox,
 * reminder, booking-event and webhook deliveries, bell notifications, the job leases, a webhook
 * subscription's failure streak, the calendar sync's busy times, copies and sync state); a request's own
 * effects on those always come with a row in the tables that are checked (events, booking_events).
 */
const LEFT_OUT = new Set([
  "rate_limits",
  "sessions",
  "audit_log",
  "mail_outbox",
  "reminder_deliveries",
  "workflow_deliveries",
  "booking_event_deliveries",
  "job_leases",
  "notifications",
  "webhook_deliveries",
  "webhook_attempts",
  "external_busy",
  "external_event_copies",
]);
const VOLATILE_COLUMNS: Record<string, string[]> = {
  api_tokens: ["last_used_at"],
  users: ["notifications_seen_at"],
  // Drizzle sets updated_at on every update, so the delivery job's failing_since write moves it too.
  webhook_subscriptions: ["failing_since", "active", "disabled_reason", "updated_at"],
  calendar_connections: ["last_error", "last_synced_at", "next_sync_at", "updated_at"],
  external_calendars: ["version", "busy_digest", "updated_at"],
  // When the workflow job next looks at an event: the job moves it on its own (docs/decisions/103).
  events: ["workflow_check_at"],
};

export type Snapshot = Record<string, string>;

/**
 * Every table but those left out, or only `tables`; `volatile` names more columns to leave out
 * (the authorization matrix's: columns its own sign-ins and reads move).
 */
export async function snapshot(
  db: postgres.Sql,
  options: { tables?: readonly string[]; volatile?: Record<string, readonly string[]> } = {},
): Promise<Snapshot> {
  // The tables and their columns from the catalog itself: the same list as information_schema's
  // views give, which took about 34 ms a call, four fifths of a snapshot (fuzz.test.ts takes one per request).
  const columns = await db<{ table_name: string; column_name: string }[]>`
    select c.relname as table_name, a.attname as column_name from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname, a.attnum`;
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (options.tables ? !options.tables.includes(table) : LEFT_OUT.has(table)) continue;
    if ((VOLATILE_COLUMNS[table] ?? []).includes(column) || (options.volatile?.[table] ?? []).includes(column))
      continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const missing = (options.tables ?? []).filter((table) => !byTable.has(table));
  if (missing.length > 0) throw new Error(`snapshot: no such table: ${missing.join(", ")}`);
  // One round trip: per table, its row count and the md5 of its rows' md5s in a fixed order.
  const parts = [...byTable].map(([table, kept]) => {
    const row = `md5(row(${kept.map((c) => `"${c}"`).join(", ")})::text)`;
    return `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as sum from "${table}"`;
  });
  const rows = await db.unsafe<{ name: string; sum: string }[]>(parts.join(" union all "));
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose snapshot differs, for a readable failure message. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
