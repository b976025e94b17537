/**
 * Recurring series (decision 106) over real HTTP against PostgreSQL: the event type's `recurring`
 * setting, POST /api/bookings with `recurrence` (all of the series or none of it, the colliding
 * meeting named), the one confirmation mail with its RRULE, cancelling one meeting (an EXDATE in
 * the series' calendar file) or all of them (one mail per reader for the whole series, decision
 * 121), and the booking page's form post without JavaScript.
 */
import crypto from "node:crypto";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, instantToWallClock, wallClockToInstant } from "../../app/scheduling/zoned-time";
import { visibleText } from "../support/http";
import { bookingMailsSettled } from "../support/mail-wait";
import { apiClient, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.206", namePrefix: "Recurring" });

const DAY_MS = 24 * 60 * 60 * 1000;
const NY = "America/New_York";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

function nyDate(days: number): string {
  return instantToWallClock(new Date(Date.now() + days * DAY_MS), NY).date;
}

function nyInstant(date: string, time: string): Date {
  const r = wallClockToInstant(date, time, NY);
  if (!r.ok) throw new Error("no such wall-clock time");
  return r.instant;
}

async function json<T = Record<string, unknown>>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

type Occurrence = { id: string; index: number; start: string; end: string; status: string; cancelUrl: string };
type SeriesAnswer = { booking: { id: string; cancelUrl: string }; seriesId: string; occurrences: Occurrence[] };
type ApiError = { error: { code: string; message: string; fields?: Record<string, string[]> } };

let host: Account;
let username: string;
let scheduleId: string;
let weekly: { _id: string; slug: string };
const first = nyDate(9);

function book(start: Date, email: string, extra: Record<string, unknown> = {}, eventTypeId = weekly._id) {
  return call("POST", "/api/bookings", {
    json: { eventTypeId, start: start.toISOString(), name: "Rita Repeat", email, timeZone: NY, ...extra },
  });
}

const guest = () => `rita-${crypto.randomUUID().slice(0, 8)}@example.test`;
const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

beforeAll(async () => {
  host = await account("host", "professional");
  username = `rc${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = ${NY} where id = ${host.id}`;
  scheduleId = (
    await json<{ _id: string }>(
      await call("POST", "/api/schedules", {
        token: host.token,
        json: {
          name: "Office",
          timeZone: NY,
          weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" })),
        },
      }),
      201,
    )
  )._id;
  weekly = await json(
    await call("POST", "/api/event-types", {
      token: host.token,
      json: {
        title: "Weekly coaching",
        slug: "coaching",
        duration: 30,
        minimumNotice: 60,
        bookingWindowDays: 90,
        location: { type: "video" },
        scheduleId,
        recurring: { maxOccurrences: 6, intervalWeeks: [2, 1, 2] },
      },
    }),
    201,
  );
});

describe("the event type's recurring setting", () => {
  it("is stored and answered (weeks once, in order); a group, a paid type or an out-of-range setting is 400", async () => {
    const got = await json<{ recurring: unknown }>(
      await call("GET", `/api/event-types/${weekly._id}`, { token: host.token }),
      200,
    );
    expect(got.recurring).toEqual({ maxOccurrences: 6, intervalWeeks: [1, 2] });
    const base = { title: "Bad", duration: 30, location: { type: "video" }, scheduleId };
    const group = await json<ApiError>(
      await call("POST", "/api/event-types", {
        token: host.token,
        json: {
          ...base,
          slug: "bad-group",
          kind: "group",
          seats: 4,
          recurring: { maxOccurrences: 4, intervalWeeks: [1] },
        },
      }),
      400,
    );
    expect(group.error.fields?.recurring?.[0]).toMatch(/one-to-one/);
    const tooMany = await json<ApiError>(
      await call("POST", "/api/event-types", {
        token: host.token,
        json: { ...base, slug: "bad-max", recurring: { maxOccurrences: 30, intervalWeeks: [1] } },
      }),
      400,
    );
    expect(Object.keys(tooMany.error.fields ?? {}).join()).toMatch(/recurring/);
    // One payment holds one meeting (decision 107): a price and a series are refused together.
    const paid = await json<ApiError>(
      await call("POST", "/api/event-types", {
        token: host.token,
        json: {
          ...base,
          slug: "bad-paid",
          price: { amount: 2500, currency: "eur" },
          recurring: { maxOccurrences: 4, intervalWeeks: [1] },
        },
      }),
      400,
    );
    expect(paid.error.fields?.recurring).toEqual([
      "A paid event type books one meeting at a time: remove the price or the repeat.",
    ]);
    // Without a setting, single bookings only.
    const plain = await json<{ _id: string; recurring: unknown }>(
      await call("POST", "/api/event-types", { token: host.token, json: { ...base, slug: "plain" } }),
      201,
    );
    expect(plain.recurring).toBeNull();
    const refused = await json<ApiError>(
      await book(nyInstant(first, "15:00"), guest(), { recurrence: { intervalWeeks: 1, count: 3 } }, plain._id),
      400,
    );
    expect(refused.error.fields?.recurrence).toEqual(["This event type does not take recurring bookings."]);
  });
});

describe("booking a series", () => {
  it("refuses a series of 6 whose 4th meeting is taken, naming it, and writes nothing", async () => {
    const fourth = nyInstant(addDays(first, 21), "10:00");
    await json(await book(fourth, guest()), 201);
    const email = guest();
    const refused = await json<ApiError & { occurrence: { index: number; start: string } }>(
      await book(nyInstant(first, "10:00"), email, { recurrence: { intervalWeeks: 1, count: 6 } }),
      409,
    );
    expect(refused.error.code).toBe("occurrence_unavailable");
    const label = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: NY })
      .format(fourth)
      .replace(",", "");
    expect(refused.error.message).toBe(`The 4th meeting, ${label} 10:00, is no longer free.`);
    expect(refused.occurrence).toEqual({ index: 4, start: fourth.toISOString() });
    expect(await db`select 1 from events where guest_email = ${email}`).toHaveLength(0);
    expect(
      await db`select 1 from booking_events e join events v on v.id = e.event_id where v.guest_email = ${email}`,
    ).toHaveLength(0);
  });

  it("books 4 weekly meetings at the same local time, linked, with one confirmation mail carrying the RRULE", async () => {
    const email = guest();
    const answer = await json<SeriesAnswer>(
      await book(nyInstant(first, "11:00"), email, { recurrence: { intervalWeeks: 1, count: 4 } }),
      201,
    );
    expect(answer.occurrences.map((o) => o.index)).toEqual([1, 2, 3, 4]);
    expect(answer.occurrences.map((o) => o.start)).toEqual(
      [0, 7, 14, 21].map((d) => nyInstant(addDays(first, d), "11:00").toISOString()),
    );
    expect(answer.occurrences.every((o) => o.status === "confirmed" && o.cancelUrl.includes("/cancel?token="))).toBe(
      true,
    );
    expect(answer.booking.id).toBe(answer.occurrences[0].id);
    const rows = await db<{ series_id: string; series_index: number }[]>`
      select series_id, series_index from events where guest_email = ${email} order by starts_at`;
    expect(rows.map((r) => [r.series_id, r.series_index])).toEqual([1, 2, 3, 4].map((i) => [answer.seriesId, i]));

    await bookingMailsSettled(db);
    const mails = await db<{ text: string; attachments: Array<{ content: string }> }[]>`
      select text, attachments from mail_outbox where "to" like ${`%${email}%`}`;
    expect(mails).toHaveLength(1);
    for (const d of [0, 7, 14, 21]) {
      const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: NY }).format(
        nyInstant(addDays(first, d), "11:00"),
      );
      expect(mails[0].text).toMatch(
        new RegExp(`\\n${[0, 7, 14, 21].indexOf(d) + 1}\\. \\w+, ${day}, \\d{4}, 11:00 AM`),
      );
    }
    const ics = mails[0].attachments[0].content;
    expect(ics).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=4");
    expect(ics).toContain(`DTSTART;TZID=${NY}:${first.replace(/-/g, "")}T110000`);
    expect(ics).toContain("BEGIN:VTIMEZONE");
    // The host hears of it once too, not four times.
    expect(
      await db`select 1 from mail_outbox where "to" like ${`%${host.email}%`} and text like ${"%Rita Repeat%"} and text like ${"%recurring series of 4%"}`,
    ).toHaveLength(1);
  });

  it("cancels one meeting (an EXDATE in the series' calendar file), then all the others", async () => {
    const email = guest();
    const answer = await json<SeriesAnswer>(
      await book(nyInstant(first, "13:00"), email, { recurrence: { intervalWeeks: 2, count: 3 } }),
      201,
    );
    const [one, two, three] = answer.occurrences;
    expect(two.start).toBe(nyInstant(addDays(first, 14), "13:00").toISOString());
    const cancelled = await json<{ booking: { id: string; status: string } }>(
      await call("POST", `/api/bookings/${two.id}/cancel?token=${encodeURIComponent(tokenOf(two.cancelUrl))}`),
      200,
    );
    expect(cancelled.booking).toMatchObject({ id: two.id, status: "cancelled" });
    // The guest's cancel mail carries the series as it is now: the rule with that meeting's EXDATE.
    await bookingMailsSettled(db);
    const [cancelMail] = await db<{ subject: string; attachments: Array<{ content: string }> }[]>`
      select subject, attachments from mail_outbox where "to" like ${`%${email}%`} order by created_at desc limit 1`;
    expect(cancelMail.subject).toMatch(/^Cancelled/);
    expect(cancelMail.attachments[0].content).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=3");
    expect(cancelMail.attachments[0].content).toContain(
      `EXDATE;TZID=${NY}:${addDays(first, 14).replace(/-/g, "")}T130000`,
    );
    expect(cancelMail.attachments[0].content).toContain("METHOD:REQUEST");

    const icsPath = `/${username}/coaching/booked/${one.id}/ics?token=${encodeURIComponent(tokenOf(one.cancelUrl))}`;
    const ics = await (await call("GET", icsPath)).text();
    expect(ics).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=3");
    expect(ics).toContain(`EXDATE;TZID=${NY}:${addDays(first, 14).replace(/-/g, "")}T130000`);
    expect(ics).toContain("METHOD:REQUEST");

    // One token of the series opens the whole series: the third meeting's cancels the rest.
    const all = await json<{ booking: { id: string }; occurrences: Occurrence[] }>(
      await call("POST", `/api/bookings/${three.id}/cancel?token=${encodeURIComponent(tokenOf(three.cancelUrl))}`, {
        json: { series: true },
      }),
      200,
    );
    expect(all.booking.id).toBe(three.id);
    expect(all.occurrences.map((o) => [o.id, o.status])).toEqual([
      [one.id, "cancelled"],
      [two.id, "cancelled"],
      [three.id, "cancelled"],
    ]);
    expect(await (await call("GET", icsPath)).text()).toContain("METHOD:CANCEL");
    // A stranger's token opens nothing; a single booking is no series.
    expect((await call("POST", `/api/bookings/${one.id}/cancel?token=nope`, { json: { series: true } })).status).toBe(
      404,
    );
    const single = await json<{ booking: { id: string; cancelUrl: string } }>(
      await book(nyInstant(first, "16:00"), guest()),
      201,
    );
    const notSeries = await json<ApiError>(
      await call(
        "POST",
        `/api/bookings/${single.booking.id}/cancel?token=${encodeURIComponent(tokenOf(single.booking.cancelUrl))}`,
        { json: { series: true } },
      ),
      400,
    );
    expect(notSeries.error.fields?.series).toEqual(["This booking is not part of a recurring series."]);
  });
});

type SentMail = { to: string; subject: string; text: string; html: string; attachments: Array<{ content: string }> };

/** The mails written since `since` to `email` (the guest) or to the host about that guest. */
async function mailsSince(since: Date, email: string) {
  await bookingMailsSettled(db);
  const rows = await db<SentMail[]>`
    select "to", subject, text, html, attachments from mail_outbox
    where created_at > ${since} and ("to" like ${`%${email}%`} or ("to" like ${`%${host.email}%`} and text like ${`%${email}%`}))
    order by created_at`;
  return {
    guest: rows.filter((m) => m.to.includes(email)),
    host: rows.filter((m) => m.to.includes(host.email)),
  };
}

async function dbNow(): Promise<Date> {
  await bookingMailsSettled(db);
  const [{ now }] = await db<{ now: Date }[]>`select now() as now`;
  return now;
}

/** A meeting's line as the series' mails list it: "2. Tuesday, December 15, 2026, 9:00 AM" in New York. */
function listed(n: number, start: Date): RegExp {
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: NY }).format(start);
  const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: NY }).format(start);
  return new RegExp(`\\n${n}\\. \\w+, ${day}, \\d{4}, ${time.replace(/\s/g, "\\s")}`);
}

/** The calendar file parsed by ical.js: its METHOD and its one VEVENT's UID and STATUS. */
function parsedCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents("vevent");
  return {
    method: calendar.getFirstPropertyValue("method"),
    events: events.map((e) => ({
      uid: String(e.getFirstPropertyValue("uid")),
      status: e.getFirstPropertyValue("status"),
      rrule: (() => {
        const rule = e.getFirstPropertyValue("rrule") as ICAL.Recur | null;
        return rule ? { freq: rule.freq, count: rule.count, interval: rule.interval } : null;
      })(),
    })),
  };
}

describe("cancelling a whole series (decision 121)", () => {
  async function fourMeetings(date: string, time: string, email: string) {
    const answer = await json<SeriesAnswer>(
      await book(nyInstant(date, time), email, { recurrence: { intervalWeeks: 1, count: 4 } }),
      201,
    );
    expect(answer.occurrences).toHaveLength(4);
    return answer;
  }

  function expectOneSeriesMail(mail: SentMail, answer: SeriesAnswer) {
    answer.occurrences.forEach((o, i) => expect(mail.text).toMatch(listed(i + 1, new Date(o.start))));
    expect(mail.attachments).toHaveLength(1);
    const ics = parsedCalendar(mail.attachments[0].content);
    expect(ics.method).toBe("CANCEL");
    expect(ics.events).toHaveLength(1);
    expect(ics.events[0].uid).toMatch(new RegExp(`^${answer.seriesId}@`));
    expect(ics.events[0].status).toBe("CANCELLED");
    expect(ics.events[0].rrule).toEqual({ freq: "WEEKLY", count: 4, interval: 1 });
  }

  it("the guest's Cancel all on the cancel page: one mail to the guest and one to the host, listing the 4 meetings", async () => {
    const email = guest();
    const answer = await fourMeetings(addDays(first, 4), "09:00", email);
    const since = await dbNow();
    const [one] = answer.occurrences;
    const page = `/booking/${one.id}/cancel?token=${encodeURIComponent(tokenOf(one.cancelUrl))}`;
    const done = await call("POST", page, {
      body: new URLSearchParams({ scope: "series", reason: "Moving abroad" }),
      headers: FORM,
    });
    expect(done.status).toBe(200);
    const mails = await mailsSince(since, email);
    expect(mails.guest.map((m) => m.subject)).toEqual(["Series cancelled: Weekly coaching"]);
    expect(mails.host.map((m) => m.subject)).toEqual(["Series cancelled: Weekly coaching with Rita Repeat"]);
    const [hostRow] = await db<{ name: string }[]>`select name from users where id = ${host.id}`;
    expect(mails.guest[0].text).toContain(
      `The recurring series "Weekly coaching" with ${hostRow.name} is cancelled. Cancelled meetings:`,
    );
    expect(mails.host[0].text).toContain(
      'The recurring series "Weekly coaching" with Rita Repeat was cancelled. Cancelled meetings:',
    );
    // The guest's reason reaches the host, as a single meeting's cancel does.
    expect(mails.host[0].text).toContain("Reason: Moving abroad");
    expectOneSeriesMail(mails.guest[0], answer);
    expectOneSeriesMail(mails.host[0], answer);
    // Webhooks and connected calendars keep one record per meeting, as before.
    expect(
      await db`select 1 from booking_events where kind = 'cancelled' and event_id in ${db(answer.occurrences.map((o) => o.id))}`,
    ).toHaveLength(4);
  });

  it("the host's Cancel all through the JSON API: one mail to each, the host's note for the guest", async () => {
    const email = guest();
    const answer = await fourMeetings(addDays(first, 5), "09:00", email);
    const since = await dbNow();
    const res = await call("POST", `/api/bookings/${answer.occurrences[1].id}/cancel`, {
      token: host.token,
      json: { series: true, reason: "I am on leave" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const mails = await mailsSince(since, email);
    expect(mails.guest).toHaveLength(1);
    expect(mails.host).toHaveLength(1);
    expect(mails.guest[0].text).toContain("I am on leave");
    expectOneSeriesMail(mails.guest[0], answer);
    expectOneSeriesMail(mails.host[0], answer);
  });

  it("the guest's Cancel all through the JSON API after one meeting was cancelled: one mail each, the rest listed, the series cancelled", async () => {
    const email = guest();
    const answer = await fourMeetings(addDays(first, 6), "09:00", email);
    const [one, two, three, four] = answer.occurrences;
    let since = await dbNow();
    // One meeting alone: the single meeting's mails, naming which one.
    await json(
      await call("POST", `/api/bookings/${two.id}/cancel?token=${encodeURIComponent(tokenOf(two.cancelUrl))}`),
      200,
    );
    let mails = await mailsSince(since, email);
    expect(mails.guest).toHaveLength(1);
    expect(mails.host).toHaveLength(1);
    expect(mails.guest[0].subject).toMatch(/^Cancelled: Weekly coaching — /);
    const when = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: NY }).format(
      new Date(two.start),
    );
    expect(mails.guest[0].text).toContain(when);
    expect(mails.host[0].text).toContain("Meeting 2 of a recurring series of 4:");
    expect(parsedCalendar(mails.guest[0].attachments[0].content).method).toBe("REQUEST");

    since = await dbNow();
    await json(
      await call("POST", `/api/bookings/${one.id}/cancel?token=${encodeURIComponent(tokenOf(one.cancelUrl))}`, {
        json: { series: true },
      }),
      200,
    );
    mails = await mailsSince(since, email);
    expect(mails.guest).toHaveLength(1);
    expect(mails.host).toHaveLength(1);
    for (const mail of [mails.guest[0], mails.host[0]]) {
      for (const [n, o] of [
        [1, one],
        [3, three],
        [4, four],
      ] as const)
        expect(mail.text).toMatch(listed(n, new Date(o.start)));
      expect(mail.text).not.toMatch(listed(2, new Date(two.start)));
      expect(parsedCalendar(mail.attachments[0].content).method).toBe("CANCEL");
    }
  });
});

describe("two guests racing for the same series", () => {
  it("books one series whole and refuses the other whole", async () => {
    const [a, b] = [guest(), guest()];
    const start = nyInstant(addDays(first, 3), "12:00");
    const answers = await Promise.all(
      [a, b].map((email) => book(start, email, { recurrence: { intervalWeeks: 1, count: 3 } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await db<{ guest_email: string }[]>`
      select guest_email from events where guest_email in (${a}, ${b}) and status = 'confirmed'`;
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.guest_email)).size).toBe(1);
  });
});

describe("rescheduling one meeting", () => {
  it("moves that meeting only; the series' calendar file keeps the rule and moves that instance", async () => {
    const answer = await json<SeriesAnswer>(
      await book(nyInstant(addDays(first, 2), "14:00"), guest(), { recurrence: { intervalWeeks: 1, count: 2 } }),
      201,
    );
    const [one, two] = answer.occurrences;
    const moved = nyInstant(addDays(first, 9), "15:00");
    const res = await call(
      "POST",
      `/api/bookings/${two.id}/reschedule?token=${encodeURIComponent(tokenOf(two.cancelUrl))}`,
      { json: { start: moved.toISOString() } },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await db<{ id: string; starts_at: Date }[]>`
      select id, starts_at from events where series_id = ${answer.seriesId} order by series_index`;
    expect(rows.map((r) => r.starts_at.toISOString())).toEqual([one.start, moved.toISOString()]);
    const ics = await (
      await call(
        "GET",
        `/${username}/coaching/booked/${one.id}/ics?token=${encodeURIComponent(tokenOf(one.cancelUrl))}`,
      )
    ).text();
    const day = addDays(first, 9).replace(/-/g, "");
    expect(ics).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=2");
    expect(ics).toContain(`RECURRENCE-ID;TZID=${NY}:${day}T140000`);
    expect(ics).toContain(`DTSTART;TZID=${NY}:${day}T150000`);
  });
});

describe("the booking page without JavaScript", () => {
  it("books a series from the form's Repeat choice and lists its dates on the confirmation", async () => {
    const email = guest();
    const start = nyInstant(addDays(first, 1), "10:00");
    const res = await call("POST", `/${username}/coaching`, {
      body: new URLSearchParams({
        slot: start.toISOString(),
        tz: NY,
        name: "Rita Repeat",
        email,
        repeat: "1",
        occurrences: "3",
      }),
      headers: FORM,
    });
    expect(res.status, await res.clone().text()).toBe(302);
    const page = visibleText(await (await call("GET", res.headers.get("location") ?? "")).text());
    expect(page).toContain("A recurring series of 3 meetings");
    for (const d of [0, 7, 14]) {
      const day = new Intl.DateTimeFormat("en-US", {
        weekday: "long",
        month: "long",
        day: "numeric",
        timeZone: NY,
      }).format(nyInstant(addDays(first, 1 + d), "10:00"));
      expect(page).toContain(day);
    }
    expect(await db`select 1 from events where guest_email = ${email} and series_id is not null`).toHaveLength(3);
    // More meetings than the host allows: refused with the rule, nothing booked.
    const over = await call("POST", `/${username}/coaching`, {
      body: new URLSearchParams({
        slot: nyInstant(addDays(first, 2), "10:00").toISOString(),
        tz: NY,
        name: "Rita Repeat",
        email: `over-${email}`,
        repeat: "3",
        occurrences: "3",
      }),
      headers: FORM,
    });
    expect(over.status).toBe(400);
    expect(visibleText(await over.text())).toContain("Repeat every 1 or 2 week(s).");
    expect(await db`select 1 from events where guest_email = ${`over-${email}`}`).toHaveLength(0);
  });
});

describe("in the guest's language", () => {
  it("the booking page refuses a series in Spanish and German: the taken meeting with its date by Intl, and the repeat rule", async () => {
    const fourth = nyInstant(addDays(first, 22), "11:00");
    await json(await book(fourth, guest()), 201);
    const post = (fields: Record<string, string>) =>
      call("POST", `/${username}/coaching`, {
        body: new URLSearchParams({ tz: NY, name: "Rita Repeat", email: guest(), ...fields }),
        headers: FORM,
      });
    const taken = await post({
      slot: nyInstant(addDays(first, 1), "11:00").toISOString(),
      repeat: "1",
      occurrences: "5",
      lang: "es",
    });
    expect(taken.status).toBe(409);
    const when = new Intl.DateTimeFormat("es", {
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: NY,
    }).format(fourth);
    const text = visibleText(await taken.text());
    expect(text).toContain(`La 4.ª reunión (${when}) ya no está libre.`);
    expect(text).not.toContain("is no longer free");

    const rule = await post({
      slot: nyInstant(addDays(first, 2), "11:00").toISOString(),
      repeat: "3",
      occurrences: "3",
      lang: "es",
    });
    expect(rule.status).toBe(400);
    expect(visibleText(await rule.text())).toContain("Repite cada 1 o 2 semana(s).");
    const count = await post({
      slot: nyInstant(addDays(first, 2), "11:00").toISOString(),
      repeat: "1",
      occurrences: "7",
      lang: "de",
    });
    expect(count.status).toBe(400);
    expect(visibleText(await count.text())).toContain("Buchen Sie 2 bis 6 Termine.");
    // Out of the form's range: the field's rule, in German.
    const range = await post({
      slot: nyInstant(addDays(first, 2), "11:00").toISOString(),
      repeat: "1",
      occurrences: "99",
      lang: "de",
    });
    expect(range.status).toBe(400);
    expect(visibleText(await range.text())).toContain("Anzahl der Termine: eine ganze Zahl von 1 bis 24.");
  });

  it("the cancel page offers and confirms cancelling every upcoming meeting in German", async () => {
    const answer = await json<SeriesAnswer>(
      await book(nyInstant(first, "15:00"), guest(), { recurrence: { intervalWeeks: 1, count: 3 } }),
      201,
    );
    const [one] = answer.occurrences;
    const page = `/booking/${one.id}/cancel?token=${encodeURIComponent(tokenOf(one.cancelUrl))}&lang=de`;
    const before = visibleText(await (await call("GET", page)).text());
    expect(before).toContain(
      "Termin 1 einer Terminserie mit 3 Terminen. Sagen Sie nur diesen Termin ab oder alle anstehenden Termine der Serie.",
    );
    expect(before).toContain("Alle anstehenden Termine absagen");
    expect(before).not.toContain("Cancel all upcoming meetings");
    const done = await call("POST", page, { body: new URLSearchParams({ scope: "series" }), headers: FORM });
    expect(done.status).toBe(200);
    const [hostRow] = await db`select name from users where id = ${host.id}`;
    expect(visibleText(await done.text())).toContain(
      `Alle anstehenden Termine der Serie sind abgesagt. ${hostRow.name} wurde benachrichtigt.`,
    );
    expect(await db`select 1 from events where series_id = ${answer.seriesId} and status <> 'cancelled'`).toHaveLength(
      0,
    );
    // Its mails go before the file ends: none is left leased for the next file on this database.
    await bookingMailsSettled(db);
  });
});
