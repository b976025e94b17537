/**
 * The JSON API's review and payment paths over real HTTP against PostgreSQL and a local fake
 * Stripe API (tests/fakes/stripe-server.mjs, at the network boundary; nothing of the app is
 * faked): POST /reviews, POST /create-payment-intent, POST /users/professional,
 * PUT /users/professional/{email}.
 *
 * Matrix: 4 paths x 5 roles (visitor, user, other user, professional, admin) = 20 role cells.
 * Plus 27 body cases (415 x3, malformed JSON 400 x3, invalid_input 400 with `fields` x14,
 * 413 x5 with and without Content-Length, JSON 405 x2), 14 price cases on
 * /create-payment-intent (tampered price 409 with nothing sent to Stripe, by name in any
 * case, price as text, by id without price (all one intent, amount = DB price), outdated
 * price after a change 409, new price new intent, id and name that disagree 400, free 409 x3,
 * free at a price 409 price_changed, below Stripe's minimum 409, unknown name and id 404 x2), 3 Stripe cases (not
 * configured 503 x2, unreachable 503), 9 fulfilment cases on /users/professional (unpaid
 * 402 with nothing recorded, paid 201, repeat 200 with one row, the client's pack and date
 * ignored, unknown and garbage ids 404 x2, another account's e-mail 403, paid otherwise than
 * asked 422, 6 concurrent posts -> one record), 8 status cases on PUT
 * /users/professional/{email} (no payment, role restored from records, unchanged, records
 * gone, admin on an unknown e-mail 404, user on an unknown e-mail 403, admin on itself,
 * operator grant kept), 4 review cases (e-mail is the caller's, empty imageUrl, shared rate
 * limit 429 with Retry-After, X-RateLimit-Limit) and 3 routing cases (PUT /users/{email}
 * still reaches its route, /users/professional and /users/professional/{email} reach
 * theirs): 88 cases in 13 tests.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe } from "../fakes/stripe-server.mjs";
import { freePort, startServer, type RunningServer } from "../support/server";
import { uniqueEmail } from "../support/http";
import { apiClient, errorOf, type Account } from "./api-client";
import { servers, sql, ownServerEnv } from "./context";

const db = sql();
// Other files count the catalogue: the packages made here go when this file is done.
afterAll(async () => {
  await db`delete from packages where name like 'Api %'`;
});
const KEYS = { STRIPE_SECRET_KEY: "sk_test_api_payment", STRIPE_PUBLISHABLE_KEY: "pk_test_api_payment" };
const ADMIN_CANT_PAY = "Admin can't make payment";

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let server: RunningServer;
let standardId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startServer(
    ownServerEnv({
      RATE_LIMIT_FACTOR: "1",
      TRUST_PROXY: "loopback",
      STRIPE_API_BASE: fake.url,
      ...KEYS,
    }),
  );
  const [row] = await db`select id from packages where name = 'Standard'`;
  standardId = row.id as string;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const { call, account, freshIp } = apiClient({ ipPrefix: "10.88", namePrefix: "Pay", server: () => server.url });

interface IntentAnswer {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  package: { _id: string; name: string; price: number | string };
}

async function startPayment(a: Account, json: unknown = { name: "Standard", price: 10 }): Promise<IntentAnswer> {
  const res = await call("POST", "/create-payment-intent", { token: a.token, json });
  expect(res.status).toBe(200);
  return (await res.json()) as IntentAnswer;
}

/** The card payment as the browser's Stripe.js makes it, with the publishable key and client secret. */
async function payAtStripe(intent: IntentAnswer, card = "4242424242424242") {
  const body = new URLSearchParams({
    key: KEYS.STRIPE_PUBLISHABLE_KEY,
    client_secret: intent.clientSecret,
    "payment_method_data[card][number]": card,
  });
  return fetch(`${fake.url}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** What the legacy client posts after paying (docs/legacy-api.md). */
function recordBody(a: Account, transactionId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Pay",
    email: a.email,
    status: "professional",
    transactionId,
    pack: "Standard",
    issuedDate: new Date().toLocaleString(),
    ...overrides,
  };
}

function postRecord(a: Account, transactionId: string, overrides: Record<string, unknown> = {}) {
  return call("POST", "/users/professional", { token: a.token, json: recordBody(a, transactionId, overrides) });
}

async function recordsOf(userId: string) {
  return db`select transaction_id, pack, amount_cents, email from professionals where user_id = ${userId}`;
}

async function roleOf(userId: string) {
  const [row] = await db`select role, professional_until from users where id = ${userId}`;
  return row as { role: string; professional_until: Date | null };
}

/** The PaymentIntent creations the app sent to Stripe for this user. */
function createsFor(userId: string) {
  return fake.requests.filter(
    (r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.form.metadata?.userId === userId,
  );
}

/** A paid package of this test's own (the seeded ones are shared with other test files). */
async function ownPackage(priceCents: number): Promise<{ id: string; name: string }> {
  const name = `Api ${crypto.randomBytes(4).toString("hex")}`;
  const [row] = await db`insert into packages (name, price_cents) values (${name}, ${priceCents}) returning id`;
  return { id: row.id as string, name };
}

function bigJson(field: string): string {
  return JSON.stringify({ [field]: "x".repeat(1024 * 1024 + 10) });
}

async function chunked(path: string, token: string, text: string): Promise<Response> {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 65_536) controller.enqueue(bytes.slice(i, i + 65_536));
      controller.close();
    },
  });
  return fetch(new URL(path, server.url), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-forwarded-for": freshIp() },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

const REVIEW = {
  rating: 5,
  name: "Rae Viewer",
  imageUrl: "https://example.org/me.png",
  review: "Booking took a minute.",
};

describe("POST /reviews", () => {
  it("roles: visitor 401, user and professional 201 in GET /reviews's shape, admin 403, another user's e-mail 403", async () => {
    const user = await account("rev-user");
    const pro = await account("rev-pro", "professional");
    const admin = await account("rev-admin", "admin");
    const other = await account("rev-other");

    const visitor = await call("POST", "/reviews", { json: REVIEW });
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).code).toBe("unauthorized");

    const created = await call("POST", "/reviews", {
      token: user.token,
      json: { ...REVIEW, email: user.email.toUpperCase() },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    const body = (await created.json()) as Record<string, unknown>;
    expect(body).toEqual({
      _id: expect.any(String),
      imageUrl: REVIEW.imageUrl,
      rating: 5,
      name: REVIEW.name,
      email: user.email,
      review: REVIEW.review,
    });
    const listed = (await (await call("GET", "/reviews")).json()) as Array<Record<string, unknown>>;
    expect(listed).toContainEqual(body);
    const [row] = await db`select user_id, email from reviews where id = ${body._id as string}`;
    expect(row).toEqual({ user_id: user.id, email: user.email });

    // No e-mail at all is the caller's too; an empty imageUrl (the legacy client's "none") is no image.
    const pros = await call("POST", "/reviews", {
      token: pro.token,
      json: { rating: 3, name: "Pro", imageUrl: "", review: "Fine." },
    });
    expect(pros.status).toBe(201);
    expect(await pros.json()).toMatchObject({ email: pro.email, imageUrl: "", rating: 3 });

    const admins = await call("POST", "/reviews", { token: admin.token, json: REVIEW });
    expect(admins.status).toBe(403);
    expect((await errorOf(admins)).code).toBe("forbidden");

    const asOther = await call("POST", "/reviews", { token: user.token, json: { ...REVIEW, email: other.email } });
    expect(asOther.status).toBe(403);
    const [{ n }] =
      await db`select count(*)::int as n from reviews where user_id in ${db([user.id, pro.id, admin.id, other.id])}`;
    expect(n).toBe(2);
  });

  it("refuses bad bodies: 415, malformed JSON, wrong types and missing fields (with fields), 413", async () => {
    const a = await account("rev-body");
    const form = await call("POST", "/reviews", {
      token: a.token,
      body: "rating=5",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const malformed = await call("POST", "/reviews", {
      token: a.token,
      body: "{ rating: 5",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("invalid_json");
    for (const [override, field] of [
      [{ rating: "5" }, "rating"],
      [{ rating: 6 }, "rating"],
      [{ rating: 4.5 }, "rating"],
      [{ review: undefined }, "review"],
      [{ review: "   " }, "review"],
      [{ imageUrl: "javascript:alert(1)" }, "imageUrl"],
      [{ name: 12 }, "name"],
    ] as const) {
      const res = await call("POST", "/reviews", { token: a.token, json: { ...REVIEW, ...override } });
      expect(res.status, JSON.stringify(override)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(override)).toContain(field);
    }
    const huge = await call("POST", "/reviews", {
      token: a.token,
      body: bigJson("review"),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe("payload_too_large");
    const streamed = await chunked("/reviews", a.token, bigJson("review"));
    expect(streamed.status).toBe(413);
    const [{ n }] = await db`select count(*)::int as n from reviews where user_id = ${a.id}`;
    expect(n).toBe(0);
  });

  it("shares the review form's rate limit: the 11th review within the hour is a 429 with Retry-After", async () => {
    const a = await account("rev-rate");
    // One through the home page's form, nine over JSON: one counter.
    const viaForm = await a.c.post("/?index", { name: "Form", rating: "4", review: "From the page." });
    expect(viaForm.status).toBe(302);
    for (let i = 0; i < 9; i++) {
      expect(
        (await call("POST", "/reviews", { token: a.token, json: { ...REVIEW, review: `Review ${i}` } })).status,
      ).toBe(201);
    }
    const limited = await call("POST", "/reviews", { token: a.token, json: REVIEW });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect((await errorOf(limited)).code).toBe("rate_limited");
    const [{ n }] = await db`select count(*)::int as n from reviews where user_id = ${a.id}`;
    expect(n).toBe(10);
  });
});

describe("POST /create-payment-intent", () => {
  it("roles: visitor 401, user and professional 200 with the DB price, admin 403 with the product's message, another user gets their own intent", async () => {
    const user = await account("pi-user");
    const pro = await account("pi-pro", "professional");
    const admin = await account("pi-admin", "admin");
    const other = await account("pi-other");

    expect((await call("POST", "/create-payment-intent", { json: { name: "Standard", price: 10 } })).status).toBe(401);

    const res = await call("POST", "/create-payment-intent", {
      token: user.token,
      json: { name: "Standard", price: 10 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    const intent = (await res.json()) as IntentAnswer;
    expect(intent).toEqual({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^pi_/),
      amount: 1000,
      currency: "usd",
      package: { _id: standardId, name: "Standard", price: 10 },
    });
    expect(fake.intents.get(intent.paymentIntentId)).toMatchObject({
      amount: 1000,
      currency: "usd",
      metadata: { userId: user.id, packageName: "Standard", amountCents: "1000" },
    });
    // Asking again reuses the open intent (the page's idempotency).
    expect((await startPayment(user)).paymentIntentId).toBe(intent.paymentIntentId);
    expect(createsFor(user.id).every((r) => r.form.amount === "1000" && typeof r.idempotencyKey === "string")).toBe(
      true,
    );

    expect((await startPayment(pro)).amount).toBe(1000);

    const admins = await call("POST", "/create-payment-intent", {
      token: admin.token,
      json: { name: "Standard", price: 10 },
    });
    expect(admins.status).toBe(403);
    expect((await errorOf(admins)).message).toBe(ADMIN_CANT_PAY);
    expect(createsFor(admin.id)).toHaveLength(0);

    const others = await startPayment(other);
    expect(others.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(fake.intents.get(others.paymentIntentId)?.metadata.userId).toBe(other.id);
  });

  it("never charges the client's price: tampered or outdated prices are a 409 with the current price, and the intent's amount is the DB's", async () => {
    const a = await account("pi-price");
    const pkg = await ownPackage(1234);

    const tampered = await call("POST", "/create-payment-intent", {
      token: a.token,
      json: { name: pkg.name, price: 0.5 },
    });
    expect(tampered.status).toBe(409);
    const error = await errorOf(tampered);
    expect(error.code).toBe("price_changed");
    expect(error.message).toContain("$12.34/Month");
    expect(createsFor(a.id)).toHaveLength(0);

    // Right price, as a number, as text, by name in any case, by id: the amount sent to Stripe is the DB's.
    const byName = await startPayment(a, { name: pkg.name.toUpperCase(), price: 12.34 });
    expect(byName.amount).toBe(1234);
    expect((await startPayment(a, { packageId: pkg.id, price: "12.34" })).paymentIntentId).toBe(byName.paymentIntentId);
    expect((await startPayment(a, { packageId: pkg.id })).paymentIntentId).toBe(byName.paymentIntentId);
    expect(createsFor(a.id).map((r) => r.form.amount)).toEqual(["1234", "1234", "1234"]);

    // The admin changes the price: the old price is refused, the new one starts a new intent.
    await db`update packages set price_cents = 1500 where id = ${pkg.id}`;
    const outdated = await call("POST", "/create-payment-intent", {
      token: a.token,
      json: { packageId: pkg.id, price: 12.34 },
    });
    expect(outdated.status).toBe(409);
    expect((await errorOf(outdated)).message).toContain("$15/Month");
    const repriced = await startPayment(a, { packageId: pkg.id, price: 15 });
    expect(repriced.amount).toBe(1500);
    expect(fake.intents.get(repriced.paymentIntentId)?.amount).toBe(1500);

    const mismatch = await call("POST", "/create-payment-intent", {
      token: a.token,
      json: { packageId: pkg.id, name: "Standard" },
    });
    expect(mismatch.status).toBe(400);
    expect((await errorOf(mismatch)).fields?.name).toBeDefined();

    for (const json of [{ name: "Basic" }, { name: "basic", price: "Free" }, { name: "Basic", price: 0 }]) {
      const free = await call("POST", "/create-payment-intent", { token: a.token, json });
      expect(free.status, JSON.stringify(json)).toBe(409);
      expect((await errorOf(free)).code).toBe("nothing_to_pay");
    }
    const freeForMoney = await call("POST", "/create-payment-intent", {
      token: a.token,
      json: { name: "Basic", price: 10 },
    });
    expect((await errorOf(freeForMoney)).code).toBe("price_changed");

    const cheap = await ownPackage(30);
    const belowMinimum = await call("POST", "/create-payment-intent", {
      token: a.token,
      json: { packageId: cheap.id, price: 0.3 },
    });
    expect(belowMinimum.status).toBe(409);
    expect((await errorOf(belowMinimum)).code).toBe("below_minimum");

    for (const json of [{ name: "Platinum" }, { packageId: crypto.randomUUID() }]) {
      const unknown = await call("POST", "/create-payment-intent", { token: a.token, json });
      expect(unknown.status, JSON.stringify(json)).toBe(404);
      expect((await errorOf(unknown)).code).toBe("not_found");
    }
    expect(createsFor(a.id)).toHaveLength(4);
  });

  it("refuses bad bodies: 415, malformed JSON, wrong types and missing fields (with fields), 413", async () => {
    const a = await account("pi-body");
    const form = await call("POST", "/create-payment-intent", {
      token: a.token,
      body: "name=Standard",
      headers: { "content-type": "text/plain" },
    });
    expect(form.status).toBe(415);
    const malformed = await call("POST", "/create-payment-intent", {
      token: a.token,
      body: '{"name":',
      headers: { "content-type": "application/json" },
    });
    expect((await errorOf(malformed)).code).toBe("invalid_json");
    for (const [json, field] of [
      [{}, "packageId"],
      [{ packageId: "not-a-uuid" }, "packageId"],
      [{ name: 5 }, "name"],
      [{ name: "Standard", price: "ten" }, "price"],
      [{ name: "Standard", price: -10 }, "price"],
    ] as const) {
      const res = await call("POST", "/create-payment-intent", { token: a.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(json)).toContain(field);
    }
    const huge = await call("POST", "/create-payment-intent", {
      token: a.token,
      body: bigJson("name"),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
    expect(createsFor(a.id)).toHaveLength(0);
    expect((await call("GET", "/create-payment-intent", { token: a.token })).status).toBe(405);
  });

  it("answers 503 payments_unavailable, never a 500, when Stripe is not configured or cannot be reached", async () => {
    // The suite's shared servers run without Stripe keys.
    const plain = await account("pi-nostripe", "user", { server: 0 });
    const res = await call("POST", "/create-payment-intent", {
      server: servers()[0],
      token: plain.token,
      json: { name: "Standard", price: 10 },
    });
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe("payments_unavailable");
    const record = await call("POST", "/users/professional", {
      server: servers()[0],
      token: plain.token,
      json: recordBody(plain, "pi_0000000000abcdef"),
    });
    expect(record.status).toBe(503);
    expect((await errorOf(record)).code).toBe("payments_unavailable");

    const down = await startServer(
      ownServerEnv({
        RATE_LIMIT_FACTOR: "1",
        TRUST_PROXY: "loopback",
        STRIPE_API_BASE: `http://127.0.0.1:${await freePort()}`,
        ...KEYS,
      }),
    );
    try {
      const a = await account("pi-down", "user", { server: down.url });
      const unreachable = await call("POST", "/create-payment-intent", {
        server: down.url,
        token: a.token,
        json: { name: "Standard", price: 10 },
      });
      expect(unreachable.status).toBe(503);
      const error = await errorOf(unreachable);
      expect(error.code).toBe("payments_unavailable");
      expect(error.message).toContain("Nothing was charged");
    } finally {
      await down.stop();
    }
  });
});

describe("POST /users/professional", () => {
  it("roles: visitor 401; user: unpaid 402 and nothing recorded, paid 201 then 200 with one row; professional 201; admin 403; someone else's intent 404", async () => {
    const user = await account("rec-user");
    const pro = await account("rec-pro", "professional");
    const admin = await account("rec-admin", "admin");
    const thief = await account("rec-thief");

    const intent = await startPayment(user);
    expect((await call("POST", "/users/professional", { json: recordBody(user, intent.paymentIntentId) })).status).toBe(
      401,
    );

    // The legacy client posts the record even when the card failed: nothing is recorded.
    expect((await payAtStripe(intent, "4000000000000002")).status).toBe(402);
    const unpaid = await postRecord(user, intent.paymentIntentId);
    expect(unpaid.status).toBe(402);
    expect((await errorOf(unpaid)).code).toBe("payment_not_completed");
    expect(await recordsOf(user.id)).toHaveLength(0);
    expect((await roleOf(user.id)).role).toBe("user");

    expect((await payAtStripe(intent)).status).toBe(200);
    // Someone else's paid intent: as if it did not exist.
    const stolen = await postRecord(thief, intent.paymentIntentId);
    expect(stolen.status).toBe(404);
    expect((await errorOf(stolen)).code).toBe("not_found");
    expect(await recordsOf(thief.id)).toHaveLength(0);
    expect((await roleOf(thief.id)).role).toBe("user");

    // The client's own claims (pack, status, date) are ignored: the server records what Stripe says.
    const sentAt = Date.now();
    const created = await postRecord(user, intent.paymentIntentId, { pack: "Enterprise", issuedDate: "1999-01-01" });
    expect(created.status).toBe(201);
    const record = (await created.json()) as Record<string, string>;
    expect(record).toEqual({
      _id: expect.any(String),
      name: "Pay rec-user",
      email: user.email,
      status: "professional",
      transactionId: intent.paymentIntentId,
      pack: "Standard",
      issuedDate: expect.any(String),
      professionalUntil: expect.any(String),
    });
    // Recorded now (between the post and its answer), not the client's 1999.
    expect(Date.parse(record.issuedDate)).toBeGreaterThanOrEqual(sentAt);
    expect(Date.parse(record.issuedDate)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(record.professionalUntil)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await recordsOf(user.id)).toEqual([
      { transaction_id: intent.paymentIntentId, pack: "Standard", amount_cents: 1000, email: user.email },
    ]);
    expect((await roleOf(user.id)).role).toBe("professional");

    const again = await postRecord(user, intent.paymentIntentId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(record);
    expect(await recordsOf(user.id)).toHaveLength(1);

    const proIntent = await startPayment(pro, { name: "Enterprise", price: 20 });
    await payAtStripe(proIntent);
    expect((await postRecord(pro, proIntent.paymentIntentId)).status).toBe(201);
    expect(await recordsOf(pro.id)).toEqual([expect.objectContaining({ pack: "Enterprise", amount_cents: 2000 })]);

    const admins = await postRecord(admin, intent.paymentIntentId);
    expect(admins.status).toBe(403);
    expect((await errorOf(admins)).message).toBe(ADMIN_CANT_PAY);
    expect(await recordsOf(admin.id)).toHaveLength(0);
  });

  it("404 for unknown and garbage ids, 403 for a body naming another account, 422 when paid otherwise than asked", async () => {
    const a = await account("rec-misc");
    const b = await account("rec-misc-other");
    for (const id of ["pi_doesnotexist123456", "'; select 1; --"]) {
      const res = await postRecord(a, id);
      expect(res.status, id).toBe(404);
    }
    const intent = await startPayment(a);
    await payAtStripe(intent);
    const forOther = await postRecord(a, intent.paymentIntentId, { email: b.email });
    expect(forOther.status).toBe(403);
    expect(await recordsOf(a.id)).toHaveLength(0);
    expect(await recordsOf(b.id)).toHaveLength(0);

    const cheap = await startPayment(b);
    await fetch(`${fake.url}/_test/payment_intents/${cheap.paymentIntentId}`, {
      method: "POST",
      body: JSON.stringify({ status: "succeeded", amount: 50, amount_received: 50 }),
    });
    const mismatch = await postRecord(b, cheap.paymentIntentId);
    expect(mismatch.status).toBe(422);
    expect((await errorOf(mismatch)).code).toBe("payment_mismatch");
    expect(await recordsOf(b.id)).toHaveLength(0);
  });

  it("6 concurrent posts of one paid intent leave exactly one record (one 201, five 200)", async () => {
    const a = await account("rec-race");
    const intent = await startPayment(a);
    await payAtStripe(intent);
    const results = await Promise.all(Array.from({ length: 6 }, () => postRecord(a, intent.paymentIntentId)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await recordsOf(a.id)).toHaveLength(1);
    const ids = new Set(await Promise.all(results.map(async (r) => ((await r.json()) as { _id: string })._id)));
    expect(ids.size).toBe(1);
  });

  it("refuses bad bodies: 415, malformed JSON, wrong types and missing fields (with fields), 413", async () => {
    const a = await account("rec-body");
    const form = await call("POST", "/users/professional", {
      token: a.token,
      body: "transactionId=pi_1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const malformed = await call("POST", "/users/professional", {
      token: a.token,
      body: "not json",
      headers: { "content-type": "application/json" },
    });
    expect((await errorOf(malformed)).code).toBe("invalid_json");
    for (const [json, field] of [
      [{ name: "x", email: a.email }, "transactionId"],
      [{ transactionId: 42 }, "transactionId"],
    ] as const) {
      const res = await call("POST", "/users/professional", { token: a.token, json });
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toContain(field);
    }
    const huge = await call("POST", "/users/professional", {
      token: a.token,
      body: bigJson("transactionId"),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
    const streamed = await chunked("/users/professional", a.token, bigJson("transactionId"));
    expect(streamed.status).toBe(413);
  });
});

describe("PUT /users/professional/{email}", () => {
  function put(email: string, token?: string) {
    return call("PUT", `/users/professional/${encodeURIComponent(email)}`, { token });
  }

  it("roles: visitor 401, oneself 200, another user 403, admin 200 (404 for an unknown e-mail); professional follows the verified payments", async () => {
    const user = await account("put-user");
    const pro = await account("put-pro", "professional");
    const admin = await account("put-admin", "admin");
    const other = await account("put-other");

    const visitor = await put(user.email);
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).code).toBe("unauthorized");

    // No payment: nothing to promote to.
    const self = await put(user.email, user.token);
    expect(self.status).toBe(200);
    expect(self.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(await self.json()).toEqual({ modifiedCount: 0, professional: false });
    expect((await roleOf(user.id)).role).toBe("user");

    // A verified payment, then the stored role lost (e.g. restored from an old backup): recomputed from the records.
    const intent = await startPayment(user);
    await payAtStripe(intent);
    expect((await postRecord(user, intent.paymentIntentId)).status).toBe(201);
    expect(await (await put(user.email.toUpperCase(), user.token)).json()).toEqual({
      modifiedCount: 0,
      professional: true,
    });
    await db`update users set role = 'user', professional_until = null where id = ${user.id}`;
    expect(await (await put(user.email, user.token)).json()).toEqual({ modifiedCount: 1, professional: true });
    expect((await roleOf(user.id)).role).toBe("professional");

    // Another user can neither look nor change; an admin can.
    expect((await put(user.email, other.token)).status).toBe(403);
    expect((await put(uniqueEmail("nobody"), other.token)).status).toBe(403);
    await db`delete from professionals where user_id = ${user.id}`;
    const byAdmin = await put(user.email, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(await byAdmin.json()).toEqual({ modifiedCount: 1, professional: false });
    expect((await roleOf(user.id)).role).toBe("user");
    const unknown = await put(uniqueEmail("nobody"), admin.token);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("not_found");
    expect(await (await put(admin.email, admin.token)).json()).toEqual({ modifiedCount: 0, professional: false });
    expect((await roleOf(admin.id)).role).toBe("admin");

    // An operator's open-ended grant has no records to recompute from: kept.
    expect(await (await put(pro.email, pro.token)).json()).toEqual({ modifiedCount: 0, professional: true });
    expect(await roleOf(pro.id)).toEqual({ role: "professional", professional_until: null });

    expect(
      (await call("GET", `/users/professional/${encodeURIComponent(user.email)}`, { token: user.token })).status,
    ).toBe(405);
  });
});

describe("routing beside users.$email.ts", () => {
  it("PUT /users/{email} still mints tokens; /users/professional and /users/professional/{email} reach their own routes", async () => {
    const a = await account("route");
    const minted = await a.c.request(`/users/${encodeURIComponent(a.email)}`, {
      method: "PUT",
      body: JSON.stringify({ email: a.email }),
      headers: { origin: server.url, "content-type": "application/json" },
    });
    expect(minted.status).toBe(200);
    expect(await minted.json()).toEqual({ token: expect.any(String) });

    const putRecord = await call("PUT", "/users/professional", { token: a.token, json: { email: a.email } });
    expect(putRecord.status).toBe(405);
    expect(putRecord.headers.get("allow")).toBe("POST");
    const postStatus = await call("POST", `/users/professional/${encodeURIComponent(a.email)}`, { token: a.token });
    expect(postStatus.status).toBe(405);
    expect(postStatus.headers.get("allow")).toBe("PUT");
  });
});
