/**
 * Paid bookings (docs/decisions/107) over real HTTP against PostgreSQL and the local fake Stripe
 * API (tests/fakes/stripe-server.mjs, over loopback); webhooks are signed as Stripe signs them.
 *
 * Covered: an event type's price and refund rule (stored, answered, bad currency / amount / rule
 * 400, a price on a group 400); POST /api/bookings for a paid type answers 201
 * `awaiting_payment` with a client secret and a 15-minute expiry, and racing bookings for the
 * held slot are refused (409); paying at Stripe and the client asking changes nothing, only the
 * signed `payment_intent.succeeded` webhook confirms (then the guest's mail carries the receipt
 * link); an unsigned or forged webhook is 400 and confirms nothing; `payment_intent.payment_failed`
 * and the hold running out (the job runner) free the slot, and a payment made after that is refunded; a cancel under `full` and under `until`
 * in time is refunded through Stripe's Refunds API, a late cancel under `until` is not.
 */
import crypto from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe } from "../fakes/stripe-server.mjs";
import { startServer, type RunningServer } from "../support/server";
import { bookingMailsSettled, eventually } from "../support/mail-wait";
import { allDayEventType, apiClient, at, dateIn, errorOf, ok, tokenOf, type Account, type Json } from "./api-client";
import { databaseUrl } from "./context";
import { SESSION_SECRET } from "./global-setup";

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_paid_bookings",
  STRIPE_PUBLISHABLE_KEY: "pk_test_paid_bookings",
  STRIPE_WEBHOOK_SECRET: "whsec_paid_bookings",
};
const signer = new Stripe("sk_test_signer_only");

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let server: RunningServer;
const { db, call, account } = apiClient({ ipPrefix: "10.142", namePrefix: "Paid", server: () => server.url });

interface Booking {
  id: string;
  start: string;
  status: string;
  cancelUrl: string | null;
}
interface PaidAnswer {
  booking: Booking;
  payment: { clientSecret: string; expiresAt: string; amount: number; currency: string };
}

let host: Account;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startServer({
    DATABASE_URL: databaseUrl(),
    SESSION_SECRET,
    RATE_LIMIT_FACTOR: "100",
    TRUST_PROXY: "loopback",
    STRIPE_API_BASE: fake.url,
    JOBS_POLL_MS: "500",
    ...KEYS,
  });
  host = await account("host", "professional");
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const guest = (n: string) => ({
  name: `Guest ${n}`,
  email: `paid-${n}-${crypto.randomUUID().slice(0, 6)}@example.test`,
  timeZone: "Europe/Berlin",
});

async function paidType(fields: Record<string, unknown> = {}): Promise<Json> {
  return allDayEventType(call, host.token, {
    title: "Paid consult",
    slug: `paid-${crypto.randomUUID().slice(0, 8)}`,
    duration: 30,
    minimumNotice: 0,
    bookingWindowDays: 30,
    location: { type: "google-meet" },
    price: { amount: 2500, currency: "EUR" },
    ...fields,
  });
}

function book(typeId: string, start: string, who = guest("x")) {
  return call("POST", "/api/bookings", { json: { eventTypeId: typeId, start, ...who } });
}

function intentIdOf(answer: PaidAnswer): string {
  return answer.payment.clientSecret.split("_secret_")[0];
}

/** The card payment as the browser's Stripe.js makes it (publishable key and client secret). */
async function payAtStripe(answer: PaidAnswer, card = "4242424242424242") {
  const body = new URLSearchParams({
    key: KEYS.STRIPE_PUBLISHABLE_KEY,
    client_secret: answer.payment.clientSecret,
    "payment_method_data[card][number]": card,
  });
  return fetch(`${fake.url}/v1/payment_intents/${intentIdOf(answer)}/confirm`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

function eventOf(type: string, intentId: string) {
  return {
    id: `evt_${crypto.randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    data: { object: fake.intents.get(intentId) },
  };
}

function webhook(payload: object, secret = KEYS.STRIPE_WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret });
  return fetch(`${server.url}/stripe/webhook`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

async function statusOf(id: string) {
  const [row] = await db`select e.status, p.state, p.receipt_url, p.refund_id
    from events e join booking_payments p on p.event_id = e.id where e.id = ${id}`;
  return row as { status: string; state: string; receipt_url: string | null; refund_id: string | null };
}

/** The guest's payment step page (its notice once the hold is over). */
async function guestSees(answer: PaidAnswer): Promise<string> {
  const token = tokenOf(answer.booking.cancelUrl);
  const res = await call("GET", `/booking/${answer.booking.id}/pay?token=${encodeURIComponent(token)}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The payment line of the host's page of a booking (Scheduled Events). */
async function hostSees(id: string): Promise<string> {
  const res = await host.c.get(`/dashboard/scheduledEvents/${id}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const m = /data-testid="booking-payment"[^>]*>(.*?)<\/dd>/s.exec(html);
  return (m?.[1] ?? "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .split(" · ")[0]
    .trim();
}

async function slotsOf(typeId: string, day: number): Promise<string[]> {
  const { slots } = await ok<{ slots: Record<string, string[]> }>(
    await call("GET", `/api/slots?eventTypeId=${typeId}&start=${dateIn(day)}&end=${dateIn(day)}&timeZone=UTC`),
  );
  return (slots[dateIn(day)] ?? []).map((s) => new Date(s).toISOString());
}

describe("an event type's price and refund rule", () => {
  it("is stored and answered; bad currency, amount or rule is a 400; a group cannot take a price", async () => {
    const type = await paidType({ refundPolicy: { type: "until", hours: 24 } });
    expect(type.price).toEqual({ amount: 2500, currency: "eur" });
    expect(type.refundPolicy).toEqual({ type: "until", hours: 24 });
    const free = await allDayEventType(call, host.token, {
      title: "Free",
      slug: `free-${crypto.randomUUID().slice(0, 6)}`,
      duration: 30,
    });
    expect(free.price).toBeNull();
    expect(free.refundPolicy).toEqual({ type: "full" });

    const bad = async (fields: Record<string, unknown>) => {
      const res = await call("POST", "/api/event-types", {
        token: host.token,
        json: { title: "Bad", slug: `bad-${crypto.randomUUID().slice(0, 6)}`, duration: 30, ...fields },
      });
      expect(res.status).toBe(400);
      return (await errorOf(res)).fields ?? {};
    };
    expect(Object.keys(await bad({ price: { amount: 100, currency: "xyz" } }))).toContain("price.currency");
    expect(Object.keys(await bad({ price: { amount: 12.5, currency: "usd" } }))).toContain("price.amount");
    expect(Object.keys(await bad({ price: { amount: 0, currency: "usd" } }))).toContain("price.amount");
    expect(Object.keys(await bad({ price: { amount: 100_000_000, currency: "usd" } }))).toContain("price.amount");
    expect(Object.keys(await bad({ refundPolicy: { type: "until" } }))).toContain("refundPolicy.hours");
    expect(Object.keys(await bad({ kind: "group", seats: 5, price: { amount: 500, currency: "usd" } }))).toContain(
      "price",
    );
  });
});

describe("a paid booking", () => {
  it("is held awaiting payment: 201 with a client secret; racing bookings for the slot are refused", async () => {
    const type = await paidType();
    const start = at(3, "10:00");
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => book(type._id, start, guest(`race${i}`))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const won = await ok<PaidAnswer>(answers[statuses.indexOf(201)], 201);
    expect(won.booking.status).toBe("awaiting_payment");
    expect(won.payment.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_/);
    expect(won.payment).toMatchObject({ amount: 2500, currency: "eur" });
    const expiresIn = new Date(won.payment.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(13 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    // Stripe was asked for the database's price, for this booking.
    const intent = fake.intents.get(intentIdOf(won))!;
    expect(intent.amount).toBe(2500);
    expect(intent.metadata.bookingId).toBe(won.booking.id);
    expect(await statusOf(won.booking.id)).toMatchObject({ status: "awaiting_payment", state: "awaiting" });
    expect(await hostSees(won.booking.id)).toBe("€25.00: Awaiting payment");
    // The payment step opens with the booking's token only.
    expect((await call("GET", `/booking/${won.booking.id}/pay?token=wrong`)).status).toBe(404);
    const step = await guestSees(won);
    expect(step).toContain("Pay €25.00 to confirm");
    expect(step).toContain("We hold this time for you until");
    expect(await slotsOf(type._id, 3)).not.toContain(new Date(start).toISOString());
    expect((await book(type._id, start)).status).toBe(409);
  });

  it("is confirmed only by the signed webhook, not by paying or the client; then the guest's mail has the receipt", async () => {
    const type = await paidType();
    const who = guest("pay");
    const answer = await ok<PaidAnswer>(await book(type._id, at(4, "09:00"), who), 201);
    expect((await payAtStripe(answer)).status).toBe(200);
    // The client's return from Stripe (the payment step with redirect_status) is no confirmation.
    const token = tokenOf(answer.booking.cancelUrl);
    const back = await call(
      "GET",
      `/booking/${answer.booking.id}/pay?token=${encodeURIComponent(token)}&payment_intent=${intentIdOf(answer)}&redirect_status=succeeded`,
    );
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("waiting for the payment provider");
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "awaiting_payment", state: "awaiting" });
    await bookingMailsSettled(db);
    expect((await db`select 1 from mail_outbox where "to"::text like ${`%${who.email}%`}`).length).toBe(0);

    const hook = await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)));
    expect(hook.status).toBe(200);
    expect(await hook.json()).toMatchObject({ received: true, handled: true });
    const row = await statusOf(answer.booking.id);
    expect(row).toMatchObject({ status: "confirmed", state: "paid" });
    expect(row.receipt_url).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    expect(await hostSees(answer.booking.id)).toBe("€25.00: Paid");
    // A replay changes nothing.
    expect((await (await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)))).json()).handled).toBe(false);

    await bookingMailsSettled(db);
    const mails = await db<{ text: string }[]>`select text from mail_outbox where "to"::text like ${`%${who.email}%`}`;
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Payment receipt: ${row.receipt_url}`);
    expect(mails[0].text).toMatch(/\/booking\/.+\/cancel\?token=/);
  });

  it("says the receipt line in the language the guest booked in", async () => {
    const type = await paidType();
    const who = guest("es");
    const answer = await ok<PaidAnswer>(await book(type._id, at(4, "11:00"), who), 201);
    // As the booking page records a guest who booked in Spanish (decision 088).
    await db`update events set guest_language = 'es' where id = ${answer.booking.id}`;
    await payAtStripe(answer);
    expect((await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)))).status).toBe(200);
    const row = await statusOf(answer.booking.id);
    await bookingMailsSettled(db);
    const [mail] = await db<{ text: string }[]>`select text from mail_outbox where "to"::text like ${`%${who.email}%`}`;
    expect(mail.text).toContain(`Recibo del pago: ${row.receipt_url}`);
    expect(mail.text).not.toContain("Payment receipt");
  });

  it("refuses an unsigned or forged webhook (400) and confirms nothing", async () => {
    const type = await paidType();
    const answer = await ok<PaidAnswer>(await book(type._id, at(5, "09:00")), 201);
    await payAtStripe(answer);
    const event = eventOf("payment_intent.succeeded", intentIdOf(answer));
    const unsigned = await fetch(`${server.url}/stripe/webhook`, { method: "POST", body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect((await webhook(event, "whsec_forged")).status).toBe(400);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "awaiting_payment", state: "awaiting" });
  });

  it("frees the slot when the payment fails", async () => {
    const type = await paidType();
    const start = at(6, "09:00");
    const answer = await ok<PaidAnswer>(await book(type._id, start), 201);
    expect((await payAtStripe(answer, "4000000000000002")).status).toBe(402);
    const hook = await webhook(eventOf("payment_intent.payment_failed", intentIdOf(answer)));
    expect(hook.status).toBe(200);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "cancelled", state: "failed" });
    expect(await guestSees(answer)).toContain("The card payment failed, so the time was released.");
    expect(await slotsOf(type._id, 6)).toContain(new Date(start).toISOString());
    expect((await book(type._id, start)).status).toBe(201);
  });

  it("frees the slot when the hold runs out (the job runner); a payment after that is refunded", async () => {
    const type = await paidType();
    const start = at(7, "09:00");
    const answer = await ok<PaidAnswer>(await book(type._id, start), 201);
    await db`update events set hold_until = now() - interval '1 second' where id = ${answer.booking.id}`;
    const row = await eventually(
      () => statusOf(answer.booking.id),
      (r) => r.status === "cancelled",
    );
    expect(row.state).toBe("expired");
    expect(await slotsOf(type._id, 7)).toContain(new Date(start).toISOString());
    // Paid anyway, too late (the job cancels the intent at Stripe, when it can): the webhook does
    // not take the slot back, and the money is given back in full.
    fake.succeed(intentIdOf(answer));
    expect((await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)))).status).toBe(200);
    const after = await statusOf(answer.booking.id);
    expect(after).toMatchObject({ status: "cancelled", state: "refunded" });
    expect(fake.refunds.get(after.refund_id!)).toMatchObject({ payment_intent: intentIdOf(answer), amount: 2500 });
  });
});

describe("cancelling a paid booking", () => {
  async function paidBooking(typeId: string, start: string) {
    const answer = await ok<PaidAnswer>(await book(typeId, start), 201);
    await payAtStripe(answer);
    expect((await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)))).status).toBe(200);
    return answer;
  }

  function cancel(answer: PaidAnswer) {
    const token = tokenOf(answer.booking.cancelUrl);
    return call("POST", `/api/bookings/${answer.booking.id}/cancel?token=${encodeURIComponent(token)}`, {
      json: { reason: "Cannot come" },
    });
  }

  it("refunds in full under `full`, through Stripe's Refunds API", async () => {
    const type = await paidType();
    const answer = await paidBooking(type._id, at(8, "09:00"));
    expect((await cancel(answer)).status).toBe(200);
    const row = await statusOf(answer.booking.id);
    expect(row).toMatchObject({ status: "cancelled", state: "refunded" });
    const refund = fake.refunds.get(row.refund_id!)!;
    expect(refund).toMatchObject({ payment_intent: intentIdOf(answer), amount: 2500 });
    expect(await hostSees(answer.booking.id)).toBe("€25.00: Refunded");
    expect(await guestSees(answer)).toContain("cancelled and your payment refunded in full");
  });

  it("under `until`: refunded when cancelled in time, not when late", async () => {
    const type = await paidType({ refundPolicy: { type: "until", hours: 48 } });
    const early = await paidBooking(type._id, at(9, "09:00"));
    expect((await cancel(early)).status).toBe(200);
    expect(await statusOf(early.booking.id)).toMatchObject({ status: "cancelled", state: "refunded" });

    // Starts within 48 hours: too late for a refund.
    const soon = new Date(Date.now() + 24 * 3_600_000);
    soon.setUTCMinutes(soon.getUTCMinutes() < 30 ? 30 : 0, 0, 0);
    if (soon.getUTCMinutes() === 0) soon.setUTCHours(soon.getUTCHours() + 1);
    const late = await paidBooking(type._id, soon.toISOString());
    const before = fake.refunds.size;
    expect((await cancel(late)).status).toBe(200);
    expect(await statusOf(late.booking.id)).toMatchObject({ status: "cancelled", state: "refund_not_due" });
    expect(fake.refunds.size).toBe(before);
    expect(await hostSees(late.booking.id)).toBe("€25.00: Refund not due");
  });
});
