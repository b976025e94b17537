/**
 * The host's reschedule of a guest's booking, and its override (decision 089), over real HTTP
 * against PostgreSQL.
 *
 * Covered: My Schedule's Update on a booking leads to Scheduled Events' reschedule, and its post
 * no longer renames or moves a booking; a time outside the host's hours is refused without the
 * override and without its tick, moved with both (the guest gets the updated invitation); a time
 * in the past, a date that is not one, and a time overlapping another of the host's meetings are
 * refused and change nothing; an event type switched off still lets its host move a booking; the
 * JSON path takes `outsideHours` from the host and refuses it from the guest's token.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { bookingMailsSettled } from "../support/mail-wait";
import { apiClient, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.243", namePrefix: "Override" });
const PATH = "/dashboard/scheduledEvents";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The first date from a week ahead that falls on `weekday` (0 Sunday … 6 Saturday), as YYYY-MM-DD. */
function nextDay(weekday: number, weeksAhead = 1): string {
  const d = new Date(Date.now() + weeksAhead * 7 * DAY_MS);
  while (d.getUTCDay() !== weekday) d.setTime(d.getTime() + DAY_MS);
  return d.toISOString().slice(0, 10);
}

interface Booking {
  id: string;
  start: string;
  cancelUrl: string;
}

let host: Account;
let typeId: string;

beforeAll(async () => {
  host = await account("host", "professional");
  await db`update users set time_zone = 'UTC' where id = ${host.id}`;
  const schedule = await call("POST", "/api/schedules", {
    token: host.token,
    json: {
      name: "Weekdays",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" })),
    },
  });
  expect(schedule.status).toBe(201);
  const { _id: scheduleId } = (await schedule.json()) as { _id: string };
  const type = await call("POST", "/api/event-types", {
    token: host.token,
    json: {
      title: "Override call",
      slug: `override-${crypto.randomUUID().slice(0, 8)}`,
      duration: 30,
      slotInterval: 30,
      minimumNotice: 60,
      bookingWindowDays: 60,
      location: { type: "phone", value: "+1 555 010 0400" },
      scheduleId,
    },
  });
  expect(type.status, await type.clone().text()).toBe(201);
  typeId = ((await type.json()) as { _id: string })._id;
});

async function book(start: string): Promise<Booking> {
  const res = await call("POST", "/api/bookings", {
    json: {
      eventTypeId: typeId,
      start,
      name: "Gus Guest",
      email: `gus-${crypto.randomUUID().slice(0, 8)}@example.test`,
      timeZone: "UTC",
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { booking: Booking }).booking;
}

const rowOf = async (id: string) =>
  (await db`select event_name, starts_at, ends_at, sequence, status from events where id = ${id}`)[0] as {
    event_name: string;
    starts_at: Date;
    ends_at: Date;
    sequence: number;
    status: string;
  };

const override = (id: string, fields: Record<string, string>) =>
  host.c.post(`${PATH}?reschedule=${id}`, { intent: "reschedule", eventId: id, ...fields });

describe("My Schedule's Update on a booking", () => {
  it("leads to the reschedule, and its post neither renames nor moves the booking", async () => {
    const b = await book(`${nextDay(3)}T10:00:00Z`);
    const before = await rowOf(b.id);

    const edit = await host.c.get(`/dashboard?edit=${b.id}`);
    expect(edit.status).toBe(302);
    expect(edit.headers.get("location")).toBe(`${PATH}?reschedule=${b.id}`);
    const mySchedule = await (await host.c.get("/dashboard")).text();
    expect(mySchedule).toContain(`href="${PATH}?reschedule=${b.id}"`);

    const renamed = await host.c.post(`/dashboard?index&edit=${b.id}`, {
      intent: "update",
      eventId: b.id,
      eventName: "Renamed by host",
      eventType: "Phone Call",
      description: "x",
      date: nextDay(0),
      time: "03:00",
      duration: "30",
    });
    expect(renamed.status).toBe(302);
    expect(renamed.headers.get("location")).toBe(`${PATH}?reschedule=${b.id}`);
    expect(await rowOf(b.id)).toEqual(before);
  });
});

describe("the override", () => {
  it("refuses a time outside the hours until the host ticks it, then moves it and tells the guest", async () => {
    const b = await book(`${nextDay(3)}T11:00:00Z`);
    const before = await rowOf(b.id);
    const sunday = nextDay(0);

    // The modal offers it under the free times.
    const modal = visibleText(await (await host.c.get(`${PATH}?reschedule=${b.id}`)).text());
    expect(modal).toContain("Another time, outside your available hours");

    // The slot path: Sunday 03:00 is not a free time.
    const asSlot = await host.c.post(`${PATH}?reschedule=${b.id}`, {
      intent: "reschedule",
      eventId: b.id,
      start: `${sunday}T03:00:00.000Z`,
    });
    expect(asSlot.status).toBe(409);
    // Without the tick.
    const unticked = await override(b.id, { date: sunday, time: "03:00" });
    expect(unticked.status).toBe(400);
    const page = visibleText(await unticked.text());
    expect(page).toContain("Tick the box to confirm");
    expect(await rowOf(b.id)).toEqual(before);

    const moved = await override(b.id, {
      date: sunday,
      time: "03:00",
      outsideHours: "on",
      message: "Only slot I have",
    });
    expect(moved.status).toBe(302);
    const after = await rowOf(b.id);
    expect(after.starts_at.toISOString()).toBe(`${sunday}T03:00:00.000Z`);
    expect(after.ends_at.toISOString()).toBe(`${sunday}T03:30:00.000Z`);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.event_name).toBe(before.event_name);

    await bookingMailsSettled(db);
    const mails =
      await db`select m.text from mail_outbox m join events e on e.id = m.event_id where m.event_id = ${b.id} and m."to" = e.guest_email order by m.created_at`;
    expect(mails.at(-1)?.text ?? "").toContain("Only slot I have");
  });

  it("refuses the past, a date that is not one, and an overlap with another meeting; nothing changes", async () => {
    const a = await book(`${nextDay(4)}T10:00:00Z`);
    const b = await book(`${nextDay(4)}T14:00:00Z`);
    const before = await rowOf(b.id);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

    const past = await override(b.id, { date: yesterday, time: "12:00", outsideHours: "on" });
    expect(past.status).toBe(400);
    expect(visibleText(await past.text())).toContain("Pick a time in the future.");
    const notADate = await override(b.id, { date: "2031-02-30", time: "12:00", outsideHours: "on" });
    expect(notADate.status).toBe(400);
    const overlap = await override(b.id, { date: nextDay(4), time: "10:15", outsideHours: "on" });
    expect(overlap.status).toBe(409);
    expect(visibleText(await overlap.text())).toContain("overlaps another of your meetings");
    expect(await rowOf(b.id)).toEqual(before);
    expect((await rowOf(a.id)).starts_at.toISOString()).toBe(`${nextDay(4)}T10:00:00.000Z`);

    // Another host cannot move it at all.
    const stranger = await account("stranger", "professional");
    const res = await stranger.c.post(`${PATH}?reschedule=${b.id}`, {
      intent: "reschedule",
      eventId: b.id,
      date: nextDay(0),
      time: "05:00",
      outsideHours: "on",
    });
    expect(res.status).toBe(404);
    expect(await rowOf(b.id)).toEqual(before);
  });

  it("moves a booking whose event type was switched off", async () => {
    const b = await book(`${nextDay(5)}T09:00:00Z`);
    await db`update event_types set active = false where id = ${typeId}`;
    try {
      const modal = visibleText(await (await host.c.get(`${PATH}?reschedule=${b.id}`)).text());
      expect(modal).toContain("Its event type is turned off or deleted");
      const moved = await override(b.id, { date: nextDay(6), time: "20:00", outsideHours: "on" });
      expect(moved.status).toBe(302);
      expect((await rowOf(b.id)).starts_at.toISOString()).toBe(`${nextDay(6)}T20:00:00.000Z`);
    } finally {
      await db`update event_types set active = true where id = ${typeId}`;
    }
  });
});

describe("the JSON path", () => {
  it("takes outsideHours from the host and refuses it from the guest's token", async () => {
    const b = await book(`${nextDay(2, 2)}T10:00:00Z`);
    const saturday = nextDay(6, 2);
    const token = encodeURIComponent(new URL(b.cancelUrl).searchParams.get("token") ?? "");
    const guest = await call("POST", `/api/bookings/${b.id}/reschedule?token=${token}`, {
      json: { start: `${saturday}T07:00:00Z`, outsideHours: true },
    });
    expect(guest.status).toBe(403);
    const plain = await call("POST", `/api/bookings/${b.id}/reschedule`, {
      token: host.token,
      json: { start: `${saturday}T07:00:00Z` },
    });
    expect(plain.status).toBe(409);
    const moved = await call("POST", `/api/bookings/${b.id}/reschedule`, {
      token: host.token,
      json: { start: `${saturday}T07:00:00Z`, outsideHours: true },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await rowOf(b.id)).starts_at.toISOString()).toBe(`${saturday}T07:00:00.000Z`);
    const notBool = await call("POST", `/api/bookings/${b.id}/reschedule`, {
      token: host.token,
      json: { start: `${saturday}T09:00:00Z`, outsideHours: "yes" },
    });
    expect(notBool.status).toBe(400);
  });
});
