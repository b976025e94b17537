import { and, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Database } from "../../db/client";
import {
  bookingEventDeliveries,
  bookingPayments,
  bookingSeats,
  calendarConnections,
  events,
  mailOutbox,
  smsOutbox,
  webhookDeliveries,
} from "../../db/schema";
import { getDb } from "~/server/db.server";
import { outboxMailDue } from "~/server/mail-transport.server";
import { outboxSmsDue } from "~/server/sms.server";
import { pendingHoldLapsed } from "./approval.server";
import { bookingEventConsumerNames, deliveryDue } from "./booking-events.server";
import { paymentHoldLapsed, refundIsDue, seatHoldLapsed } from "./booking-payment.server";
import { connectionSyncDue } from "./calendar.server";
import { HOUSEKEEPING_JOB, turnDue } from "./housekeeping.server";
import { reconfirmDue } from "./reconfirm.server";
import { webhookDeliveryDue } from "./webhook.server";
import { WORKFLOWS_JOB, workflowCheckDue } from "./workflow.server";

/**
 * Whether each job of app/jobs/index.server.ts may have work at `now` (docs/decisions/135), by
 * the job's name. Each condition is implied by the job's own queries: it shares their where
 * expressions and leaves out what is costly (the order of a booking's records, the holding
 * consumers, active subscriptions, joins), so it may say "due" when the job then finds nothing,
 * never the reverse. Each reads the index the job's own query reads.
 */
export function jobDueConditions(now: Date): Record<string, SQL> {
  const exists = (table: PgTable, where: SQL | undefined) => sql`exists (select 1 from ${table} where ${where})`;
  const consumers = bookingEventConsumerNames();
  return {
    "approval-holds": exists(events, pendingHoldLapsed(now)),
    // Bookings' holds, seats' holds, refunds still due.
    "payment-holds": or(
      exists(events, paymentHoldLapsed(now)),
      exists(bookingSeats, seatHoldLapsed(now)),
      exists(bookingPayments, refundIsDue()),
    )!,
    // Without consumers the job does nothing.
    "booking-events":
      consumers.length === 0
        ? sql`false`
        : exists(bookingEventDeliveries, and(inArray(bookingEventDeliveries.consumer, consumers), deliveryDue(now))),
    webhooks: exists(webhookDeliveries, webhookDeliveryDue(now)),
    calendars: exists(calendarConnections, connectionSyncDue(now)),
    // The job reads what is due only with the poll's lease (decision 103).
    workflows: and(exists(events, workflowCheckDue(now)), turnDue(WORKFLOWS_JOB, now))!,
    reconfirmations: exists(events, reconfirmDue(now)),
    outbox: exists(mailOutbox, outboxMailDue(now)),
    sms: exists(smsOutbox, outboxSmsDue(now)),
    [HOUSEKEEPING_JOB]: turnDue(HOUSEKEEPING_JOB, now),
  };
}

/** Every condition of jobDueConditions in one statement (one round trip), a column per job. */
export function dueJobsQuery(now: Date): SQL {
  const columns = Object.entries(jobDueConditions(now)).map(([name, due]) => sql`${due} as ${sql.identifier(name)}`);
  return sql`select ${sql.join(columns, sql`, `)}`;
}

/** Job name → whether it may have work at `now`. */
export async function dueJobsOn(db: Database, now: Date): Promise<Record<string, boolean>> {
  const [row] = await queryRows<Record<string, boolean>>(db, dueJobsQuery(now));
  return row;
}

/** The job runner's check before each poll (app/jobs/index.server.ts). */
export async function dueJobs(now: Date): Promise<Record<string, boolean>> {
  return dueJobsOn(await getDb(), now);
}
