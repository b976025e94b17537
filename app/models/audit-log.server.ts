import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditLog, users, type AuditLogEntry } from "../../db/schema";
import type { AuditAction, AuditLogQuery, AuditTargetType } from "~/schemas/audit";
import { getDb } from "~/server/db.server";

/** What one entry says; `at` defaults to the database's clock. */
export interface AuditRow {
  actorId: string | null;
  /** undefined: the actor account's e-mail, read in the same statement (and transaction). */
  actorEmail: string | null | undefined;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at?: Date;
}

type Writer = Pick<Database, "insert">;

/** Appends one entry, on `db` or inside a caller's transaction. */
export async function insertAuditRow(row: AuditRow, writer?: Writer): Promise<void> {
  const db = writer ?? (await getDb());
  // The actor's e-mail is read by the insert itself: inside a caller's transaction a second
  // query on another connection could wait for it (the embedded database has one connection).
  const actorEmail =
    row.actorEmail !== undefined || !row.actorId
      ? (row.actorEmail ?? null)
      : sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${row.actorId})`;
  // The app's clock, in milliseconds: the cursor of listAuditEntries compares instants at that precision.
  await db.insert(auditLog).values({ ...row, actorEmail, at: row.at ?? new Date() });
}

/** The cursor is `<ISO time>|<id>` of the last entry shown: newest first, ties by id. */
function encodeCursor(entry: AuditLogEntry): string {
  return Buffer.from(`${entry.at.toISOString()}|${entry.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const when = new Date(at ?? "");
  if (!id || Number.isNaN(when.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { at: when, id };
}

export class BadCursorError extends Error {}

/** One page of the log, newest first, filtered; `nextCursor` is null on the last page. */
export async function listAuditEntries(
  query: AuditLogQuery,
): Promise<{ items: AuditLogEntry[]; nextCursor: string | null }> {
  const db = await getDb();
  const where: (SQL | undefined)[] = [];
  if (query.actor) {
    const actor = query.actor.trim();
    where.push(
      /^[0-9a-f-]{36}$/i.test(actor)
        ? eq(auditLog.actorId, actor)
        : eq(sql`lower(${auditLog.actorEmail})`, actor.toLowerCase()),
    );
  }
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.from) where.push(gte(auditLog.at, query.from));
  if (query.to) where.push(lte(auditLog.at, query.to));
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    if (!c) throw new BadCursorError("The cursor is not one this path gave.");
    where.push(or(lt(auditLog.at, c.at), and(eq(auditLog.at, c.at), lt(auditLog.id, c.id))));
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  return { items, nextCursor: rows.length > query.limit ? encodeCursor(items[items.length - 1]) : null };
}

/** Entries by or about a user (their export). */
export async function auditEntriesAbout(userId: string): Promise<AuditLogEntry[]> {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.actorId, userId), and(inArray(auditLog.targetType, ["user"]), eq(auditLog.targetId, userId))))
    .orderBy(desc(auditLog.at));
}

/** Every entry the filter matches (newest first, at most `max`), for a CSV export. */
export async function allAuditEntries(query: AuditLogQuery, max = 100_000): Promise<AuditLogEntry[]> {
  const out: AuditLogEntry[] = [];
  let cursor: string | undefined = undefined;
  do {
    const page = await listAuditEntries({ ...query, cursor, limit: 500 });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && out.length < max);
  return out.slice(0, max);
}
