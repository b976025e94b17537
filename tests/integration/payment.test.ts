import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe } from "../fakes/stripe-server.mjs";
import { HttpClient, uniqueEmail } from "../support/http";
import { freePort, startServer, type RunningServer } from "../support/server";
import { sql, ownServerEnv } from "./context";

/**
 * Card payments against a local fake Stripe API over real HTTP (tests/fakes/stripe-server.mjs);
 * webhooks signed as Stripe signs them. Nothing of the app itself is faked.
 */

const db = sql();
const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_integration",
  STRIPE_PUBLISHABLE_KEY: "pk_test_integration",
  STRIPE_WEBHOOK_SECRET: "whsec_integration",
};
const signer = new Stripe("sk_test_signer_only");

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let server: RunningServer;
let packages: Record<"Basic" | "Standard" | "Enterprise", string>;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startServer(
    ownServerEnv({
      RATE_LIMIT_FACTOR: "100",
      STRIPE_API_BASE: fake.url,
      ...KEYS,
    }),
  );
  const rows = await db`select id, name from packages where name in ('Basic', 'Standard', 'Enterprise')`;
  packages = Object.fromEntries(rows.map((r) => [r.name, r.id])) as typeof packages;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

let ip = 0;
function client(): HttpClient {
  ip += 1;
  return new HttpClient(server.url, { "x-forwarded-for": `10.77.${Math.floor(ip / 250)}.${ip % 250}` });
}

async function buyer(role: "user" | "admin" = "user") {
  const c = client();
  const email = uniqueEmail("buyer");
  const res = await c.post("/signup", {
    name: "Bea Buyer",
    email,
    password: "correct-horse-battery",
    confirmPassword: "correct-horse-battery",
  });
  expect(res.status).toBe(302);
  if (role !== "user") await db`update users set role = ${role} where email = ${email}`;
  const [row] = await db`select id from users where email = ${email}`;
  return { c, email, id: row.id as string };
}

function intentsOf(userId: string) {
  return [...fake.intents.values()].filter((pi) => pi.metadata?.userId === userId);
}

/** Opens the payment page (which creates or reuses the PaymentIntent) and returns the intent. */
async function openPayment(c: HttpClient, userId: string, pkg: keyof typeof packages = "Standard") {
  const res = await c.get(`/payment/${packages[pkg]}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const mine = intentsOf(userId);
  const pi = mine[mine.length - 1];
  expect(pi).toBeDefined();
  return { html, pi };
}

/** The card payment as the browser's Stripe.js makes it, with the publishable key. */
async function payAtStripe(pi: { id: string; client_secret: string }, card = "4242424242424242") {
  const body = new URLSearchParams({
    key: KEYS.STRIPE_PUBLISHABLE_KEY,
    client_secret: pi.client_secret,
    "payment_method_data[card][number]": card,
  });
  return fetch(`${fake.url}/v1/payment_intents/${pi.id}/confirm`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** What the page's fetcher posts once Stripe.js says the card was charged. */
function confirmAtApp(c: HttpClient, paymentIntentId: string, pkg: keyof typeof packages = "Standard") {
  return c.post(`/payment/${packages[pkg]}.data`, { intent: "confirm", paymentIntentId });
}

async function recordsFor(userId: string) {
  return db`select transaction_id, pack, amount_cents, currency, email, package_id from professionals where user_id = ${userId}`;
}

async function status(userId: string) {
  const [row] = await db`select role, professional_until from users where id = ${userId}`;
  return row as { role: string; professional_until: Date | null };
}

function webhook(payload: object, timestamp = Math.floor(Date.now() / 1000), secret = KEYS.STRIPE_WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return fetch(`${server.url}/stripe/webhook`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

function succeededEvent(pi: object) {
  return {
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type: "payment_intent.succeeded",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: pi },
  };
}

function monthsBetween(a: Date, b: Date) {
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}

describe("the payment page", () => {
  it("creates the PaymentIntent on the server from the database price, and reuses it on reload", async () => {
    const b = await buyer();
    const { html, pi } = await openPayment(b.c, b.id);
    expect(pi.amount).toBe(1000);
    expect(pi.currency).toBe("usd");
    expect(pi.metadata).toMatchObject({
      userId: b.id,
      packageId: packages.Standard,
      packageName: "Standard",
      amountCents: "1000",
    });
    expect(html).toContain(pi.client_secret);
    expect(html).toContain(KEYS.STRIPE_PUBLISHABLE_KEY);
    expect(html).not.toContain(KEYS.STRIPE_SECRET_KEY);
    expect(html).toContain("Pay for Standard package.");

    const again = await openPayment(b.c, b.id);
    expect(again.pi.id).toBe(pi.id);
    expect(intentsOf(b.id)).toHaveLength(1);
    const creates = fake.requests.filter((r) => r.path === "/v1/payment_intents" && r.form.metadata?.userId === b.id);
    expect(creates.every((r) => typeof r.idempotencyKey === "string" && r.idempotencyKey.length > 10)).toBe(true);
  });

  it("needs no payment for the free package, and an admin is sent back with the product's message and refused on POST", async () => {
    const b = await buyer();
    const free = await b.c.get(`/payment/${packages.Basic}`);
    expect(free.status).toBe(200);
    expect(intentsOf(b.id)).toHaveLength(0);

    const a = await buyer("admin");
    const page = await a.c.get(`/payment/${packages.Standard}`);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/pricing");
    const post = await confirmAtApp(a.c, "pi_whatever123");
    expect(post.status).toBe(403);
    expect(await post.text()).toContain("Admin can't make payment");
    expect(intentsOf(a.id)).toHaveLength(0);
  });
});

describe("confirming a card payment", () => {
  it("records one professional record after the server verified the payment, however often it is confirmed", async () => {
    const b = await buyer();
    const { pi } = await openPayment(b.c, b.id);
    expect((await payAtStripe(pi)).status).toBe(200);

    const before = Date.now();
    const res = await confirmAtApp(b.c, pi.id);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(pi.id);

    const records = await recordsFor(b.id);
    expect(records).toEqual([
      expect.objectContaining({
        transaction_id: pi.id,
        pack: "Standard",
        amount_cents: 1000,
        currency: "usd",
        email: b.email,
      }),
    ]);
    const s = await status(b.id);
    expect(s.role).toBe("professional");
    expect(s.professional_until!.getTime()).toBeGreaterThan(before + 27 * 86_400_000);
    expect(monthsBetween(new Date(before), s.professional_until!)).toBe(1);
    const [note] = await db`select notification from notifications where user_id = ${b.id}`;
    expect(note.notification).toContain("Payment received for the Standard package");

    // Confirming again (a double click, a retry), or Stripe's webhook arriving after, changes nothing.
    expect((await confirmAtApp(b.c, pi.id)).status).toBe(200);
    expect((await webhook(succeededEvent(fake.intents.get(pi.id)!))).status).toBe(200);
    expect(await recordsFor(b.id)).toHaveLength(1);
    expect((await status(b.id)).professional_until).toEqual(s.professional_until);
    // One receipt (decision 093), however often it was confirmed: amount, package, reference, a designed HTML part.
    const receipts = await db<{ subject: string; text: string; html: string }[]>`
      select subject, text, html from mail_outbox where "to" = ${b.email} and subject like 'Receipt:%'`;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe("Receipt: Standard package, $10.00");
    expect(receipts[0]!.text).toContain("Amount: $10.00 (USD)");
    expect(receipts[0]!.text).toContain(`Payment reference: ${pi.id}`);
    expect(receipts[0]!.html).toMatch(/<html[^>]* lang="en"/);

    // The cap is gone: the dashboard no longer counts against 3.
    expect(await (await b.c.get("/dashboard")).text()).not.toContain('data-testid="event-cap"');
  });

  it("records nothing for a declined card", async () => {
    const b = await buyer();
    const { pi } = await openPayment(b.c, b.id);
    const declined = await payAtStripe(pi, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: { message: string } }).error.message).toBe("Your card was declined.");
    const res = await confirmAtApp(b.c, pi.id);
    expect(res.status).toBe(402);
    expect(await recordsFor(b.id)).toHaveLength(0);
    expect((await status(b.id)).role).toBe("user");
  });

  it("refuses a succeeded payment whose amount or currency is not what the server asked for", async () => {
    for (const patch of [{ amount: 1, amount_received: 1 }, { currency: "eur" }]) {
      const b = await buyer();
      const { pi } = await openPayment(b.c, b.id);
      await fetch(`${fake.url}/_test/payment_intents/${pi.id}`, {
        method: "POST",
        body: JSON.stringify({ ...patch, status: "succeeded" }),
      });
      const res = await confirmAtApp(b.c, pi.id);
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(await recordsFor(b.id)).toHaveLength(0);
      expect((await status(b.id)).role).toBe("user");
      // Nor does the webhook honour it.
      const hook = await webhook(succeededEvent(fake.intents.get(pi.id)!));
      expect(hook.status).toBe(200);
      expect(await recordsFor(b.id)).toHaveLength(0);
    }
  });

  it("does not let anyone confirm another person's payment or an unknown one", async () => {
    const owner = await buyer();
    const { pi } = await openPayment(owner.c, owner.id);
    await payAtStripe(pi);
    const thief = await buyer();
    expect((await confirmAtApp(thief.c, pi.id)).status).toBe(404);
    expect(await recordsFor(thief.id)).toHaveLength(0);
    expect((await status(thief.id)).role).toBe("user");
    expect((await confirmAtApp(thief.c, "pi_doesnotexist123456")).status).toBe(404);
    expect((await confirmAtApp(thief.c, "'; select 1; --")).status).toBe(404);
    expect((await thief.c.post(`/payment/${packages.Standard}.data`, { intent: "other" })).status).toBe(400);
    // Visitors are sent to sign in.
    const visitor = await client().post(`/payment/${packages.Standard}`, { intent: "confirm", paymentIntentId: pi.id });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/signin/);
  });

  it("keeps one record under concurrent confirmations and webhooks", async () => {
    const b = await buyer();
    const { pi } = await openPayment(b.c, b.id);
    await payAtStripe(pi);
    const event = succeededEvent(fake.intents.get(pi.id)!);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => confirmAtApp(b.c, pi.id)),
      ...Array.from({ length: 4 }, () => webhook(event)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await recordsFor(b.id)).toHaveLength(1);
    const s = await status(b.id);
    expect(monthsBetween(new Date(), s.professional_until!)).toBe(1);
  });

  it("extends by a month when paying again, with a fresh PaymentIntent", async () => {
    const b = await buyer();
    const first = await openPayment(b.c, b.id);
    await payAtStripe(first.pi);
    await confirmAtApp(b.c, first.pi.id);
    const until1 = (await status(b.id)).professional_until!;

    const second = await openPayment(b.c, b.id, "Enterprise");
    expect(second.pi.id).not.toBe(first.pi.id);
    expect(second.pi.amount).toBe(2000);
    await payAtStripe(second.pi);
    expect((await confirmAtApp(b.c, second.pi.id, "Enterprise")).status).toBe(200);
    const until2 = (await status(b.id)).professional_until!;
    expect(monthsBetween(until1, until2)).toBe(1);
    expect(until2.getUTCDate()).toBe(until1.getUTCDate());
    expect((await recordsFor(b.id)).map((r) => r.pack).sort()).toEqual(["Enterprise", "Standard"]);
  });

  it("fulfils on the next visit a payment that went through but was never confirmed (tab closed, no webhook)", async () => {
    const b = await buyer();
    const { pi } = await openPayment(b.c, b.id);
    await payAtStripe(pi);
    const next = await openPayment(b.c, b.id);
    expect(next.pi.id).not.toBe(pi.id);
    expect((await recordsFor(b.id)).map((r) => r.transaction_id)).toEqual([pi.id]);
    expect((await status(b.id)).role).toBe("professional");
  });
});

describe("the Stripe webhook", () => {
  it("refuses missing, bad and stale signatures and does nothing", async () => {
    const b = await buyer();
    const { pi } = await openPayment(b.c, b.id);
    await payAtStripe(pi);
    const event = succeededEvent(fake.intents.get(pi.id)!);

    const missing = await fetch(`${server.url}/stripe/webhook`, { method: "POST", body: JSON.stringify(event) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: { code: "missing_signature", message: expect.any(String) } });
    expect((await webhook(event, undefined, "whsec_wrong")).status).toBe(400);
    expect((await webhook(event, Math.floor(Date.now() / 1000) - 301)).status).toBe(400);
    // A signature over another body.
    const good = signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: KEYS.STRIPE_WEBHOOK_SECRET,
    });
    const tampered = await fetch(`${server.url}/stripe/webhook`, {
      method: "POST",
      body: JSON.stringify({ ...event, data: { object: { ...event.data.object, amount: 1 } } }),
      headers: { "stripe-signature": good },
    });
    expect(tampered.status).toBe(400);
    expect(await recordsFor(b.id)).toHaveLength(0);
    expect((await fetch(`${server.url}/stripe/webhook`)).status).toBe(405);
  });

  it("fulfils a succeeded payment, once however often it is replayed, before or after the client's confirmation", async () => {
    const b = await buyer();
    const { pi } = await openPayment(b.c, b.id);
    await payAtStripe(pi);
    const event = succeededEvent(fake.intents.get(pi.id)!);
    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, handled: true });
    expect(await recordsFor(b.id)).toHaveLength(1);
    expect((await webhook(event)).status).toBe(200);
    expect((await confirmAtApp(b.c, pi.id)).status).toBe(200);
    expect(await recordsFor(b.id)).toHaveLength(1);
    expect((await status(b.id)).role).toBe("professional");
  });

  it("checks the payment's current state with Stripe: an event for an unpaid intent records nothing; other events are ignored", async () => {
    const b = await buyer();
    const { pi } = await openPayment(b.c, b.id);
    // A (forged but validly signed, or out-of-date) event claiming success for an unpaid intent.
    const res = await webhook(succeededEvent({ ...pi, status: "succeeded" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, handled: false, refused: "not_succeeded" });
    expect(await recordsFor(b.id)).toHaveLength(0);

    const other = await webhook({ ...succeededEvent(pi), type: "charge.refunded" });
    expect(await other.json()).toEqual({ received: true, handled: false });
  });
});

describe("when Stripe cannot be reached", () => {
  // A server of its own, started in a hook (its start is not what the test's time limit bounds).
  let down: RunningServer;
  beforeAll(async () => {
    down = await startServer(
      ownServerEnv({
        RATE_LIMIT_FACTOR: "100",
        STRIPE_API_BASE: `http://127.0.0.1:${await freePort()}`,
        ...KEYS,
      }),
    );
  });
  afterAll(async () => {
    await down?.stop();
  });

  it("the payment page says so instead of failing", async () => {
    const c = new HttpClient(down.url);
    const email = uniqueEmail("down");
    await c.post("/signup", {
      name: "Dee Down",
      email,
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    });
    const res = await c.get(`/payment/${packages.Standard}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Card payments are unavailable right now");
    expect(html).toContain("Nothing was charged");
  });
});
