import type postgres from "postgres";

/**
 * What a refused request must leave untouched: the row count of every table and a checksum of
 * every row of the tables people's input lands in. Left out: what any call may write by design
 * (rate-limit counters, a token's last use, sessions) and what the job runner changes on its own
 * in the background (the mail outbox's attempts, reminder deliveries): those only by count.
 */
const COUNT_ONLY = new Set(["rate_limits", "sessions", "mail_outbox", "reminder_deliveries"]);
const VOLATILE_COLUMNS: Record<string, string[]> = { api_tokens: ["last_used_at"], rate_limits: [], users: ["notifications_seen_at"] };

export type Snapshot = Record<string, string>;

export async function snapshot(db: postgres.Sql): Promise<Snapshot> {
  const tables = await db<{ table_name: string }[]>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'
    order by table_name`;
  const out: Snapshot = {};
  for (const { table_name: table } of tables) {
    if (table.startsWith("rate_limits")) continue;
    const [{ count }] = await db`select count(*)::text as count from ${db(table)}`;
    if (COUNT_ONLY.has(table)) {
      // rate_limits grows with every call from a new address; sessions with sign-ins.
      if (table !== "sessions") out[table] = count as string;
      continue;
    }
    const volatile = VOLATILE_COLUMNS[table] ?? [];
    const columns = await db<{ column_name: string }[]>`
      select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`;
    const kept = columns.map((c) => c.column_name).filter((c) => !volatile.includes(c));
    const [{ sum }] = await db`
      select coalesce(md5(string_agg(md5(row(${db(kept)})::text), ',' order by md5(row(${db(kept)})::text))), '') as sum
      from ${db(table)}`;
    out[table] = `${count}:${sum as string}`;
  }
  return out;
}

/** The tables whose snapshot differs, for a readable failure message. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
