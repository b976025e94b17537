/**
 * Text messages in workflows (decision 090) on two app servers sharing one PostgreSQL database,
 * with a fake SMS API (tests/fakes/sms-server.mjs) at the network boundary: a guest who gives a
 * phone and consent is texted in E.164, once per booking and start also across a restart; the
 * host's text goes to the profile's number; no consent, no text; a bad phone is 400; a signed
 * STOP stops texts (a bad signature is 403) and START brings them back; a 5xx is tried again, a
 * 4xx is not. Without the SMS settings the API answers 409 sms_unavailable
 * (tests/integration/api-workflows.test.ts).
 */
import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSms } from "../fakes/sms-server.mjs";
import { HttpClient, uniqueEmail, visibleText } from "../support/http";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { allDayEventType, browserCall, ok } from "./api-client";
import { SESSION_SECRET } from "./global-setup";

const POLL_MS = 200;
const SID = "ACtest0000000000000000000000000000";
const TOKEN = "sms-test-auth-token";
const STOP_LINE = "Reply STOP to opt out.";
let database: TestDatabase;
let db: postgres.Sql;
let servers: RunningServer[] = [];
let fake: Awaited<ReturnType<typeof startFakeSms>>;
const env = () => ({
  DATABASE_URL: database.url,
  SESSION_SECRET,
  JOBS_POLL_MS: String(POLL_MS),
  TRUST_PROXY: "loopback",
  RATE_LIMIT_FACTOR: "100",
  SMS_API_BASE: fake.url,
  SMS_ACCOUNT_SID: SID,
  SMS_AUTH_TOKEN: TOKEN,
  SMS_FROM: "+15005550006",
  SMS_RETRY_SCALE: "0.0001",
});

beforeAll(async () => {
  fake = await startFakeSms({ accountSid: SID, authToken: TOKEN });
  database = await createTestDatabase("scheduler_sms");
  servers = await Promise.all([startServer(env(), 150_000), startServer(env(), 150_000)]);
  db = postgres(database.url, { max: 2, onnotice: () => {} });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await db?.end();
  await database?.drop();
  await fake?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const severalPolls = () => sleep(POLL_MS * 10);
/**
 * Waits until `done(probe())`; fails when it has not come after `timeoutMs` (a hang-catcher), with
 * the last value. It used to return that value instead, and a wait that ran out on a loaded
 * machine then failed later, at an assertion that hid what had not happened.
 */
async function until<T>(probe: () => T | Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (done(v)) return v;
    if (Date.now() > deadline)
      throw new Error(`not done after ${timeoutMs} ms; last seen: ${JSON.stringify(v).slice(0, 2000)}`);
    await sleep(100);
  }
}
const textsTo = (to: string) =>
  fake.messages().filter((m: { to: string }) => m.to === to) as Array<{ body: string; from: string }>;

let ip = 0;
function call(
  method: string,
  path: string,
  o: { token?: string; json?: unknown; form?: Record<string, string>; server?: number } = {},
) {
  ip += 1;
  const headers: Record<string, string> = { "x-forwarded-for": `10.190.${ip % 250}.${(ip >> 8) % 250}` };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.json !== undefined) headers["content-type"] = "application/json";
  if (o.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  return fetch(new URL(path, servers[o.server ?? 0]!.url), {
    method,
    headers,
    body:
      o.form !== undefined ? new URLSearchParams(o.form) : o.json === undefined ? undefined : JSON.stringify(o.json),
    redirect: "manual",
  });
}

async function newHost(prefix: string) {
  const c = new HttpClient(servers[0]!.url, { "x-forwarded-for": `10.191.${Math.floor(Math.random() * 250)}.1` });
  const email = uniqueEmail(prefix);
  const res = await c.post("/signup", {
    name: `Host ${prefix}`,
    email,
    password: "correct-horse-battery",
    confirmPassword: "correct-horse-battery",
  });
  expect(res.status).toBe(302);
  const [u] = await db`select id from users where email = ${email}`;
  await db`update workflows set active = false where user_id = ${u.id}`;
  await db`update users set role = 'professional' where id = ${u.id}`;
  const tokenRes = await browserCall(c, "PUT", `/users/${encodeURIComponent(email)}`, { email });
  const { token } = (await tokenRes.json()) as { token: string };
  const slug = `sms-${crypto.randomUUID().slice(0, 8)}`;
  const type = await allDayEventType(call, token, {
    title: "Consult",
    slug,
    duration: 30,
    location: { type: "google-meet" },
  });
  return { id: u.id as string, token, typeId: type._id as string, slug, c };
}

/** A workflow that texts the guest `body` when a booking of the host's event type is made. */
async function textGuestsWhenBooked(host: { token: string; typeId: string }, body: string) {
  await ok(
    await call("POST", "/api/workflows", {
      token: host.token,
      json: { name: "Texts", eventTypeIds: [host.typeId], trigger: "booked", actions: [{ type: "sms_guest", body }] },
    }),
    201,
  );
}

/** A free start: `days` ahead at `hour`:00 UTC (the event type is open all day). */
const startIn = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

async function book(typeId: string, start: string, extra: Record<string, unknown>) {
  const res = await call("POST", "/api/bookings", {
    json: {
      eventTypeId: typeId,
      start,
      name: "Gus <Guest>",
      email: uniqueEmail("gus"),
      timeZone: "Europe/London",
      ...extra,
    },
  });
  // The answer's body in a failure's message.
  if (res.status >= 400) console.error(`POST /api/bookings ${res.status}: ${await res.clone().text()}`);
  return res;
}

describe("texts from workflows", { timeout: 240_000 }, () => {
  it("a booked workflow texts the consenting guest in E.164 and the host; no consent, no text; a bad phone is 400", async () => {
    const host = await newHost("sms-booked");
    await db`update users set phone = '+14155552671' where id = ${host.id}`;
    await ok(
      await call("POST", "/api/workflows", {
        token: host.token,
        json: {
          name: "Texts",
          eventTypeIds: [host.typeId],
          trigger: "booked",
          actions: [
            { type: "sms_guest", body: "Hi {guest_name}, see you {start_time}." },
            { type: "sms_host", body: "{guest_name} booked {event_title}." },
          ],
        },
      }),
      201,
    );

    const bad = await book(host.typeId, startIn(3, 9), { phone: "12", smsConsent: true });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { fields: Record<string, string[]> } };
    expect(badBody.error.fields.phone?.[0]).toMatch(/valid mobile number/);
    const noPhone = await book(host.typeId, startIn(3, 9), { smsConsent: true });
    expect(noPhone.status).toBe(400);

    const res = await book(host.typeId, startIn(3, 10), { phone: "+44 7911 123456", smsConsent: true });
    expect(res.status).toBe(201);
    const { booking } = (await res.json()) as { booking: { id: string; phone: string; smsConsent: boolean } };
    expect(booking.phone).toBe("+447911123456");
    expect(booking.smsConsent).toBe(true);
    await until(
      () => textsTo("+447911123456"),
      (t) => t.length >= 1,
    );
    await until(
      () => textsTo("+14155552671"),
      (t) => t.length >= 1,
    );
    await severalPolls();
    const [guestText] = textsTo("+447911123456");
    expect(textsTo("+447911123456")).toHaveLength(1);
    expect(guestText!.body).toMatch(/^Hi Gus <Guest>, see you .+London/);
    expect(guestText!.body.endsWith(`\n\n${STOP_LINE}`)).toBe(true);
    expect(guestText!.from).toBe("+15005550006");
    expect(textsTo("+14155552671")).toHaveLength(1);
    expect(textsTo("+14155552671")[0]!.body).toMatch(/^Gus <Guest> booked Consult\./);
    // The host's timeline shows the texts.
    const timeline = await host.c.get(`/dashboard/scheduledEvents/${booking.id}/timeline`);
    const html = await timeline.text();
    expect(html).toContain("Text to +447911123456");

    // A phone without consent: stored, never texted.
    const quiet = await book(host.typeId, startIn(3, 11), { phone: "+44 7911 123457" });
    expect(quiet.status).toBe(201);
    expect(((await quiet.json()) as { booking: { smsConsent: boolean } }).booking.smsConsent).toBe(false);
    await severalPolls();
    expect(textsTo("+447911123457")).toHaveLength(0);
    expect(textsTo("+14155552671")).toHaveLength(2);
  });

  it("the booking page asks for the phone and consent in the guest's language, and says what to fix in it", async () => {
    const host = await newHost("sms-lang");
    await textGuestsWhenBooked(host, "Hi {guest_name}.");
    const [{ username }] = await db`select username from users where id = ${host.id}`;
    const day = startIn(4, 9).slice(0, 10);
    const slot = `${day}T09:00:00+00:00`;
    const path = `/${username}/${host.slug}?tz=UTC&month=${day.slice(0, 7)}&date=${day}&slot=${encodeURIComponent(slot)}&lang=de`;
    const form = visibleText(await (await call("GET", path)).text());
    expect(form).toContain("Handynummer (optional)");
    expect(form).toContain("Mit Ländervorwahl, etwa +49 151 23456789.");
    expect(form).toContain("Ich möchte zu dieser Buchung SMS");
    expect(form).not.toContain("Mobile number");
    const post = (fields: Record<string, string>) =>
      call("POST", path, {
        form: { slot, tz: "UTC", lang: "de", name: "Greta Gast", email: uniqueEmail("greta"), ...fields },
      });
    const badPhone = await post({ phone: "12", smsConsent: "on" });
    expect(badPhone.status).toBe(400);
    const badText = visibleText(await badPhone.text());
    expect(badText).toContain("Bitte prüfen Sie die Handynummer und geben Sie sie mit Ländervorwahl an");
    expect(badText).not.toMatch(/valid mobile number/);
    const noPhone = await post({ smsConsent: "on" });
    expect(noPhone.status).toBe(400);
    expect(visibleText(await noPhone.text())).toContain(
      "Bitte geben Sie die Handynummer für die SMS an oder lassen Sie das Kästchen leer.",
    );
    // The English page as it was.
    const english = visibleText(await (await call("GET", path.replace("&lang=de", "&lang=en"))).text());
    expect(english).toContain("Mobile number (optional)");
    expect(english).toContain("Reply STOP to opt out at any time.");
  });

  it("a timed text goes out once per booking, across a restart", async () => {
    const host = await newHost("sms-once");
    const [w] = await db`insert into workflows (user_id, name, trigger, offset_minutes, active)
      values (${host.id}, 'Soon', 'before_start', 120, true) returning id`;
    await db`insert into workflow_event_types (workflow_id, event_type_id) values (${w.id}, ${host.typeId})`;
    await db`insert into workflow_actions (workflow_id, position, type, body) values (${w.id}, 0, 'sms_guest', 'Soon: {event_title}')`;
    const phones = [1, 2, 3, 4].map((i) => `+4479111000${10 + i}`);
    const insert = async (phone: string, minutes: number) => {
      const starts = new Date(Date.now() + minutes * 60_000);
      const [e] = await db`
        insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status, guest_email, guest_name, booking_token_hash, event_type_id, guest_phone, sms_consent_at)
        values (${host.id}, 'Consult', 'Google Meet', 'One-to-One', '', ${starts}, ${new Date(starts.getTime() + 60_000)}, 'confirmed',
                'gus@example.org', 'Gus', ${crypto.randomUUID()}, ${host.typeId}, ${phone}, now())
        returning id`;
      await db`update events set start_set_at = ${new Date(Date.now() - 2 * 86_400_000)} where id = ${e.id}`;
    };
    for (const [i, phone] of phones.slice(0, 3).entries()) await insert(phone, 10 + i * 3);
    await until(
      () => phones.slice(0, 3).map(textsTo),
      (all) => all.every((t) => t.length >= 1),
    );
    expect(await servers[1]!.stop("SIGTERM")).toBe(0);
    servers[1] = await startServer(env(), 150_000);
    await insert(phones[3]!, 30);
    await until(
      () => textsTo(phones[3]!),
      (t) => t.length >= 1,
    );
    await severalPolls();
    for (const phone of phones) {
      expect(textsTo(phone)).toHaveLength(1);
      expect(textsTo(phone)[0]!.body).toBe(`Soon: Consult\n\n${STOP_LINE}`);
    }
  });

  it("STOP through the signed webhook stops texts (a bad signature is 403), START brings them back", async () => {
    const host = await newHost("sms-stop");
    await textGuestsWhenBooked(host, "Booked.");
    const phone = "+447911222333";
    const url = `${servers[0]!.url}/api/sms/inbound`;
    const inbound = (body: string, signature?: string) => {
      const params = {
        MessageSid: `SM${crypto.randomUUID().replace(/-/g, "")}`,
        From: "+44 7911 222333",
        To: "+15005550006",
        Body: body,
      };
      const data =
        url +
        Object.keys(params)
          .sort()
          .map((k) => k + params[k as keyof typeof params])
          .join("");
      const sig = signature ?? crypto.createHmac("sha1", TOKEN).update(data).digest("base64");
      return fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sig },
        body: new URLSearchParams(params),
      });
    };
    const forged = await inbound("STOP", "bm90IGEgc2lnbmF0dXJl");
    expect(forged.status).toBe(403);
    expect((await db`select * from sms_opt_outs where phone = ${phone}`).length).toBe(0);

    const stop = await inbound("Stop");
    expect(stop.status).toBe(200);
    expect(stop.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await stop.text()).toMatch(/<Response><\/Response>$/);
    const res = await book(host.typeId, startIn(4, 10), { phone, smsConsent: true });
    expect(res.status).toBe(201);
    const { booking } = (await res.json()) as { booking: { id: string } };
    await until(
      () => db`select status, error from sms_outbox where event_id = ${booking.id}`,
      (rows) => rows.length > 0,
    );
    await severalPolls();
    const [skipped] = await db`select status, error from sms_outbox where event_id = ${booking.id}`;
    expect(skipped!.status).toBe("skipped");
    expect(skipped!.error).toMatch(/replied STOP/);
    expect(textsTo(phone)).toHaveLength(0);
    expect(await (await host.c.get(`/dashboard/scheduledEvents/${booking.id}/timeline`)).text()).toContain("skipped");

    expect((await inbound("START")).status).toBe(200);
    expect((await book(host.typeId, startIn(4, 11), { phone, smsConsent: true })).status).toBe(201);
    await until(
      () => textsTo(phone),
      (t) => t.length >= 1,
    );
    expect(textsTo(phone)).toHaveLength(1);
  });

  it("a 5xx is tried again until it goes; a 4xx is recorded and not tried again", async () => {
    const host = await newHost("sms-fail");
    await textGuestsWhenBooked(host, "Booked.");
    fake.fail({ status: 503, times: 2 });
    expect((await book(host.typeId, startIn(5, 10), { phone: "+447911123458", smsConsent: true })).status).toBe(201);
    // The row, not the fake: the fake has the text a moment before the job writes "sent".
    await until(
      () => db`select status from sms_outbox where "to" = '+447911123458'`,
      (rows) => rows[0]?.status === "sent",
    );
    const [retried] = await db`select status, attempts from sms_outbox where "to" = '+447911123458'`;
    expect(retried).toMatchObject({ status: "sent", attempts: 3 });
    expect(textsTo("+447911123458")).toHaveLength(1);

    fake.fail({ status: 400, times: 1, code: 21211, message: "Invalid 'To' Phone Number" });
    const res = await book(host.typeId, startIn(5, 11), { phone: "+447911123459", smsConsent: true });
    expect(res.status).toBe(201);
    await until(
      () => db`select status from sms_outbox where "to" = '+447911123459'`,
      (rows) => rows[0]?.status === "failed",
    );
    await severalPolls();
    const [failed] = await db`select status, attempts, error from sms_outbox where "to" = '+447911123459'`;
    expect(failed!.status).toBe("failed");
    expect(failed!.attempts).toBe(5);
    expect(failed!.error).toMatch(/HTTP 400 \(21211: Invalid 'To' Phone Number\); not tried again/);
    expect(textsTo("+447911123459")).toHaveLength(0);
  });
});

describe("seats, a required phone and delivery reports (docs/decisions/109)", { timeout: 240_000 }, () => {
  it("each seat of a group session is texted at its own number with its own consent; STOP is per number", async () => {
    const host = await newHost("sms-seats");
    const type = await allDayEventType(call, host.token, {
      title: "Workshop",
      slug: `ws-${crypto.randomUUID().slice(0, 8)}`,
      duration: 60,
      kind: "group",
      seats: 6,
      location: { type: "google-meet" },
    });
    const typeId = type._id as string;
    // Each seat's own booking fires "booked" for that seat.
    await textGuestsWhenBooked({ token: host.token, typeId }, "Booked, {guest_name}.");
    const start = startIn(3, 14);
    // Dee's number answered STOP before.
    await db`insert into sms_opt_outs (phone) values ('+447911123404') on conflict do nothing`;
    const seat = async (name: string, phone: string, consent: boolean) => {
      const res = await book(typeId, start, { name, phone, smsConsent: consent });
      expect(res.status).toBe(201);
    };
    await seat("Ann", "+44 7911 123401", true);
    await seat("Ben", "+44 7911 123402", true);
    await seat("Cas", "+44 7911 123403", false);
    await seat("Dee", "+44 7911 123404", true);
    const seats =
      await db`select event_id, name, phone, sms_consent_at from booking_seats where phone like '+44791112340%' order by name`;
    expect(seats.map((s) => [s.name, s.phone, s.sms_consent_at !== null])).toEqual([
      ["Ann", "+447911123401", true],
      ["Ben", "+447911123402", true],
      ["Cas", "+447911123403", false],
      ["Dee", "+447911123404", true],
    ]);
    expect(new Set(seats.map((s) => s.event_id)).size).toBe(1);
    const sessionId = seats[0]!.event_id as string;
    await ok(
      await call("POST", "/api/workflows", {
        token: host.token,
        json: {
          name: "Seat texts",
          eventTypeIds: [typeId],
          trigger: "before_start",
          offsetMinutes: 4 * 24 * 60,
          actions: [{ type: "sms_guest", body: "Hi {guest_name}: {event_title} soon." }],
        },
      }),
      201,
    );
    // Booked five days ago: the reminder's time (four days before the start) has come since.
    await db`update events set start_set_at = ${new Date(Date.now() - 5 * 86_400_000)} where id = ${sessionId}`;
    await until(
      () => [textsTo("+447911123401"), textsTo("+447911123402")],
      (all) => all.every((t) => t.length >= 2),
    );
    await severalPolls();
    // Each number got both texts once; which one the job sent first is not a promise.
    expect(
      textsTo("+447911123401")
        .map((t) => t.body)
        .sort(),
    ).toEqual([`Booked, Ann.\n\n${STOP_LINE}`, `Hi Ann: Workshop soon.\n\n${STOP_LINE}`]);
    expect(
      textsTo("+447911123402")
        .map((t) => t.body)
        .sort(),
    ).toEqual([`Booked, Ben.\n\n${STOP_LINE}`, `Hi Ben: Workshop soon.\n\n${STOP_LINE}`]);
    expect(textsTo("+447911123403")).toHaveLength(0);
    expect(textsTo("+447911123404")).toHaveLength(0);
    const outbox = await db`select "to", status from sms_outbox where event_id = ${sessionId} order by "to"`;
    expect(outbox.map((r) => [r.to, r.status])).toEqual([
      ["+447911123401", "sent"],
      ["+447911123401", "sent"],
      ["+447911123402", "sent"],
      ["+447911123402", "sent"],
      ["+447911123404", "skipped"],
      ["+447911123404", "skipped"],
    ]);
  });

  it("a seat's guest cancelling or moving their seat fires cancelled/rescheduled for that seat only, once (JSON, page and mail link paths)", async () => {
    const host = await newHost("sms-seat-change");
    await db`update users set phone = '+14155552672' where id = ${host.id}`;
    const type = await allDayEventType(call, host.token, {
      title: "Clinic",
      slug: `cl-${crypto.randomUUID().slice(0, 8)}`,
      duration: 60,
      kind: "group",
      seats: 6,
      location: { type: "google-meet" },
    });
    const typeId = type._id as string;
    const tag = crypto.randomUUID().slice(0, 8);
    for (const [trigger, word] of [
      ["cancelled", "Cancelled"],
      ["rescheduled", "Moved"],
    ] as const) {
      await ok(
        await call("POST", "/api/workflows", {
          token: host.token,
          json: {
            name: word,
            eventTypeIds: [typeId],
            trigger,
            actions: [
              { type: "email_guest", subject: `${word} ${tag} {guest_name}`, body: "{guest_name}: {start_time}" },
              { type: "sms_guest", body: `${word}: {guest_name}` },
              { type: "email_host", subject: `Host ${word} ${tag} {guest_name}`, body: "{guest_name}" },
              { type: "sms_host", body: `Host ${word}: {guest_name}` },
              { type: "bell", body: `${word} ${tag} {guest_name}` },
            ],
          },
        }),
        201,
      );
    }
    const start = startIn(3, 9);
    const later = startIn(3, 12);
    const phoneOf = (i: number) => `+4479111237${10 + i}`;
    const emails = ["Ann", "Ben", "Cas", "Dee"].map((n) => uniqueEmail(`seat-${n.toLowerCase()}`));
    const seats: Array<{ name: string; id: string; seatId: string; token: string; email: string }> = [];
    for (const [i, name] of ["Ann", "Ben", "Cas", "Dee"].entries()) {
      const res = await book(typeId, start, {
        name,
        email: emails[i],
        phone: `+44 7911 1237${10 + i}`,
        smsConsent: true,
      });
      expect(res.status).toBe(201);
      const { booking } = (await res.json()) as {
        booking: { id: string; seatId: string; cancelUrl: string; phone: string | null; smsConsent: boolean };
      };
      // The seat's own number and consent, as a one-to-one booking's answer carries them.
      expect([booking.phone, booking.smsConsent]).toEqual([phoneOf(i), true]);
      const token = new URL(booking.cancelUrl).searchParams.get("token")!;
      seats.push({ name, id: booking.id, seatId: booking.seatId, token, email: emails[i]! });
    }
    const [ann, ben, cas, dee] = seats as [(typeof seats)[0], (typeof seats)[0], (typeof seats)[0], (typeof seats)[0]];
    // Ann cancels through the JSON API with the session's id and her token; the answer is her seat.
    const cancelled = await call("POST", `/api/bookings/${ann.id}/cancel?token=${encodeURIComponent(ann.token)}`, {
      json: {},
    });
    expect(cancelled.status).toBe(200);
    const annAnswer = (await cancelled.json()) as { booking: { seatId: string; phone: string; smsConsent: boolean } };
    expect(annAnswer.booking).toMatchObject({ seatId: ann.seatId, phone: phoneOf(0), smsConsent: true });
    // Ben moves through the JSON API with his seat's id (a new session opens at the later time).
    const moved = await call("POST", `/api/bookings/${ben.seatId}/reschedule?token=${encodeURIComponent(ben.token)}`, {
      json: { start: later },
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { booking: { phone: string } }).booking.phone).toBe(phoneOf(1));
    // Cas follows the links of her mails (the seat's id): she joins Ben's session, then cancels.
    const page = (what: "cancel" | "reschedule", form: Record<string, string>) =>
      call("POST", `/booking/${cas.seatId}/${what}?token=${encodeURIComponent(cas.token)}`, { form });
    expect((await page("reschedule", { start: later })).status).toBe(200);
    // Her move is told before she cancels (a seat cancelled by then is not told of the move, as a booking is not).
    await until(
      () => textsTo(phoneOf(2)),
      (t) => t.length >= 1,
    );
    expect((await page("cancel", {})).status).toBe(200);
    const sessions =
      await db`select id, starts_at, status from events where event_type_id = ${typeId} order by starts_at`;
    expect(sessions.map((s) => s.status)).toEqual(["confirmed", "confirmed"]);

    const hostPhone = "+14155552672";
    await until(
      () => textsTo(hostPhone),
      (t) => t.length >= 4,
    );
    await until(
      () => [textsTo(phoneOf(0)), textsTo(phoneOf(1)), textsTo(phoneOf(2))],
      (all) => all[0]!.length >= 1 && all[1]!.length >= 1 && all[2]!.length >= 2,
    );
    await severalPolls();
    const bodies = (to: string) =>
      textsTo(to)
        .map((t) => t.body.replace(`\n\n${STOP_LINE}`, ""))
        .sort();
    expect(bodies(phoneOf(0))).toEqual(["Cancelled: Ann"]);
    expect(bodies(phoneOf(1))).toEqual(["Moved: Ben"]);
    expect(bodies(phoneOf(2))).toEqual(["Cancelled: Cas", "Moved: Cas"]);
    expect(bodies(phoneOf(3))).toEqual([]);
    expect(bodies(hostPhone)).toEqual([
      "Host Cancelled: Ann",
      "Host Cancelled: Cas",
      "Host Moved: Ben",
      "Host Moved: Cas",
    ]);
    const mails =
      await db`select "to", subject, text from mail_outbox where subject like ${`%${tag}%`} order by subject, "to"`;
    const [{ email: hostEmail }] = await db`select email from users where id = ${host.id}`;
    expect(mails.map((m) => [m.subject, m.to])).toEqual([
      [`Cancelled ${tag} Ann`, ann.email],
      [`Cancelled ${tag} Cas`, cas.email],
      [`Host Cancelled ${tag} Ann`, hostEmail],
      [`Host Cancelled ${tag} Cas`, hostEmail],
      [`Host Moved ${tag} Ben`, hostEmail],
      [`Host Moved ${tag} Cas`, hostEmail],
      [`Moved ${tag} Ben`, ben.email],
      [`Moved ${tag} Cas`, cas.email],
    ]);
    expect(mails.some((m) => m.to === dee.email)).toBe(false);
    const bells =
      await db`select notification from notifications where user_id = ${host.id} and notification like ${`%${tag}%`} order by notification`;
    expect(bells.map((b) => b.notification)).toEqual([
      `Cancelled ${tag} Ann`,
      `Cancelled ${tag} Cas`,
      `Moved ${tag} Ben`,
      `Moved ${tag} Cas`,
    ]);
    // The moved seats' own times: Ben's and Cas's messages name the later start.
    const movedMail = mails.find((m) => m.subject === `Moved ${tag} Ben`)!;
    expect(movedMail.text).toContain("12:00 PM");
  });

  it("the host cancelling a whole session tells each seat cancelled with it by its own name, the host once", async () => {
    const host = await newHost("sms-session-cancel");
    await db`update users set phone = '+14155552673' where id = ${host.id}`;
    const type = await allDayEventType(call, host.token, {
      title: "Workshop",
      slug: `ws-${crypto.randomUUID().slice(0, 8)}`,
      duration: 60,
      kind: "group",
      seats: 6,
      location: { type: "google-meet" },
    });
    const tag = crypto.randomUUID().slice(0, 8);
    await ok(
      await call("POST", "/api/workflows", {
        token: host.token,
        json: {
          name: "Cancelled",
          eventTypeIds: [type._id],
          trigger: "cancelled",
          actions: [
            { type: "email_guest", subject: `Off ${tag} {guest_name}`, body: "{guest_name}: {start_time}" },
            { type: "sms_guest", body: `Off: {guest_name}` },
            { type: "email_host", subject: `Host off ${tag} {guest_name}`, body: "{guest_name}" },
          ],
        },
      }),
      201,
    );
    const start = startIn(4, 9);
    const phoneOf = (i: number) => `+4479111240${10 + i}`;
    const seats: Array<{ id: string; token: string; email: string }> = [];
    for (const [i, name] of ["Ann", "Ben", "Cas"].entries()) {
      const email = uniqueEmail(`session-${name.toLowerCase()}`);
      const res = await book(type._id as string, start, { name, email, phone: phoneOf(i), smsConsent: true });
      expect(res.status).toBe(201);
      const { booking } = (await res.json()) as { booking: { id: string; cancelUrl: string } };
      seats.push({ id: booking.id, token: new URL(booking.cancelUrl).searchParams.get("token")!, email });
    }
    // Ann leaves first: she is told then, once, and not again when the session goes.
    const left = await call(
      "POST",
      `/api/bookings/${seats[0]!.id}/cancel?token=${encodeURIComponent(seats[0]!.token)}`,
      {
        json: {},
      },
    );
    expect(left.status).toBe(200);
    await until(
      () => textsTo(phoneOf(0)),
      (t) => t.length >= 1,
    );
    const session = await call("POST", `/api/bookings/${seats[0]!.id}/cancel`, { token: host.token, json: {} });
    expect(session.status, await session.clone().text()).toBe(200);
    await until(
      () => [textsTo(phoneOf(1)), textsTo(phoneOf(2))],
      (all) => all[0]!.length >= 1 && all[1]!.length >= 1,
    );
    await severalPolls();
    const bodies = (to: string) => textsTo(to).map((t) => t.body.replace(`\n\n${STOP_LINE}`, ""));
    expect([bodies(phoneOf(0)), bodies(phoneOf(1)), bodies(phoneOf(2))]).toEqual([
      ["Off: Ann"],
      ["Off: Ben"],
      ["Off: Cas"],
    ]);
    const mails =
      await db`select "to", subject from mail_outbox where subject like ${`%${tag}%`} order by subject, "to"`;
    const [{ email: hostEmail }] = await db`select email from users where id = ${host.id}`;
    expect(mails.map((m) => [m.subject, m.to])).toEqual([
      [`Host off ${tag} Ann`, hostEmail],
      [`Host off ${tag} Ben, Cas`, hostEmail],
      [`Off ${tag} Ann`, seats[0]!.email],
      [`Off ${tag} Ben`, seats[1]!.email],
      [`Off ${tag} Cas`, seats[2]!.email],
    ]);
  });

  it("a before-start reminder reaches the session's confirmed seats: not a cancelled seat, a moved one at its new time", async () => {
    const host = await newHost("sms-seat-remind");
    const type = await allDayEventType(call, host.token, {
      title: "Lab",
      slug: `lab-${crypto.randomUUID().slice(0, 8)}`,
      duration: 60,
      kind: "group",
      seats: 6,
      location: { type: "google-meet" },
    });
    const typeId = type._id as string;
    const start = startIn(3, 9);
    const later = startIn(3, 13);
    const phoneOf = (i: number) => `+4479111238${10 + i}`;
    const tokens: string[] = [];
    const seatIds: string[] = [];
    const emails = ["Ann", "Ben", "Cas"].map((n) => uniqueEmail(`remind-${n.toLowerCase()}`));
    for (const [i, name] of ["Ann", "Ben", "Cas"].entries()) {
      const res = await book(typeId, start, { name, email: emails[i], phone: phoneOf(i), smsConsent: true });
      expect(res.status).toBe(201);
      const { booking } = (await res.json()) as { booking: { seatId: string; cancelUrl: string } };
      tokens.push(new URL(booking.cancelUrl).searchParams.get("token")!);
      seatIds.push(booking.seatId);
    }
    const asGuest = (i: number, what: string, json: unknown) =>
      call("POST", `/api/bookings/${seatIds[i]}/${what}?token=${encodeURIComponent(tokens[i]!)}`, { json });
    expect((await asGuest(0, "cancel", {})).status).toBe(200);
    expect((await asGuest(1, "reschedule", { start: later })).status).toBe(200);
    const tag = crypto.randomUUID().slice(0, 8);
    await ok(
      await call("POST", "/api/workflows", {
        token: host.token,
        json: {
          name: "Soon",
          eventTypeIds: [typeId],
          trigger: "before_start",
          offsetMinutes: 4 * 24 * 60,
          actions: [
            { type: "sms_guest", body: "Soon, {guest_name}: {start_time}" },
            { type: "email_guest", subject: `Soon ${tag}`, body: "{guest_name}, {start_time}" },
          ],
        },
      }),
      201,
    );
    // Both sessions booked five days ago: a reminder four days before each start has come since.
    // Written after the workflow, as the seats' test above does: the job then surely looks again.
    await db`update events set start_set_at = ${new Date(Date.now() - 5 * 86_400_000)} where event_type_id = ${typeId}`;
    await until(
      () => [textsTo(phoneOf(1)), textsTo(phoneOf(2))],
      (all) => all.every((t) => t.length >= 1),
    );
    await until(
      () => db`select "to" from mail_outbox where subject = ${`Soon ${tag}`}`,
      (rows) => rows.length >= 2,
    );
    await severalPolls();
    expect(textsTo(phoneOf(0))).toHaveLength(0);
    expect(textsTo(phoneOf(1))).toHaveLength(1);
    expect(textsTo(phoneOf(1))[0]!.body).toMatch(/^Soon, Ben: .*, 1:00 PM London/);
    expect(textsTo(phoneOf(2))).toHaveLength(1);
    expect(textsTo(phoneOf(2))[0]!.body).toMatch(/^Soon, Cas: .*, 9:00 AM London/);
    const mails = await db`select "to", text from mail_outbox where subject = ${`Soon ${tag}`} order by "to"`;
    expect(mails.map((m) => m.to).sort()).toEqual([emails[1]!, emails[2]!].sort());
    expect(mails.find((m) => m.to === emails[1])!.text).toContain("1:00 PM");
    // Cas's session was opened by Ann, who left it: Cas's mail greets Cas.
    expect(mails.find((m) => m.to === emails[2])!.text).toContain("Cas, ");
    expect(mails.find((m) => m.to === emails[2])!.text).not.toContain("Ann");
  });

  it("requirePhone: the page's phone is required, said in the guest's language; JSON is 422 with the field", async () => {
    const host = await newHost("sms-required");
    const slug = `req-${crypto.randomUUID().slice(0, 8)}`;
    const type = await allDayEventType(call, host.token, {
      title: "Call back",
      slug,
      duration: 30,
      location: { type: "google-meet" },
      requirePhone: true,
    });
    expect(type.requirePhone).toBe(true);
    const typeId = type._id as string;
    const refused = await book(typeId, startIn(3, 9), {});
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe("phone_required");
    expect(body.error.fields.phone).toEqual(["Give your mobile number: this event needs one to book."]);
    const taken = await book(typeId, startIn(3, 9), { phone: "+44 7911 123501" });
    expect(taken.status).toBe(201);

    const [{ username }] = await db`select username from users where id = ${host.id}`;
    const day = startIn(4, 9).slice(0, 10);
    const slot = `${day}T09:00:00+00:00`;
    const path = `/${username}/${slug}?tz=UTC&month=${day.slice(0, 7)}&date=${day}&slot=${encodeURIComponent(slot)}&lang=fr`;
    const page = await (await call("GET", path)).text();
    expect(page).toMatch(/<input[^>]*name="phone"[^>]*required/);
    expect(visibleText(page)).toContain("Numéro de mobile");
    // No workflow texts these guests: no consent to tick.
    expect(page).not.toContain('name="smsConsent"');
    const post = (fields: Record<string, string>) =>
      call("POST", path, {
        form: { slot, tz: "UTC", lang: "fr", name: "Fanny", email: uniqueEmail("fanny"), ...fields },
      });
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(visibleText(await missing.text())).toContain(
      "Indiquez votre numéro de mobile : ce rendez-vous en a besoin.",
    );
    // The consent ticked without a number: the missing number is what the field says (not the box).
    const ticked = await post({ smsConsent: "on", phone: "   " });
    expect(ticked.status).toBe(400);
    const tickedText = visibleText(await ticked.text());
    expect(tickedText).toContain("Indiquez votre numéro de mobile : ce rendez-vous en a besoin.");
    expect(tickedText).not.toContain("Indiquez le numéro de mobile qui recevra les SMS");
    expect((await post({ phone: "+44 7911 123502" })).status).toBe(302);
    expect(await db`select guest_phone from events where event_type_id = ${typeId} order by created_at`).toEqual([
      { guest_phone: "+447911123501" },
      { guest_phone: "+447911123502" },
    ]);
  });

  it("a delivery report that comes before the provider's answer to the send is kept", async () => {
    const host = await newHost("sms-early");
    await textGuestsWhenBooked(host, "Booked early.");
    const phone = "+447911123611";
    fake.reportFirst(true);
    try {
      expect((await book(host.typeId, startIn(5, 11), { phone, smsConsent: true })).status).toBe(201);
      const [message] = await until(
        () => fake.messages().filter((m: { to: string }) => m.to === phone) as Array<{ sid: string }>,
        (t) => t.length >= 1,
      );
      // Both reports were answered before the app knew the message's sid from the send's answer.
      const text = await until(
        () => db`select status, provider_sid, delivery_status from sms_outbox where "to" = ${phone}`,
        (rows) => rows[0]?.status === "sent",
      );
      expect(
        (fake.callbacks() as Array<{ sid: string; status: string; answer: number }>)
          .filter((c) => c.sid === message!.sid)
          .map((c) => [c.status, c.answer]),
      ).toEqual([
        ["sent", 204],
        ["delivered", 204],
      ]);
      expect(text).toEqual([{ status: "sent", provider_sid: message!.sid, delivery_status: "delivered" }]);
    } finally {
      fake.reportFirst(false);
    }
  });

  it("the provider's signed delivery reports are recorded on the text; a failed one tells the host; a forged one is 403", async () => {
    const host = await newHost("sms-status");
    await textGuestsWhenBooked(host, "Booked.");
    const url = `${servers[0]!.url}/webhooks/sms/status`;
    // The servers have APP_URL: each text asks for reports, and the fake posts "sent", then the outcome.
    const sent = async (phone: string, hour: number) => {
      expect((await book(host.typeId, startIn(5, hour), { phone, smsConsent: true })).status).toBe(201);
      const [message] = await until(
        () => fake.messages().filter((m: { to: string }) => m.to === phone) as Array<{ sid: string }>,
        (t) => t.length >= 1,
      );
      return message!.sid;
    };
    const row = (sid: string) =>
      db`select delivery_status, delivery_error, event_id from sms_outbox where provider_sid = ${sid}`.then(
        (r) => r[0] ?? { delivery_status: null, delivery_error: null, event_id: null },
      );
    const reported = (sid: string, status: string) =>
      until(
        () => row(sid),
        (r) => r.delivery_status === status,
      );

    const delivered = await sent("+447911123601", 9);
    expect(await reported(delivered, "delivered")).toMatchObject({ delivery_error: null });
    const callbacks = () =>
      (fake.callbacks() as Array<{ sid: string; url: string; status: string; answer: number }>).filter(
        (c) => c.sid === delivered,
      );
    // To the address of the server that sent it (its APP_URL), naming our text.
    const own = servers.map((sv) => `${sv.url}/webhooks/sms/status`);
    const [{ id: textId }] = await db`select id from sms_outbox where provider_sid = ${delivered}`;
    expect(
      callbacks().map((c) => {
        const called = new URL(c.url);
        return [
          c.status,
          c.answer,
          own.includes(`${called.origin}${called.pathname}`),
          called.searchParams.get("text"),
        ];
      }),
    ).toEqual([
      ["sent", 204, true, textId],
      ["delivered", 204, true, textId],
    ]);
    // A late "sent" does not undo "delivered".
    expect(await fake.deliver(url, delivered, "sent")).toBe(204);
    // On failure: every text to that number, the fake's messages and callbacks, the servers' logs.
    const story = async () =>
      JSON.stringify({
        texts: await db`select id, provider_sid, status, delivery_status, attempts, created_at, sent_at, event_id
          from sms_outbox where "to" = '+447911123601' order by created_at`,
        messages: fake.messages().filter((m: { to: string }) => m.to === "+447911123601"),
        callbacks: fake.callbacks(),
        logs: servers.map((sv) => sv.output().slice(-3000)),
      });
    expect((await row(delivered)).delivery_status, await story()).toBe("delivered");

    fake.outcome({ status: "undelivered", errorCode: 30003 });
    const failed = await sent("+447911123602", 10);
    const { event_id: eventId } = await reported(failed, "undelivered");
    expect((await row(failed)).delivery_error).toBe("30003");
    const forged = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "bm90IGEgc2lnbmF0dXJl" },
      body: new URLSearchParams({ MessageSid: failed, MessageStatus: "read" }),
    });
    expect(forged.status).toBe(403);
    expect((await row(failed)).delivery_status).toBe("undelivered");
    const bells = await db`select notification from notifications where user_id = ${host.id} and event_id = ${eventId}
      and notification like 'A text to%'`;
    expect(bells.map((b) => b.notification)).toEqual([
      "A text to +447911123602 about Consult was not delivered (error 30003).",
    ]);
    const timeline = visibleText(await (await host.c.get(`/dashboard/scheduledEvents/${eventId}/timeline`)).text());
    expect(timeline).toContain("undelivered (error 30003)");
  });
});
