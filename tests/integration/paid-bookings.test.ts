/**
 * Paid bookings (docs/decisions/107) over real HTTP against PostgreSQL and the local fake Stripe
 * API (tests/fakes/stripe-server.mjs, over loopback); webhooks are signed as Stripe signs them.
 *
 * Covered: an event type's price and refund rule (stored, answered, bad currency / amount / rule
 * 400; a group's paid seats are tests/integration/paid-seats.test.ts); POST /api/bookings for a paid type answers 201
 * `awaiting_payment` with a client secret and a 15-minute expiry, and racing bookings for the
 * held slot are refused (409); paying at Stripe and the client asking changes nothing, only the
 * signed `payment_intent.succeeded` webhook confirms (then the guest's mail carries the receipt
 * link); an unsigned or forged webhook is 400 and confirms nothing; `payment_intent.payment_failed`
 * and the hold running out (the job runner) free the slot, and a payment made after that is refunded; a cancel under `full` and under `until`
 * in time is refunded through Stripe's Refunds API, a late cancel under `until` is not; a hold its guest cancels before paying has its PaymentIntent cancelled at Stripe (docs/decisions/123).
 * A team's own event type (/api/teams/{id}/event-types, the team's event type page) takes the
 * same price and refund rule (400s, 403 for a member, the form's typed price) and books the same paid way.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingMailsSettled, eventually } from "../support/mail-wait";
import { allDayEventType, apiClient, at, dateIn, errorOf, ok, tokenOf, type Account, type Json } from "./api-client";
import { intentIdOf as idOf, paidServer } from "./paid-stripe";

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_paid_bookings",
  STRIPE_PUBLISHABLE_KEY: "pk_test_paid_bookings",
  STRIPE_WEBHOOK_SECRET: "whsec_paid_bookings",
};
const stripe = paidServer(KEYS);
const { db, call, account } = apiClient({ ipPrefix: "10.142", namePrefix: "Paid", server: stripe.url });

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
  host = await account("host", "professional");
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

const intentIdOf = (answer: PaidAnswer) => idOf(answer.payment.clientSecret);
const payAtStripe = (answer: PaidAnswer, card?: string) => stripe.payAtStripe(answer.payment.clientSecret, card);
const { eventOf, webhook } = stripe;

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
  it("is stored and answered; bad currency, amount or rule is a 400", async () => {
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
    const intent = stripe.fake().intents.get(intentIdOf(won))!;
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
    const unsigned = await fetch(`${stripe.url()}/stripe/webhook`, { method: "POST", body: JSON.stringify(event) });
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
    stripe.fake().succeed(intentIdOf(answer));
    expect((await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)))).status).toBe(200);
    const after = await statusOf(answer.booking.id);
    expect(after).toMatchObject({ status: "cancelled", state: "refunded" });
    expect(stripe.fake().refunds.get(after.refund_id!)).toMatchObject({
      payment_intent: intentIdOf(answer),
      amount: 2500,
    });
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

  it("a hold its guest cancels before paying is released and its PaymentIntent cancelled at Stripe", async () => {
    const type = await paidType();
    const answer = await ok<PaidAnswer>(await book(type._id, at(8, "11:00")), 201);
    expect((await cancel(answer)).status).toBe(200);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "cancelled", state: "released" });
    expect(stripe.fake().intents.get(intentIdOf(answer))!.status).toBe("canceled");
  });

  it("refunds in full under `full`, through Stripe's Refunds API", async () => {
    const type = await paidType();
    const answer = await paidBooking(type._id, at(8, "09:00"));
    expect((await cancel(answer)).status).toBe(200);
    const row = await statusOf(answer.booking.id);
    expect(row).toMatchObject({ status: "cancelled", state: "refunded" });
    const refund = stripe.fake().refunds.get(row.refund_id!)!;
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
    const before = stripe.fake().refunds.size;
    expect((await cancel(late)).status).toBe(200);
    expect(await statusOf(late.booking.id)).toMatchObject({ status: "cancelled", state: "refund_not_due" });
    expect(stripe.fake().refunds.size).toBe(before);
    expect(await hostSees(late.booking.id)).toBe("€25.00: Refund not due");
  });
});

describe("a paid team booking (docs/decisions/120)", () => {
  let member: Account;
  let team: { id: string; slug: string };
  const handle = (prefix: string) => `${prefix}${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    member = await account("member", "professional");
    // A team of the host with the member in it (invited and accepted over JSON).
    team = await ok<{ id: string; slug: string }>(
      await call("POST", "/api/teams", { token: host.token, json: { name: "Paid team", slug: handle("paid-") } }),
      201,
    );
    await ok(
      await call("POST", `/api/teams/${team.id}/invitations`, { token: host.token, json: { email: member.email } }),
      201,
    );
    const [mail] =
      await db`select text from mail_outbox where "to" = ${member.email} and subject like '%invited you to their team%' order by created_at desc limit 1`;
    const link = /(http\S+\/dashboard\/team\/accept\?token=\S+)/.exec(mail.text as string)?.[1] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    await ok(await call("POST", "/api/team-invitations/accept", { token: member.token, json: { token } }));
    // The member hosts on their default schedule: open all day.
    const schedules = await ok<Json[]>(await call("GET", "/api/schedules", { token: member.token }));
    const def = schedules.find((s) => s.isDefault)!;
    await ok(
      await call("PUT", `/api/schedules/${def._id}`, {
        token: member.token,
        json: {
          name: "Working hours",
          timeZone: "UTC",
          weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
          overrides: [],
          isDefault: true,
        },
      }),
    );
  });

  /** What the hosts were told of a booking: bells and mails naming its guest, and its booking records. */
  async function told(guestName: string, ids: string[]) {
    await bookingMailsSettled(db);
    const bells = await db<{ user_id: string }[]>`
      select user_id from notifications where notification like ${`%${guestName}%`}`;
    const mails = await db<{ to: string }[]>`
      select "to"::text as to from mail_outbox where text like ${`%${guestName}%`}`;
    const records = await db<{ kind: string }[]>`select kind::text from booking_events where event_id in ${db(ids)}`;
    return {
      bells: bells.map((b) => b.user_id).sort(),
      mailedTo: mails.map((m) => m.to),
      records: records.map((r) => r.kind),
    };
  }

  it("a collective type takes a price; the hold keeps every host's time, and only the webhook tells them", async () => {
    const type = await paidType({ kind: "collective", hosts: [member.id], refundPolicy: { type: "none" } });
    expect(type.price).toEqual({ amount: 2500, currency: "eur" });
    // Its booking page (under its team's URL) shows the price.
    const [{ slug: teamSlug }] =
      await db`select t.slug from teams t join event_types e on e.team_id = t.id where e.id = ${type._id}`;
    const page = await (await call("GET", `/team/${teamSlug}/${type.slug}`)).text();
    expect(page).toMatch(/data-testid="event-price"[^>]*>€25\.00/);
    const start = at(10, "09:00");
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => book(type._id, start, guest(`co${i}`))));
    const statuses = racing.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const answer = await ok<PaidAnswer>(racing[statuses.indexOf(201)], 201);
    expect(answer.booking.status).toBe("awaiting_payment");
    const rows = await db<{ id: string; host_id: string; status: string }[]>`
      select id, host_id, status from events where id = ${answer.booking.id} or booking_id = ${answer.booking.id}`;
    expect(rows.map((r) => r.host_id).sort()).toEqual([host.id, member.id].sort());
    expect(rows.every((r) => r.status === "awaiting_payment")).toBe(true);
    // The member's own time is held too: their one-to-one cannot take the slot.
    const own = await allDayEventType(call, member.token, {
      title: "Own",
      slug: handle("own-"),
      duration: 30,
      minimumNotice: 0,
    });
    expect((await book(own._id, start)).status).toBe(409);

    const [{ guest_name: name }] = await db`select guest_name from events where id = ${answer.booking.id}`;
    const ids = rows.map((r) => r.id);
    // Nobody was told of the hold: no bell, no mail, no booking record (so no webhook or calendar write).
    expect(await told(name as string, ids)).toEqual({ bells: [], mailedTo: [], records: [] });

    // Paying at Stripe is no confirmation; the signed webhook is.
    await payAtStripe(answer);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "awaiting_payment" });
    expect((await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)))).status).toBe(200);
    const after = await db<{ status: string }[]>`select status from events where id in ${db(ids)}`;
    expect(after.map((r) => r.status)).toEqual(["confirmed", "confirmed"]);
    const then = await told(name as string, ids);
    expect(then.bells).toEqual([host.id, member.id].sort());
    expect(then.mailedTo).toEqual(expect.arrayContaining([host.email, member.email]));
    expect(then.records).toEqual(["created"]);

    // Cancelled under `none`: not refunded, and every host's row goes.
    const token = tokenOf(answer.booking.cancelUrl);
    const before = stripe.fake().refunds.size;
    expect(
      (await call("POST", `/api/bookings/${answer.booking.id}/cancel?token=${encodeURIComponent(token)}`, { json: {} }))
        .status,
    ).toBe(200);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "cancelled", state: "refund_not_due" });
    expect(stripe.fake().refunds.size).toBe(before);
    expect((await db`select status from events where booking_id = ${answer.booking.id}`)[0].status).toBe("cancelled");
  });

  it("a collective hold whose payment fails frees every host's time", async () => {
    const type = await paidType({ kind: "collective", hosts: [member.id] });
    const start = at(11, "09:00");
    const answer = await ok<PaidAnswer>(await book(type._id, start), 201);
    await payAtStripe(answer, "4000000000000002");
    expect((await webhook(eventOf("payment_intent.payment_failed", intentIdOf(answer)))).status).toBe(200);
    const rows = await db<{ status: string }[]>`
      select status from events where id = ${answer.booking.id} or booking_id = ${answer.booking.id}`;
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    expect(await statusOf(answer.booking.id)).toMatchObject({ state: "failed" });
    const own = await allDayEventType(call, member.token, {
      title: "Own",
      slug: handle("own-"),
      duration: 30,
      minimumNotice: 0,
    });
    expect((await book(own._id, start)).status).toBe(201);
  });

  it("round robin: a hold takes its host's time (racers get the other host, then 409); an expired hold is not counted", async () => {
    const type = await paidType({ kind: "round-robin", hosts: [member.id] });
    const start = at(12, "09:00");
    const racing = await Promise.all(Array.from({ length: 4 }, (_, i) => book(type._id, start, guest(`rr${i}`))));
    const statuses = racing.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409]);
    const held = await Promise.all(racing.filter((r) => r.status === 201).map((r) => ok<PaidAnswer>(r, 201)));
    const hostsOf = async (id: string) => (await db`select host_id from events where id = ${id}`)[0].host_id as string;
    expect((await Promise.all(held.map((a) => hostsOf(a.booking.id)))).sort()).toEqual([host.id, member.id].sort());
    for (const a of held) {
      const [{ guest_name: name }] = await db`select guest_name from events where id = ${a.booking.id}`;
      expect(await told(name as string, [a.booking.id])).toEqual({ bells: [], mailedTo: [], records: [] });
    }

    // A hold is handed to no other host before it is paid (that would tell them).
    const handOver = await call("POST", `/api/bookings/${held[0].booking.id}/reassign`, {
      token: host.token,
      json: {},
    });
    expect(handOver.status).toBe(409);
    expect((await errorOf(handOver)).code).toBe("awaiting_payment");

    // A fresh type: its first booking's host, then the same pick again once that hold ran out unpaid.
    const fresh = await paidType({ kind: "round-robin", hosts: [member.id] });
    const first = await ok<PaidAnswer>(await book(fresh._id, at(13, "09:00")), 201);
    const firstHost = await hostsOf(first.booking.id);
    await db`update events set hold_until = now() - interval '1 second' where id = ${first.booking.id}`;
    await eventually(
      () => statusOf(first.booking.id),
      (r) => r.status === "cancelled",
    );
    expect(await statusOf(first.booking.id)).toMatchObject({ state: "expired" });
    const second = await ok<PaidAnswer>(await book(fresh._id, at(13, "10:00")), 201);
    expect(await hostsOf(second.booking.id)).toBe(firstHost);
  });

  it("round robin: confirmed by the webhook (the assigned host told then), refunded in full on cancel", async () => {
    const type = await paidType({ kind: "round-robin", hosts: [member.id] });
    const answer = await ok<PaidAnswer>(await book(type._id, at(14, "09:00"), guest("rrpay")), 201);
    const [{ host_id: assigned, guest_name: name }] =
      await db`select host_id, guest_name from events where id = ${answer.booking.id}`;
    await payAtStripe(answer);
    expect((await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)))).status).toBe(200);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "confirmed", state: "paid" });
    expect((await told(name as string, [answer.booking.id])).bells).toEqual([assigned]);
    const token = tokenOf(answer.booking.cancelUrl);
    expect(
      (await call("POST", `/api/bookings/${answer.booking.id}/cancel?token=${encodeURIComponent(token)}`, { json: {} }))
        .status,
    ).toBe(200);
    const row = await statusOf(answer.booking.id);
    expect(row).toMatchObject({ status: "cancelled", state: "refunded" });
    expect(stripe.fake().refunds.get(row.refund_id!)).toMatchObject({
      payment_intent: intentIdOf(answer),
      amount: 2500,
    });
  });

  it("a team's own event type (/api/teams/{id}/event-types) takes a price as a person's does; booked, it is held until the signed webhook", async () => {
    const path = `/api/teams/${team.id}/event-types`;
    const body = (fields: Record<string, unknown> = {}) => ({
      title: "Team paid call",
      slug: handle("tpaid-"),
      duration: 30,
      minimumNotice: 0,
      bookingWindowDays: 30,
      kind: "collective",
      hosts: [{ userId: member.id }],
      price: { amount: 4000, currency: "USD" },
      refundPolicy: { type: "until", hours: 24 },
      ...fields,
    });
    const made = await ok<Json>(await call("POST", path, { token: host.token, json: body() }), 201);
    expect(made.price).toEqual({ amount: 4000, currency: "usd" });
    expect(made.refundPolicy).toEqual({ type: "until", hours: 24 });
    const got = await ok<Json>(await call("GET", `${path}/${made._id}`, { token: member.token }));
    expect(got.price).toEqual({ amount: 4000, currency: "usd" });

    // The body's own rules: a bad price or currency, a managed template, approval: 400 on the field.
    const bad = async (fields: Record<string, unknown>) => {
      const res = await call("POST", path, { token: host.token, json: body(fields) });
      expect(res.status).toBe(400);
      return Object.keys((await errorOf(res)).fields ?? {});
    };
    expect(await bad({ price: { amount: 100, currency: "xyz" } })).toContain("price.currency");
    expect(await bad({ price: { amount: 0, currency: "usd" } })).toContain("price.amount");
    expect(await bad({ price: { amount: 12.5, currency: "usd" } })).toContain("price.amount");
    expect(await bad({ refundPolicy: { type: "until" } })).toContain("refundPolicy.hours");
    expect(await bad({ kind: "managed" })).toContain("price");
    expect(await bad({ requiresApproval: true })).toContain("price");
    // A member may not price one, neither new nor by PUT; nothing changes.
    expect((await call("POST", path, { token: member.token, json: body() })).status).toBe(403);
    const put = await call("PUT", `${path}/${made._id}`, {
      token: member.token,
      json: body({ slug: made.slug, price: { amount: 1, currency: "usd" } }),
    });
    expect(put.status).toBe(403);
    expect((await db`select price_amount from event_types where id = ${made._id}`)[0].price_amount).toBe(4000);
    // PUT replaces: left out, the price goes (free), as on /api/event-types/{id}.
    const { price: _price, refundPolicy: _rule, ...free } = body({ slug: made.slug });
    const freed = await ok<Json>(await call("PUT", `${path}/${made._id}`, { token: host.token, json: free }));
    expect(freed).toMatchObject({ price: null, refundPolicy: { type: "full" } });
    await ok(await call("PUT", `${path}/${made._id}`, { token: host.token, json: body({ slug: made.slug }) }));

    // Its booking page (the team's URL) shows the price.
    const page = await (await call("GET", `/team/${team.slug}/${made.slug}`)).text();
    expect(page).toMatch(/data-testid="event-price"[^>]*>\$40\.00/);

    // Booked: held awaiting payment, nobody told; the signed webhook confirms.
    const answer = await ok<PaidAnswer>(await book(made._id, at(15, "09:00"), guest("teamet")), 201);
    expect(answer.booking.status).toBe("awaiting_payment");
    expect(answer.payment).toMatchObject({ amount: 4000, currency: "usd" });
    const [{ guest_name: name, host_id: hostId }] =
      await db`select guest_name, host_id from events where id = ${answer.booking.id}`;
    expect(hostId).toBe(member.id);
    expect(await told(name as string, [answer.booking.id])).toEqual({ bells: [], mailedTo: [], records: [] });
    await payAtStripe(answer);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "awaiting_payment" });
    expect((await webhook(eventOf("payment_intent.succeeded", intentIdOf(answer)))).status).toBe(200);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "confirmed", state: "paid" });
    expect((await told(name as string, [answer.booking.id])).bells).toEqual([member.id]);
    // Cancelled in time under `until`: refunded in full.
    const token = tokenOf(answer.booking.cancelUrl);
    expect(
      (await call("POST", `/api/bookings/${answer.booking.id}/cancel?token=${encodeURIComponent(token)}`, { json: {} }))
        .status,
    ).toBe(200);
    expect(await statusOf(answer.booking.id)).toMatchObject({ status: "cancelled", state: "refunded" });
  });

  it("the team's event type page: owners price it in the form (typed as 12.50); a bad price is refused with its message", async () => {
    const form = (fields: Record<string, string>) =>
      host.c.request(`/dashboard/teams/${team.id}/event-types/new`, {
        method: "POST",
        body: new URLSearchParams({
          title: "Team desk",
          description: "",
          duration: "30",
          kind: "round-robin",
          "location.type": "video",
          "location.value": "",
          bufferBefore: "0",
          bufferAfter: "0",
          minimumNotice: "2",
          minimumNoticeUnit: "hours",
          bookingWindowDays: "60",
          active: "on",
          hostIds: member.id,
          ...fields,
        }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: host.c.baseUrl },
      });
    const blank = await (await host.c.get(`/dashboard/teams/${team.id}/event-types/new`)).text();
    expect(blank).toContain('name="price.amount"');
    const s = handle("tdesk-");
    const wrong = await form({ slug: s, "price.amount": "abc", "price.currency": "eur" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Type the price as a number");
    expect(await db`select 1 from event_types where team_id = ${team.id} and slug = ${s}`).toHaveLength(0);

    const made = await form({ slug: s, "price.amount": "12.50", "price.currency": "eur", "refundPolicy.type": "none" });
    expect(made.status).toBe(302);
    const [row] =
      await db`select id, price_amount, price_currency, refund_policy from event_types where team_id = ${team.id} and slug = ${s}`;
    expect(row).toMatchObject({ price_amount: 1250, price_currency: "eur", refund_policy: "none" });
    // Its edit page types it back as it was typed.
    const edit = await (await host.c.get(`/dashboard/teams/${team.id}/event-types/${row.id}`)).text();
    expect(edit).toMatch(/name="price\.amount"[^>]*value="12\.50"|value="12\.50"[^>]*name="price\.amount"/);
    // A member gets the page's 403, price or not.
    const asMember = await member.c.request(`/dashboard/teams/${team.id}/event-types/${row.id}`, {
      method: "POST",
      body: new URLSearchParams({ title: "x", "price.amount": "1", "price.currency": "eur" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: member.c.baseUrl },
    });
    expect(asMember.status).toBe(403);
  });
});
