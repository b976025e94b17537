/**
 * The host's Scheduled Events page (decision 021) over real HTTP against PostgreSQL, as a
 * browser without JavaScript (plain form posts, modals as URLs) and with it (single-fetch
 * `.data` posts).
 *
 * Covered: a user and a professional reach it (drawer), a visitor is sent to sign in; the tabs
 * hold the right events (Upcoming soonest first with bookings, a group session's seats and the
 * host's own events; Past; Cancelled), times in the host's zone, 20 a page; each tab's empty
 * state; another host's id (or a non-uuid) in ?cancel=, ?reschedule= and the posts is a 404;
 * Cancel with a reason cancels a booking (METHOD:CANCEL to the guest with the reason), a group
 * session (every seat), and the host's own event; a reason too long is 400 with the text kept;
 * Reschedule lists the event type's free times in the host's zone and moves the booking
 * (SEQUENCE + 1, REQUEST to the guest); a time not free is 409, no time 400; the host's own
 * events link to their edit instead.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { apiClient } from "./api-client";
import { client } from "./context";
import { bookingMailsSettled } from "../support/mail-wait";

const { db, call, account } = apiClient({ ipPrefix: "10.97", namePrefix: "Sched" });
const PATH = "/dashboard/scheduledEvents";

interface Booking {
  id: string;
  seatId?: string;
  start: string;
  cancelUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const at = (days: number, time: string) => `${dateIn(days)}T${time}:00+00:00`;
const iso = (s: string) => new Date(s).toISOString();

async function html(res: Response): Promise<string> {
  return (await res.text()).replaceAll("<!-- -->", "");
}

/** A host in New York with an all-day UTC schedule, a one-to-one and a group event type. */
async function host(role: "user" | "professional" = "professional") {
  const a = await account(`host-${role}`, role);
  await db`update users set time_zone = 'America/New_York' where id = ${a.id}`;
  const schedule = await call("POST", "/api/schedules", {
    token: a.token,
    json: {
      name: "All day",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
    },
  });
  expect(schedule.status).toBe(201);
  const { _id: scheduleId } = (await schedule.json()) as { _id: string };
  const make = async (json: Record<string, unknown>) => {
    const res = await call("POST", "/api/event-types", {
      token: a.token,
      json: {
        slug: `sched-${crypto.randomUUID().slice(0, 8)}`,
        duration: 30,
        slotInterval: 30,
        minimumNotice: 60,
        bookingWindowDays: 30,
        location: { type: "phone", value: "+1 555 010 0300" },
        scheduleId,
        ...json,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  };
  const one = await make({ title: `Consult ${crypto.randomUUID().slice(0, 6)}` });
  const group = await make({
    title: `Class ${crypto.randomUUID().slice(0, 6)}`,
    kind: "group",
    seats: 4,
    location: { type: "in-person", value: "Hall B" },
  });
  return { ...a, one, group };
}

async function book(
  typeId: string,
  start: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<Booking> {
  const res = await call("POST", "/api/bookings", {
    json: {
      eventTypeId: typeId,
      start,
      name,
      email: `${name.toLowerCase().replace(/\W+/g, "-")}-${crypto.randomUUID().slice(0, 6)}@example.test`,
      timeZone: "Europe/Berlin",
      ...extra,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { booking: Booking }).booking;
}

const rowsOf = (page: string) =>
  [...page.matchAll(/data-testid="scheduled-event-row" data-name="([^"]*)" data-id="([^"]*)"/g)].map((m) => ({
    name: m[1],
    id: m[2],
  }));

let h: Awaited<ReturnType<typeof host>>;
let first: Booking;
let second: Booking;
let seatA: Booking;
let seatB: Booking;
let own: string;

beforeAll(async () => {
  h = await host();
  first = await book(h.one, at(3, "14:00"), "Nora Guest");
  second = await book(h.one, at(4, "15:00"), "Otto Guest");
  seatA = await book(h.group, at(5, "16:00"), "Ada Seat", { guests: ["ada-friend@example.test"] });
  seatB = await book(h.group, at(5, "16:00"), "Ben Seat");
  const [row] =
    await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
    values (${h.id}, 'Own planning', 'Google Meet', 'One-to-One', 'd', ${at(6, "10:00")}, ${at(6, "10:30")}) returning id`;
  own = row.id as string;
  await db`insert into event_invitees (event_id, position, email) values (${own}, 1, 'teammate@example.test')`;
  await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
    values (${h.id}, 'Old meeting', 'Phone Call', 'One-to-One', 'd', ${at(-3, "10:00")}, ${at(-3, "10:30")})`;
});

describe("who sees it", () => {
  it("a visitor is sent to sign in; a user and a professional see their own list", async () => {
    const visitor = await client().get(PATH);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/signin");
    const user = await account("plain", "user");
    const page = await html(await user.c.get(PATH));
    expect(page).toMatch(/<h1[^>]*>Scheduled Events<\/h1>/);
    expect(page).toContain("No upcoming events");
    expect(page).toContain('href="/dashboard/eventTypes"');
    const pro = await html(await h.c.get(PATH));
    expect(pro).toContain('aria-current="page"');
  });
});

describe("tabs", () => {
  it("Upcoming: bookings, the group session with its seats, the host's own event, soonest first, in the host's zone", async () => {
    const page = await html(await h.c.get(PATH));
    const rows = rowsOf(page);
    expect(rows.map((r) => r.id)).toEqual([first.id, second.id, seatA.id, own]);
    const text = visibleText(page);
    // 14:00 UTC is 9:00 AM in New York (EST).
    expect(text).toContain("9:00 AM – 9:30 AM (EST)");
    expect(text).toContain("Nora Guest");
    expect(text).toContain("3 of 4 seats taken");
    expect(text).toContain("Ada Seat");
    expect(text).toContain("ada-friend@example.test");
    expect(text).toContain("Ben Seat");
    expect(text).toContain("In Person Meeting: Hall B");
    expect(text).toContain("No guest (created by you)");
    expect(text).toContain("teammate@example.test");
    expect(rows.map((r) => r.name)).not.toContain("Old meeting");
  });

  it("Past and Cancelled hold theirs; an unknown tab is Upcoming; each empty tab says what to do", async () => {
    expect(rowsOf(await html(await h.c.get(`${PATH}?tab=past`))).map((r) => r.name)).toEqual(["Old meeting"]);
    const other = await account("empty", "professional");
    const cancelled = visibleText(await html(await other.c.get(`${PATH}?tab=cancelled`)));
    expect(cancelled).toContain("No cancelled events");
    expect(visibleText(await html(await other.c.get(`${PATH}?tab=past`)))).toContain("Nothing in the past yet");
    expect(rowsOf(await html(await h.c.get(`${PATH}?tab=nonsense`))).length).toBe(4);
  });

  it("pages by 20", async () => {
    const many = await account("many", "professional");
    for (let i = 0; i < 23; i++) {
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
        values (${many.id}, ${`Many ${String(i).padStart(2, "0")}`}, 'Phone Call', 'One-to-One', 'd', ${at(2, `${String(i).padStart(2, "0")}:00`)}, ${at(2, `${String(i).padStart(2, "0")}:30`)})`;
    }
    const one = await html(await many.c.get(PATH));
    expect(rowsOf(one)).toHaveLength(20);
    expect(one).toContain("Page 1 of 2");
    const two = rowsOf(await html(await many.c.get(`${PATH}?page=2`)));
    expect(two.map((r) => r.name)).toEqual(["Many 20", "Many 21", "Many 22"]);
  });
});

describe("ownership", () => {
  it("another host's id or a non-uuid is a 404 in the modals and the posts", async () => {
    const stranger = await account("stranger", "professional");
    for (const q of [
      `cancel=${first.id}`,
      `reschedule=${first.id}`,
      "cancel=nope",
      `reschedule=${crypto.randomUUID()}`,
    ]) {
      expect((await stranger.c.get(`${PATH}?${q}`)).status, q).toBe(404);
    }
    expect((await stranger.c.post(PATH, { intent: "cancel", eventId: first.id, reason: "" })).status).toBe(404);
    expect(
      (await stranger.c.post(`${PATH}.data`, { intent: "reschedule", eventId: first.id, start: iso(at(3, "18:00")) }))
        .status,
    ).toBe(404);
    const [row] = await db`select status, starts_at from events where id = ${first.id}`;
    expect(row.status).toBe("confirmed");
    expect((row.starts_at as Date).toISOString()).toBe(iso(at(3, "14:00")));
  });
});

describe("a booking's own page", () => {
  it("shows the guest, both zones, the place and the list's actions; another host's id or a non-uuid is a 404", async () => {
    const page = await html(await h.c.get(`${PATH}/${first.id}`));
    expect(page).toMatch(/<h1[^>]*>Consult /);
    const text = visibleText(page);
    expect(text).toContain("9:00 AM – 9:30 AM (EST)");
    expect(text).toContain("Nora Guest");
    expect(text).toContain("Time zone: Europe/Berlin (3:00 PM there)");
    expect(text).toContain("+1 555 010 0300");
    expect(page).toMatch(/href="mailto:nora-guest-[0-9a-f]{6}@example\.test"/);
    expect(page).toContain(`href="${PATH}?reschedule=${first.id}"`);
    expect(page).toContain(`href="${PATH}?cancel=${first.id}"`);
    expect(page).toContain(`href="${PATH}/${first.id}/timeline"`);
    expect(page).toContain(`href="/dashboard/eventTypes/${h.one}"`);
    // The list links each event to it.
    expect(await html(await h.c.get(PATH))).toContain(`href="${PATH}/${first.id}"`);
    const session = visibleText(await html(await h.c.get(`${PATH}/${seatA.id}`)));
    expect(session).toContain("Ada Seat");
    expect(session).toContain("Ben Seat");
    expect(visibleText(await html(await h.c.get(`${PATH}/${own}`)))).toContain("No guest (created by you)");
    const stranger = await account("stranger-detail", "professional");
    expect((await stranger.c.get(`${PATH}/${first.id}`)).status).toBe(404);
    expect((await h.c.get(`${PATH}/not-a-uuid`)).status).toBe(404);
    expect((await client().get(`${PATH}/${first.id}`)).status).toBe(302);
  });

  it("its no-show mark comes back to it; a returnTo elsewhere goes to the list", async () => {
    const [past] =
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, event_type_id, guest_name, guest_email)
      values (${h.id}, 'Past consult', 'Phone Call', 'One-to-One', 'd', ${at(-2, "10:00")}, ${at(-2, "10:30")}, ${h.one}, 'Pat Past', 'pat@example.test') returning id`;
    const self = `${PATH}/${past.id}`;
    expect(visibleText(await html(await h.c.get(self)))).toContain("Mark no-show");
    const marked = await h.c.post(PATH, { intent: "no-show", eventId: past.id, noShow: "true", returnTo: self });
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe(self);
    expect((await db`select guest_no_show from events where id = ${past.id}`)[0].guest_no_show).toBe(true);
    expect(visibleText(await html(await h.c.get(self)))).toContain("Undo no-show");
    const undone = await h.c.post(PATH, {
      intent: "no-show",
      eventId: past.id,
      noShow: "false",
      returnTo: "https://evil.test/x",
    });
    expect(undone.headers.get("location")).toBe(PATH);
    expect((await db`select guest_no_show from events where id = ${past.id}`)[0].guest_no_show).toBe(false);
  });
});

describe("cancel", () => {
  it("the modal is a URL; a reason too long is 400 with the text kept; then a form post cancels and mails the guest", async () => {
    const target = await book(h.one, at(7, "14:00"), "Cara Cancel");
    const modal = await html(await h.c.get(`${PATH}?cancel=${target.id}`));
    expect(modal).toMatch(/<dialog[^>]*open/);
    expect(modal).toContain("Reason for cancelling");
    const long = `Because ${"x".repeat(2000)}`;
    const bad = await h.c.post(`${PATH}?cancel=${target.id}`, { intent: "cancel", eventId: target.id, reason: long });
    expect(bad.status).toBe(400);
    const badPage = await html(bad);
    expect(badPage).toContain("Use at most 2000 characters.");
    expect(badPage).toContain(long);
    expect((await db`select status from events where id = ${target.id}`)[0].status).toBe("confirmed");

    const done = await h.c.post(`${PATH}?cancel=${target.id}`, {
      intent: "cancel",
      eventId: target.id,
      reason: "I am ill",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(PATH);
    expect((await db`select status, sequence from events where id = ${target.id}`)[0]).toEqual({
      status: "cancelled",
      sequence: 1,
    });
    await bookingMailsSettled(db);
    const [mail] =
      await db`select text, attachments from mail_outbox where subject like ${"Cancelled:%"} and text like ${"%I am ill%"} order by created_at desc limit 1`;
    expect(mail).toBeTruthy();
    const ics = (mail.attachments as { content: string; encoding: string }[])[0];
    expect(ics.encoding === "base64" ? Buffer.from(ics.content, "base64").toString() : ics.content).toMatch(
      /METHOD:CANCEL/,
    );
    const cancelledTab = rowsOf(await html(await h.c.get(`${PATH}?tab=cancelled`)));
    expect(cancelledTab.map((r) => r.id)).toContain(target.id);
    // Again: already cancelled (409), never a 500.
    expect((await h.c.post(PATH, { intent: "cancel", eventId: target.id, reason: "" })).status).toBe(409);
    // Nor can it be moved (decision 029).
    const move = await h.c.post(PATH, {
      intent: "reschedule",
      eventId: target.id,
      start: new Date(Date.now() + 9 * 86_400_000).toISOString(),
    });
    expect(move.status).toBe(409);
    expect(visibleText(await move.text())).toContain("This event was cancelled; it cannot be changed.");
  });

  it("with JavaScript (a .data post) it cancels a group session: every seat goes", async () => {
    const a = await book(h.group, at(8, "16:00"), "Sid Seat");
    const b = await book(h.group, at(8, "16:00"), "Tia Seat");
    const res = await h.c.post(`${PATH}.data?cancel=${a.id}`, { intent: "cancel", eventId: a.id, reason: "" });
    expect([200, 202, 204]).toContain(res.status);
    expect((await db`select status from events where id = ${a.id}`)[0].status).toBe("cancelled");
    expect(
      (await db`select status from booking_seats where event_id = ${b.id} order by created_at`).map((r) => r.status),
    ).toEqual(["cancelled", "cancelled"]);
  });

  it("the host's own event (no guest) is kept as cancelled and its invitees told", async () => {
    const [row] =
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
      values (${h.id}, 'Own sync', 'Google Meet', 'One-to-One', 'd', ${at(9, "10:00")}, ${at(9, "10:30")}) returning id`;
    await db`insert into event_invitees (event_id, position, email) values (${row.id}, 1, 'own-sync@example.test')`;
    expect((await h.c.post(PATH, { intent: "cancel", eventId: row.id as string, reason: "" })).status).toBe(302);
    expect((await db`select status from events where id = ${row.id}`)[0].status).toBe("cancelled");
    await bookingMailsSettled(db);
    const [mail] = await db`select subject from mail_outbox where "to"::text like ${"%own-sync@example.test%"}`;
    expect(mail.subject).toMatch(/^Cancelled: Own sync/);
  });
});

describe("reschedule", () => {
  it("lists the event type's free times in the host's zone and moves the booking (form post)", async () => {
    const page = await html(await h.c.get(`${PATH}?reschedule=${second.id}&date=${dateIn(4)}`));
    expect(page).toMatch(/<dialog[^>]*open/);
    // 16:00 UTC is 11:00 AM in New York; the booking's own time is not offered. A time is a link
    // to the confirm step (nothing moves on one click).
    const startLink = (t: string) => `start=${encodeURIComponent(iso(at(4, t)))}`;
    expect(page).toContain(startLink("16:00"));
    expect(visibleText(page)).toContain("11:00 AM");
    expect(page).not.toContain(startLink("15:00"));
    // The month calendar marks the open days.
    expect(page).toContain(`data-date="${dateIn(4)}"`);
    const confirm = await html(
      await h.c.get(
        `${PATH}?reschedule=${second.id}&date=${dateIn(4)}&start=${encodeURIComponent(iso(at(4, "16:00")))}`,
      ),
    );
    expect(visibleText(confirm)).toContain("Move it to this time?");
    expect(visibleText(confirm)).toContain("Message to your guests");
    expect(confirm).toContain(`name="start" value="${iso(at(4, "16:00"))}"`);
    const [unmoved] = await db`select starts_at from events where id = ${second.id}`;
    expect((unmoved.starts_at as Date).toISOString()).not.toBe(iso(at(4, "16:00")));
    // No time picked: 400; a time not free (the other booking's): 409; nothing moved.
    expect(
      (await h.c.post(`${PATH}?reschedule=${second.id}`, { intent: "reschedule", eventId: second.id, start: "" }))
        .status,
    ).toBe(400);
    const taken = await h.c.post(`${PATH}?reschedule=${second.id}&date=${dateIn(3)}`, {
      intent: "reschedule",
      eventId: second.id,
      start: iso(at(3, "14:00")),
    });
    expect(taken.status).toBe(409);
    expect(visibleText(await html(taken))).toContain("That time was just taken.");
    const tooLong = await h.c.post(`${PATH}?reschedule=${second.id}&date=${dateIn(4)}`, {
      intent: "reschedule",
      eventId: second.id,
      start: iso(at(4, "16:00")),
      message: "x".repeat(5000),
    });
    expect(tooLong.status).toBe(400);
    const moved = await h.c.post(`${PATH}?reschedule=${second.id}&date=${dateIn(4)}`, {
      intent: "reschedule",
      eventId: second.id,
      start: iso(at(4, "16:00")),
      message: "Sorry, a clash came up. See you an hour later.",
    });
    expect(moved.status).toBe(302);
    const [row] = await db`select starts_at, sequence from events where id = ${second.id}`;
    expect((row.starts_at as Date).toISOString()).toBe(iso(at(4, "16:00")));
    expect(row.sequence).toBe(1);
    await bookingMailsSettled(db);
    const [mail] =
      await db`select text, attachments from mail_outbox where subject like ${"Updated invitation:%"} and "to"::text like ${"%otto-guest%"} order by created_at desc limit 1`;
    // The host's message reaches the guest in the updated invitation.
    expect(mail.text).toContain("Sorry, a clash came up. See you an hour later.");
    const ics = (mail.attachments as { content: string; encoding: string }[])[0];
    expect(ics.encoding === "base64" ? Buffer.from(ics.content, "base64").toString() : ics.content).toMatch(
      /SEQUENCE:1/,
    );
  });

  it("moves a group session whole (.data post); the host's own event links to its edit instead", async () => {
    const res = await h.c.post(`${PATH}.data`, { intent: "reschedule", eventId: seatA.id, start: iso(at(5, "18:00")) });
    expect([200, 202, 204]).toContain(res.status);
    const [row] = await db`select starts_at from events where id = ${seatA.id}`;
    expect((row.starts_at as Date).toISOString()).toBe(iso(at(5, "18:00")));
    expect(
      (await db`select count(*)::int as n from booking_seats where event_id = ${seatB.id} and status = 'confirmed'`)[0]
        .n,
    ).toBe(2);
    const ownModal = await html(await h.c.get(`${PATH}?reschedule=${own}`));
    expect(ownModal).toContain(`href="/dashboard?edit=${own}"`);
    expect((await h.c.post(PATH, { intent: "reschedule", eventId: own, start: iso(at(6, "12:00")) })).status).toBe(409);
  });
});
