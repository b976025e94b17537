/**
 * The JSON API (first part, docs/decisions/012) over real HTTP against PostgreSQL: the legacy paths (docs/legacy-api.md)
 * GET /event, POST /events, PUT|DELETE /event/{id}, PUT /users/{email}, POST /api/token,
 * GET /reviews, GET /notifications, GET /admin/{email}, GET /professional/{email},
 * GET /packages, GET /packages/{id}.
 *
 * Matrix: 11 paths x 5 roles (visitor, user, other user, professional, admin) = 55 role
 * cells; the paths without auth (reviews, packages) are checked as visitor and user, the rest
 * per role as below. Plus 35 body cases on the JSON writes (415 x4, malformed JSON 400 x2,
 * invalid_input 400 with `fields` x19, 413 x3 with and without Content-Length, JSON 405 x7),
 * 9 token cases (unknown, malformed, expired, non-bearer, bad bearer beside a good cookie,
 * sign-out, password change x2, rate limit), 3 cap cases (4th create, 6 concurrent creates
 * at 2 across both servers, professional/admin uncapped) and 11 IDOR cases (another host's
 * id on PUT/DELETE, an admin's DELETE, 3 non-uuid ids x PUT/DELETE, another host's list as
 * user and professional): 113 cases in 26 tests.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { bookingMailsSettled } from "../support/mail-wait";
import { API_PASSWORD as PASSWORD, apiClient, browserCall, errorOf, type Account } from "./api-client";
import { servers } from "./context";

const CAP_MESSAGE = "You reached the maximum event creation limit !! Teke a package.";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.77" });

function inDays(days: number, hourUtc = 10): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
}

function oneToOne(overrides: Record<string, unknown> = {}) {
  return {
    eventName: "API intro",
    eventType: "Google Meet",
    eventWith: "One-to-One",
    description: "Made over the JSON API.",
    targetedEmail: "guest@example.org",
    dateTime: inDays(10),
    ...overrides,
  };
}

async function createEvent(a: Account, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/events", { token: a.token, json: oneToOne(overrides) });
  expect(res.status).toBe(201);
  return (await res.json()) as Record<string, unknown> & { _id: string };
}

describe("tokens", () => {
  it("POST /api/token answers a 30-day token for the right password; only its hash is stored; it authenticates", async () => {
    const a = await account("tok");
    const res = await call("POST", "/api/token", { json: { email: a.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    const { token, expiresAt } = (await res.json()) as { token: string; expiresAt: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const rows = await db`select token_hash, session_id from api_tokens where user_id = ${a.id} order by created_at`;
    const hash = crypto.createHash("sha256").update(token).digest("hex");
    expect(rows.map((r) => r.token_hash)).toContain(hash);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.find((r) => r.token_hash === hash)?.session_id).toBeNull();
    const list = await call("GET", `/event?host=${encodeURIComponent(a.email)}`, { token });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    const [used] = await db`select last_used_at from api_tokens where token_hash = ${hash}`;
    expect(used.last_used_at).not.toBeNull();
  });

  it("POST /api/token: one 401 for a wrong password and for an unknown e-mail; 400 for missing fields; 415 for a form", async () => {
    const a = await account("tokbad");
    const wrong = await call("POST", "/api/token", { json: { email: a.email, password: "not-the-password" } });
    const unknown = await call("POST", "/api/token", { json: { email: uniqueEmail("nobody"), password: PASSWORD } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await errorOf(wrong)).toEqual(await errorOf(unknown));
    const missing = await call("POST", "/api/token", { json: { email: a.email } });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields?.password).toBeDefined();
    const form = await call("POST", "/api/token", {
      body: new URLSearchParams({ email: a.email, password: PASSWORD }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect((await call("GET", "/api/token")).status).toBe(405);
  });

  it("POST /api/token is rate limited per account and address like sign-in: 429 with Retry-After", async () => {
    const a = await account("tokrate");
    // One client address (decision 063: the limit is per account and address).
    const from = { "x-forwarded-for": "203.0.113.77" };
    let last: Response | undefined;
    for (let i = 0; i < 11; i++)
      last = await call("POST", "/api/token", { json: { email: a.email, password: `wrong-${i}` }, headers: from });
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(last as Response)).code).toBe("rate_limited");
    // Even the right password waits now, from that address; the owner elsewhere is not locked out.
    expect(
      (await call("POST", "/api/token", { json: { email: a.email, password: PASSWORD }, headers: from })).status,
    ).toBe(429);
    expect((await call("POST", "/api/token", { json: { email: a.email, password: PASSWORD } })).status).not.toBe(429);
  });

  it("PUT /users/{email}: 401 without a session, 403 for another e-mail (body or path), 200 { token } tied to the session", async () => {
    const a = await account("putuser");
    const b = await account("putother");
    expect((await call("PUT", `/users/${encodeURIComponent(a.email)}`, { json: { email: a.email } })).status).toBe(401);
    // A bearer token is not a session: it cannot mint more tokens.
    expect(
      (await call("PUT", `/users/${encodeURIComponent(a.email)}`, { token: a.token, json: { email: a.email } })).status,
    ).toBe(401);
    const otherBody = await browserCall(a.c, "PUT", `/users/${encodeURIComponent(a.email)}`, { email: b.email });
    expect(otherBody.status).toBe(403);
    expect((await errorOf(otherBody)).code).toBe("forbidden");
    expect((await browserCall(a.c, "PUT", `/users/${encodeURIComponent(b.email)}`, { email: b.email })).status).toBe(
      403,
    );
    expect((await browserCall(a.c, "PUT", `/users/${encodeURIComponent(a.email)}`, { mail: a.email })).status).toBe(
      400,
    );
    const form = await a.c.request(`/users/${encodeURIComponent(a.email)}`, {
      method: "PUT",
      form: { email: a.email },
    });
    expect(form.status).toBe(415);
    const [row] =
      await db`select session_id from api_tokens where token_hash = ${crypto.createHash("sha256").update(a.token).digest("hex")}`;
    expect(row.session_id).toEqual(expect.any(String));
    expect((await call("GET", `/users/${encodeURIComponent(a.email)}`)).status).toBe(405);
  });

  it("a token minted from a session dies when that session signs out", async () => {
    const a = await account("signout");
    expect((await call("GET", "/event", { token: a.token })).status).toBe(200);
    expect((await a.c.post("/signout", {})).status).toBe(302);
    const after = await call("GET", "/event", { token: a.token });
    expect(after.status).toBe(401);
    expect((await errorOf(after)).code).toBe("unauthorized");
  });

  it("tokens die at a password change (also those from POST /api/token)", async () => {
    const a = await account("pwchange");
    const res = await call("POST", "/api/token", { json: { email: a.email, password: PASSWORD } });
    const { token } = (await res.json()) as { token: string };
    expect((await call("GET", "/event", { token })).status).toBe(200);
    const changed = await a.c.post("/dashboard/profile", {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: "brand-new-secret-1",
      confirmPassword: "brand-new-secret-1",
    });
    expect(changed.status).toBeLessThan(400);
    expect((await call("GET", "/event", { token })).status).toBe(401);
    expect((await call("GET", "/event", { token: a.token })).status).toBe(401);
  });

  it("401 for an expired, unknown or malformed token, even alongside a valid session cookie", async () => {
    const a = await account("expired");
    expect((await call("GET", "/event", { token: a.token })).status).toBe(200);
    await db`update api_tokens set expires_at = now() - interval '1 second' where user_id = ${a.id}`;
    expect((await call("GET", "/event", { token: a.token })).status).toBe(401);
    expect((await call("GET", "/event", { token: "x".repeat(43) })).status).toBe(401);
    expect((await call("GET", "/event", { headers: { authorization: "Bearer" } })).status).toBe(401);
    expect((await call("GET", "/event", { headers: { authorization: "Basic abc" } })).status).toBe(401);
    const withCookie = await a.c.request("/event", { headers: { authorization: "Bearer nope" } });
    expect(withCookie.status).toBe(401);
    // The session alone still works.
    expect((await a.c.get("/event")).status).toBe(200);
  });
});

describe("JSON bodies on writes", () => {
  it("415 for a non-JSON body, 400 invalid_json for a malformed one", async () => {
    const a = await account("bodies");
    const text = await call("POST", "/events", {
      token: a.token,
      body: "eventName=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await errorOf(text)).code).toBe("unsupported_media_type");
    const none = await call("POST", "/events", { token: a.token, body: JSON.stringify(oneToOne()) });
    expect(none.status).toBe(415);
    const bad = await call("POST", "/events", {
      token: a.token,
      body: '{"eventName": ',
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_json");
    const put = await call("PUT", `/event/${crypto.randomUUID()}`, {
      token: a.token,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(put.status).toBe(400);
    expect((await db`select count(*)::int as n from events where host_id = ${a.id}`)[0].n).toBe(0);
  });

  it("400 invalid_input with per-field messages for missing fields and wrong types", async () => {
    const a = await account("fields");
    const empty = await errorOf(await call("POST", "/events", { token: a.token, json: {} }));
    expect(empty.code).toBe("invalid_input");
    expect(Object.keys(empty.fields ?? {})).toEqual(
      expect.arrayContaining(["eventName", "eventType", "eventWith", "description", "dateTime"]),
    );
    const notObject = await call("POST", "/events", { token: a.token, json: [1, 2] });
    expect(notObject.status).toBe(400);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ eventName: 5 }, "eventName"],
      [{ eventType: "Carrier pigeon" }, "eventType"],
      [{ eventWith: "Collective" }, "eventWith"],
      [{ duration: "30" }, "duration"],
      [{ duration: 2 }, "duration"],
      [{ dateTime: "2030-01-01T10:00:00" }, "dateTime"],
      [{ dateTime: "tomorrow" }, "dateTime"],
      [{ dateTime: inDays(-1) }, "dateTime"],
      [{ targetedEmail: "not-an-email" }, "targetedEmail"],
      [{ targetedEmail: { email1: "a@example.org" } }, "targetedEmail"],
      [{ eventWith: "Group", targetedEmail: "a@example.org" }, "targetedEmail"],
      [{ eventWith: "Group", targetedEmail: { email1: "a@example.org", email2: "bad" } }, "targetedEmail.email2"],
      [
        { eventWith: "Group", targetedEmail: { email1: "a@example.org", email2: "A@example.org" } },
        "targetedEmail.email2",
      ],
      [{ description: "x".repeat(5001) }, "description"],
    ];
    for (const [override, field] of cases) {
      const res = await call("POST", "/events", { token: a.token, json: oneToOne(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
      const error = await errorOf(res);
      expect(Object.keys(error.fields ?? {}), JSON.stringify(override)).toContain(field);
    }
    expect((await db`select count(*)::int as n from events where host_id = ${a.id}`)[0].n).toBe(0);
  });

  it("413 for a body over 1 MB, with a Content-Length and streamed without one", async () => {
    const a = await account("huge");
    const big = JSON.stringify(oneToOne({ description: "x".repeat(1024 * 1024 + 10) }));
    const withLength = await call("POST", "/events", {
      token: a.token,
      body: big,
      headers: { "content-type": "application/json" },
    });
    expect(withLength.status).toBe(413);
    expect((await errorOf(withLength)).code).toBe("payload_too_large");
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 65_536) controller.enqueue(bytes.slice(i, i + 65_536));
        controller.close();
      },
    });
    const chunked = await fetch(new URL("/events", servers()[0]), {
      method: "POST",
      headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await errorOf(chunked)).code).toBe("payload_too_large");
    const put = await call("PUT", `/users/${encodeURIComponent(a.email)}`, {
      body: big,
      headers: { "content-type": "application/json" },
    });
    expect(put.status).toBe(413);
  });

  it("405 JSON for a method a path does not serve", async () => {
    for (const [method, path] of [
      ["GET", "/events"],
      ["GET", `/event/${crypto.randomUUID()}`],
      ["POST", "/event"],
      ["DELETE", "/packages"],
    ] as const) {
      const res = await call(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect((await errorOf(res)).code).toBe("method_not_allowed");
    }
  });
});

describe("events", () => {
  it("visitor: 401 on every event path", async () => {
    const id = crypto.randomUUID();
    for (const [method, path, json] of [
      ["GET", "/event?host=someone@example.org", undefined],
      ["POST", "/events", oneToOne()],
      ["PUT", `/event/${id}`, oneToOne()],
      ["DELETE", `/event/${id}`, undefined],
    ] as const) {
      const res = await call(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
  });

  it("user: POST /events creates a One-to-One event (201, the legacy client's fields), mails the invitee, lists it", async () => {
    const a = await account("create");
    const tag = crypto.randomUUID().slice(0, 8);
    const created = await createEvent(a, { eventName: `API ${tag}`, duration: 45, host: a.email.toUpperCase() });
    expect(created).toMatchObject({
      eventName: `API ${tag}`,
      eventType: "Google Meet",
      eventWith: "One-to-One",
      description: "Made over the JSON API.",
      targetedEmail: "guest@example.org",
      duration: 45,
      host: a.email,
      status: "confirmed",
    });
    expect(Date.parse(created.endsAt as string) - Date.parse(created.dateTime as string)).toBe(45 * 60_000);
    const [row] = await db`select host_id, event_name from events where id = ${created._id}`;
    expect(row).toEqual({ host_id: a.id, event_name: `API ${tag}` });
    // The invitation leaves through the booking events outbox (decision 030), moments after the answer.
    await bookingMailsSettled(db);
    const mails = await db`select "to" from mail_outbox where subject like ${`%${tag}%`}`;
    expect(mails.map((m) => m.to).join(" ")).toContain("guest@example.org");
    const list = await call("GET", `/event?host=${encodeURIComponent(a.email)}`, { token: a.token });
    expect(list.status).toBe(200);
    expect(((await list.json()) as Array<{ _id: string }>).map((e) => e._id)).toEqual([created._id]);
  });

  it("user: a Group event takes targetedEmail as { email1..email4 } and answers it the same way", async () => {
    const a = await account("group");
    const created = await createEvent(a, {
      eventWith: "Group",
      eventType: "In Person Meeting",
      targetedEmail: { email1: "A@example.org", email3: "c@example.org" },
    });
    expect(created.targetedEmail).toEqual({ email1: "a@example.org", email2: "c@example.org" });
    expect(created.duration).toBe(30);
  });

  it('user: a Group event\'s blank invitees ("email2": "", as the legacy client\'s form sends them) count as absent', async () => {
    const a = await account("group-blank");
    const created = await createEvent(a, {
      eventWith: "Group",
      eventType: "In Person Meeting",
      targetedEmail: { email1: "a@example.org", email2: "", email3: "   ", email4: "d@example.org" },
    });
    expect(created.targetedEmail).toEqual({ email1: "a@example.org", email2: "d@example.org" });
    // A blank first invitee is still no invitee.
    const none = await call("POST", "/events", {
      token: a.token,
      json: oneToOne({ eventWith: "Group", targetedEmail: { email1: "", email2: "b@example.org" } }),
    });
    expect(none.status).toBe(400);
    expect(Object.keys((await errorOf(none)).fields ?? {})).toEqual(["targetedEmail.email1"]);
  });

  it("a host field naming someone else is refused (403); the host is always the caller", async () => {
    const a = await account("hostfield");
    const res = await call("POST", "/events", { token: a.token, json: oneToOne({ host: "someone-else@example.org" }) });
    expect(res.status).toBe(403);
    expect((await db`select count(*)::int as n from events where host_id = ${a.id}`)[0].n).toBe(0);
  });

  it("the cap: a user's 4th upcoming event is refused with the product's message; a professional and an admin are not capped", async () => {
    const a = await account("cap");
    for (let i = 0; i < 3; i++) await createEvent(a, { dateTime: inDays(5 + i) });
    const fourth = await call("POST", "/events", { token: a.token, json: oneToOne({ dateTime: inDays(9) }) });
    expect(fourth.status).toBe(403);
    expect(await errorOf(fourth)).toEqual({ code: "event_limit", message: CAP_MESSAGE });
    for (const role of ["professional", "admin"] as const) {
      const p = await account(`cap-${role}`, role);
      for (let i = 0; i < 5; i++) await createEvent(p, { dateTime: inDays(5 + i) });
      expect((await db`select count(*)::int as n from events where host_id = ${p.id}`)[0].n).toBe(5);
    }
  });

  it("the cap holds under concurrency: 6 creates at 2 events, on both servers, give exactly one 201", async () => {
    const a = await account("race");
    for (let i = 0; i < 2; i++) await createEvent(a, { dateTime: inDays(5 + i) });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call("POST", "/events", { token: a.token, json: oneToOne({ dateTime: inDays(20 + i) }), server: i % 2 }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403, 403]);
    expect((await db`select count(*)::int as n from events where host_id = ${a.id}`)[0].n).toBe(3);
  });

  it("PUT /event/{id} changes the host's own event (duration kept when left out); DELETE answers 204 then 404", async () => {
    const a = await account("update");
    const created = await createEvent(a, { duration: 60 });
    const when = inDays(15, 14);
    const res = await call("PUT", `/event/${created._id}`, {
      token: a.token,
      json: { eventName: "Renamed", eventType: "Phone Call", description: "Moved.", dateTime: when },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      _id: created._id,
      eventName: "Renamed",
      eventType: "Phone Call",
      dateTime: when,
      duration: 60,
    });
    const [row] = await db`select event_name, sequence from events where id = ${created._id}`;
    expect(row).toEqual({ event_name: "Renamed", sequence: 1 });
    const missing = await call("PUT", `/event/${created._id}`, { token: a.token, json: { eventName: "Only a name" } });
    expect(missing.status).toBe(400);
    expect(Object.keys((await errorOf(missing)).fields ?? {})).toEqual(
      expect.arrayContaining(["eventType", "description", "dateTime"]),
    );
    expect((await call("DELETE", `/event/${created._id}`, { token: a.token })).status).toBe(204);
    expect((await call("DELETE", `/event/${created._id}`, { token: a.token })).status).toBe(404);
    expect((await db`select count(*)::int as n from events where id = ${created._id}`)[0].n).toBe(0);
  });

  it("IDOR: another host's event id answers 404 on PUT and DELETE and stays untouched; a non-uuid id is 404", async () => {
    const owner = await account("owner");
    const other = await account("intruder");
    const event = await createEvent(owner);
    const update = { eventName: "Hijacked", eventType: "Phone Call", description: "x", dateTime: inDays(11) };
    const put = await call("PUT", `/event/${event._id}`, { token: other.token, json: update });
    expect(put.status).toBe(404);
    expect((await errorOf(put)).code).toBe("not_found");
    expect((await call("DELETE", `/event/${event._id}`, { token: other.token })).status).toBe(404);
    const admin = await account("idor-admin", "admin");
    expect((await call("DELETE", `/event/${event._id}`, { token: admin.token })).status).toBe(404);
    const [row] = await db`select event_name from events where id = ${event._id}`;
    expect(row.event_name).toBe("API intro");
    for (const id of ["not-a-uuid", "1", "%27%3B%20drop%20table%20events"]) {
      expect((await call("PUT", `/event/${id}`, { token: owner.token, json: update })).status).toBe(404);
      expect((await call("DELETE", `/event/${id}`, { token: owner.token })).status).toBe(404);
    }
  });

  it("GET /event?host=: another host's list is 403 for a user or professional, 200 for an admin", async () => {
    const owner = await account("listowner");
    const event = await createEvent(owner);
    const path = `/event?host=${encodeURIComponent(owner.email)}`;
    for (const role of ["user", "professional"] as const) {
      const other = await account(`list-${role}`, role);
      const res = await call("GET", path, { token: other.token });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("forbidden");
    }
    const admin = await account("list-admin", "admin");
    const res = await call("GET", path, { token: admin.token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Array<{ _id: string; host: string }>).map((e) => [e._id, e.host])).toEqual([
      [event._id, owner.email],
    ]);
    expect((await call("GET", `/event?host=${uniqueEmail("ghost")}`, { token: admin.token })).status).toBe(404);
    // Without ?host the caller's own list.
    const own = await call("GET", "/event", { token: owner.token });
    expect(((await own.json()) as unknown[]).length).toBe(1);
  });

  it("browser sessions work on the same paths (same origin); a cross-site write with the cookie is refused", async () => {
    const a = await account("browser");
    const created = await browserCall(a.c, "POST", "/events", oneToOne());
    expect(created.status).toBe(201);
    expect((await a.c.get("/event")).status).toBe(200);
    const cross = await browserCall(a.c, "POST", "/events", oneToOne(), { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await db`select count(*)::int as n from events where host_id = ${a.id}`)[0].n).toBe(1);
  });
});

describe("read paths", () => {
  it("GET /reviews: no auth, an array in the legacy client's field names", async () => {
    const tag = crypto.randomUUID();
    await db`insert into reviews (name, email, image_url, rating, review) values ('Rita', 'rita@example.org', '', 5, ${tag})`;
    const res = await call("GET", "/reviews");
    expect(res.status).toBe(200);
    const reviews = (await res.json()) as Array<Record<string, unknown>>;
    const mine = reviews.find((r) => r.review === tag);
    expect(mine).toEqual({
      _id: expect.any(String),
      imageUrl: "",
      rating: 5,
      name: "Rita",
      email: "rita@example.org",
      review: tag,
    });
    // POST /reviews needs a signed-in caller (tests/integration/api-payment.test.ts).
    expect((await call("POST", "/reviews", { json: {} })).status).toBe(401);
  });

  it("GET /notifications: broadcasts for a visitor; broadcasts plus one's own when signed in; never another user's", async () => {
    const a = await account("notif-a");
    const b = await account("notif-b");
    const broadcast = `broadcast ${crypto.randomUUID()}`;
    const personal = `personal ${crypto.randomUUID()}`;
    await db`insert into notifications (user_id, notification) values (null, ${broadcast}), (${a.id}, ${personal})`;
    const texts = async (res: Response) => {
      expect(res.status).toBe(200);
      const list = (await res.json()) as Array<{ _id: string; notification: string }>;
      return list.map((n) => n.notification);
    };
    const visitor = await texts(await call("GET", "/notifications"));
    expect(visitor).toContain(broadcast);
    expect(visitor).not.toContain(personal);
    const own = await texts(await call("GET", "/notifications", { token: a.token }));
    expect(own).toEqual(expect.arrayContaining([broadcast, personal]));
    const bySession = await texts(await a.c.get("/notifications"));
    expect(bySession).toContain(personal);
    const others = await texts(await call("GET", "/notifications", { token: b.token }));
    expect(others).toContain(broadcast);
    expect(others).not.toContain(personal);
  });

  it("POST /notifications/read still marks the bell read (its own route, not the JSON list)", async () => {
    const a = await account("bell");
    const res = await a.c.post("/notifications/read", {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const [row] = await db`select notifications_seen_at from users where id = ${a.id}`;
    expect(row.notifications_seen_at).not.toBeNull();
    expect((await a.c.get("/notifications/read")).status).toBe(404);
  });

  it("GET /admin/{email} and /professional/{email}: 401 visitor, oneself for anyone, others only for an admin", async () => {
    const user = await account("flags-user");
    const other = await account("flags-other");
    const pro = await account("flags-pro", "professional");
    const admin = await account("flags-admin", "admin");
    const flag = async (kind: "admin" | "professional", who: Account | null, email: string) => {
      const res = await call("GET", `/${kind}/${encodeURIComponent(email)}`, {
        token: who?.token,
        headers: { "content-type": "application/json" },
      });
      return { status: res.status, body: await res.json() };
    };
    expect((await flag("admin", null, user.email)).status).toBe(401);
    expect((await flag("professional", null, user.email)).status).toBe(401);
    expect(await flag("admin", user, user.email)).toEqual({ status: 200, body: { admin: false } });
    expect(await flag("professional", user, user.email)).toEqual({ status: 200, body: { professional: false } });
    expect((await flag("admin", user, other.email)).status).toBe(403);
    expect((await flag("professional", user, pro.email)).status).toBe(403);
    expect((await flag("admin", pro, admin.email)).status).toBe(403);
    expect(await flag("professional", pro, pro.email)).toEqual({ status: 200, body: { professional: true } });
    expect(await flag("admin", admin, admin.email)).toEqual({ status: 200, body: { admin: true } });
    expect(await flag("professional", admin, pro.email)).toEqual({ status: 200, body: { professional: true } });
    expect(await flag("admin", admin, user.email)).toEqual({ status: 200, body: { admin: false } });
    // A package that ran out reads false.
    await db`update users set professional_until = now() - interval '1 day' where id = ${pro.id}`;
    expect(await flag("professional", pro, pro.email)).toEqual({ status: 200, body: { professional: false } });
  });

  it("GET /packages and /packages/{id}: no auth, the legacy client's field names, 'Free' or dollars; 404 for unknown or non-uuid ids", async () => {
    const res = await call("GET", "/packages");
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(Object.keys(p).sort()).toEqual(
        [
          "_id",
          "accessType",
          "activeEvent",
          "calender",
          "goupEvent",
          "name",
          "notificationStatus",
          "oneToOne",
          "price",
        ].sort(),
      );
      expect(p.price === "Free" || typeof p.price === "number").toBe(true);
    }
    const [paid] = await db`select id, price_cents from packages where price_cents > 0 limit 1`;
    const one = await call("GET", `/packages/${paid.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ _id: paid.id, price: paid.price_cents / 100 });
    const user = await account("pkg");
    expect((await call("GET", `/packages/${paid.id}`, { token: user.token })).status).toBe(200);
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const missing = await call("GET", `/packages/${id}`);
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).code).toBe("not_found");
    }
    // The pricing page is still a page.
    const pricing = await call("GET", "/pricing");
    expect(pricing.status).toBe(200);
    expect(pricing.headers.get("content-type")).toMatch(/text\/html/);
  });
});
