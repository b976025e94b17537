/**
 * Webhooks (docs/decisions/037) over real HTTP against PostgreSQL, on both app servers (each
 * with its job runner), with a local receiver that verifies every signature with the
 * standardwebhooks library. The suite's servers run with ALLOW_PRIVATE_WEBHOOK_URLS=true (the
 * receiver is on 127.0.0.1) and WEBHOOK_RETRY_SCALE=0.001 (5 ms, 300 ms, 1.8 s, ...).
 *
 * Covered: a booking gives exactly one signed booking.created per subscription that asked for
 * it (none to others, none to another host's); reschedule and cancel carry the previous start
 * and who cancelled with the reason; a receiver answering 500 twice gets the same webhook-id
 * three times and the log shows the three attempts; 410 and 404 are tried once; many bookings
 * over two runners give every message once; the test button; Resend; other hosts' ids are 404;
 * bad bodies 400; a server in production mode without the flag refuses private URLs.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allDayEventType, apiClient, at, errorOf, ok, type Account } from "./api-client";
import { eventually } from "../support/mail-wait";
import { startServer, type RunningServer } from "../support/server";
import { ownServerEnv } from "./context";
import { CALENDAR_KEY } from "./global-setup";

const { db, call, account } = apiClient({ ipPrefix: "10.97", namePrefix: "Hook" });

interface Received {
  path: string;
  id: string;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
  verified: boolean;
}

/** The receiver: what each path answers (a list of statuses, the last one repeating). */
const answers = new Map<string, number[]>();
const received: Received[] = [];
const secrets = new Map<string, string>();
let receiver: http.Server;
let base: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const path = req.url ?? "/";
      const secret = secrets.get(path);
      let verified = false;
      try {
        if (secret) {
          new Webhook(secret).verify(body, req.headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      received.push({ path, id: String(req.headers["webhook-id"]), body, json: JSON.parse(body), verified });
      const list = answers.get(path) ?? [200];
      const status = list.length > 1 ? list.shift()! : list[0];
      res.writeHead(status, { "content-type": "text/plain" }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const at_ = (path: string) => received.filter((r) => r.path === path);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Hook {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  secret: string;
}

/** A subscription of `a` to `path` on the receiver; the receiver learns its secret. */
async function subscribe(
  a: Account,
  path: string,
  events: string[] = ["booking.created"],
  answer: number[] = [200],
): Promise<Hook> {
  answers.set(path, answer);
  const hook = await ok<Hook>(
    await call("POST", "/api/webhooks", { token: a.token, json: { url: `${base}${path}`, events } }),
    201,
  );
  secrets.set(path, hook.secret);
  return hook;
}

let slot = 0;
/** Books the next free slot of the event type (alternating servers): the booking. */
async function book(typeId: string, server = slot % 2) {
  const start = at(4, `${String(Math.floor(slot / 4)).padStart(2, "0")}:${String((slot % 4) * 15).padStart(2, "0")}`);
  slot += 1;
  const res = await call("POST", "/api/bookings", {
    server,
    json: {
      eventTypeId: typeId,
      start,
      name: "Wendy Guest",
      email: `wendy-${crypto.randomUUID().slice(0, 6)}@example.test`,
      timeZone: "Asia/Tokyo",
      notes: "Hello",
      answers: { company: "Acme" },
    },
  });
  return (await ok<{ booking: { id: string; start: string; cancelUrl: string } }>(res, 201)).booking;
}

let host: Account;
let other: Account;
let typeId: string;

/** A quarter-hour event type on an all-day schedule, asking an optional "Company" question. */
const quarterHourType = (token: string, title: string, slug: string, extra: Record<string, unknown> = {}) =>
  allDayEventType(call, token, {
    title,
    slug,
    duration: 15,
    slotInterval: 15,
    minimumNotice: 60,
    bookingWindowDays: 30,
    questions: [{ id: "company", label: "Company", type: "short_text", required: false }],
    ...extra,
  });

beforeAll(async () => {
  host = await account("host", "professional");
  other = await account("other", "professional");
  const type = await quarterHourType(host.token, "Hook call", "hook-call", {
    location: { type: "phone", value: "+1 555 0100" },
  });
  typeId = type._id;
});

describe("booking events", () => {
  it("a booking gives exactly one signed booking.created per subscription that asked for it", async () => {
    await subscribe(host, "/a");
    await subscribe(host, "/b", ["booking.created", "booking.cancelled"]);
    await subscribe(host, "/only-cancel", ["booking.cancelled"]);
    await subscribe(other, "/other");
    const booking = await book(typeId);
    await eventually(
      () => at_("/a").length + at_("/b").length,
      (n) => n >= 2,
    );
    await pause(600); // several polls of both runners: nothing more arrives
    for (const path of ["/a", "/b"]) {
      const got = at_(path);
      expect(got).toHaveLength(1);
      expect(got[0].verified).toBe(true);
      expect(got[0].id).toMatch(/^msg_/);
      const { type, timestamp, data } = got[0].json;
      expect(type).toBe("booking.created");
      expect(timestamp).toMatch(/Z$/);
      expect(data.id).toBe(booking.id);
      expect(data.eventType).toEqual({ id: typeId, slug: "hook-call", title: "Hook call" });
      expect(data.start).toBe(new Date(booking.start).toISOString());
      expect(data.timeZone).toBe("Asia/Tokyo");
      expect(data.status).toBe("confirmed");
      expect(data.host).toEqual({ name: "Hook host", email: host.email });
      expect((data.guests as { name: string }[])[0].name).toBe("Wendy Guest");
      expect(data.answers).toEqual({ company: "Acme", notes: "Hello" });
      expect(data.location).toEqual({ type: "phone", value: "+1 555 0100" });
      expect(data.cancelUrl).toBe(booking.cancelUrl);
    }
    expect(at_("/a")[0].id).not.toBe(at_("/b")[0].id);
    expect(at_("/only-cancel")).toHaveLength(0);
    expect(at_("/other")).toHaveLength(0);
  });

  it("a host subscribed to other types only: its booking's record is done with nothing sent (one read for the batch); its cancel is sent", async () => {
    const picky = await account("picky", "professional");
    const type = await quarterHourType(picky.token, "Picky call", "picky-call");
    await subscribe(picky, "/picky", ["booking.cancelled"]);
    const booking = await book(type._id);
    const delivery = () =>
      db`select d.delivered_at, d.last_error from booking_event_deliveries d join booking_events b on b.id = d.booking_event_id
        where b.event_id = ${booking.id} and b.kind = 'created' and d.consumer = 'webhooks'`;
    const [done] = await eventually(delivery, (rows) => rows[0]?.delivered_at != null);
    expect(done.last_error).toBeNull();
    await pause(300);
    expect(at_("/picky")).toHaveLength(0);
    await ok(
      await call("POST", `/api/bookings/${booking.id}/cancel`, { token: picky.token, json: { reason: "Not today" } }),
    );
    const got = await eventually(
      () => at_("/picky"),
      (r) => r.length >= 1,
    );
    await pause(300);
    expect(at_("/picky").map((r) => r.json.type)).toEqual(["booking.cancelled"]);
    expect(got[0].json.data).toMatchObject({ id: booking.id, status: "cancelled", reason: "Not today" });
  });

  it("reschedule carries the previous start; cancel who cancelled and why", async () => {
    await subscribe(host, "/moves", ["booking.rescheduled", "booking.cancelled"]);
    const booking = await book(typeId);
    const newStart = at(6, "10:00");
    await ok(
      await call("POST", `/api/bookings/${booking.id}/reschedule`, { token: host.token, json: { start: newStart } }),
    );
    await ok(
      await call("POST", `/api/bookings/${booking.id}/cancel`, { token: host.token, json: { reason: "Ill today" } }),
    );
    const got = await eventually(
      () => at_("/moves"),
      (r) => r.length >= 2,
    );
    const moved = got.find((r) => r.json.type === "booking.rescheduled")!;
    const cancelled = got.find((r) => r.json.type === "booking.cancelled")!;
    expect(moved.verified && cancelled.verified).toBe(true);
    expect(moved.json.data.previousStart).toBe(new Date(booking.start).toISOString());
    expect(moved.json.data.start).toBe(new Date(newStart).toISOString());
    expect(cancelled.json.data).toMatchObject({
      id: booking.id,
      status: "cancelled",
      cancelledBy: "host",
      reason: "Ill today",
    });
  });
});

describe("bookings that require approval", () => {
  it("a request sends booking.requested (pending); approve booking.approved; decline booking.declined with the reason", async () => {
    const approver = await account("approver", "professional");
    const type = await quarterHourType(approver.token, "Vetted call", "vetted-call", { requiresApproval: true });
    await subscribe(approver, "/approval", [
      "booking.requested",
      "booking.approved",
      "booking.declined",
      "booking.created",
    ]);
    const first = await book(type._id);
    const second = await book(type._id);
    await ok(await call("POST", `/api/bookings/${first.id}/approve`, { token: approver.token }));
    await ok(
      await call("POST", `/api/bookings/${second.id}/decline`, {
        token: approver.token,
        json: { reason: "Fully booked that week" },
      }),
    );
    const got = await eventually(
      () => at_("/approval"),
      (r) => r.length >= 4,
    );
    await pause(300);
    expect(got.every((r) => r.verified)).toBe(true);
    const of = (id: string) =>
      at_("/approval")
        .filter((r) => r.json.data.id === id)
        .map((r) => [r.json.type, r.json.data.status]);
    expect(of(first.id).sort()).toEqual([
      ["booking.approved", "confirmed"],
      ["booking.requested", "pending"],
    ]);
    expect(of(second.id).sort()).toEqual([
      ["booking.declined", "declined"],
      ["booking.requested", "pending"],
    ]);
    const declined = at_("/approval").find((r) => r.json.type === "booking.declined")!;
    expect(declined.json.data).toMatchObject({
      reason: "Fully booked that week",
      answers: { company: "Acme", notes: "Hello" },
    });
  });
});

describe("group sessions", () => {
  it("a seat's booking.created carries the seat and the session; a seat's cancel by its guest too", async () => {
    const group = await allDayEventType(call, host.token, {
      title: "Hook class",
      slug: "hook-class",
      kind: "group",
      seats: 5,
      duration: 30,
      slotInterval: 30,
      minimumNotice: 60,
      bookingWindowDays: 30,
      location: { type: "video" },
    });
    await subscribe(host, "/group", ["booking.created", "booking.cancelled"]);
    const start = at(8, "09:00");
    const seat = async (name: string, guests: string[] = []) =>
      (
        await ok<{ booking: { id: string; seatId: string; cancelUrl: string } }>(
          await call("POST", "/api/bookings", {
            json: {
              eventTypeId: group._id,
              start,
              name,
              email: `${name.toLowerCase()}@example.test`,
              timeZone: "UTC",
              guests,
            },
          }),
          201,
        )
      ).booking;
    const first = await seat("Ann", ["friend@example.test"]);
    const second = await seat("Bob");
    const cancelUrl = new URL(second.cancelUrl);
    await ok(
      await call("POST", `/api/bookings/${second.seatId}/cancel?token=${cancelUrl.searchParams.get("token")}`, {
        json: {},
      }),
    );
    const got = await eventually(
      () => at_("/group"),
      (r) => r.length >= 3,
    );
    const created = got.filter((r) => r.json.type === "booking.created").map((r) => r.json.data);
    const ann = created.find((d) => (d.seat as { name: string }).name === "Ann")!;
    expect(ann.id).toBe(first.id);
    expect(ann.seat).toMatchObject({
      id: first.seatId,
      email: "ann@example.test",
      guests: ["friend@example.test"],
      status: "confirmed",
    });
    expect(ann.session).toMatchObject({ id: first.id, start: new Date(start).toISOString(), seats: 5 });
    expect((ann.guests as { email: string }[]).map((g) => g.email)).toEqual([
      "ann@example.test",
      "friend@example.test",
    ]);
    const cancelled = got.find((r) => r.json.type === "booking.cancelled")!.json.data;
    expect(cancelled).toMatchObject({
      id: second.id,
      cancelledBy: "guest",
      status: "cancelled",
      seat: { id: second.seatId, name: "Bob", status: "cancelled" },
    });
  });
});

describe("retries", () => {
  it("a receiver answering 500 twice gets the same webhook-id three times; the log shows each attempt", async () => {
    const hook = await subscribe(host, "/flaky", ["booking.created"], [500, 500, 200]);
    await book(typeId);
    const got = await eventually(
      () => at_("/flaky"),
      (r) => r.length >= 3,
    );
    await pause(500);
    expect(at_("/flaky")).toHaveLength(3);
    expect(new Set(got.map((r) => r.id)).size).toBe(1);
    expect(got.every((r) => r.verified && r.body === got[0].body)).toBe(true);
    const [delivery] = await eventually(
      async () =>
        ok<
          {
            status: string;
            attempts: number;
            messageId: string;
            attemptLog: { statusCode: number; durationMs: number }[];
          }[]
        >(await call("GET", `/api/webhooks/${hook.id}/deliveries`, { token: host.token })),
      (d) => d[0]?.status === "delivered",
    );
    expect(delivery.attempts).toBe(3);
    expect(delivery.messageId).toBe(got[0].id);
    expect(delivery.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    // The failures started a streak; the success ended it.
    expect(await ok(await call("GET", `/api/webhooks/${hook.id}`, { token: host.token }))).toMatchObject({
      active: true,
      failingSince: null,
    });
  });

  it("410 and 404 are tried once and never again", async () => {
    const gone = await subscribe(host, "/gone", ["booking.created"], [410]);
    await subscribe(host, "/missing", ["booking.created"], [404]);
    await book(typeId);
    await eventually(
      () => at_("/gone").length + at_("/missing").length,
      (n) => n >= 2,
    );
    await pause(1000); // past the first two retry times (5 ms, 300 ms)
    expect(at_("/gone")).toHaveLength(1);
    expect(at_("/missing")).toHaveLength(1);
    const [delivery] = await ok<{ status: string; statusCode: number; nextAttemptAt: string | null }[]>(
      await call("GET", `/api/webhooks/${gone.id}/deliveries`, { token: host.token }),
    );
    expect(delivery).toMatchObject({ status: "failed", statusCode: 410, nextAttemptAt: null });
  });

  it("two job runners never send one attempt twice: 16 bookings over both servers, every message once", async () => {
    await subscribe(host, "/many");
    const before = at_("/many").length;
    await Promise.all(Array.from({ length: 16 }, () => book(typeId)));
    const got = await eventually(
      () => at_("/many").slice(before),
      (r) => r.length >= 16,
      15_000,
    );
    await pause(600);
    expect(at_("/many").length - before).toBe(16);
    expect(new Set(got.map((r) => r.id)).size).toBe(16);
  });
});

describe("a subscription failing for 3 days", () => {
  it("is switched off at its next failure, its pending deliveries end, and its owner is mailed once", async () => {
    const hook = await subscribe(host, "/dying", ["booking.created"], [503]);
    await db`update webhook_subscriptions set failing_since = now() - interval '3 days 1 minute' where id = ${hook.id}`;
    await book(typeId);
    const off = await eventually(
      async () =>
        ok<{ active: boolean; disabledReason: string | null }>(
          await call("GET", `/api/webhooks/${hook.id}`, { token: host.token }),
        ),
      (h) => !h.active,
    );
    expect(off.disabledReason).toMatch(/failed for 3 days \(last: HTTP 503\)/);
    await pause(500);
    expect(at_("/dying")).toHaveLength(1);
    const deliveries = await db`select status from webhook_deliveries where subscription_id = ${hook.id}`;
    expect(deliveries.map((d) => d.status)).toEqual(["failed"]);
    const mails =
      await db`select "to", text from mail_outbox where subject = 'Your webhook was switched off' and "to" = ${host.email}`;
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${base}/dying`);
    expect(mails[0].text).toContain(`/dashboard/webhooks/${hook.id}`);
  });
});

describe("the subscription API", () => {
  it("the test button sends a signed webhook.test now and answers its attempt; Resend sends the same message again", async () => {
    const hook = await subscribe(host, "/test-button", ["booking.cancelled"]);
    const delivery = await ok<{
      id: string;
      type: string;
      status: string;
      statusCode: number;
      messageId: string;
      attemptLog: unknown[];
    }>(await call("POST", `/api/webhooks/${hook.id}/test`, { token: host.token }));
    expect(delivery).toMatchObject({ type: "webhook.test", status: "delivered", statusCode: 200 });
    expect(delivery.attemptLog).toHaveLength(1);
    expect(at_("/test-button")).toHaveLength(1);
    expect(at_("/test-button")[0]).toMatchObject({ id: delivery.messageId, verified: true });

    await ok(
      await call("POST", `/api/webhooks/${hook.id}/deliveries/${delivery.id}/resend`, { token: host.token }),
      202,
    );
    const again = await eventually(
      () => at_("/test-button"),
      (r) => r.length >= 2,
    );
    expect(again[1].id).toBe(delivery.messageId);
  });

  it("the test button always answers its own attempt, even with the job runner polling every 0.3 s", async () => {
    // The runner could claim the fresh test delivery before the request did, and the answer
    // was then still pending (seen in a CI run).
    const hook = await subscribe(host, "/test-race");
    const answers: string[] = [];
    for (let i = 0; i < 25; i++) {
      const delivery = await ok<{ status: string; attemptLog: unknown[] }>(
        await call("POST", `/api/webhooks/${hook.id}/test`, { token: host.token }),
      );
      answers.push(`${delivery.status} ${delivery.attemptLog.length}`);
      await pause(37);
    }
    expect(answers).toEqual(Array.from({ length: 25 }, () => "delivered 1"));
  });

  it("lists, changes and deletes one's own; another host's ids are 404", async () => {
    const hook = await subscribe(host, "/crud");
    const list = await ok<{ id: string; secret?: string }[]>(await call("GET", "/api/webhooks", { token: host.token }));
    expect(list.map((h) => h.id)).toContain(hook.id);
    expect(list.every((h) => h.secret === undefined)).toBe(true);
    const patched = await ok<Hook>(
      await call("PATCH", `/api/webhooks/${hook.id}`, {
        token: host.token,
        json: { active: false, events: ["booking.declined"] },
      }),
    );
    expect(patched).toMatchObject({ active: false, events: ["booking.declined"] });

    for (const [method, path] of [
      ["GET", `/api/webhooks/${hook.id}`],
      ["PATCH", `/api/webhooks/${hook.id}`],
      ["DELETE", `/api/webhooks/${hook.id}`],
      ["POST", `/api/webhooks/${hook.id}/test`],
      ["GET", `/api/webhooks/${hook.id}/deliveries`],
      ["GET", "/api/webhooks/not-a-uuid"],
    ] as const) {
      const res = await call(method, path, {
        token: other.token,
        json: method === "PATCH" ? { active: true } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await ok<Hook>(await call("GET", `/api/webhooks/${hook.id}`, { token: host.token }))).toMatchObject({
      active: false,
    });
    expect((await call("DELETE", `/api/webhooks/${hook.id}`, { token: host.token })).status).toBe(204);
    expect((await call("GET", `/api/webhooks/${hook.id}`, { token: host.token })).status).toBe(404);
    expect((await call("GET", "/api/webhooks")).status).toBe(401);
  });

  it("refuses bad bodies with 400 and the field", async () => {
    for (const [json, field] of [
      [{ url: `${base}/x`, events: ["booking.exploded"] }, "events.0"],
      [{ url: `${base}/x`, events: [] }, "events"],
      [{ url: "not a url", events: ["booking.created"] }, "url"],
      [{ url: "ftp://example.com/x", events: ["booking.created"] }, "url"],
    ] as const) {
      const res = await call("POST", "/api/webhooks", { token: host.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toContain(field);
    }
  });
});

describe("private addresses in production", () => {
  let strict: RunningServer;
  beforeAll(async () => {
    // Private addresses allowed for neither webhooks nor calendars (production's defaults).
    strict = await startServer(
      ownServerEnv({
        CALENDAR_ENCRYPTION_KEY: CALENDAR_KEY,
        JOBS: "off",
        TRUST_PROXY: "loopback",
      }),
    );
  });
  afterAll(() => strict?.stop());

  it("refuses loopback, private, link-local and http URLs without ALLOW_PRIVATE_WEBHOOK_URLS", async () => {
    for (const url of [
      `${base}/x`,
      "https://127.0.0.1/x",
      "https://10.1.2.3/x",
      "https://169.254.169.254/latest",
      "https://[::1]/x",
      "https://localhost/x",
      "http://example.com/x",
    ]) {
      const res = await call("POST", "/api/webhooks", {
        server: strict.url,
        token: host.token,
        json: { url, events: ["booking.created"] },
      });
      expect(res.status, url).toBe(400);
      expect((await errorOf(res)).fields?.url?.[0], url).toMatch(/private network|https/);
    }
  });

  it("refuses every IPv6 form of a private address, for a webhook and for a calendar feed, and stores neither", async () => {
    const forms = [
      "::",
      "::1",
      "::7f00:1", // IPv4-compatible 127.0.0.1
      "::ffff:7f00:1", // IPv4-mapped
      "::ffff:0:7f00:1", // IPv4-translated
      "::ffff:a9fe:a9fe", // 169.254.169.254, mapped
      "64:ff9b::7f00:1", // NAT64 with 127.0.0.1
      "64:ff9b::c0a8:101", // NAT64 with 192.168.1.1
      "64:ff9b:1::808:808", // local-use NAT64
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2002:a00:1::1", // 6to4 of 10.0.0.1
      "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
      "fc00::1",
      "fd12:3456:789a::1", // unique local
      "fe80::1", // link-local
      "fec0::1", // site-local
      "ff02::1", // multicast
    ];
    const count = async (path: string) => {
      const res = await call("GET", path, { server: strict.url, token: host.token });
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as unknown;
      expect(Array.isArray(body), path).toBe(true);
      return (body as unknown[]).length;
    };
    const hooksBefore = await count("/api/webhooks");
    const calendarsBefore = await count("/api/calendars");
    for (const ip of forms) {
      const hook = await call("POST", "/api/webhooks", {
        server: strict.url,
        token: host.token,
        json: { url: `https://[${ip}]/hook`, events: ["booking.created"] },
      });
      expect(hook.status, ip).toBe(400);
      expect((await errorOf(hook)).fields?.url?.[0], ip).toMatch(/private network/);
      const feed = await call("POST", "/api/calendars", {
        server: strict.url,
        token: host.token,
        json: { type: "ics", url: `https://[${ip}]/feed.ics` },
      });
      expect(feed.status, ip).toBe(400);
      expect(JSON.stringify(await feed.json()), ip).toMatch(/private/i);
    }
    expect(await count("/api/webhooks")).toBe(hooksBefore);
    expect(await count("/api/calendars")).toBe(calendarsBefore);
  });
});

describe("the pages", () => {
  const postForm = (a: Account, path: string, pairs: [string, string][]) =>
    a.c.request(path, {
      method: "POST",
      body: new URLSearchParams(pairs).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.c.baseUrl },
    });

  it("Dashboard > Webhooks creates one without JavaScript (secret shown once), keeps the input on errors, and logs its deliveries", async () => {
    const bad = await postForm(host, "/dashboard/webhooks", [
      ["intent", "create"],
      ["url", "not a url"],
      ["events", "booking.created"],
    ]);
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain('value="not a url"');
    expect(badPage).toContain("Give a full URL");

    answers.set("/page", [200]);
    const res = await postForm(host, "/dashboard/webhooks", [
      ["intent", "create"],
      ["url", `${base}/page`],
      ["events", "booking.created"],
      ["events", "booking.cancelled"],
      ["active", "on"],
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const page = await res.text();
    const secret =
      /data-testid="new-secret-value"[^>]*value="(whsec_[^"]+)"|value="(whsec_[^"]+)"[^>]*data-testid="new-secret-value"/.exec(
        page,
      );
    expect(secret).not.toBeNull();
    secrets.set(
      "/page",
      (secret![1] ?? secret![2])
        .replace(/&#x2B;|&#43;/g, "+")
        .replace(/&#x2F;|&#47;/g, "/")
        .replace(/&#x3D;|&#61;/g, "="),
    );
    const [row] = await ok<{ id: string; events: string[] }[]>(
      await call("GET", "/api/webhooks", { token: host.token }),
    ).then((l) => l.filter((h) => (h as unknown as { url: string }).url === `${base}/page`));
    expect(row.events).toEqual(["booking.created", "booking.cancelled"]);
    const list = await (await host.c.get("/dashboard/webhooks")).text();
    expect(list).toContain(`${base}/page`);
    expect(list).not.toContain("whsec_");

    const booking = await book(typeId);
    await eventually(
      () => at_("/page"),
      (r) => r.length >= 1,
    );
    expect(at_("/page")[0].verified).toBe(true);
    const detail = await eventually(
      async () => (await host.c.get(`/dashboard/webhooks/${row.id}`)).text(),
      (html) => html.includes("delivered"),
    );
    expect(detail).toContain("booking.created");
    expect(detail).toContain(at_("/page")[0].id);

    // The booking's timeline: the change, the consumers, the mails and the webhook.
    const timeline = await eventually(
      async () => (await host.c.get(`/dashboard/scheduledEvents/${booking.id}/timeline`)).text(),
      (html) => html.includes("booking.created to"),
    );
    expect(timeline).toContain("Booking created");
    expect(timeline).toContain("Outbox: mail");
    expect(timeline).toContain("Outbox: webhooks");
    expect(timeline).toMatch(/the (&quot;|")created(&quot;|") change/);
    expect(timeline).toMatch(/New booking|booked/);

    // Settings: a refusal keeps the input; a save switches it off with other events.
    const refused = await postForm(host, `/dashboard/webhooks/${row.id}`, [
      ["intent", "update"],
      ["url", `${base}/page`],
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Pick at least one event.");
    const saved = await postForm(host, `/dashboard/webhooks/${row.id}`, [
      ["intent", "update"],
      ["url", `${base}/page2`],
      ["events", "booking.rescheduled"],
    ]);
    expect(saved.status).toBe(302);
    expect(await ok(await call("GET", `/api/webhooks/${row.id}`, { token: host.token }))).toMatchObject({
      url: `${base}/page2`,
      events: ["booking.rescheduled"],
      active: false,
    });

    expect((await other.c.get(`/dashboard/scheduledEvents/${booking.id}/timeline`)).status).toBe(404);
    expect((await other.c.get(`/dashboard/webhooks/${row.id}`)).status).toBe(404);
    expect(
      (
        await postForm(other, "/dashboard/webhooks", [
          ["intent", "delete"],
          ["id", row.id],
        ])
      ).status,
    ).toBe(404);
    expect((await postForm(other, `/dashboard/webhooks/${row.id}`, [["intent", "test"]])).status).toBe(404);
  });
});

describe("the consumer", () => {
  it("never failed on a record of this database (every kind of change the suite made so far)", async () => {
    const failed =
      await db`select b.kind, d.last_error from booking_event_deliveries d join booking_events b on b.id = d.booking_event_id where d.consumer = 'webhooks' and d.last_error is not null`;
    expect(failed).toEqual([]);
    const [{ n }] =
      await db`select count(*)::int as n from booking_event_deliveries where consumer = 'webhooks' and delivered_at is not null`;
    expect(n).toBeGreaterThan(20);
  });
});
