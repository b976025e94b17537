import { AsyncLocalStorage } from "node:async_hooks";
import { and, asc, eq, inArray, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import type nodemailer from "nodemailer";
import { queryRows, type Database } from "../../db/client";
import { mailOutbox, type MailOutboxEntry, type MailOutboxStatus, type StoredMailAttachment } from "../../db/schema";
import type { MailAttachment, MailMessage } from "~/schemas/mail-message";
import { getDb } from "./db.server";
import { env } from "./env.server";

/**
 * The app's one way to send e-mail (docs/decisions/006). Every message goes through the
 * mail_outbox table (decision 063): with SMTP_URL set the job runner sends it ('queued', then
 * 'sent', or 'failed' and retried); without it, or when it has no recipient, it is kept there
 * ('stored'). Only the contact form (sendMailNow) still waits on the SMTP server in its request.
 * sendMail never throws: callers decide what a failure means to the user.
 */

export interface MailResult {
  /** True only when the SMTP server accepted the message for every recipient. */
  delivered: boolean;
  via: "smtp" | "outbox";
  error?: string;
}

/** A dead or slow SMTP server costs the request a few seconds at most, never a hang. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 } as const;

type Transporter = ReturnType<typeof nodemailer.createTransport>;
let cached: { url: string; direct: Transporter; pooled: Transporter } | undefined;

/**
 * `direct`: one SMTP conversation per message, for a request that waits on it (its timeouts are
 * the whole wait). `pooled`: the outbox's sender, over up to MAIL_LANES open connections, so a
 * message costs no connect, greeting, EHLO and QUIT of its own (most of a mail's CPU); a
 * connection is replaced after 100 messages and closed when idle past the socket timeout.
 */
async function smtpTransport(kind: "direct" | "pooled"): Promise<Transporter | null> {
  const url = env().SMTP_URL;
  if (!url) return null;
  // Loaded on first use: importing nodemailer costs a server start about 0.15 s of CPU, and a
  // server without SMTP_URL never needs it (docs/decisions/136).
  const { default: nodemailer } = await import("nodemailer");
  if (cached?.url !== url) {
    cached?.pooled.close();
    cached = {
      url,
      direct: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }),
      pooled: nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: MAIL_LANES,
        maxMessages: 100,
        ...SMTP_TIMEOUTS,
      }),
    };
  }
  return cached[kind];
}

/**
 * An outbox message's Message-ID: the same on every try (decision 063), so a message sent again
 * after its mark was lost is one message to the receiving side, which drops the copy.
 */
export function outboxMessageId(id: string): string {
  const e = env();
  const host = e.APP_URL ? new URL(e.APP_URL).hostname : "localhost";
  return `<outbox.${id}@${host}>`;
}

/** MAIL_FROM, or a no-reply address on the app's own host. */
export function mailFrom(): string {
  const e = env();
  if (e.MAIL_FROM) return e.MAIL_FROM;
  const host = e.APP_URL ? new URL(e.APP_URL).hostname : "localhost";
  return `Scheduler <no-reply@${host}>`;
}

function recipients(to: string | string[]): string[] {
  return (Array.isArray(to) ? to : [to]).map((r) => r.trim()).filter(Boolean);
}

/** nodemailer's message plus its code (ETIMEDOUT, EENVELOPE, ...), which says more to an admin. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
  return text.slice(0, 1000) || "Unknown error";
}

function storedAttachments(attachments: MailAttachment[] = []): StoredMailAttachment[] {
  return attachments.map((a) =>
    typeof a.content === "string"
      ? { filename: a.filename, contentType: a.contentType, encoding: "utf8", content: a.content }
      : {
          filename: a.filename,
          contentType: a.contentType,
          encoding: "base64",
          content: Buffer.from(a.content).toString("base64"),
        },
  );
}

/** SMTP tries per message, the one in the request included; then it stays 'failed' for good. */
export const MAX_MAIL_ATTEMPTS = 5;

/** The error of a message whose handover to the SMTP server was cut off (decision 081). */
export const INTERRUPTED_HANDOVER =
  "Cut off while being handed to the SMTP server (the sending app server stopped): it may have been delivered, so it was not sent again.";

/** The pause after the `attempts`-th failed try: 1, 4, 16, 64 minutes (docs/decisions/022). */
export function mailRetryDelayMs(attempts: number): number {
  return 60_000 * 4 ** Math.max(0, Math.min(attempts, 6) - 1);
}

/** A message as an outbox row (without its status and retry columns). */
function outboxRow(message: MailMessage, to: string[]) {
  return {
    to: to.join(", "),
    replyTo: message.replyTo ?? null,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    attachments: storedAttachments(message.attachments),
  };
}

async function storeInOutbox(
  message: MailMessage,
  to: string[],
  status: MailOutboxStatus,
  error?: string,
): Promise<void> {
  const db = await getDb();
  const failed = status === "failed";
  await db.insert(mailOutbox).values({
    ...outboxRow(message, to),
    status,
    error: error ?? null,
    // The request made the first try; the job runner makes the next ones.
    attempts: failed ? 1 : 0,
    nextAttemptAt: failed ? new Date(Date.now() + mailRetryDelayMs(1)) : null,
  });
}

/**
 * Writes a message to the outbox inside the caller's transaction, so it exists exactly when
 * the caller's other writes do (a reminder and its delivery key). With SMTP configured it is
 * 'queued' for the job runner to send; without, 'stored' as sendMail would keep it.
 */
export async function queueMail(
  tx: Pick<Database, "insert">,
  message: MailMessage,
  about: { eventId?: string | null } = {},
): Promise<void> {
  await queueMails(tx, [message], about);
}

/** queueMail for several messages, in one statement. */
export async function queueMails(
  tx: Pick<Database, "insert">,
  messages: MailMessage[],
  about: { eventId?: string | null } = {},
): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(mailOutbox).values(queuedRows(messages, about));
}

/** The outbox rows of messages for the job runner: 'queued' with SMTP and a recipient, else 'stored'. */
function queuedRows(messages: MailMessage[], about: { eventId?: string | null }) {
  const smtp = Boolean(env().SMTP_URL);
  return messages.map((message) => {
    const to = recipients(message.to);
    return {
      ...outboxRow(message, to),
      eventId: about.eventId ?? null,
      status: smtp && to.length > 0 ? ("queued" as const) : ("stored" as const),
    };
  });
}

/**
 * queueMails as one statement that writes the messages only where `when` (a condition of the
 * same statement) holds: the booking events' mail consumer marks its record delivered and
 * writes its messages in one statement (docs/decisions/030).
 */
export function queueMailsWhere(messages: MailMessage[], about: { eventId?: string | null }, when: SQL): SQL {
  const rows = queuedRows(messages, about).map((row) => ({
    to: row.to,
    reply_to: row.replyTo,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments,
    event_id: row.eventId,
    status: row.status,
  }));
  return sql`insert into ${mailOutbox} ("to", reply_to, subject, text, html, attachments, event_id, status)
    select r."to", r.reply_to, r.subject, r.text, r.html, r.attachments, r.event_id, r.status::mail_outbox_status
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("to" text, reply_to text, subject text, text text, html text, attachments jsonb, event_id uuid, status text)
    where ${when}`;
}

/** Hands a message to the SMTP server: the recipients it refused (all of them when it failed). */
async function smtpSend(
  transporter: Transporter,
  message: MailMessage,
  to: string[],
  messageId?: string,
): Promise<{ undelivered: string[]; error?: string }> {
  try {
    const from = mailFrom();
    // Built whole first, then handed over as one piece: streamed part by part, the MIME parts
    // went to the SMTP socket as about 16 separate small writes per message (one system call
    // each); as one buffer they go in one. The bytes are those nodemailer builds for sendMail.
    const { default: MailComposer } = await import("nodemailer/lib/mail-composer");
    const raw = await new MailComposer({
      from,
      to,
      messageId,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        content: typeof a.content === "string" ? a.content : Buffer.from(a.content),
        contentType: a.contentType,
      })),
    })
      .compile()
      .build();
    const info: { rejected?: string[] } = await transporter.sendMail({ envelope: { from, to }, raw });
    const rejected = info.rejected ?? [];
    if (rejected.length === 0) return { undelivered: [] };
    // Some recipients got it: only the refused ones are kept for another try.
    return { undelivered: rejected, error: `Recipient refused: ${rejected.join(", ")}` };
  } catch (caught) {
    return { undelivered: to, error: errorText(caught) };
  }
}

function fromStored(entry: MailOutboxEntry): MailMessage {
  return {
    to: entry.to.split(","),
    replyTo: entry.replyTo ?? undefined,
    subject: entry.subject,
    text: entry.text,
    html: entry.html ?? undefined,
    attachments: entry.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.encoding === "base64" ? Buffer.from(a.content, "base64") : a.content,
    })),
  };
}

/** How long a claimed message is left alone, longer than any SMTP timeout: a crashed sender's claim runs out. */
const CLAIM_MS = 2 * 60_000;

/**
 * The job runner's outbox job: sends queued messages and retries failed ones (at most
 * MAX_MAIL_ATTEMPTS tries, pausing longer each time) when SMTP is configured. Each app server
 * claims a batch with FOR UPDATE SKIP LOCKED, so no two servers send the same message. A message's
 * handover is noted before its SMTP conversation and cleared with the answer: one whose sender
 * was cut off in between is never sent again (decision 081). Messages kept 'stored' (no SMTP when
 * they were written) are left alone. Answers how many it sent.
 */
export function sendOutboxMail(now: Date, batch = 20): Promise<number> {
  if (stopping) return Promise.resolve(0);
  const run = sendOutboxBatch(now, batch);
  sendsUnderWay.add(run);
  return run.finally(() => sendsUnderWay.delete(run));
}

/** Runs of sendOutboxMail under way (the job's, and nudges from requests): shutdown waits for them. */
const sendsUnderWay = new Set<Promise<number>>();
let stopping = false;
/**
 * Messages the SMTP server took whose 'sent' mark did not reach the database (a fault, a
 * shutdown): marked again before anything else is sent, and never claimed again by this
 * process meanwhile, so a lost mark does not send a message twice (decision 063).
 */
const unmarked = new Set<string>();

async function markSentNow(ids: string[]): Promise<void> {
  const db = await getDb();
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: new Date(), error: null, nextAttemptAt: null, handoverAt: null })
    .where(inArray(mailOutbox.id, ids));
}

async function markUnmarked(): Promise<void> {
  if (unmarked.size === 0) return;
  const ids = [...unmarked];
  await markSentNow(ids);
  for (const id of ids) unmarked.delete(id);
}

/**
 * Shutdown (decision 063): no new sends; the ones under way finish and are marked; a mark a
 * fault lost is tried again a few times. Resolves when that is done; the database closes after.
 */
export async function stopSendingMail(): Promise<void> {
  stopping = true;
  await Promise.allSettled([...sendsUnderWay]);
  for (let attempt = 0; attempt < 5 && unmarked.size > 0; attempt++) {
    try {
      await markUnmarked();
    } catch (error) {
      console.error(`mail: marking ${unmarked.size} sent messages failed (try ${attempt + 1}):`, error);
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}

/** A message the outbox job sends at `now`, if this process holds no lost mark of it (also the job's due check, decision 135). */
export const outboxMailDue = (now: Date) =>
  and(
    inArray(mailOutbox.status, ["queued", "failed"]),
    lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
    ne(mailOutbox.to, ""),
    or(sql`${mailOutbox.nextAttemptAt} is null`, sql`${mailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`),
  );

/** Whether this process holds sent messages whose mark was lost: the outbox job marks them first, due or not. */
export function mailMarksLost(): boolean {
  return unmarked.size > 0;
}

async function sendOutboxBatch(now: Date, batch: number): Promise<number> {
  const transporter = await smtpTransport("pooled");
  if (!transporter) return 0;
  const db = await getDb();
  // Marks lost earlier first; until they land, those messages are not claimed again here.
  await markUnmarked();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(outboxMailDue(now), unmarked.size > 0 ? notInArray(mailOutbox.id, [...unmarked]) : undefined))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(batch)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  let sent = 0;
  // The lanes' notes (a message sent, the next one's handover) go together as they come, in one
  // statement while another is under way (decision 138). A handover's lane waits for its note
  // before the SMTP conversation; a sent mark is not waited for until the batch ends.
  const note = coalescingNotes(({ sent: sentIds, handover }) => notesNow(sentIds, handover));
  const marks: Promise<void>[] = [];
  const released: string[] = [];
  await inLanes(claimed, MAIL_LANES, async (entry) => {
    if (stopping) {
      // Shutting down: claimed but not tried; handed back below for the next server to take now.
      released.push(entry.id);
      return;
    }
    if (entry.handoverAt) {
      // Its last sender stopped while handing it over (killed, or its database went away before
      // the answer was written): it may have been delivered, so it is not sent again (decision 081).
      console.error(`mail: "${entry.subject}" was cut off while being handed over; not sent again`);
      await db
        .update(mailOutbox)
        .set({
          status: "failed",
          error: INTERRUPTED_HANDOVER,
          attempts: MAX_MAIL_ATTEMPTS,
          nextAttemptAt: null,
          handoverAt: null,
        })
        .where(eq(mailOutbox.id, entry.id));
      return;
    }
    try {
      await note("handover", entry.id);
    } catch (error) {
      // Not handed over: its claim runs out and a sender tries it again.
      console.error(`mail: "${entry.subject}" not sent now (its handover could not be noted):`, error);
      return;
    }
    const message = fromStored(entry);
    const { undelivered, error } = await smtpSend(
      transporter,
      message,
      recipients(message.to),
      outboxMessageId(entry.id),
    );
    if (undelivered.length === 0) {
      marks.push(
        note("sent", entry.id).catch((caught) => {
          // Sent but maybe not marked: kept here and marked again (see unmarked), never sent again by this process.
          unmarked.add(entry.id);
          console.error(`mail: "${entry.subject}" was sent but its mark failed (marked again later):`, caught);
        }),
      );
      sent += 1;
    } else {
      console.error(`mail: try ${entry.attempts} of "${entry.subject}" failed: ${error}`);
      await db
        .update(mailOutbox)
        .set({
          status: "failed",
          to: undelivered.join(", "),
          error: error ?? null,
          nextAttemptAt: new Date(Date.now() + mailRetryDelayMs(entry.attempts)),
          handoverAt: null,
        })
        .where(eq(mailOutbox.id, entry.id));
    }
  });
  await Promise.all(marks);
  if (released.length > 0)
    await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: null })
      .where(inArray(mailOutbox.id, released));
  return sent;
}

type OutboxNotes = { sent: string[]; handover: string[] };

/**
 * `write` for each note as it comes, except that notes coming while a write is under way wait
 * and go together in the next one: the lanes' messages are marked within one statement's time,
 * in fewer statements than messages. The promise settles when the note's write did; when a
 * write fails, every note then waiting fails with it (none is left unwritten and unanswered).
 */
function coalescingNotes(write: (notes: OutboxNotes) => Promise<void>) {
  let pending: OutboxNotes = { sent: [], handover: [] };
  let running: Promise<void> | null = null;
  return (kind: keyof OutboxNotes, id: string): Promise<void> => {
    pending[kind].push(id);
    running ??= (async () => {
      try {
        while (pending.sent.length + pending.handover.length > 0) {
          const notes = pending;
          pending = { sent: [], handover: [] };
          await write(notes);
        }
      } finally {
        pending = { sent: [], handover: [] };
        running = null;
      }
    })();
    return running;
  };
}

/** Marks messages sent and notes others' handover, in one statement (each list may be empty). */
async function notesNow(sentIds: string[], handover: string[]): Promise<void> {
  if (handover.length === 0) return markSentNow(sentIds);
  const db = await getDb();
  const at = new Date().toISOString();
  const noteHandover = sql`update ${mailOutbox} set handover_at = ${at}::timestamptz where id in (${sql.join(
    handover.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  if (sentIds.length === 0) {
    await queryRows(db, sql`${noteHandover} returning 1`);
    return;
  }
  await queryRows(
    db,
    sql`with marked as (
      update ${mailOutbox} set status = 'sent'::mail_outbox_status, sent_at = ${at}::timestamptz, error = null,
        next_attempt_at = null, handover_at = null
      where id in (${sql.join(
        sentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})),
    noted as (${noteHandover})
    select 1`,
  );
}

/**
 * SMTP conversations at once per app server: a relay's round trips are what limits the outbox
 * (one at a time, a relay that takes 100 ms per message allows 10 messages a second).
 */
const MAIL_LANES = 8;

/**
 * Runs `work` on every entry, `lanes` at a time; entries to the same recipients about the same
 * booking share a lane, so within a batch one person's messages about a booking (its invitation,
 * then its cancellation) leave in the order they were written, while a host's mails about
 * different bookings go side by side (across servers nothing orders them; calendar clients go by
 * SEQUENCE).
 */
async function inLanes<T extends { to: string; eventId: string | null }>(
  entries: T[],
  lanes: number,
  work: (entry: T) => Promise<void>,
): Promise<void> {
  const byLane = new Map<number, T[]>();
  for (const entry of entries) {
    let hash = 0;
    for (const ch of `${entry.to}\n${entry.eventId ?? ""}`) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
    const lane = hash % lanes;
    byLane.set(lane, [...(byLane.get(lane) ?? []), entry]);
  }
  await Promise.all(
    [...byLane.values()].map(async (queue) => {
      for (const entry of queue) await work(entry);
    }),
  );
}

/** While set, sendMail hands its messages to this collector instead of sending them (collectMail). */
const collector = new AsyncLocalStorage<MailMessage[]>();

/**
 * Runs `compose` (any of the existing senders) and answers the messages it would have sent,
 * sending none: the booking events' consumer (docs/decisions/030) then writes them with
 * queueMail in its own transaction, so the messages stay those of today's senders.
 */
export async function collectMail(compose: () => Promise<unknown>): Promise<MailMessage[]> {
  const messages: MailMessage[] = [];
  await collector.run(messages, compose);
  return messages;
}

/**
 * Sends a message from a request: it is written to the outbox ('queued' with SMTP, else 'stored')
 * and the outbox job sends it, so no request waits on an SMTP server, however slow (decision 063).
 * With the job runner on, a nudge (not awaited) sends it at once instead of at the next poll.
 */
export async function sendMail(message: MailMessage): Promise<MailResult> {
  const collecting = collector.getStore();
  if (collecting) {
    collecting.push(message);
    return { delivered: false, via: "outbox" };
  }
  try {
    const db = await getDb();
    await queueMail(db, message);
  } catch (error) {
    console.error(`mail: could not queue "${message.subject}" in the outbox:`, error);
    return { delivered: false, via: "outbox", error: errorText(error) };
  }
  nudgeOutbox();
  return { delivered: false, via: "outbox" };
}

let nudging: Promise<void> | null = null;
let nudgeAgain = false;

/**
 * Runs the outbox job now in the background, batch after batch until one sends nothing (one run
 * at a time; a nudge during a run adds one more).
 */
export function nudgeOutbox(): void {
  if (env().JOBS === "off" || !env().SMTP_URL) return;
  if (nudging) {
    nudgeAgain = true;
    return;
  }
  nudging = (async () => {
    let sent: number;
    do {
      nudgeAgain = false;
      // Batch after batch while messages leave: a burst is not left to the job runner's next poll.
      sent = await sendOutboxMail(new Date());
    } while (nudgeAgain || sent > 0);
  })()
    .catch((error) => console.error("mail: the outbox nudge failed (the job runner retries):", error))
    .finally(() => {
      nudging = null;
    });
}

/**
 * Sends a message while the request waits, for the one form whose page says whether the e-mail
 * left (the contact form's "Email sent successfully" / "Email not sent"): SMTP_TIMEOUTS bound the
 * wait; a failure is kept in the outbox as 'failed' for the job runner's retries.
 */
export async function sendMailNow(message: MailMessage): Promise<MailResult> {
  const to = recipients(message.to);
  const transporter = await smtpTransport("direct");
  if (!transporter || to.length === 0) {
    try {
      await storeInOutbox(message, to, "stored");
      return { delivered: false, via: "outbox" };
    } catch (error) {
      console.error(`mail: could not store "${message.subject}" in the outbox:`, error);
      return { delivered: false, via: "outbox", error: errorText(error) };
    }
  }

  const { undelivered, error = "Unknown error" } = await smtpSend(transporter, message, to);
  if (undelivered.length === 0) return { delivered: true, via: "smtp" };
  console.error(`mail: sending "${message.subject}" failed: ${error}`);
  try {
    await storeInOutbox(message, undelivered, "failed", error);
  } catch (caught) {
    console.error(`mail: could not keep the failed "${message.subject}" in the outbox:`, caught);
  }
  return { delivered: false, via: "smtp", error };
}
