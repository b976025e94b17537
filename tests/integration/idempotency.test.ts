/**
 * Idempotency-Key on POST /api/bookings and the booking form's hidden key (decision 024), on
 * both app servers against PostgreSQL: a retry with the same key (on either server) gets the
 * first 201 again, byte for byte, and no second booking; the same key with another body is 422;
 * 20 simultaneous requests with one key over both servers make one booking and all get its 201;
 * a malformed key is 400; an expired key is claimed afresh; the HTML form posted twice with its
 * key (a double submit) lands on one booking and both posts redirect to it.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { allDayEventType, apiClient, errorOf, ok, at, dateIn, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.124", namePrefix: "Idem" });

let host: Account;
let typeId: string;
let username: string;
const slug = `idem-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  host = await account("host", "professional");
  username = `id${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username} where id = ${host.id}`;
  const type = await allDayEventType(call, host.token, {
    title: "Retry call",
    slug,
    duration: 30,
    slotInterval: 30,
    minimumNotice: 60,
    bookingWindowDays: 30,
    location: { type: "google-meet" },
  });
  typeId = type._id;
});

const body = (start: string, who = "Ada") => ({
  eventTypeId: typeId,
  start,
  name: `${who} Guest`,
  email: `${who.toLowerCase()}-idem@example.test`,
  timeZone: "UTC",
});

function book(json: unknown, key: string | null, server = 0) {
  return call("POST", "/api/bookings", { json, server, headers: key === null ? {} : { "idempotency-key": key } });
}

async function bookingsAt(start: string): Promise<number> {
  const [row] =
    await db`select count(*)::int as n from events where event_type_id = ${typeId} and starts_at = ${new Date(start)} and status <> 'cancelled'`;
  return row.n as number;
}

describe("POST /api/bookings with an Idempotency-Key", () => {
  it("a retry with the same key, on either server, gets the first 201 again and books once", async () => {
    const start = at(2, "09:00");
    const key = crypto.randomUUID();
    const first = await book(body(start), key, 0);
    const firstText = await first.text();
    expect(first.status, firstText).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    for (const server of [0, 1]) {
      const again = await book(body(start), key, server);
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.text()).toBe(firstText);
    }
    expect(await bookingsAt(start)).toBe(1);
    // The key is stored hashed; the answer (it holds the booking's links) encrypted.
    const rows = await db`select key_hash, answer from idempotency_keys`;
    expect(rows.some((r) => r.key_hash === key || String(r.answer).includes(JSON.parse(firstText).booking.id))).toBe(
      false,
    );
    // Without a key the same body is a new attempt: the slot is taken.
    expect((await book(body(start), null)).status).toBe(409);
  });

  it("the same key with a different body answers 422 and books nothing", async () => {
    const key = crypto.randomUUID();
    expect((await book(body(at(2, "10:00")), key)).status).toBe(201);
    const res = await book(body(at(2, "10:30")), key, 1);
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe("idempotency_key_mismatch");
    expect(error.message).toMatch(/different request/);
    expect(await bookingsAt(at(2, "10:30"))).toBe(0);
  });

  it("a refused booking stores nothing: a retry with the key tries again", async () => {
    const start = at(2, "11:00");
    expect((await book(body(start, "Bob"), null)).status).toBe(201);
    const key = crypto.randomUUID();
    expect((await book(body(start), key)).status).toBe(409);
    expect((await book(body(start), key, 1)).status).toBe(409);
    const [row] =
      await db`select count(*)::int as n from idempotency_keys where request_hash is not null and status = 0`;
    expect(row.n).toBe(0);
  });

  it("20 simultaneous requests with one key over both servers make one booking, all answered with it", async () => {
    const start = at(3, "09:00");
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(body(start), key, i % 2)));
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(texts).size).toBe(1);
    expect(await bookingsAt(start)).toBe(1);
  });

  it("a malformed key is 400 with the field named", async () => {
    for (const key of ["has space", "x".repeat(256)]) {
      const res = await book(body(at(3, "12:00")), key);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.["Idempotency-Key"]?.[0]).toMatch(/visible ASCII/);
    }
    expect(await bookingsAt(at(3, "12:00"))).toBe(0);
  });

  it("an expired key is claimed afresh", async () => {
    const key = crypto.randomUUID();
    const start = at(3, "13:00");
    const first = await ok<{ booking: { id: string } }>(await book(body(start), key), 201);
    await db`update idempotency_keys set expires_at = now() - interval '1 second' where created_at > now() - interval '10 seconds' and expires_at > now() + interval '23 hours'`;
    // Past its expiry the key is a new attempt: the same slot is now taken by the first booking.
    expect((await book(body(start), key)).status).toBe(409);
    const [row] = await db`select count(*)::int as n from events where id = ${first.booking.id}`;
    expect(row.n).toBe(1);
  });
});

describe("the booking form's hidden key", () => {
  it("a double submit of the form lands on one booking; both posts redirect to it", async () => {
    const date = dateIn(4);
    const start = `${date}T09:00:00+00:00`;
    const path = `/${username}/${slug}?tz=UTC&month=${date.slice(0, 7)}&date=${date}&slot=${encodeURIComponent(start)}`;
    const pageRes = await call("GET", path);
    expect(pageRes.headers.get("cache-control")).toBe("private, no-cache");
    const html = await pageRes.text();
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // A second load of the page gets a fresh key.
    expect(await (await call("GET", path)).text()).not.toContain(key);
    const form = { slot: start, tz: "UTC", name: "Form Guest", email: "form-idem@example.test", idempotencyKey: key! };
    const post = (server: number) =>
      call("POST", path, {
        server,
        body: new URLSearchParams(form),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const [a, b] = await Promise.all([post(0), post(1)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(a.headers.get("location")).toMatch(/\/booked\/[0-9a-f-]{36}\?token=/);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
    // A resubmit later (the answer was lost) lands there too.
    const c = await post(0);
    expect(c.headers.get("location")).toBe(a.headers.get("location"));
    expect(await bookingsAt(start)).toBe(1);
    // The same key for another slot: a clear refusal, no booking.
    const other = `${date}T10:00:00+00:00`;
    const res = await call("POST", path, {
      body: new URLSearchParams({ ...form, slot: other }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("This form was already used for another booking");
    expect(await bookingsAt(other)).toBe(0);
  });
});
