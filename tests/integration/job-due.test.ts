import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lapsedPendingBookings } from "../../app/models/approval.server";
import { bookingEventConsumerNames, claimableDeliveries } from "../../app/models/booking-events.server";
import { lapsedPaymentHolds, lapsedSeatHolds, refundsDue } from "../../app/models/booking-payment.server";
import { claimDueConnections } from "../../app/models/calendar.server";
import { claimTurn, HOUSEKEEPING_INTERVAL_MS, HOUSEKEEPING_JOB } from "../../app/models/housekeeping.server";
import { dueJobsOn, dueJobsQuery } from "../../app/models/job-due.server";
import { askNextReconfirm, lapsedReconfirmations, reconfirmDue } from "../../app/models/reconfirm.server";
import { claimDueDeliveries } from "../../app/models/webhook.server";
import { WORKFLOWS_JOB, workflowPollQuery } from "../../app/models/workflow.server";
import { closeDatabase, getDb, startDatabase } from "../../app/server/db.server";
import { outboxMailDue } from "../../app/server/mail-transport.server";
import { outboxSmsDue } from "../../app/server/sms.server";
import { registerBookingConsumers } from "../../app/services/bookings.server";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "../../db/client";
import {
  bookingEventDeliveries,
  bookingEvents,
  bookingPayments,
  bookingSeats,
  calendarConnections,
  events,
  jobLeases,
  mailOutbox,
  smsOutbox,
  users,
  webhookDeliveries,
  webhookSubscriptions,
} from "../../db/schema";
import { nodesOf, type PlanNode } from "../support/explain";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

/**
 * The job runner's one check per poll (docs/decisions/135) over the jobs' real queries. Its safety
 * rule: whenever a job's own query finds work, the check says that job is due. Each fixture below
 * starts from an empty database, runs the check, then every job's own query (the claiming ones
 * too: their leases are thrown away with the fixture), and asserts the rule for every job; and
 * that the check says exactly what the fixture expects (so it stays narrow). The same check runs on
 * the embedded database (PGlite), which the app opens with DATA_DIR.
 */

const JOBS = [
  "approval-holds",
  "payment-holds",
  "booking-events",
  "webhooks",
  "calendars",
  "workflows",
  "reconfirmations",
  "outbox",
  "sms",
  "housekeeping",
] as const;
type JobName = (typeof JOBS)[number];

const NOW = new Date();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(NOW.getTime() + ms);

/** Whether each job's own query finds work at NOW (through the app's database, getDb). */
const ownQueries: Record<JobName, (db: Database) => Promise<boolean>> = {
  "approval-holds": async () => (await lapsedPendingBookings(NOW)).length > 0,
  "payment-holds": async () =>
    (await lapsedPaymentHolds(NOW)).length > 0 ||
    (await lapsedSeatHolds(NOW)).length > 0 ||
    (await refundsDue()).length > 0,
  "booking-events": async (db) => {
    for (const consumer of bookingEventConsumerNames()) {
      const rows = await db
        .select({ id: bookingEventDeliveries.bookingEventId })
        .from(bookingEventDeliveries)
        .where(claimableDeliveries(consumer, NOW))
        .limit(1);
      if (rows.length > 0) return true;
    }
    return false;
  },
  webhooks: async () => (await claimDueDeliveries(NOW, { batch: 64, leaseMs: MINUTE })).length > 0,
  calendars: async () => (await claimDueConnections(NOW, 2 * MINUTE, 20)).length > 0,
  // The job's own order: the poll's lease, then what is due.
  workflows: async (db) =>
    (await claimTurn(db, WORKFLOWS_JOB, NOW, 800)) && (await workflowPollQuery(db, NOW)).length > 0,
  reconfirmations: async (db) => {
    // What runReconfirmations does: clear cancelled rows' due time, cancel the lapsed, ask the next.
    const cleared = await db
      .select({ id: events.id })
      .from(events)
      .where(sql`${reconfirmDue(NOW)} and ${events.status} = 'cancelled'`);
    return (
      cleared.length > 0 ||
      (await lapsedReconfirmations(NOW)).length > 0 ||
      (await askNextReconfirm(NOW, async () => {}))
    );
  },
  // The outbox jobs send only with a transport configured; their claim's condition is this.
  outbox: async (db) => (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(outboxMailDue(NOW))).length > 0,
  sms: async (db) => (await db.select({ id: smsOutbox.id }).from(smsOutbox).where(outboxSmsDue(NOW))).length > 0,
  housekeeping: (db) => claimTurn(db, HOUSEKEEPING_JOB, NOW, HOUSEKEEPING_INTERVAL_MS),
};

/** The host every fixture's rows belong to. */
async function host(db: Database): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email: `host-${crypto.randomUUID()}@example.test`, name: "Host" })
    .returning({ id: users.id });
  return row.id;
}

function event(hostId: string, extra: Partial<typeof events.$inferInsert> = {}): typeof events.$inferInsert {
  return {
    hostId,
    eventName: "Intro call",
    eventType: "Phone Call",
    eventWith: "One-to-One",
    description: "",
    startsAt: at(48 * HOUR),
    endsAt: at(48 * HOUR + 30 * MINUTE),
    guestEmail: "guest@example.test",
    guestName: "Guest",
    ...extra,
  };
}

/** Neither lease taken by another server (the workflows lease held, so a fixture's confirmed event does not make that job due). */
const BOTH_LEASES: JobName[] = ["housekeeping", "workflows"];

async function leases(db: Database, held: JobName[]) {
  if (held.length > 0)
    await db.insert(jobLeases).values(held.map((name) => ({ name, nextRunAt: at(HOUR), lastRunAt: NOW })));
}

async function bookingRecord(
  db: Database,
  consumer: string,
  extra: Partial<typeof bookingEventDeliveries.$inferInsert> = {},
) {
  const [record] = await db
    .insert(bookingEvents)
    .values({ kind: "created", eventId: crypto.randomUUID(), actor: "guest", payload: {} })
    .returning({ id: bookingEvents.id });
  await db.insert(bookingEventDeliveries).values({ bookingEventId: record.id, consumer, ...extra });
}

async function webhookDelivery(db: Database, hostId: string, active: boolean, nextAttemptAt: Date) {
  const [subscription] = await db
    .insert(webhookSubscriptions)
    .values({ userId: hostId, url: "https://hooks.example.test/in", events: ["BOOKING_CREATED"], secret: "s", active })
    .returning({ id: webhookSubscriptions.id });
  await db.insert(webhookDeliveries).values({
    subscriptionId: subscription.id,
    messageId: `msg_${crypto.randomUUID()}`,
    type: "BOOKING_CREATED",
    body: "{}",
    nextAttemptAt,
  });
}

interface Fixture {
  name: string;
  /** What the check must say is due (the jobs whose own query finds work, and any it answers broadly for). */
  due: JobName[];
  /** Jobs whose own query finds work here (checked on PostgreSQL), when not all of `due`. */
  finds?: JobName[];
  /** Leases another server holds before `insert` runs (default: both, so neither job is due by its turn). */
  leases?: JobName[];
  insert(db: Database): Promise<void>;
}

const fixtures: Fixture[] = [
  // No lease row yet: housekeeping's first turn is due at once on a new database (docs/decisions/026).
  { name: "an empty database", due: ["housekeeping"], leases: [], insert: async () => {} },
  { name: "both leases held by another server", due: [], insert: async () => {} },
  {
    name: "a pending booking whose hold ran out",
    due: ["approval-holds"],
    insert: async (db) => {
      await db.insert(events).values(event(await host(db), { status: "pending", holdUntil: at(-MINUTE) }));
    },
  },
  {
    name: "a pending booking still held",
    due: [],
    insert: async (db) => {
      await db.insert(events).values(event(await host(db), { status: "pending", holdUntil: at(MINUTE) }));
    },
  },
  {
    name: "a paid booking whose hold ran out",
    due: ["payment-holds"],
    insert: async (db) => {
      const [row] = await db
        .insert(events)
        .values(event(await host(db), { status: "awaiting_payment", holdUntil: at(-MINUTE) }))
        .returning({ id: events.id });
      await db.insert(bookingPayments).values({ eventId: row.id, amount: 5000, currency: "eur" });
    },
  },
  {
    name: "a held seat whose hold ran out",
    due: ["payment-holds"],
    insert: async (db) => {
      const [session] = await db
        .insert(events)
        .values(event(await host(db), { eventWith: "Group" }))
        .returning({ id: events.id });
      const [seat] = await db
        .insert(bookingSeats)
        .values({
          eventId: session.id,
          name: "Seat",
          email: "seat@example.test",
          timeZone: "UTC",
          tokenHash: crypto.randomUUID(),
          status: "awaiting_payment",
          holdUntil: at(-MINUTE),
        })
        .returning({ id: bookingSeats.id });
      await db.insert(bookingPayments).values({ eventId: session.id, seatId: seat.id, amount: 5000, currency: "eur" });
    },
  },
  {
    name: "a refund still due",
    due: ["payment-holds"],
    insert: async (db) => {
      const [row] = await db
        .insert(events)
        .values(event(await host(db), { status: "cancelled" }))
        .returning({ id: events.id });
      await db
        .insert(bookingPayments)
        .values({ eventId: row.id, amount: 5000, currency: "eur", state: "refund_due", paymentIntentId: "pi_1" });
    },
  },
  {
    name: "a booking event's delivery to a registered consumer",
    due: ["booking-events"],
    leases: ["housekeeping"],
    insert: async (db) => {
      await bookingRecord(db, "mail");
    },
  },
  {
    name: "a delivery retried later, one given up, one for a consumer no longer registered",
    due: [],
    leases: ["housekeeping"],
    insert: async (db) => {
      await bookingRecord(db, "mail", { attempts: 1, nextAttemptAt: at(MINUTE) });
      await bookingRecord(db, "mail", { attempts: 8 });
      await bookingRecord(db, "a-consumer-removed-since");
    },
  },
  {
    name: "a webhook delivery whose time has come",
    due: ["webhooks"],
    leases: ["housekeeping"],
    insert: async (db) => {
      await webhookDelivery(db, await host(db), true, at(-MINUTE));
    },
  },
  {
    // The check leaves the subscription out (broader): due, though the job sends nothing.
    name: "a webhook delivery of a switched-off subscription",
    due: ["webhooks"],
    finds: [],
    leases: ["housekeeping"],
    insert: async (db) => {
      await webhookDelivery(db, await host(db), false, at(-MINUTE));
    },
  },
  {
    name: "a webhook delivery retried later",
    due: [],
    leases: ["housekeeping"],
    insert: async (db) => {
      await webhookDelivery(db, await host(db), true, at(MINUTE));
    },
  },
  {
    name: "a calendar connection due for a sync",
    due: ["calendars"],
    leases: ["housekeeping"],
    insert: async (db) => {
      await db.insert(calendarConnections).values({
        userId: await host(db),
        type: "ics",
        name: "feed",
        url: "https://cal.example.test/a.ics",
        nextSyncAt: at(-MINUTE),
      });
    },
  },
  {
    name: "a calendar connection synced a moment ago",
    due: [],
    leases: ["housekeeping"],
    insert: async (db) => {
      await db.insert(calendarConnections).values({
        userId: await host(db),
        type: "ics",
        name: "feed",
        url: "https://cal.example.test/a.ics",
        nextSyncAt: at(MINUTE),
      });
    },
  },
  {
    // A new confirmed event is marked for the workflow poll by its trigger (docs/decisions/103).
    name: "a confirmed booking just made",
    due: ["workflows"],
    leases: ["housekeeping"],
    insert: async (db) => {
      await db.insert(events).values(event(await host(db)));
    },
  },
  {
    name: "a confirmed booking just made, the workflow lease held by another server",
    due: [],
    insert: async (db) => {
      await db.insert(events).values(event(await host(db)));
    },
  },
  {
    name: "a reconfirmation to ask",
    due: ["reconfirmations"],
    insert: async (db) => {
      await db
        .insert(events)
        .values(event(await host(db), { reconfirmState: "scheduled", reconfirmDueAt: at(-MINUTE) }));
    },
  },
  {
    name: "a reconfirmation asked and not confirmed by its deadline",
    due: ["reconfirmations"],
    insert: async (db) => {
      await db.insert(events).values(event(await host(db), { reconfirmState: "asked", reconfirmDueAt: at(-MINUTE) }));
    },
  },
  {
    name: "a cancelled booking's reconfirmation to clear",
    due: ["reconfirmations"],
    insert: async (db) => {
      await db
        .insert(events)
        .values(event(await host(db), { status: "cancelled", reconfirmState: "asked", reconfirmDueAt: at(-MINUTE) }));
    },
  },
  {
    name: "a reconfirmation to ask tomorrow",
    due: [],
    insert: async (db) => {
      await db
        .insert(events)
        .values(event(await host(db), { reconfirmState: "scheduled", reconfirmDueAt: at(24 * HOUR) }));
    },
  },
  {
    name: "a queued mail and a failed one to retry",
    due: ["outbox"],
    leases: ["housekeeping"],
    insert: async (db) => {
      await db.insert(mailOutbox).values([
        { to: "guest@example.test", subject: "Hi", text: "Hi", status: "queued" },
        {
          to: "guest@example.test",
          subject: "Hi",
          text: "Hi",
          status: "failed",
          attempts: 2,
          nextAttemptAt: at(-MINUTE),
        },
      ]);
    },
  },
  {
    name: "mail stored without SMTP, sent, retried later, given up, or to nobody",
    due: [],
    leases: ["housekeeping"],
    insert: async (db) => {
      await db.insert(mailOutbox).values([
        { to: "guest@example.test", subject: "Hi", text: "Hi", status: "stored" },
        { to: "guest@example.test", subject: "Hi", text: "Hi", status: "sent", sentAt: NOW },
        {
          to: "guest@example.test",
          subject: "Hi",
          text: "Hi",
          status: "failed",
          attempts: 1,
          nextAttemptAt: at(MINUTE),
        },
        { to: "guest@example.test", subject: "Hi", text: "Hi", status: "failed", attempts: 5 },
        { to: "", subject: "Hi", text: "Hi", status: "queued" },
      ]);
    },
  },
  {
    name: "a queued text",
    due: ["sms"],
    leases: ["housekeeping"],
    insert: async (db) => {
      await db.insert(smsOutbox).values({ to: "+447700900123", body: "See you soon", status: "queued" });
    },
  },
  {
    name: "a text retried later",
    due: [],
    leases: ["housekeeping"],
    insert: async (db) => {
      await db.insert(smsOutbox).values({
        to: "+447700900123",
        body: "See you soon",
        status: "failed",
        attempts: 1,
        nextAttemptAt: at(MINUTE),
      });
    },
  },
  {
    name: "housekeeping's turn come again",
    due: ["housekeeping"],
    leases: [],
    insert: async (db) => {
      await db.insert(jobLeases).values({ name: HOUSEKEEPING_JOB, nextRunAt: at(-MINUTE), lastRunAt: at(-HOUR) });
    },
  },
];

/** Back to a freshly migrated database (the catalogue the app seeds stays); deletes, as the tables are tiny. */
async function empty(db: Database) {
  for (const table of [
    bookingEventDeliveries,
    bookingEvents,
    webhookDeliveries,
    webhookSubscriptions,
    calendarConnections,
    bookingPayments,
    bookingSeats,
    events,
    mailOutbox,
    smsOutbox,
    jobLeases,
    users,
  ])
    await db.delete(table);
}

const dueSet = (answers: Record<string, boolean>) => JOBS.filter((job) => answers[job]);

describe("the jobs' due check on PostgreSQL", () => {
  let target: TestDatabase;
  let db: Database;
  const saved = { DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: process.env.SEED_DEMO };

  beforeAll(async () => {
    target = await createTestDatabase("scheduler_job_due");
    // The app's own database (getDb), for the jobs' queries that open it themselves.
    process.env.DATABASE_URL = target.url;
    process.env.SEED_DEMO = "0";
    await startDatabase();
    db = await getDb();
    registerBookingConsumers();
  });

  afterAll(async () => {
    await closeDatabase();
    Object.assign(process.env, saved);
    await target?.drop();
  });

  it("answers every job of the runner, in one statement", async () => {
    await empty(db);
    expect(Object.keys(await dueJobsOn(db, NOW)).sort()).toEqual([...JOBS].sort());
  });

  it.each(fixtures.map((f) => [f.name, f] as const))("%s", async (_name, fixture) => {
    await empty(db);
    await leases(db, fixture.leases ?? BOTH_LEASES);
    await fixture.insert(db);
    const answers = await dueJobsOn(db, NOW);
    const finds: JobName[] = [];
    for (const job of JOBS) if (await ownQueries[job](db)) finds.push(job);
    // The safety rule: the job's own query finds work ⇒ the check says it is due.
    for (const job of finds) expect(answers[job], `${job}: its own query finds work`).toBe(true);
    expect(finds).toEqual(fixture.finds ?? fixture.due);
    expect(dueSet(answers)).toEqual(fixture.due);
  });

  it("can answer every condition from an index the jobs' queries read, whatever the tables hold", async () => {
    await empty(db);
    // With sequential scans priced out, a condition no index serves would still show one.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [row] = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
        tx,
        sql`explain (format json) ${dueJobsQuery(NOW)}`,
      );
      return row["QUERY PLAN"][0].Plan;
    });
    const nodes = nodesOf(plan);
    expect(nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"])).toEqual([]);
    // The partial indexes of what is due: reading them costs the same with millions of past bookings.
    expect(nodes.map((n) => n["Index Name"])).toEqual(
      expect.arrayContaining([
        "booking_seats_hold_until_idx",
        "booking_event_deliveries_due_idx",
        "webhook_deliveries_due_idx",
        "events_workflow_check_idx",
        "events_reconfirm_due_idx",
      ]),
    );
  });
});

describe("the jobs' due check on the embedded database (PGlite)", () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "job-due-pglite-"));
    handle = await openDatabase({ dataDir });
    await handle.prepare(async () => {});
    registerBookingConsumers();
  });

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(fixtures.map((f) => [f.name, f] as const))("%s", async (_name, fixture) => {
    await empty(handle.db);
    await leases(handle.db, fixture.leases ?? BOTH_LEASES);
    await fixture.insert(handle.db);
    expect(dueSet(await dueJobsOn(handle.db, NOW))).toEqual(fixture.due);
  });
});
