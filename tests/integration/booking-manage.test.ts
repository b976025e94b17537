/**
 * The guest's cancel and reschedule pages (decision 018) over real HTTP
 * against PostgreSQL: a booking made through POST /api/bookings, then its mailed links opened
 * and submitted as a browser without JavaScript would (plain form posts).
 *
 * Covered: the cancel page with the token shows the booking; no token, a wrong token, another
 * booking's id with this token and a non-uuid id are the site's 404; a cancel sets the status,
 * mails CANCEL to the guest, frees the slot; a second visit says already cancelled (no button);
 * a past booking cannot be cancelled; the reschedule page lists the day's free times (the
 * booking's own time not blocking its neighbours); a move to a free time moves the event, bumps
 * SEQUENCE and mails REQUEST; a time taken meanwhile re-renders with the message and changes
 * nothing; a cancelled booking cannot be rescheduled.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingMailsSettled } from "../support/mail-wait";
import { visibleText } from "../support/http";
import { apiClient, type Account } from "./api-client";
import { client } from "./context";

const { db, call, account } = apiClient({ ipPrefix: "10.94", namePrefix: "Manage" });

interface Booking {
  id: string;
  start: string;
  status: string;
  cancelUrl: string;
  rescheduleUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const at = (days: number, time: string) => `${dateIn(days)}T${time}:00+00:00`;
const iso = (s: string) => new Date(s).toISOString();
/** The path and query of a mailed link (the test servers' origin may differ from APP_URL). */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

let host: Account;
let typeId: string;
let title: string;

beforeAll(async () => {
  host = await account("host", "professional");
  title = `Manage call ${crypto.randomUUID().slice(0, 8)}`;
  const schedule = await call("POST", "/api/schedules", {
    token: host.token,
    json: {
      name: "All day",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
    },
  });
  expect(schedule.status).toBe(201);
  const { _id: scheduleId } = (await schedule.json()) as { _id: string };
  const type = await call("POST", "/api/event-types", {
    token: host.token,
    json: {
      title,
      slug: `manage-${crypto.randomUUID().slice(0, 8)}`,
      duration: 30,
      slotInterval: 30,
      minimumNotice: 60,
      bookingWindowDays: 30,
      location: { type: "google-meet" },
      scheduleId,
    },
  });
  expect(type.status).toBe(201);
  typeId = ((await type.json()) as { _id: string })._id;
});

async function book(start: string, name = "Grace Guest"): Promise<Booking & { email: string }> {
  const email = `guest-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const res = await call("POST", "/api/bookings", {
    json: { eventTypeId: typeId, start, name, email, timeZone: "UTC" },
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return { ...(JSON.parse(text) as { booking: Booking }).booking, email };
}

async function page(path: string) {
  const res = await client().get(path);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

function post(path: string, form: Record<string, string>) {
  return client().post(path, form);
}

describe("cancel page", () => {
  it("shows the booking with the token; every miss is the site's 404", async () => {
    const a = await book(at(3, "09:00"));
    const b = await book(at(3, "10:00"));
    const shown = await page(pathOf(a.cancelUrl));
    expect(shown.status).toBe(200);
    // The last policy in the list wins (the server adds its default first).
    expect(shown.headers.get("referrer-policy")).toMatch(/(^|, )same-origin$/);
    const text = visibleText(shown.html);
    expect(text).toContain(title);
    expect(text).toContain("Manage host");
    expect(text).toContain("9:00 AM");
    expect(text).toContain("Confirmed");
    expect(text).toContain("Cancel this meeting");

    const misses = [
      `/booking/${a.id}/cancel`,
      `/booking/${a.id}/cancel?token=`,
      `/booking/${a.id}/cancel?token=wrong-${tokenOf(a.cancelUrl).slice(6)}`,
      `/booking/${b.id}/cancel?token=${encodeURIComponent(tokenOf(a.cancelUrl))}`,
      `/booking/not-a-uuid/cancel?token=${encodeURIComponent(tokenOf(a.cancelUrl))}`,
      `/booking/${crypto.randomUUID()}/reschedule?token=${encodeURIComponent(tokenOf(a.cancelUrl))}`,
    ];
    for (const path of misses) {
      const miss = await page(path);
      expect(miss.status, path).toBe(404);
      expect(miss.html).toContain("find that page");
      expect(miss.html).not.toContain(title);
    }
    // A post with a wrong token changes nothing.
    expect(
      (await post(`/booking/${b.id}/cancel?token=${encodeURIComponent(tokenOf(a.cancelUrl))}`, { reason: "x" })).status,
    ).toBe(404);
    const [row] = await db`select status from events where id = ${b.id}`;
    expect(row.status).toBe("confirmed");
  });

  it("cancels: status cancelled, CANCEL mail to the guest, the slot free again; then already cancelled", async () => {
    const start = at(4, "11:00");
    const b = await book(start);
    const res = await post(pathOf(b.cancelUrl), { reason: "Something came up" });
    const html = await res.text();
    expect(res.status, html).toBe(200);
    expect(visibleText(html)).toContain("Cancelled");
    expect(visibleText(html)).toContain("is cancelled");

    const [row] = await db`select status, sequence from events where id = ${b.id}`;
    expect(row.status).toBe("cancelled");
    expect(row.sequence).toBe(1);
    // Booking mails leave through the booking events outbox (decision 030), moments after the answer.
    await bookingMailsSettled(db);
    const mails = await db<
      { to: string; attachments: { content: string; encoding: string }[] }[]
    >`select "to", attachments from mail_outbox where "to" like ${`%${b.email}%`} order by created_at`;
    const ics = mails.map((m) => {
      const a = m.attachments[0];
      return a.encoding === "base64" ? Buffer.from(a.content, "base64").toString("utf8") : a.content;
    });
    expect(ics.some((t) => /METHOD:CANCEL/.test(t))).toBe(true);
    const [note] =
      await db`select notification from notifications where user_id = ${host.id} order by created_at desc limit 1`;
    expect(note.notification).toMatch(/^Booking cancelled by Grace Guest: .* — Something came up$/);

    // The slot is free again.
    const again = await book(start, "Next Guest");
    expect(again.start).toBe(iso(start));

    const later = await page(pathOf(b.cancelUrl));
    expect(later.status).toBe(200);
    expect(visibleText(later.html)).toContain("already cancelled");
    expect(later.html).not.toContain("Cancel this meeting</button>");
    const twice = await post(pathOf(b.cancelUrl), {});
    expect(twice.status).toBe(200);
    expect(visibleText(await twice.text())).toContain("already cancelled");
  });

  it("a past booking cannot be cancelled", async () => {
    const b = await book(at(5, "09:00"));
    await db`update events set starts_at = now() - interval '2 hours', ends_at = now() - interval '90 minutes' where id = ${b.id}`;
    const shown = await page(pathOf(b.cancelUrl));
    expect(shown.status).toBe(200);
    expect(visibleText(shown.html)).toContain("can no longer be cancelled");
    expect(shown.html).not.toContain('name="reason"');
    const res = await post(pathOf(b.cancelUrl), {});
    expect(res.status).toBe(409);
    const [row] = await db`select status from events where id = ${b.id}`;
    expect(row.status).toBe("confirmed");
  });
});

describe("reschedule page", () => {
  it("lists the day's free times, moves to one (SEQUENCE + 1, REQUEST mail), refuses a taken one", async () => {
    const b = await book(at(6, "09:00"));
    const shown = await page(`${pathOf(b.rescheduleUrl)}&date=${dateIn(7)}`);
    expect(shown.status).toBe(200);
    // The last policy in the list wins (the server adds its default first).
    expect(shown.headers.get("referrer-policy")).toMatch(/(^|, )same-origin$/);
    for (const t of ["09:00", "09:30", "14:00"]) expect(shown.html).toContain(`value="${iso(at(7, t))}"`);
    expect(visibleText(shown.html)).toContain("Pick a new time");

    // Its own day: the neighbours of its own time are offered (it does not block itself), its own start is no move.
    const ownDay = await page(pathOf(b.rescheduleUrl));
    expect(ownDay.html).toContain(`value="${iso(at(6, "09:30"))}"`);
    expect(ownDay.html).toContain(`value="${iso(at(6, "08:30"))}"`);
    expect(ownDay.html).not.toContain(`value="${iso(at(6, "09:00"))}"`);

    const moved = await post(`${pathOf(b.rescheduleUrl)}&date=${dateIn(7)}`, { start: iso(at(7, "14:00")) });
    const movedHtml = await moved.text();
    expect(moved.status, movedHtml).toBe(200);
    expect(visibleText(movedHtml)).toContain("Rescheduled");
    expect(visibleText(movedHtml)).toContain("2:00 PM");
    const [row] = await db`select starts_at, ends_at, sequence from events where id = ${b.id}`;
    expect(new Date(row.starts_at).toISOString()).toBe(iso(at(7, "14:00")));
    expect(new Date(row.ends_at).toISOString()).toBe(iso(at(7, "14:30")));
    expect(row.sequence).toBe(1);
    // Booking mails leave through the booking events outbox (decision 030), moments after the answer.
    await bookingMailsSettled(db);
    const mails = await db<
      { text: string; attachments: { content: string; encoding: string }[] }[]
    >`select text, attachments from mail_outbox where "to" like ${`%${b.email}%`} order by created_at`;
    expect(mails.at(-1)?.text).toContain(b.cancelUrl);
    const last = mails.at(-1)?.attachments[0];
    const ics = last
      ? last.encoding === "base64"
        ? Buffer.from(last.content, "base64").toString("utf8")
        : last.content
      : "";
    expect(ics).toMatch(/METHOD:REQUEST/);
    expect(ics).toMatch(/SEQUENCE:1/);

    // Someone takes 15:00 while the guest looks: the page says so and lists what is left.
    await book(at(7, "15:00"), "Quick Guest");
    const taken = await post(`${pathOf(b.rescheduleUrl)}&date=${dateIn(7)}`, { start: iso(at(7, "15:00")) });
    const takenHtml = await taken.text();
    expect(taken.status).toBe(409);
    expect(visibleText(takenHtml)).toContain("That time was just taken.");
    expect(takenHtml).toContain(`value="${iso(at(7, "16:00"))}"`);
    expect(takenHtml).not.toContain(`value="${iso(at(7, "15:00"))}"`);
    const [after] = await db`select starts_at, sequence from events where id = ${b.id}`;
    expect(new Date(after.starts_at).toISOString()).toBe(iso(at(7, "14:00")));
    expect(after.sequence).toBe(1);
  });

  it("a cancelled booking cannot be rescheduled; a wrong token is 404", async () => {
    const b = await book(at(8, "09:00"));
    expect((await page(`/booking/${b.id}/reschedule?token=nope`)).status).toBe(404);
    expect((await post(`/booking/${b.id}/reschedule?token=nope`, { start: iso(at(8, "10:00")) })).status).toBe(404);
    expect((await post(pathOf(b.cancelUrl), {})).status).toBe(200);
    const shown = await page(pathOf(b.rescheduleUrl));
    expect(shown.status).toBe(200);
    expect(visibleText(shown.html)).toContain("cannot be rescheduled");
    expect(shown.html).not.toContain('name="start"');
    const res = await post(pathOf(b.rescheduleUrl), { start: iso(at(8, "10:00")) });
    expect(res.status).toBe(200);
    const [row] = await db`select starts_at, status from events where id = ${b.id}`;
    expect(row.status).toBe("cancelled");
    expect(new Date(row.starts_at).toISOString()).toBe(iso(at(8, "09:00")));
  });
});
