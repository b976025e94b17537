/**
 * The admin's JSON paths (decision 013) over real HTTP against PostgreSQL: GET /users,
 * PUT /users/admin/{email}, PUT /users/user/{email}, GET /professional,
 * DELETE /professional/{id}, POST /packages, PUT /packages/{id}, DELETE /packages/{id}.
 *
 * Matrix: 8 operations x 4 roles (visitor, user, professional, admin) = 32 role cells, plus
 * 4 self cells (a user and a professional promoting themselves, a user demoting an admin, a
 * user's session promoting itself) and 3 session cells (admin and user by browser cookie) = 39.
 * Plus 55 body/query cases: 2 writes x (415 text/plain, 415 no type, 400 invalid_json, 413
 * with Content-Length) = 8, 1 streamed 413, 21 invalid_input with `fields` (empty and
 * non-object bodies, 15 field cases on POST, 4 on PUT), 1 huge body on a body-less PUT, 9 bad
 * query values on both lists, 4 JSON 405s with Allow, 11 accepted price spellings; 15
 * IDOR/not-found cases (unknown and non-uuid ids x PUT/DELETE package, 5 ids on DELETE
 * professional, 4 unknown e-mails on promote/demote); 26 state cases (round trip 1/0/1/0 and
 * the role's effect, last admin 409, a paid admin demoted to professional, name_taken on POST
 * and PUT, record removal recomputing the buyer, list shapes, search, paging, totals, the
 * package write cycle); 4 routing cases (PUT /users/{email} still mints, PUT
 * /users/admin/{email} is not it, GET /professional/{email} still answers 200/401); 7
 * answers checked for X-RateLimit-* (200 read, create and delete, 400, 401, 403, 404); 8 calender
 * spellings of the legacy form (digits as text, blank, null) plus 2 refused: 156 cases in 20 tests.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { apiClient, browserCall, errorOf, type Account, type CallOptions, type Role } from "./api-client";
import { servers } from "./context";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.78", namePrefix: "Adm" });
const NOT_ADMIN_PROMOTE = "You don't have access to make someone admin!!";
const NOT_ADMIN_DEMOTE = "You don't have access to make someone user!!";

// Other files read /pricing and expect the seeded catalogue: packages made here go again.
const TAG = `apiadm-${crypto.randomUUID().slice(0, 8)}`;
afterAll(async () => {
  await db`delete from packages where name like ${`${TAG}%`}`;
});

const roleOf = async (id: string) => (await db`select role from users where id = ${id}`)[0].role as Role;
const packageCount = async () => (await db`select count(*)::int as n from packages`)[0].n as number;

function pkg(overrides: Record<string, unknown> = {}) {
  return {
    name: `${TAG} ${crypto.randomUUID().slice(0, 8)}`,
    price: 9.99,
    accessType: "Everything",
    activeEvent: "Unlimited",
    calender: 3,
    goupEvent: "Yes",
    notificationStatus: "E-mail",
    oneToOne: "Yes",
    ...overrides,
  };
}

async function createPkg(admin: Account, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/packages", { token: admin.token, json: pkg(overrides) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown> & { _id: string; name: string };
}

async function insertRecord(email: string, userId: string | null, issuedAt: string, name = "Buyer") {
  const transactionId = `pi_${crypto.randomUUID().replaceAll("-", "")}`;
  const [row] = await db`
    insert into professionals (user_id, name, email, status, transaction_id, pack, amount_cents, issued_at)
    values (${userId}, ${name}, ${email}, 'professional', ${transactionId}, 'Pro', 1000, ${issuedAt})
    returning id`;
  return { id: row.id as string, transactionId };
}

describe("who may call the admin paths", () => {
  it("role matrix: 401 visitor, 403 user and professional (nothing changes), admin served", async () => {
    const user = await account("m-user");
    const pro = await account("m-pro", "professional", { professionalDays: 20 });
    const admin = await account("m-admin", "admin");
    const existing = await createPkg(admin);
    const before = await packageCount();
    const unknown = crypto.randomUUID();
    const ops: Array<{ method: string; path: string; json?: unknown; adminStatus: number }> = [
      { method: "GET", path: "/users", adminStatus: 200 },
      { method: "PUT", path: `/users/admin/${encodeURIComponent(user.email)}`, adminStatus: 200 },
      { method: "PUT", path: `/users/user/${encodeURIComponent(pro.email)}`, adminStatus: 200 },
      { method: "GET", path: "/professional", adminStatus: 200 },
      { method: "DELETE", path: `/professional/${unknown}`, adminStatus: 404 },
      { method: "POST", path: "/packages", json: pkg(), adminStatus: 200 },
      {
        method: "PUT",
        path: `/packages/${existing._id}`,
        json: pkg({ name: existing.name, price: "Free" }),
        adminStatus: 200,
      },
      { method: "DELETE", path: `/packages/${unknown}`, adminStatus: 404 },
    ];
    for (const op of ops) {
      const label = `${op.method} ${op.path}`;
      const visitor = await call(op.method, op.path, { json: op.json });
      expect(visitor.status, label).toBe(401);
      expect(visitor.headers.get("www-authenticate"), label).toBe("Bearer");
      expect((await errorOf(visitor)).code, label).toBe("unauthorized");
      for (const who of [user, pro]) {
        const res = await call(op.method, op.path, { token: who.token, json: op.json });
        expect(res.status, `${label} as ${who.email}`).toBe(403);
        expect((await errorOf(res)).code).toBe("forbidden");
      }
    }
    // The refused calls changed nothing.
    expect(await roleOf(user.id)).toBe("user");
    expect(await roleOf(pro.id)).toBe("professional");
    expect(await packageCount()).toBe(before);
    for (const op of ops) {
      const res = await call(op.method, op.path, { token: admin.token, json: op.json });
      expect(res.status, `${op.method} ${op.path} as admin`).toBe(op.adminStatus);
    }
    expect(await roleOf(user.id)).toBe("admin");
    expect(await packageCount()).toBe(before + 1);
    // Back, so the user stays a user for nobody else's sake.
    await db`update users set role = 'user' where id = ${user.id}`;
  });

  it("promote and demote answer the product's 403 messages, also to someone naming themselves; never change the role", async () => {
    const user = await account("self-user");
    const pro = await account("self-pro", "professional", { professionalDays: 20 });
    const admin = await account("self-admin", "admin");
    for (const who of [user, pro]) {
      const self = await call("PUT", `/users/admin/${encodeURIComponent(who.email)}`, { token: who.token });
      expect(self.status).toBe(403);
      expect(await errorOf(self)).toEqual({ code: "forbidden", message: NOT_ADMIN_PROMOTE });
    }
    const demote = await call("PUT", `/users/user/${encodeURIComponent(admin.email)}`, { token: user.token });
    expect(demote.status).toBe(403);
    expect(await errorOf(demote)).toEqual({ code: "forbidden", message: NOT_ADMIN_DEMOTE });
    // The same by browser session.
    const bySession = await browserCall(user.c, "PUT", `/users/admin/${encodeURIComponent(user.email)}`);
    expect(bySession.status).toBe(403);
    expect((await errorOf(bySession)).message).toBe(NOT_ADMIN_PROMOTE);
    expect(await roleOf(user.id)).toBe("user");
    expect(await roleOf(pro.id)).toBe("professional");
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("an admin's browser session works on the same paths; a user's session gets 403", async () => {
    const admin = await account("sess-admin", "admin");
    const user = await account("sess-user");
    const list = await admin.c.get("/users?limit=1");
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(1);
    expect((await user.c.get("/users")).status).toBe(403);
    expect((await user.c.get("/professional")).status).toBe(403);
  });
});

describe("GET /users", () => {
  it("answers { _id, name, email, role, professional } in sign-up order, searchable, paged, with X-Total-Count", async () => {
    const admin = await account("list-admin", "admin");
    const tag = `q${crypto.randomUUID().slice(0, 8)}`;
    const plain = await account(`${tag}-plain`);
    const pro = await account(`${tag}-pro`, "professional", { professionalDays: 20 });
    const adm = await account(`${tag}-adm`, "admin");
    const res = await call("GET", `/users?q=${tag}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("3");
    expect(Number(res.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual([
      { _id: plain.id, name: `Adm ${tag}-plain`, email: plain.email, role: null, professional: false },
      { _id: pro.id, name: `Adm ${tag}-pro`, email: pro.email, role: null, professional: true },
      { _id: adm.id, name: `Adm ${tag}-adm`, email: adm.email, role: "admin", professional: false },
    ]);
    // Search is case-insensitive and by name or e-mail; % and _ are literal characters.
    const upper = await call("GET", `/users?q=${tag.toUpperCase()}-PRO`, { token: admin.token });
    expect(((await upper.json()) as Array<{ _id: string }>).map((u) => u._id)).toEqual([pro.id]);
    const pct = await call("GET", `/users?q=${tag}%25`, { token: admin.token });
    expect(await pct.json()).toEqual([]);
    // Paging.
    const page = await call("GET", `/users?q=${tag}&limit=1&offset=1`, { token: admin.token });
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(((await page.json()) as Array<{ _id: string }>).map((u) => u._id)).toEqual([pro.id]);
    const past = await call("GET", `/users?q=${tag}&offset=3`, { token: admin.token });
    expect(await past.json()).toEqual([]);
    // A lapsed package reads professional: false.
    await db`update users set professional_until = now() - interval '1 day' where id = ${pro.id}`;
    const lapsed = (await (await call("GET", `/users?q=${tag}-pro`, { token: admin.token })).json()) as Array<{
      professional: boolean;
    }>;
    expect(lapsed[0].professional).toBe(false);
    // The default page is 100 (at most), the max 500.
    const all = (await (await call("GET", "/users", { token: admin.token })).json()) as unknown[];
    expect(all.length).toBeLessThanOrEqual(100);
    expect((await call("GET", "/users?limit=500", { token: admin.token })).status).toBe(200);
  });

  it("400 invalid_input for bad query values on both lists", async () => {
    const admin = await account("query-admin", "admin");
    const cases: Array<[string, string]> = [
      ["/users?limit=0", "limit"],
      ["/users?limit=501", "limit"],
      ["/users?limit=abc", "limit"],
      ["/users?limit=1e2", "limit"],
      ["/users?limit=-1", "limit"],
      ["/users?offset=-1", "offset"],
      [`/users?q=${"x".repeat(201)}`, "q"],
      ["/professional?limit=501", "limit"],
      ["/professional?offset=x", "offset"],
    ];
    for (const [path, field] of cases) {
      const res = await call("GET", path, { token: admin.token });
      expect(res.status, path).toBe(400);
      const error = await errorOf(res);
      expect(error.code, path).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}), path).toEqual([field]);
    }
  });
});

describe("PUT /users/admin/{email} and /users/user/{email}", () => {
  it("round trip: promote 1 then 0, demote 1 then 0; e-mails are case-insensitive; any body is ignored", async () => {
    const admin = await account("rt-admin", "admin");
    const target = await account("rt-target");
    const promote = (email: string, extra: CallOptions = {}) =>
      call("PUT", `/users/admin/${encodeURIComponent(email)}`, { token: admin.token, ...extra });
    const demote = (email: string) => call("PUT", `/users/user/${encodeURIComponent(email)}`, { token: admin.token });
    const first = await promote(target.email.toUpperCase(), {
      body: "not json",
      headers: { "content-type": "text/plain" },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(target.id)).toBe("admin");
    expect(await (await promote(target.email)).json()).toEqual({ modifiedCount: 0 });
    const listed = (await (
      await call("GET", `/users?q=${encodeURIComponent(target.email)}`, { token: admin.token })
    ).json()) as Array<{ role: unknown }>;
    expect(listed[0].role).toBe("admin");
    // The new admin can use the admin paths at once.
    expect((await call("GET", "/users?limit=1", { token: target.token })).status).toBe(200);
    const down = await demote(target.email);
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(target.id)).toBe("user");
    expect(await (await demote(target.email)).json()).toEqual({ modifiedCount: 0 });
    expect((await call("GET", "/users?limit=1", { token: target.token })).status).toBe(403);
  });

  it("demoting an admin whose paid month still runs leaves a professional", async () => {
    const admin = await account("paid-admin", "admin");
    const target = await account("paid-target", "admin");
    await db`update users set professional_until = now() + interval '10 days' where id = ${target.id}`;
    const res = await call("PUT", `/users/user/${encodeURIComponent(target.email)}`, { token: admin.token });
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(target.id)).toBe("professional");
  });

  it("404 for an unknown e-mail on both; a huge body is 413", async () => {
    const admin = await account("nf-admin", "admin");
    for (const kind of ["admin", "user"]) {
      for (const email of [uniqueEmail("ghost"), "not an email"]) {
        const res = await call("PUT", `/users/${kind}/${encodeURIComponent(email)}`, { token: admin.token });
        expect(res.status, `${kind} ${email}`).toBe(404);
        expect((await errorOf(res)).code).toBe("not_found");
      }
    }
    const huge = await call("PUT", `/users/admin/${encodeURIComponent(admin.email)}`, {
      token: admin.token,
      body: JSON.stringify({ x: "x".repeat(1024 * 1024 + 10) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
  });

  it("409 when the last admin would go: demoting oneself as the only admin", async () => {
    const a = await account("last-admin", "admin");
    // Other tests made admins too: for this test, a is the only one.
    const others = (await db`select id from users where role = 'admin' and id <> ${a.id}`).map((r) => r.id as string);
    if (others.length) await db`update users set role = 'user' where id in ${db(others)}`;
    try {
      const res = await call("PUT", `/users/user/${encodeURIComponent(a.email)}`, { token: a.token });
      expect(res.status).toBe(409);
      const error = await errorOf(res);
      expect(error.code).toBe("last_admin");
      expect(error.message).toContain("at least one admin");
      expect(await roleOf(a.id)).toBe("admin");
    } finally {
      if (others.length) await db`update users set role = 'admin' where id in ${db(others)}`;
    }
  });
});

describe("GET /professional and DELETE /professional/{id}", () => {
  it("lists records newest first as { _id, name, email, pack, issuedDate, status, transactionId }, paged", async () => {
    const admin = await account("pro-admin", "admin");
    // Far in the future, so they are the newest records whatever other tests inserted.
    const older = await insertRecord("older@example.org", null, "2999-01-01T10:00:00Z", "Older");
    const newer = await insertRecord("newer@example.org", null, "2999-01-02T10:00:00Z", "Newer");
    try {
      const res = await call("GET", "/professional?limit=2", { token: admin.token });
      expect(res.status).toBe(200);
      const [{ total }] = await db`select count(*)::int as total from professionals`;
      expect(res.headers.get("x-total-count")).toBe(String(total));
      expect(await res.json()).toEqual([
        {
          _id: newer.id,
          name: "Newer",
          email: "newer@example.org",
          pack: "Pro",
          issuedDate: "2999-01-02T10:00:00.000Z",
          status: "professional",
          transactionId: newer.transactionId,
        },
        {
          _id: older.id,
          name: "Older",
          email: "older@example.org",
          pack: "Pro",
          issuedDate: "2999-01-01T10:00:00.000Z",
          status: "professional",
          transactionId: older.transactionId,
        },
      ]);
      const second = (await (
        await call("GET", "/professional?limit=1&offset=1", { token: admin.token })
      ).json()) as Array<{ _id: string }>;
      expect(second.map((r) => r._id)).toEqual([older.id]);
    } finally {
      await db`delete from professionals where id in ${db([older.id, newer.id])}`;
    }
  });

  it("DELETE removes the record (200 with a deletedCount body) and recomputes the buyer; then 404; unknown and non-uuid ids 404", async () => {
    const admin = await account("del-admin", "admin");
    const buyer = await account("del-buyer");
    const record = await insertRecord(buyer.email, buyer.id, new Date().toISOString());
    await db`update users set role = 'professional', professional_until = now() + interval '30 days' where id = ${buyer.id}`;
    const res = await call("DELETE", `/professional/${record.id}`, { token: admin.token });
    // The legacy client calls res.json() on every 200 (docs/legacy-api.md).
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await db`select count(*)::int as n from professionals where id = ${record.id}`)[0].n).toBe(0);
    const [row] = await db`select role, professional_until from users where id = ${buyer.id}`;
    expect(row).toEqual({ role: "user", professional_until: null });
    expect(
      await call("GET", `/professional/${encodeURIComponent(buyer.email)}`, { token: buyer.token }).then((r) =>
        r.json(),
      ),
    ).toEqual({
      professional: false,
    });
    for (const id of [record.id, crypto.randomUUID(), "not-a-uuid", "1", encodeURIComponent(buyer.email)]) {
      const again = await call("DELETE", `/professional/${id}`, { token: admin.token });
      expect(again.status, id).toBe(404);
      expect((await errorOf(again)).code).toBe("not_found");
    }
  });

  it("GET /professional/{email} still answers on the shared path", async () => {
    const pro = await account("still-pro", "professional", { professionalDays: 20 });
    const res = await call("GET", `/professional/${encodeURIComponent(pro.email)}`, { token: pro.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ professional: true });
    expect((await call("GET", `/professional/${encodeURIComponent(pro.email)}`)).status).toBe(401);
  });
});

describe("package writes", () => {
  it("POST 200 in the legacy client's shape, PUT 200 replaces, DELETE 200 with a deletedCount body then 404; GET stays public", async () => {
    const admin = await account("pkg-admin", "admin");
    const created = await createPkg(admin, { price: "12.50", calender: 4 });
    expect(created).toEqual({ ...pkg({ name: created.name, price: 12.5, calender: 4 }), _id: expect.any(String) });
    const [row] = await db`select price_cents, calender from packages where id = ${created._id}`;
    expect(row).toEqual({ price_cents: 1250, calender: 4 });
    expect(await (await call("GET", `/packages/${created._id}`)).json()).toEqual(created);

    // PUT replaces the whole package: fields left out take the form's defaults.
    const renamed = `${created.name} v2`;
    const put = await call("PUT", `/packages/${created._id}`, {
      token: admin.token,
      json: { name: `  ${renamed}  `, price: 20 },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({
      _id: created._id,
      name: renamed,
      price: 20,
      accessType: "",
      activeEvent: "",
      calender: 0,
      goupEvent: "",
      notificationStatus: "",
      oneToOne: "",
    });
    expect((await db`select price_cents from packages where id = ${created._id}`)[0].price_cents).toBe(2000);

    const del = await call("DELETE", `/packages/${created._id}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call("DELETE", `/packages/${created._id}`, { token: admin.token })).status).toBe(404);
    expect((await call("GET", `/packages/${created._id}`)).status).toBe(404);
    expect((await call("GET", "/packages")).status).toBe(200);
  });

  it('calender: a number, digits as text ("5"), or blank / null / left out for 0, as the legacy client\'s forms send it', async () => {
    const admin = await account("cal-admin", "admin");
    const cases: Array<[unknown, number]> = [
      [5, 5],
      ["5", 5],
      [" 12 ", 12],
      ["0", 0],
      ["", 0],
      ["  ", 0],
      [null, 0],
      [undefined, 0],
    ];
    for (const [calender, stored] of cases) {
      const res = await call("POST", "/packages", { token: admin.token, json: pkg({ calender }) });
      expect(res.status, JSON.stringify(calender)).toBe(200);
      const created = (await res.json()) as { _id: string; calender: unknown };
      expect(created.calender, JSON.stringify(calender)).toBe(stored);
      expect((await db`select calender from packages where id = ${created._id}`)[0].calender).toBe(stored);
    }
    const target = await createPkg(admin);
    const put = await call("PUT", `/packages/${target._id}`, {
      token: admin.token,
      json: pkg({ name: target.name, calender: "7" }),
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { calender: number }).calender).toBe(7);
  });

  it("prices: 'Free', empty or left out are 0; dollars as number or text; '$10' like the form", async () => {
    const admin = await account("price-admin", "admin");
    const cases: Array<[unknown, number | "Free", number]> = [
      ["Free", "Free", 0],
      ["free", "Free", 0],
      ["", "Free", 0],
      [undefined, "Free", 0],
      [0, "Free", 0],
      [10, 10, 1000],
      ["10", 10, 1000],
      ["9.9", 9.9, 990],
      [9.99, 9.99, 999],
      ["$10", 10, 1000],
      [100000, 100000, 10_000_000],
    ];
    for (const [price, shown, cents] of cases) {
      const body = pkg({ price });
      const res = await call("POST", "/packages", { token: admin.token, json: body });
      expect(res.status, JSON.stringify(price)).toBe(200);
      const created = (await res.json()) as { _id: string; price: unknown };
      expect(created.price, JSON.stringify(price)).toBe(shown);
      expect(
        (await db`select price_cents from packages where id = ${created._id}`)[0].price_cents,
        JSON.stringify(price),
      ).toBe(cents);
    }
  });

  it("409 name_taken for a duplicate name (any case) on POST and PUT; 404 for unknown and non-uuid ids", async () => {
    const admin = await account("dup-admin", "admin");
    const a = await createPkg(admin);
    const b = await createPkg(admin);
    const dup = await call("POST", "/packages", { token: admin.token, json: pkg({ name: a.name.toUpperCase() }) });
    expect(dup.status).toBe(409);
    const error = await errorOf(dup);
    expect(error.code).toBe("name_taken");
    expect(error.fields?.name).toBeDefined();
    const put = await call("PUT", `/packages/${b._id}`, { token: admin.token, json: pkg({ name: a.name }) });
    expect(put.status).toBe(409);
    expect((await errorOf(put)).code).toBe("name_taken");
    expect((await db`select name from packages where id = ${b._id}`)[0].name).toBe(b.name);
    // The same name on its own package is not a conflict.
    expect((await call("PUT", `/packages/${b._id}`, { token: admin.token, json: pkg({ name: b.name }) })).status).toBe(
      200,
    );
    for (const id of [crypto.randomUUID(), "not-a-uuid", "%27%3B%20drop%20table%20packages"]) {
      const p = await call("PUT", `/packages/${id}`, { token: admin.token, json: pkg() });
      expect(p.status, id).toBe(404);
      expect((await errorOf(p)).code).toBe("not_found");
      expect((await call("DELETE", `/packages/${id}`, { token: admin.token })).status, id).toBe(404);
    }
  });
});

describe("JSON bodies on package writes", () => {
  it("415 for another content type or none, 400 invalid_json for a malformed body, 413 for a huge one", async () => {
    const admin = await account("body-admin", "admin");
    const target = await createPkg(admin);
    const before = await packageCount();
    for (const [method, path] of [
      ["POST", "/packages"],
      ["PUT", `/packages/${target._id}`],
    ]) {
      const text = await call(method, path, {
        token: admin.token,
        body: "name=x",
        headers: { "content-type": "text/plain" },
      });
      expect(text.status, path).toBe(415);
      expect((await errorOf(text)).code).toBe("unsupported_media_type");
      expect((await call(method, path, { token: admin.token, body: JSON.stringify(pkg()) })).status, path).toBe(415);
      const bad = await call(method, path, {
        token: admin.token,
        body: '{"name": ',
        headers: { "content-type": "application/json" },
      });
      expect(bad.status, path).toBe(400);
      expect((await errorOf(bad)).code).toBe("invalid_json");
      const huge = await call(method, path, {
        token: admin.token,
        json: pkg({ accessType: "x".repeat(1024 * 1024 + 10) }),
      });
      expect(huge.status, path).toBe(413);
      expect((await errorOf(huge)).code).toBe("payload_too_large");
    }
    // Streamed without a Content-Length: the app's own limit.
    const bytes = new TextEncoder().encode(JSON.stringify(pkg({ accessType: "x".repeat(1024 * 1024 + 10) })));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 65_536) controller.enqueue(bytes.slice(i, i + 65_536));
        controller.close();
      },
    });
    const chunked = await fetch(new URL("/packages", servers()[0]), {
      method: "POST",
      headers: {
        authorization: `Bearer ${admin.token}`,
        "content-type": "application/json",
        "x-forwarded-for": freshIp(),
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await packageCount()).toBe(before);
    expect((await db`select name from packages where id = ${target._id}`)[0].name).toBe(target.name);
  });

  it("400 invalid_input with per-field messages for missing fields and wrong types", async () => {
    const admin = await account("fields-admin", "admin");
    const target = await createPkg(admin);
    const before = await packageCount();
    const empty = await call("POST", "/packages", { token: admin.token, json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys((await errorOf(empty)).fields ?? {})).toEqual(["name"]);
    const notObject = await call("POST", "/packages", { token: admin.token, json: [pkg()] });
    expect(notObject.status).toBe(400);
    expect(Object.keys((await errorOf(notObject)).fields ?? {})).toEqual(["body"]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 5 }, "name"],
      [{ name: "   " }, "name"],
      [{ name: `${TAG} ${"x".repeat(80)}` }, "name"],
      [{ price: "abc" }, "price"],
      [{ price: 9.999 }, "price"],
      [{ price: "9.999" }, "price"],
      [{ price: -1 }, "price"],
      [{ price: "1e3" }, "price"],
      [{ price: true }, "price"],
      [{ price: 100000.01 }, "price"],
      [{ calender: "3.5" }, "calender"],
      [{ calender: "three" }, "calender"],
      [{ calender: "-1" }, "calender"],
      [{ calender: 1.5 }, "calender"],
      [{ calender: -1 }, "calender"],
      [{ accessType: 5 }, "accessType"],
      [{ oneToOne: "x".repeat(501) }, "oneToOne"],
    ];
    for (const [override, field] of cases) {
      const res = await call("POST", "/packages", { token: admin.token, json: pkg(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(override)).toEqual([field]);
    }
    for (const [override, field] of cases.slice(0, 4)) {
      const res = await call("PUT", `/packages/${target._id}`, { token: admin.token, json: pkg(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual([field]);
    }
    expect(await packageCount()).toBe(before);
    expect((await db`select name from packages where id = ${target._id}`)[0].name).toBe(target.name);
  });
});

describe("routing and headers", () => {
  it("PUT /users/{email} still mints a token; PUT /users/admin/{email} is the promote path; 405 for other methods", async () => {
    const user = await account("route-user");
    // The token path: a session exchanging itself for a token.
    const minted = await browserCall(user.c, "PUT", `/users/${encodeURIComponent(user.email)}`, { email: user.email });
    expect(minted.status).toBe(200);
    expect(await minted.json()).toEqual({ token: expect.any(String) });
    // The same session on /users/admin/{email} meets the promote path's own 403, not a token.
    const promote = await browserCall(user.c, "PUT", `/users/admin/${encodeURIComponent(user.email)}`, {
      email: user.email,
    });
    expect(promote.status).toBe(403);
    expect((await errorOf(promote)).message).toBe(NOT_ADMIN_PROMOTE);
    for (const [method, path, allow] of [
      ["GET", `/users/admin/${encodeURIComponent(user.email)}`, "PUT"],
      ["POST", `/users/user/${encodeURIComponent(user.email)}`, "PUT"],
      ["DELETE", "/users", "GET"],
      ["POST", "/professional", "GET"],
    ] as const) {
      const res = await call(method, path, { token: user.token });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect((await errorOf(res)).code).toBe("method_not_allowed");
    }
  });

  it("X-RateLimit-* headers on every answer: 200 (read, create, delete), 400, 401, 403, 404", async () => {
    const admin = await account("rl-admin", "admin");
    const user = await account("rl-user");
    const created = await createPkg(admin);
    const answers = [
      await call("GET", "/users?limit=1", { token: admin.token }),
      await call("POST", "/packages", { token: admin.token, json: pkg() }),
      await call("DELETE", `/packages/${created._id}`, { token: admin.token }),
      await call("GET", "/users?limit=0", { token: admin.token }),
      await call("GET", "/professional"),
      await call("GET", "/professional", { token: user.token }),
      await call("DELETE", `/professional/${crypto.randomUUID()}`, { token: admin.token }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 400, 401, 403, 404]);
    for (const res of answers) {
      expect(Number(res.headers.get("x-ratelimit-limit")), String(res.status)).toBeGreaterThan(0);
      expect(res.headers.get("x-ratelimit-remaining"), String(res.status)).toMatch(/^\d+$/);
    }
  });
});
