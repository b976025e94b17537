/**
 * Paid seats of group event types (docs/decisions/123) over real HTTP against PostgreSQL and the
 * local fake Stripe API (tests/fakes/stripe-server.mjs); webhooks are signed as Stripe signs them.
 *
 * Covered: a group takes a price; each seat a guest books is held `awaiting_payment` (201 with a
 * payment, a PaymentIntent per seat naming it) and counts against the places, so guests racing for
 * the places left while others hold get exactly those places; nobody is told of a held seat (no
 * mail, bell, booking record, attendee list; the session it opened stays `awaiting_payment`); the
 * payment step opens with the seat's token; paying at Stripe confirms nothing, only the signed
 * webhook (then the seat joins the attendees, the host's bell rings, the guest's mail has the
 * receipt); a failed payment and the hold running out (the job) free the seat; a guest's cancel of
 * a paid seat is refunded by the rule; the host's cancel of the whole session refunds every paid
 * seat and releases the held ones; a held seat its guest cancels, or the host's cancel releases,
 * has its PaymentIntent cancelled at Stripe; a held seat counts toward the limit per guest.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingMailsSettled, eventually } from "../support/mail-wait";
import { allDayEventType, apiClient, at, dateIn, ok, tokenOf, type Account, type Json } from "./api-client";
import { intentIdOf as idOf, paidServer } from "./paid-stripe";

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_paid_seats",
  STRIPE_PUBLISHABLE_KEY: "pk_test_paid_seats",
  STRIPE_WEBHOOK_SECRET: "whsec_paid_seats",
};
const stripe = paidServer(KEYS);
const { db, call, account } = apiClient({ ipPrefix: "10.143", namePrefix: "Seats", server: stripe.url });

interface SeatAnswer {
  booking: { id: string; seatId: string; start: string; status: string; cancelUrl: string | null };
  payment: { clientSecret: string; expiresAt: string; amount: number; currency: string };
}

let host: Account;

beforeAll(async () => {
  host = await account("host", "professional");
});

const guest = (n: string) => ({
  name: `Seat guest ${n} ${crypto.randomUUID().slice(0, 6)}`,
  email: `seat-${n}-${crypto.randomUUID().slice(0, 6)}@example.test`,
  timeZone: "Europe/Berlin",
});

async function paidGroup(seats: number, fields: Record<string, unknown> = {}): Promise<Json> {
  return allDayEventType(call, host.token, {
    title: "Paid workshop",
    slug: `seats-${crypto.randomUUID().slice(0, 8)}`,
    kind: "group",
    seats,
    duration: 60,
    minimumNotice: 0,
    bookingWindowDays: 30,
    location: { type: "google-meet" },
    price: { amount: 1500, currency: "EUR" },
    ...fields,
  });
}

function book(typeId: string, start: string, who = guest("x")) {
  return call("POST", "/api/bookings", { json: { eventTypeId: typeId, start, ...who } });
}

const intentIdOf = (answer: SeatAnswer) => idOf(answer.payment.clientSecret);
const payAtStripe = (answer: SeatAnswer, card?: string) => stripe.payAtStripe(answer.payment.clientSecret, card);
const webhook = (type: string, intentId: string) => stripe.webhook(stripe.eventOf(type, intentId));

async function paid(answer: SeatAnswer) {
  expect((await payAtStripe(answer)).status).toBe(200);
  const hook = await webhook("payment_intent.succeeded", intentIdOf(answer));
  expect(hook.status).toBe(200);
  expect(await hook.json()).toMatchObject({ handled: true });
}

async function seatOf(seatId: string) {
  const [row] = await db`select s.status as seat, e.status as session, p.state, p.receipt_url, p.refund_id
    from booking_seats s join events e on e.id = s.event_id join booking_payments p on p.seat_id = s.id
    where s.id = ${seatId}`;
  return row as { seat: string; session: string; state: string; receipt_url: string | null; refund_id: string | null };
}

/** What anyone was told of these guests: mails, bells, booking records, the session's attendee list. */
async function toldOf(sessionId: string, names: string[], emails: string[]) {
  await bookingMailsSettled(db);
  const like = (xs: string[]) => xs.map((x) => `%${x}%`);
  const mails =
    await db`select 1 from mail_outbox where "to"::text like any(${like(emails)}) or text like any(${like(names)})`;
  const bells = await db`select 1 from notifications where notification like any(${like(names)})`;
  const records = await db<
    { seat_id: string | null }[]
  >`select seat_id from booking_events where event_id = ${sessionId}`;
  const invitees = await db<{ email: string }[]>`select email from event_invitees where event_id = ${sessionId}`;
  return {
    mails: mails.length,
    bells: bells.length,
    records: records.map((r) => r.seat_id),
    invitees: invitees.map((i) => i.email),
  };
}

async function slotsOf(typeId: string, day: number): Promise<string[]> {
  const { slots } = await ok<{ slots: Record<string, string[]> }>(
    await call("GET", `/api/slots?eventTypeId=${typeId}&start=${dateIn(day)}&end=${dateIn(day)}&timeZone=UTC`),
  );
  return (slots[dateIn(day)] ?? []).map((s) => new Date(s).toISOString());
}

describe("a paid group event type (docs/decisions/123)", () => {
  it("takes a price; each seat is held and counts against the places, so racers get exactly what is left", async () => {
    const type = await paidGroup(4);
    expect(type.price).toEqual({ amount: 1500, currency: "eur" });
    const start = at(3, "10:00");
    // Two guests hold seats (not paid), then six race for the two places left.
    const holders = [guest("h1"), guest("h2")];
    const held: SeatAnswer[] = [];
    for (const who of holders) held.push(await ok<SeatAnswer>(await book(type._id, start, who), 201));
    const racers = Array.from({ length: 6 }, (_, i) => guest(`r${i}`));
    const answers = await Promise.all(racers.map((who) => book(type._id, start, who)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    const won = await Promise.all(answers.filter((r) => r.status === 201).map((r) => ok<SeatAnswer>(r, 201)));
    const all = [...held, ...won];
    const sessionId = all[0].booking.id;
    for (const answer of all) {
      expect(answer.booking.id).toBe(sessionId);
      expect(answer.booking.status).toBe("awaiting_payment");
      expect(answer.payment).toMatchObject({ amount: 1500, currency: "eur" });
      // One PaymentIntent per seat, naming it.
      expect(stripe.fake().intents.get(intentIdOf(answer))!.metadata).toMatchObject({
        bookingId: sessionId,
        seatId: answer.booking.seatId,
      });
      expect(await seatOf(answer.booking.seatId)).toMatchObject({ seat: "awaiting_payment", state: "awaiting" });
    }
    expect(new Set(all.map(intentIdOf)).size).toBe(4);
    // Full while they pay: no slot, no fifth seat.
    expect(await slotsOf(type._id, 3)).not.toContain(new Date(start).toISOString());
    expect((await book(type._id, start)).status).toBe(409);
    // Nobody was told: the session the first held seat opened is not announced.
    const names = [...holders, ...racers].map((g) => g.name);
    const emails = [...holders, ...racers].map((g) => g.email);
    expect(await toldOf(sessionId, names, emails)).toEqual({ mails: 0, bells: 0, records: [], invitees: [] });
    const [session] = await db`select status from events where id = ${sessionId}`;
    expect(session.status).toBe("awaiting_payment");
    // The payment step opens with the seat's own token, not another's.
    const token = tokenOf(all[0].booking.cancelUrl);
    const step = await call("GET", `/booking/${all[0].booking.seatId}/pay?token=${encodeURIComponent(token)}`);
    expect(step.status).toBe(200);
    expect(await step.text()).toContain("Pay €15.00 to confirm");
    expect((await call("GET", `/booking/${all[1].booking.seatId}/pay?token=${encodeURIComponent(token)}`)).status).toBe(
      404,
    );
  });

  it("is confirmed only by the signed webhook; then the seat is an attendee and the host and guest are told", async () => {
    const type = await paidGroup(3);
    const start = at(4, "10:00");
    const [a, b] = [guest("a"), guest("b")];
    const seatA = await ok<SeatAnswer>(await book(type._id, start, a), 201);
    const seatB = await ok<SeatAnswer>(await book(type._id, start, b), 201);
    const sessionId = seatA.booking.id;
    expect((await payAtStripe(seatA)).status).toBe(200);
    // Paid at Stripe, the client back: nothing yet.
    expect(await seatOf(seatA.booking.seatId)).toMatchObject({ seat: "awaiting_payment", state: "awaiting" });
    expect(await toldOf(sessionId, [a.name], [a.email])).toMatchObject({ mails: 0, bells: 0, records: [] });

    const hook = await webhook("payment_intent.succeeded", intentIdOf(seatA));
    expect(await hook.json()).toMatchObject({ received: true, handled: true });
    const row = await seatOf(seatA.booking.seatId);
    expect(row).toMatchObject({ seat: "confirmed", session: "confirmed", state: "paid" });
    // A replay changes nothing.
    expect((await (await webhook("payment_intent.succeeded", intentIdOf(seatA))).json()).handled).toBe(false);

    const told = await toldOf(sessionId, [a.name], [a.email]);
    expect(told.records).toEqual([seatA.booking.seatId]);
    expect(told.bells).toBe(1);
    expect(told.invitees).toEqual([a.email]);
    const mails = await db<{ text: string }[]>`select text from mail_outbox where "to"::text like ${`%${a.email}%`}`;
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Payment receipt: ${row.receipt_url}`);
    // B still holds: in no list, told nothing.
    expect(await seatOf(seatB.booking.seatId)).toMatchObject({ seat: "awaiting_payment", state: "awaiting" });
    expect(await toldOf(sessionId, [b.name], [b.email])).toMatchObject({ mails: 0, bells: 0 });
    expect((await toldOf(sessionId, [], [])).invitees).not.toContain(b.email);
    // The guest's payment step says it is paid and confirmed.
    const token = tokenOf(seatA.booking.cancelUrl);
    const step = await call("GET", `/booking/${seatA.booking.seatId}/pay?token=${encodeURIComponent(token)}`);
    expect(step.status).toBe(200);
    expect(await step.text()).toContain("Your payment went through and your booking is confirmed");
  });

  it("frees the seat when the payment fails or the hold runs out (the job); a session only held seats opened goes", async () => {
    const type = await paidGroup(2);
    const start = at(5, "10:00");
    // A guest with a friend takes both places.
    const first = await ok<SeatAnswer>(
      await book(type._id, start, { ...guest("f"), guests: ["friend@example.test"] } as ReturnType<typeof guest>),
      201,
    );
    expect((await book(type._id, start)).status).toBe(409);
    expect((await payAtStripe(first, "4000000000000002")).status).toBe(402);
    expect((await webhook("payment_intent.payment_failed", intentIdOf(first))).status).toBe(200);
    expect(await seatOf(first.booking.seatId)).toMatchObject({
      seat: "cancelled",
      session: "cancelled",
      state: "failed",
    });
    expect(await slotsOf(type._id, 5)).toContain(new Date(start).toISOString());

    const second = await ok<SeatAnswer>(
      await book(type._id, start, { ...guest("g"), guests: ["friend@example.test"] } as ReturnType<typeof guest>),
      201,
    );
    expect((await book(type._id, start)).status).toBe(409);
    await db`update booking_seats set hold_until = now() - interval '1 second' where id = ${second.booking.seatId}`;
    const row = await eventually(
      () => seatOf(second.booking.seatId),
      (r) => r.seat === "cancelled",
    );
    expect(row).toMatchObject({ session: "cancelled", state: "expired" });
    expect(await slotsOf(type._id, 5)).toContain(new Date(start).toISOString());
    const third = await ok<SeatAnswer>(await book(type._id, start), 201);
    expect(third.booking.status).toBe("awaiting_payment");
    // Nobody heard of the two that went.
    const records =
      await db`select 1 from booking_events where event_id in ${db([first.booking.id, second.booking.id])}`;
    expect(records).toHaveLength(0);
  });

  it("refunds a guest's cancelled seat by the rule; the host's cancel of the session refunds every paid seat", async () => {
    const type = await paidGroup(4);
    const start = at(6, "10:00");
    const seats: SeatAnswer[] = [];
    for (const n of ["c1", "c2", "c3", "c4"])
      seats.push(await ok<SeatAnswer>(await book(type._id, start, guest(n)), 201));
    for (const s of seats.slice(0, 3)) await paid(s);
    // A guest cancels their paid seat: refunded under `full`; the others keep the session.
    const token = tokenOf(seats[0].booking.cancelUrl);
    expect(
      (await call("POST", `/api/bookings/${seats[0].booking.seatId}/cancel?token=${encodeURIComponent(token)}`)).status,
    ).toBe(200);
    const first = await seatOf(seats[0].booking.seatId);
    expect(first).toMatchObject({ seat: "cancelled", session: "confirmed", state: "refunded" });
    expect(stripe.fake().refunds.get(first.refund_id!)).toMatchObject({
      payment_intent: intentIdOf(seats[0]),
      amount: 1500,
    });

    // The host cancels the whole session: the two paid seats are refunded, the held one released.
    const res = await call("POST", `/api/bookings/${seats[0].booking.id}/cancel`, {
      token: host.token,
      json: { reason: "Room unavailable" },
    });
    expect(res.status).toBe(200);
    for (const s of seats.slice(1, 3)) {
      const row = await seatOf(s.booking.seatId);
      expect(row).toMatchObject({ seat: "cancelled", session: "cancelled", state: "refunded" });
      expect(stripe.fake().refunds.get(row.refund_id!)).toMatchObject({ payment_intent: intentIdOf(s), amount: 1500 });
    }
    expect(await seatOf(seats[3].booking.seatId)).toMatchObject({ seat: "cancelled", state: "released" });
  });

  it("cancels a held seat's PaymentIntent at Stripe when its guest cancels it or the host cancels the session", async () => {
    const type = await paidGroup(4);
    const start = at(7, "10:00");
    const seats: SeatAnswer[] = [];
    for (const n of ["k1", "k2", "k3"]) seats.push(await ok<SeatAnswer>(await book(type._id, start, guest(n)), 201));
    await paid(seats[2]);
    // The guest of a held seat cancels it: released, and its intent can no longer be paid.
    const token = tokenOf(seats[0].booking.cancelUrl);
    expect(
      (await call("POST", `/api/bookings/${seats[0].booking.seatId}/cancel?token=${encodeURIComponent(token)}`)).status,
    ).toBe(200);
    expect(await seatOf(seats[0].booking.seatId)).toMatchObject({ seat: "cancelled", state: "released" });
    expect(stripe.fake().intents.get(intentIdOf(seats[0]))!.status).toBe("canceled");
    expect(stripe.fake().intents.get(intentIdOf(seats[1]))!.status).not.toBe("canceled");
    // The host cancels the session: the held seat's intent is cancelled, the paid one refunded.
    const res = await call("POST", `/api/bookings/${seats[0].booking.id}/cancel`, {
      token: host.token,
      json: { reason: "Room unavailable" },
    });
    expect(res.status).toBe(200);
    expect(await seatOf(seats[1].booking.seatId)).toMatchObject({ seat: "cancelled", state: "released" });
    expect(stripe.fake().intents.get(intentIdOf(seats[1]))!.status).toBe("canceled");
    expect(await seatOf(seats[2].booking.seatId)).toMatchObject({ seat: "cancelled", state: "refunded" });
    expect(stripe.fake().intents.get(intentIdOf(seats[2]))!.status).toBe("succeeded");
  });

  it("counts a held seat toward the limit per guest, as a one-to-one hold counts", async () => {
    const type = await paidGroup(4, { limitPerGuest: 1 });
    const who = guest("lim");
    const first = await ok<SeatAnswer>(await book(type._id, at(8, "10:00"), who), 201);
    expect(first.booking.status).toBe("awaiting_payment");
    // Holding a seat (not paid), the same e-mail cannot hold another one.
    const second = await book(type._id, at(8, "12:00"), who);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { code: "guest_limit_reached" } });
    // Released, the seat no longer counts.
    const token = tokenOf(first.booking.cancelUrl);
    expect(
      (await call("POST", `/api/bookings/${first.booking.seatId}/cancel?token=${encodeURIComponent(token)}`)).status,
    ).toBe(200);
    expect((await book(type._id, at(8, "12:00"), who)).status).toBe(201);
  });
});
