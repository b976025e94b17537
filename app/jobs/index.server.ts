import { deliverBookingEvents } from "~/models/booking-events.server";
import { registerBookingConsumers } from "~/services/bookings.server";
import { sendDueWebhooks } from "~/services/webhooks.server";
import { syncDueCalendars } from "~/services/calendars.server";
import { expireHeldBookings } from "~/services/approval.server";
import { expirePaymentHolds } from "~/services/paid-bookings.server";
import { runReconfirmations } from "~/services/reconfirm.server";
import { HOUSEKEEPING_SWEEPS, retentionSweeps, runHousekeeping } from "~/models/housekeeping.server";
import { dueJobs } from "~/models/job-due.server";
import { runDueWorkflows } from "~/services/workflows.server";
import { getDb, noteDatabaseFault } from "~/server/db.server";
import { env } from "~/server/env.server";
import { mailMarksLost, sendOutboxMail } from "~/server/mail-transport.server";
import { sendOutboxSms } from "~/server/sms.server";
import { startJobRunner, type JobRunner } from "./runner.server";

/**
 * The app server's jobs (docs/decisions/022), started after the database is migrated and
 * stopped before it is closed. Reminders first, so a reminder queued for SMTP goes out in the
 * same poll; housekeeping last.
 */
const globalForJobs = globalThis as typeof globalThis & { __schedulerJobs?: JobRunner };

export function startJobs(): { pollMs: number } | null {
  // Before any request: a booking written on a server without jobs still gets its delivery rows,
  // for the servers that run them (decision 055).
  registerBookingConsumers();
  const e = env();
  if (e.JOBS === "off") {
    console.log("Job runner: off (JOBS=off): no reminders, no outbox retries, no housekeeping on this server");
    return null;
  }
  if (!globalForJobs.__schedulerJobs) console.log(`Job runner: every ${e.JOBS_POLL_MS / 1000} s`);
  globalForJobs.__schedulerJobs ??= startJobRunner({
    pollMs: e.JOBS_POLL_MS,
    isOutage: noteDatabaseFault,
    // One statement a poll says which jobs may have work (decision 135).
    due: async (now) => {
      const due = await dueJobs(now);
      // Sent mail whose mark was lost waits in this process, not in the table (decision 063).
      return mailMarksLost() ? { ...due, outbox: true } : due;
    },
    jobs: [
      // Pending bookings whose hold ran out are declined first, so their records go out in this poll (decision 040).
      { name: "approval-holds", run: async (now) => void (await expireHeldBookings(now)) },
      // Paid bookings left unpaid for 15 minutes free their slot; refunds still due are retried (decision 107).
      { name: "payment-holds", run: async (now) => void (await expirePaymentHolds(now)) },
      // Booking events before the outbox, so a booking's mails queued here leave in the same poll (decision 030).
      // A backlog (left by servers with JOBS=off, or while this one was down) goes batch after
      // batch, not one batch a poll (decision 138).
      { name: "booking-events", run: async (now) => (await deliverBookingEvents(now)) > 0 },
      // Webhooks the booking events just fanned out go in the same poll (docs/decisions/037).
      { name: "webhooks", run: async (now) => (await sendDueWebhooks(now)) > 0 },
      // The hosts' outside calendars, each connection every CALENDAR_SYNC_SECONDS (docs/decisions/035).
      { name: "calendars", run: async () => void (await syncDueCalendars()) },
      // The hosts' timed workflows, decision 022's reminders among them (decision 085); one server
      // a poll reads what is due (decision 103).
      { name: "workflows", run: async (now) => void (await runDueWorkflows(now, e.JOBS_POLL_MS)) },
      // Reconfirmations (decision 086): "Please confirm" mails go out in this poll's outbox run.
      { name: "reconfirmations", run: async (now) => void (await runReconfirmations(now)) },
      { name: "outbox", run: async (now) => (await sendOutboxMail(now)) > 0 },
      // Texts the workflows just wrote (decision 090).
      { name: "sms", run: async (now) => (await sendOutboxSms(now)) > 0 },
      // Once an hour on one server, whichever claims the turn (docs/decisions/026).
      {
        name: "housekeeping",
        run: async (now) => {
          const deleted = await runHousekeeping(await getDb(), now, {
            sweeps: [...HOUSEKEEPING_SWEEPS, ...retentionSweeps(e.AUDIT_RETENTION_DAYS, e.BOOKING_RETENTION_DAYS)],
          });
          const lines = Object.entries(deleted ?? {}).filter(([, n]) => n > 0);
          if (lines.length) console.log(`Housekeeping: deleted ${lines.map(([what, n]) => `${n} ${what}`).join(", ")}`);
        },
      },
    ],
  });
  return { pollMs: e.JOBS_POLL_MS };
}

export async function stopJobs(): Promise<void> {
  const runner = globalForJobs.__schedulerJobs;
  globalForJobs.__schedulerJobs = undefined;
  await runner?.stop();
}
