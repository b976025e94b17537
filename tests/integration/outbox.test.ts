/**
 * The booking events outbox (docs/decisions/030) on a database and fake SMTP server of this
 * file's own. A booking's mails come from its booking_events record, delivered by the job
 * runner's consumer, never from the request:
 * (a) a server with JOBS=off books and is SIGKILLed; a server with the runner started later
 *     still sends the guest's and the host's mail, once each;
 * (b) two servers with runners (and their nudges) deliver many bookings: every record once;
 * (c) with the SMTP server gone, bookings still answer and their mails wait; back up, every
 *     mail arrives exactly once;
 * (d) with an SMTP server that never greets, POST /api/bookings answers without waiting for it;
 * (e) a burst of bookings is mailed by their nudges, without waiting for the runner's poll, the
 *     host's mails about different bookings side by side;
 * (f) the SMTP server gets a whole message: envelope, headers, text, HTML and the invitation;
 * (g) SIGTERM mid-send: the message is marked sent before the server exits;
 * (h) SIGKILL mid-send: a later server does not send the message again (decision 081).
 */
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "../support/mail-wait";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { startFakeSmtp, type FakeSmtp } from "../support/smtp";
import { HttpClient, uniqueEmail } from "../support/http";

let database: TestDatabase;
let db: postgres.Sql;
let smtp: FakeSmtp;
let env: Record<string, string>;
const running: RunningServer[] = [];
let typeId: string;
let hostEmail: string;
let slotIndex = 0;
const DAY = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 2));

async function start(extra: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({ ...env, ...extra });
  running.push(server);
  return server;
}

beforeAll(async () => {
  database = await createTestDatabase("scheduler_outbox");
  db = postgres(database.url, { max: 2, onnotice: () => {} });
  smtp = await startFakeSmtp();
  env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: "outbox-secret-0123456789abcdef0123456789ab",
    TRUST_PROXY: "loopback",
    SMTP_URL: smtp.url,
    RATE_LIMIT_FACTOR: "100",
    JOBS_POLL_MS: "200",
  };
});

afterAll(async () => {
  if (process.env.OUTBOX_DEBUG) for (const s of running) console.log(s.output().slice(-3000));
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  await smtp?.stop();
  await db?.end();
  await database?.drop();
});

/** A professional host with a 15-minute event type on an all-day schedule, set up through `server`. */
async function setUpHost(server: RunningServer) {
  const c = new HttpClient(server.url, { "x-forwarded-for": "10.210.0.1" });
  hostEmail = uniqueEmail("outbox-host");
  const password = "correct-horse-battery";
  expect(
    (await c.post("/signup", { name: "Outbox Host", email: hostEmail, password, confirmPassword: password })).status,
  ).toBe(302);
  await db`update users set role = 'professional' where email = ${hostEmail}`;
  const tokenRes = await c.request(`/users/${encodeURIComponent(hostEmail)}`, {
    method: "PUT",
    body: JSON.stringify({ email: hostEmail }),
    headers: { origin: c.baseUrl, "content-type": "application/json" },
  });
  const { token } = (await tokenRes.json()) as { token: string };
  const api = async (path: string, json: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      body: JSON.stringify(json),
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-forwarded-for": "10.210.0.2",
      },
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    return JSON.parse(text) as { _id: string };
  };
  const schedule = await api("/api/schedules", {
    name: "All day",
    timeZone: "UTC",
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
  });
  const type = await api("/api/event-types", {
    title: "Outbox",
    slug: "outbox",
    duration: 15,
    slotInterval: 15,
    minimumNotice: 60,
    bookingWindowDays: 30,
    location: { type: "google-meet" },
    scheduleId: schedule._id,
  });
  typeId = type._id;
}

/** Books the next free slot as `guest` on `server`: 201. */
async function book(server: RunningServer, guest: string): Promise<void> {
  const start = new Date(DAY.getTime() + slotIndex++ * 15 * 60_000).toISOString();
  const res = await fetch(`${server.url}/api/bookings`, {
    method: "POST",
    body: JSON.stringify({ eventTypeId: typeId, start, name: guest, email: `${guest}@example.test`, timeZone: "UTC" }),
    headers: { "content-type": "application/json", "x-forwarded-for": `10.211.${slotIndex % 250}.9` },
  });
  expect(res.status, await res.text()).toBe(201);
}

const guestMails = (guest: string) => smtp.to(`${guest}@example.test`).length;
/** The host's mails about `guest`'s booking ("<guest> booked "Outbox" on ..."). */
const hostMails = (guest: string) =>
  smtp.to(hostEmail).filter((m) => m.text.includes(`${guest} booked "Outbox"`)).length;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("(a) a booking on a server killed right after the commit is still mailed, once, by a runner started later", async () => {
  const off = await start({ JOBS: "off" });
  await setUpHost(off);
  await book(off, "killed-guest");
  // The request did not send it, and nothing else runs on that server.
  await pause(300);
  expect(guestMails("killed-guest")).toBe(0);
  await off.stop("SIGKILL");
  const [{ pending }] = await db<
    { pending: number }[]
  >`select count(*)::int as pending from booking_event_deliveries where delivered_at is null and consumer = 'mail'`;
  expect(pending).toBe(1);

  await start();
  await eventually(
    () => guestMails("killed-guest") + hostMails("killed-guest"),
    (n) => n >= 2,
  );
  await pause(1_000);
  expect(guestMails("killed-guest")).toBe(1);
  expect(hostMails("killed-guest")).toBe(1);
}, 400_000);

it("(b) two servers with runners deliver every record exactly once", async () => {
  const a = running[running.length - 1];
  const b = await start();
  const guests = Array.from({ length: 16 }, (_, i) => `pair-${i}`);
  await Promise.all(guests.map((g, i) => book(i % 2 === 0 ? a : b, g)));
  await eventually(() => guests.every((g) => guestMails(g) >= 1 && hostMails(g) >= 1), Boolean);
  await pause(1_000);
  for (const g of guests) {
    expect(guestMails(g), g).toBe(1);
    expect(hostMails(g), g).toBe(1);
  }
  const [{ undelivered, doubled }] = await db<{ undelivered: number; doubled: number }[]>`
    select (select count(*) from booking_event_deliveries where delivered_at is null)::int as undelivered,
           (select count(*) from (select subject, "to" from mail_outbox group by subject, "to" having count(*) > 1) d)::int as doubled`;
  expect(undelivered).toBe(0);
  expect(doubled).toBe(0);
}, 400_000);

it("(c) with the SMTP server down, bookings wait for it; back up, each mail arrives once, several conversations at once", async () => {
  const server = running[running.length - 1];
  const port = smtp.port;
  await smtp.stop();
  const guests = ["down-0", "down-1", "down-2"];
  for (const g of guests) await book(server, g);
  // The records are delivered (the mails written); the SMTP tries fail and wait for a retry.
  await eventually(
    () =>
      db<
        { n: number }[]
      >`select count(*)::int as n from mail_outbox where status = 'failed' and ("to" like 'down-%' or text like '%down-_ booked%')`,
    ([{ n }]) => n === guests.length * 2,
  );
  // A relay that takes 300 ms per message: one conversation at a time would send 3 a second.
  const restarted = await startFakeSmtp(port, { delayMs: 300 });
  smtp = restarted;
  // Time passes: the retries' backoff (minutes) is over.
  await db`update mail_outbox set next_attempt_at = now() where status = 'failed'`;
  await eventually(() => guests.every((g) => guestMails(g) >= 1 && hostMails(g) >= 1), Boolean);
  await pause(1_000);
  for (const g of guests) {
    expect(guestMails(g), g).toBe(1);
    expect(hostMails(g), g).toBe(1);
  }
  // Six mails waited; the relay saw more than one conversation at a time.
  expect(restarted.maxInFlight).toBeGreaterThanOrEqual(2);
}, 60_000);

it("(d) a booking answers while the SMTP server stalls, without waiting for the mail", async () => {
  const server = running[running.length - 1];
  smtp.mode = "silent";
  const givenUpBefore = smtp.givenUp;
  await book(server, "stalled-guest");
  // The booking answered before any stalled conversation had ended (the SMTP client gives up only
  // after SMTP_TIMEOUTS' seconds): the request did not wait for its mail.
  expect(smtp.givenUp).toBe(givenUpBefore);
  // Its mail was tried meanwhile, and the client did give up on the silent server.
  await eventually(
    () => smtp.givenUp,
    (n) => n > givenUpBefore,
  );
  smtp.mode = "accept";
}, 400_000);

it("(e) a burst of bookings is mailed at once, not at the job runner's next poll", async () => {
  // Only a server whose runner polls once an hour: what is mailed comes from the bookings' nudges.
  for (const s of running.splice(0)) await s.stop("SIGTERM");
  const server = await start({ JOBS_POLL_MS: "3600000" });
  const guests = Array.from({ length: 60 }, (_, i) => `burst-${i}`);
  await Promise.all(guests.map((g) => book(server, g)));
  const mailed = await eventually(
    () => guests.filter((g) => guestMails(g) === 1 && hostMails(g) === 1).length,
    (n) => n === guests.length,
    50_000,
  );
  expect(mailed).toBe(guests.length);
  // The host's mails about different bookings went side by side, not down one lane (decision 125).
  expect(smtp.maxInFlightTo(hostEmail)).toBeGreaterThanOrEqual(2);
}, 400_000);

it("(f) what the SMTP server gets: the envelope, the headers, the text and HTML, the calendar invitation", async () => {
  const server = running.at(-1) ?? (await start());
  if (!typeId) await setUpHost(server);
  await book(server, "whole-mail");
  await eventually(
    () => guestMails("whole-mail"),
    (n) => n === 1,
    20_000,
  );
  const [mail] = smtp.to("whole-mail@example.test");
  expect(mail.envelopeTo).toEqual(["whole-mail@example.test"]);
  expect(mail.envelopeFrom).toMatch(/^[^<>\s]+@[^<>\s]+$/);
  const head = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
  expect(head).toMatch(/^To: whole-mail@example\.test$/m);
  expect(head).toMatch(/^From: .*@/m);
  expect(head).toMatch(/^Subject: \S/m);
  expect(head).toMatch(/^Message-ID: <[^>]+>$/m);
  expect(head).toMatch(/^Date: \w{3}, \d{1,2} \w{3} \d{4} /m);
  expect(head).toMatch(/^MIME-Version: 1\.0$/m);
  expect(head).toMatch(/^Content-Type: multipart\/mixed;/m);
  expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
  expect(mail.raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
  expect(mail.raw).toMatch(/^Content-Type: text\/calendar; (method=REQUEST; )?charset=utf-8;?/im);
  // Every line within SMTP's limit, and the message ends as MIME says.
  expect(mail.raw.split("\r\n").every((line) => line.length <= 998)).toBe(true);
  expect(mail.raw.trimEnd()).toMatch(/--$/);
}, 400_000);

it("(g) SIGTERM while the SMTP server holds a message: the server marks it sent before it exits; one Message-ID per outbox row", async () => {
  // Only this test's server runs from here on: no other runner may take its messages.
  await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
  const slow = await startFakeSmtp(0, { delayMs: 2_000 });
  try {
    const server = await start({ SMTP_URL: slow.url });
    if (!typeId) await setUpHost(server);
    await book(server, "sigterm-mid-send");
    // The guest's message is with the SMTP server, whose answer is still to come (the host's may
    // be the one in flight first): now the server is told to stop.
    await eventually(
      () => slow.inFlightTo("sigterm-mid-send@example.test"),
      (flying) => flying,
      20_000,
    );
    expect(await server.stop("SIGTERM")).toBe(0);
    running.splice(running.indexOf(server), 1);
    const rows = await db<{ id: string; status: string }[]>`
      select id, status from mail_outbox where "to" = 'sigterm-mid-send@example.test'`;
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
    const received = slow.to("sigterm-mid-send@example.test");
    expect(received).toHaveLength(1);
    const head = received[0].raw.slice(0, received[0].raw.indexOf("\r\n\r\n"));
    expect(head).toMatch(new RegExp(`^Message-ID: <outbox\\.${rows[0].id}@[^>]+>$`, "m"));
  } finally {
    await slow.stop();
  }
}, 400_000);

it("(h) SIGKILL while the SMTP server holds a message: a server started later does not send it again, and says why (decision 081)", async () => {
  await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
  // The SMTP server answers 2 s after a message's data: the sender is killed in between, and the
  // message is delivered all the same (the relay had it all).
  const slow = await startFakeSmtp(0, { delayMs: 2_000 });
  const guest = "sigkill-mid-send@example.test";
  try {
    const server = await start({ SMTP_URL: slow.url });
    if (!typeId) await setUpHost(server);
    await book(server, "sigkill-mid-send");
    // The whole message is with the relay, its answer not yet sent: now the sender dies.
    await eventually(
      () => slow.arrivedTo(guest),
      (arrived) => arrived,
      20_000,
    );
    await server.stop("SIGKILL");
    running.splice(running.indexOf(server), 1);
    await eventually(
      () => slow.to(guest).length,
      (n) => n === 1,
      10_000,
    );
    // The dead sender's claim would run out after two minutes: brought forward.
    await db`update mail_outbox set next_attempt_at = now() where "to" = ${guest}`;
    const later = await start({ SMTP_URL: slow.url });
    const [row] = await eventually(
      () => db<{ status: string; error: string | null; handover_at: Date | null }[]>`
        select status, error, handover_at from mail_outbox where "to" = ${guest}`,
      (rows) => rows[0]?.status === "failed",
      20_000,
    );
    expect(row.error).toMatch(/^Cut off while being handed to the SMTP server/);
    expect(row.handover_at).toBeNull();
    // The later server sends the rest: a new booking's mail arrives, once; the cut-off one was not sent again.
    await book(later, "after-sigkill");
    await eventually(
      () => slow.to("after-sigkill@example.test").length,
      (n) => n === 1,
      20_000,
    );
    // The relay has it; the sender marks it sent once the relay answers (2 s later, then its UPDATE).
    const [sent] = await eventually(
      () => db<{ status: string; handover_at: Date | null }[]>`
        select status, handover_at from mail_outbox where "to" = 'after-sigkill@example.test'`,
      (rows) => rows[0]?.status !== "queued",
      20_000,
    );
    expect(sent).toEqual({ status: "sent", handover_at: null });
    expect(slow.to(guest)).toHaveLength(1);
  } finally {
    await slow.stop();
  }
}, 400_000);

it("(i) a backlog left by servers without jobs is drained by a runner in one go, not a batch per poll", async () => {
  await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
  // Web servers with JOBS=off and one server for the jobs (docs/self-hosting.md): the bookings'
  // records and mails wait for that server. Its runner polls once an hour here, so what it sends
  // comes from its first poll and the polls a full batch brings at once.
  const web = await start({ JOBS: "off" });
  if (!typeId) await setUpHost(web);
  const guests = Array.from({ length: 45 }, (_, i) => `backlog-${i}`);
  for (const g of guests) await book(web, g);
  await web.stop("SIGTERM");
  running.splice(running.indexOf(web), 1);
  expect(guests.filter((g) => guestMails(g) > 0)).toEqual([]);
  await start({ JOBS_POLL_MS: "3600000" });
  // A limit that catches a hang only: one batch (20 records) an hour would leave most unmailed.
  const mailed = await eventually(
    () => guests.filter((g) => guestMails(g) === 1 && hostMails(g) === 1).length,
    (n) => n === guests.length,
    120_000,
  );
  expect(mailed).toBe(guests.length);
}, 400_000);
