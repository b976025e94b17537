import { transaction } from "~/server/transaction.server";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag } from "~/server/page-cache.server";

/**
 * Data rights (decision 071): a user's export, a guest's erasure, the anonymising of old
 * bookings. Raw SQL over the tables by name: one list of what belongs to a user, one sweep that
 * finds a guest's e-mail in any column of any table.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Runner = Database | Tx;

/** Stands in for an erased guest's e-mail and name (`.invalid` never receives mail, RFC 2606). */
export const ERASED_EMAIL = "erased-guest@erased.invalid";
export const ERASED_NAME = "Erased guest";

/** Columns never exported: secrets and their hashes. */
const SECRET_COLUMNS = new Set([
  "password_hash",
  "secret",
  "token",
  "token_hash",
  "booking_token_hash",
  "approval_token_hash",
  "code_hash",
  "data",
]);

/**
 * What belongs to a user, table by table: the condition on the table's rows (`$u` is the user's
 * id, `$e` their e-mail). A table that gains a user's rows gets an entry here; the integration
 * test data-rights.test.ts fails when a table with a user's rows is missing from the export.
 */
const HOSTED = (col: string) => `${col} in (select id from events where host_id = $u)`;
const EXPORT_TABLES: Record<string, string> = {
  users: "id = $u",
  sessions: "user_id = $u",
  api_tokens: "user_id = $u",
  password_reset_tokens: "user_id = $u",
  event_types: "user_id = $u",
  event_type_hosts: "user_id = $u or event_type_id in (select id from event_types where user_id = $u)",
  single_use_links: "event_type_id in (select id from event_types where user_id = $u)",
  schedules: "user_id = $u",
  events: "host_id = $u",
  event_invitees: HOSTED("event_id"),
  booking_seats: HOSTED("event_id"),
  booking_assignments: `host_id = $u or previous_host_id = $u or actor_id = $u or ${HOSTED("event_id")}`,
  booking_events: HOSTED("event_id"),
  reminder_settings: "user_id = $u",
  reminder_deliveries: HOSTED("event_id"),
  // Workflows (decision 085): the host's, their event types and actions, and what they sent.
  workflows: "user_id = $u",
  workflow_event_types: "workflow_id in (select id from workflows where user_id = $u)",
  workflow_actions: "workflow_id in (select id from workflows where user_id = $u)",
  workflow_deliveries: HOSTED("event_id"),
  out_of_office: "user_id = $u or redirect_user_id = $u",
  notifications: "user_id = $u",
  calendar_connections: "user_id = $u",
  external_calendars: "user_id = $u",
  external_busy: "user_id = $u",
  external_event_copies: HOSTED("event_id"),
  calendar_feeds: "user_id = $u",
  handles: "user_id = $u",
  team_members: "owner_id = $u or member_id = $u",
  team_memberships: "user_id = $u",
  team_invitations: "invited_by = $u or lower(email) = $e",
  webhook_subscriptions: "user_id = $u",
  webhook_deliveries: "subscription_id in (select id from webhook_subscriptions where user_id = $u)",
  professionals: "user_id = $u or lower(email) = $e",
  reviews: "user_id = $u or lower(email) = $e",
  contact_messages: "lower(email) = $e",
  mail_outbox: `${HOSTED("event_id")} or lower("to") = $e`,
  audit_log: "actor_id = $u or (target_type = 'user' and target_id = $u::text)",
  // Two-factor (decision 066): secrets and code hashes are left out; passkeys' public keys stay.
  totp_secrets: "user_id = $u",
  recovery_codes: "user_id = $u",
  passkeys: "user_id = $u",
  site_settings: "updated_by = $u",
  // Conferencing (decision 065): the connected apps (tokens left out) and the bookings' meetings.
  conferencing_apps: "user_id = $u",
  booking_meetings: `host_id = $u or ${HOSTED("event_id")}`,
  // SCIM (decision 069): the tokens an admin made (their hashes left out).
  scim_tokens: "created_by = $u",
  // Routing forms (decision 074): the user's own forms and their responses.
  routing_forms: "user_id = $u",
  routing_responses: "form_id in (select id from routing_forms where user_id = $u)",
  // The profile photo (decision 095): its bytes as base64.
  user_photos: "user_id = $u",
  // The host's own logo (decision 117): likewise.
  user_logos: "user_id = $u",
  // Texts about the user's bookings (decision 090).
  sms_outbox: HOSTED("event_id"),
};

/** The tables exported, by name (the test compares them with the schema). */
export const EXPORTED_TABLES = Object.keys(EXPORT_TABLES);

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function bind(condition: string, userId: string, email: string): SQL {
  // Only two parameters, always bound: the conditions above are fixed strings of this module.
  const parts = condition.split(/(\$u|\$e)/);
  const chunks: SQL[] = parts.map((p) => (p === "$u" ? sql`${userId}::uuid` : p === "$e" ? sql`${email}` : sql.raw(p)));
  return sql.join(chunks, sql``);
}

async function existingTables(db: Runner): Promise<Set<string>> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  return new Set(rows.map((r) => r.name));
}

/** Everything about a user, table by table (secrets left out); null when the account is gone. */
export async function exportUserRows(userId: string): Promise<Record<string, Record<string, unknown>[]> | null> {
  const db = await getDb();
  const [user] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}::uuid`);
  if (!user) return null;
  const email = user.email.toLowerCase();
  const present = await existingTables(db);
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [table, condition] of Object.entries(EXPORT_TABLES)) {
    if (!present.has(table)) continue;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from ${sql.raw(quoteIdent(table))} where ${bind(condition, userId, email)}`,
    );
    out[table] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => !SECRET_COLUMNS.has(k))
          .map(([k, v]) => [k, v instanceof Uint8Array ? Buffer.from(v).toString("base64") : v]),
      ),
    );
  }
  return out;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Replaces every appearance of the guests' e-mails and names in a JSON value; answers and notes go. */
function scrub(value: unknown, emails: RegExp, names: string[]): unknown {
  if (typeof value === "string") {
    let v = value.replace(emails, ERASED_EMAIL);
    for (const name of names) if (name && v.includes(name)) v = v.split(name).join(ERASED_NAME);
    return v;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, emails, names));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === "answers"
          ? v === null
            ? null
            : {}
          : k === "notes" && typeof v === "string"
            ? ""
            : scrub(v, emails, names),
      ]),
    );
  }
  return value;
}

/**
 * Anonymises the guests of the given bookings (events) and seats in one transaction: their
 * names, e-mails, answers and notes in the bookings, seats and invitees, in the booking events'
 * payloads, the webhook deliveries' bodies, the mail and the texts of those bookings. Times, statuses and
 * counts stay (insights). Says how many bookings and seats changed.
 */
async function anonymise(
  tx: Tx,
  eventIds: string[],
  seatIds: string[],
  emails: string[],
  names: string[],
): Promise<number> {
  if (eventIds.length === 0 && seatIds.length === 0) return 0;
  const emailPattern = new RegExp(emails.map(escapeRegex).join("|") || "(?!)", "gi");
  const realNames = [...new Set(names.filter((n) => n && n.trim().length > 1 && n !== ERASED_NAME))].sort(
    (a, b) => b.length - a.length,
  );
  const events = eventIds.length
    ? sql`array[${sql.join(
        eventIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`
    : sql`'{}'::uuid[]`;
  const seats = seatIds.length
    ? sql`array[${sql.join(
        seatIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`
    : sql`'{}'::uuid[]`;
  const changedEvents = await queryRows<{ id: string }>(
    tx,
    sql`update events set guest_name = ${ERASED_NAME}, guest_email = ${ERASED_EMAIL}, notes = null,
          guest_phone = null, sms_consent_at = null,
          answers = case when answers is null then null else '{}'::jsonb end, updated_at = now()
        where id = any(${events}) returning id`,
  );
  await tx.execute(sql`update event_invitees set email = ${ERASED_EMAIL} where event_id = any(${events})`);
  const changedSeats = await queryRows<{ id: string }>(
    tx,
    sql`update booking_seats set name = ${ERASED_NAME}, email = ${ERASED_EMAIL}, notes = null,
          answers = case when answers is null then null else '{}'::jsonb end, guests = '{}'::text[], updated_at = now()
        where id = any(${seats}) returning id`,
  );
  // The records and deliveries of these bookings: rewritten in JavaScript, names and all.
  const records = await queryRows<{ id: string; payload: unknown }>(
    tx,
    sql`select id, payload from booking_events where event_id = any(${events}) or seat_id = any(${seats})
        or event_id in (select event_id from booking_seats where id = any(${seats}))`,
  );
  for (const r of records) {
    const payload = scrub(typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload, emailPattern, realNames);
    await tx.execute(
      sql`update booking_events set payload = ${JSON.stringify(payload)}::jsonb where id = ${r.id}::uuid`,
    );
  }
  const seatEvents = sql`(select event_id from booking_seats where id = any(${seats}))`;
  const deliveries = await queryRows<{ id: string; body: string }>(
    tx,
    sql`select id, body from webhook_deliveries where event_id = any(${events}) or event_id in ${seatEvents}`,
  );
  for (const d of deliveries) {
    let body: string;
    try {
      body = JSON.stringify(scrub(JSON.parse(d.body), emailPattern, realNames));
    } catch {
      body = String(scrub(d.body, emailPattern, realNames));
    }
    await tx.execute(sql`update webhook_deliveries set body = ${body} where id = ${d.id}::uuid`);
  }
  // Mail about these bookings: what it said is gone (the attachments held the same), its row stays.
  const mails = await queryRows<{ id: string; to: string; subject: string }>(
    tx,
    sql`select id, "to", subject from mail_outbox where event_id = any(${events}) or event_id in ${seatEvents}`,
  );
  for (const m of mails) {
    await tx.execute(sql`update mail_outbox set "to" = ${String(scrub(m.to, emailPattern, []))},
        subject = ${String(scrub(m.subject, emailPattern, realNames))}, reply_to = null,
        text = '(erased)', html = null, attachments = '[]'::jsonb where id = ${m.id}::uuid`);
  }
  // Texts about these bookings (decision 090): the number and what they said go, the row stays.
  await tx.execute(
    sql`update sms_outbox set "to" = '(erased)', body = '(erased)' where event_id = any(${events}) or event_id in ${seatEvents}`,
  );
  return changedEvents.length + changedSeats.length;
}

/**
 * The last pass of an erasure: any text, JSON or array column of any table (the audit log
 * aside, decision 070) that still holds the e-mail gets it replaced. A table added later is
 * covered without a change here.
 */
async function sweepEmail(tx: Tx, email: string): Promise<void> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    tx,
    sql`select c.table_name, c.column_name, c.data_type from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name <> 'audit_log'
          and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))`,
  );
  const like = `%${email.replace(/[\\%_]/g, "\\$&")}%`;
  const pattern = escapeRegex(email);
  for (const c of columns) {
    const table = sql.raw(quoteIdent(c.table_name));
    const column = sql.raw(quoteIdent(c.column_name));
    const cast =
      c.data_type === "ARRAY"
        ? sql.raw("::text[]")
        : c.data_type.startsWith("json")
          ? sql.raw(`::${c.data_type}`)
          : sql.raw("");
    await tx.execute(
      sql`update ${table} set ${column} = regexp_replace(${column}::text, ${pattern}, ${ERASED_EMAIL}, 'gi')${cast}
          where ${column}::text ilike ${like}`,
    );
  }
  // Short-lived rows that may quote it (a stored answer to replay, a throttle's key) just go.
}

export class GuestIsAccountError extends Error {}

/** Erases a guest by e-mail everywhere (decision 071); says how many bookings and seats changed. */
export async function eraseGuestRows(rawEmail: string): Promise<number> {
  const email = rawEmail.trim().toLowerCase();
  const db = await getDb();
  return transaction(db, async (tx) => {
    const [account] = await queryRows<{ id: string }>(tx, sql`select id from users where lower(email) = ${email}`);
    if (account) throw new GuestIsAccountError(email);
    const events = await queryRows<{ id: string; name: string | null }>(
      tx,
      sql`select e.id, e.guest_name as name from events e where lower(e.guest_email) = ${email}
          or e.id in (select event_id from event_invitees where lower(email) = ${email})`,
    );
    const seats = await queryRows<{ id: string; name: string }>(
      tx,
      sql`select id, name from booking_seats where lower(email) = ${email} or ${email} = any(guests)`,
    );
    const names = [...events.map((e) => e.name ?? ""), ...seats.map((s) => s.name)];
    const changed = await anonymise(
      tx,
      events.map((e) => e.id),
      seats.map((s) => s.id),
      [email],
      names,
    );
    // Their own words elsewhere: a contact message, a review.
    await tx.execute(
      sql`update contact_messages set name = ${ERASED_NAME}, email = ${ERASED_EMAIL}, message = '(erased)', subject = '(erased)' where lower(email) = ${email}`,
    );
    await tx.execute(
      sql`update reviews set name = ${ERASED_NAME}, email = ${ERASED_EMAIL} where lower(email) = ${email}`,
    );
    await tx.execute(sql`delete from idempotency_keys where idempotency_keys::text ilike ${`%${email}%`}`);
    await tx.execute(sql`delete from rate_limits where key ilike ${`%${email}%`}`);
    await sweepEmail(tx, email);
    return changed;
  });
}

/**
 * BOOKING_RETENTION_DAYS (decision 071): anonymises the guests of at most `limit` bookings that
 * ended before `cutoff` (and their seats); says how many bookings it changed.
 */
export async function anonymiseBookingsEndedBefore(cutoff: Date, limit: number, database?: Database): Promise<number> {
  const db = database ?? (await getDb());
  return transaction(db, async (tx) => {
    const events = await queryRows<{ id: string; name: string | null; email: string | null }>(
      tx,
      sql`select id, guest_name as name, guest_email as email from events
          where ends_at < ${cutoff.toISOString()}::timestamptz
            and ((guest_email is not null and guest_email <> ${ERASED_EMAIL})
              or exists (select 1 from booking_seats s where s.event_id = events.id and s.email <> ${ERASED_EMAIL}))
          order by ends_at limit ${limit} for update skip locked`,
    );
    if (events.length === 0) return 0;
    const ids = events.map((e) => e.id);
    const idList = sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`;
    const seats = await queryRows<{ id: string; name: string; email: string; guests: string[] | string }>(
      tx,
      sql`select id, name, email, guests from booking_seats where event_id = any(${idList}) and email <> ${ERASED_EMAIL}`,
    );
    const invitees = await queryRows<{ email: string }>(
      tx,
      sql`select email from event_invitees where event_id = any(${idList}) and email <> ${ERASED_EMAIL}`,
    );
    const emails = [
      ...events.map((e) => e.email ?? ""),
      ...seats.map((s) => s.email),
      ...seats.flatMap((s) => (Array.isArray(s.guests) ? s.guests : [])),
      ...invitees.map((i) => i.email),
    ].filter((e) => e && e !== ERASED_EMAIL);
    const names = [...events.map((e) => e.name ?? ""), ...seats.map((s) => s.name)];
    await anonymise(
      tx,
      ids,
      seats.map((s) => s.id),
      [...new Set(emails.map((e) => e.toLowerCase()))],
      names,
    );
    return events.length;
  });
}

/** The account's sign-in secrets, to check a deletion. */
export async function accountCredentials(
  userId: string,
): Promise<{ email: string; passwordHash: string | null; role: string } | null> {
  const db = await getDb();
  const [row] = await queryRows<{ email: string; password_hash: string | null; role: string }>(
    db,
    sql`select email, password_hash, role from users where id = ${userId}::uuid`,
  );
  return row ? { email: row.email, passwordHash: row.password_hash, role: row.role } : null;
}

/** A host's bookings still to come (not cancelled), one row per booking (no co-host rows). */
export async function upcomingHostedBookingIds(userId: string, now: Date): Promise<string[]> {
  const db = await getDb();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from events where host_id = ${userId}::uuid and booking_id is null and status <> 'cancelled'
          and starts_at > ${now.toISOString()}::timestamptz
          and (guest_email is not null or exists (select 1 from booking_seats s where s.event_id = events.id))
        order by starts_at`,
  );
  return rows.map((r) => r.id);
}

/**
 * Deletes the account (its rows go by their foreign keys' cascades); `within` runs in the same
 * transaction (the audit entry). The last admin is never deleted: every admin row is locked
 * first, as demoteAdmin does.
 */
export async function deleteUserRow(
  userId: string,
  within: (tx: Tx) => Promise<void>,
): Promise<"deleted" | "not-found" | "last-admin"> {
  const db = await getDb();
  return transaction(db, async (tx) => {
    const admins = await queryRows<{ id: string }>(
      tx,
      sql`select id from users where role = 'admin' order by id for update`,
    );
    if (admins.length === 1 && admins[0].id === userId) return "last-admin";
    await handTeamsOn(tx, userId);
    const deleted = await queryRows<{ id: string }>(tx, sql`delete from users where id = ${userId}::uuid returning id`);
    if (deleted.length === 0) return "not-found";
    // Their pages go, and their reviews from the home page.
    invalidatePublicPages([publicPageTag.host(userId), publicPageTag.home]);
    await within(tx);
    return "deleted";
  });
}

/**
 * Before an account goes, what it held for its teams passes to the team's next in line (another
 * owner, else the longest-standing admin, else member): the owner role when it was the last
 * owner, the team event types it made (on the successor's default schedule) and the team webhooks
 * it made. A team it was alone in goes with it (its types and webhooks too).
 */
async function handTeamsOn(tx: Tx, userId: string): Promise<void> {
  const u = sql`${userId}::uuid`;
  await tx.execute(sql`
    create temporary table successors on commit drop as
    select distinct on (m.team_id) m.team_id, m.user_id,
      (select s.id from schedules s where s.user_id = m.user_id order by s.is_default desc, s.created_at limit 1) as schedule_id
    from team_memberships m
    where m.team_id in (select team_id from team_memberships where user_id = ${u}) and m.user_id <> ${u}
    order by m.team_id, case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.created_at, m.user_id`);
  await tx.execute(sql`
    update team_memberships t set role = 'owner' from successors s
    where t.team_id = s.team_id and t.user_id = s.user_id and t.role <> 'owner'`);
  await tx.execute(sql`
    update event_types e set user_id = s.user_id, schedule_id = s.schedule_id from successors s
    where e.team_id = s.team_id and e.user_id = ${u} and e.parent_id is null and s.schedule_id is not null`);
  await tx.execute(sql`
    update webhook_subscriptions w set user_id = s.user_id from successors s
    where w.team_id = s.team_id and w.user_id = ${u}`);
  await tx.execute(sql`
    delete from teams where id in (select team_id from team_memberships where user_id = ${u})
      and id not in (select team_id from successors)`);
  await tx.execute(sql`drop table successors`);
}

/** True when the account is the only admin. */
export async function isLastAdmin(userId: string): Promise<boolean> {
  const db = await getDb();
  const admins = await queryRows<{ id: string }>(db, sql`select id from users where role = 'admin' limit 2`);
  return admins.length === 1 && admins[0].id === userId;
}
