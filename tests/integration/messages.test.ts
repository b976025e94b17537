/**
 * Every message of a booking in its reader's zone with the event type's real place
 * (docs/decisions/028), over real HTTP against PostgreSQL, reading the mail outbox.
 *
 * Covered: a Tokyo guest books a New York host: the guest's create, reschedule and cancel mails
 * are in Tokyo time with New York's in brackets, the host's in New York time with Tokyo's; a
 * typed video link reaches the guest's mail (text and HTML), the .ics URL and LOCATION and the
 * confirmation page (with a join link), and no generated room does; ATTENDEE has the guest's
 * name; the host's Scheduled Events and My Schedule show the guest's notes, zone and the place;
 * an in-person address is in the mail and the .ics LOCATION with no video link anywhere; a phone
 * number likewise; a group session's calendar names each seat's guest.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, at, ok, tokenOf, type Account } from "./api-client";
import { bookingMailsSettled } from "../support/mail-wait";

const { db, call, account } = apiClient({ ipPrefix: "10.128", namePrefix: "Msg" });

interface Booking {
  id: string;
  start: string;
  cancelUrl: string | null;
  rescheduleUrl: string | null;
}

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; content: string; encoding: string }[];
}

const mailsAbout = async (title: string) => (
  await bookingMailsSettled(db),
  db<
    OutboxRow[]
  >`select "to", subject, text, html, attachments from mail_outbox where subject like ${`%${title}%`} order by created_at, id`
);
const icsOf = (mail: OutboxRow) => {
  const a = mail.attachments[0];
  const text = a.encoding === "base64" ? Buffer.from(a.content, "base64").toString("utf8") : a.content;
  // Unfolded, with the iCalendar escapes of text values undone.
  return text.replace(/\r?\n[ \t]/g, "").replace(/\\([,;\\])/g, "$1");
};
/** "8:00 PM" of an instant in a zone, by Intl (independent of the app's formatting). */
const clockIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" })
    .format(new Date(iso))
    .replace(/\s/g, " ");
const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");
/** The generated room's path: never in a message of an in-person or phone meeting, or one with the host's own link. */
const ROOM = "/Scheduler-";

let host: Account;
let username: string;
let scheduleId: string;

beforeAll(async () => {
  host = await account("host", "professional");
  username = `msg${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username}, time_zone = 'America/New_York' where id = ${host.id}`;
  const schedule = await ok(
    await call("POST", "/api/schedules", {
      token: host.token,
      json: {
        name: "All day",
        timeZone: "UTC",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
      },
    }),
    201,
  );
  scheduleId = schedule._id;
});

async function eventType(location: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const title = `Msg ${crypto.randomUUID().slice(0, 8)}`;
  const slug = `m-${crypto.randomUUID().slice(0, 8)}`;
  const type = await ok(
    await call("POST", "/api/event-types", {
      token: host.token,
      json: {
        title,
        slug,
        duration: 30,
        slotInterval: 30,
        minimumNotice: 60,
        bookingWindowDays: 30,
        location,
        scheduleId,
        ...extra,
      },
    }),
    201,
  );
  return { id: type._id, title, slug };
}

async function book(typeId: string, start: string, who: Record<string, unknown>) {
  return (
    await ok<{ booking: Booking }>(
      await call("POST", "/api/bookings", { json: { eventTypeId: typeId, start, ...who } }),
      201,
    )
  ).booking;
}

describe("a Tokyo guest and a New York host", () => {
  const zoom = "https://zoom.example.test/j/4242?pwd=abc";
  const guest = {
    name: "Haruki Tanaka",
    email: `haruki-${crypto.randomUUID().slice(0, 6)}@example.test`,
    timeZone: "Asia/Tokyo",
    notes: "Please bring the Q3 numbers.",
  };
  let type: { id: string; title: string; slug: string };
  let booking: Booking;
  // 01:00 UTC is 10:00 in Tokyo (UTC+9, no DST) and the evening before in New York.
  const first = at(11, "01:00");
  const moved = at(11, "02:00");

  beforeAll(async () => {
    type = await eventType({ type: "video", value: zoom });
    booking = await book(type.id, first, guest);
  });

  it("writes the guest's mails in Tokyo time with New York's beside it, and the host's the other way round", async () => {
    const token = tokenOf(booking.cancelUrl);
    await ok(
      await call("POST", `/api/bookings/${booking.id}/reschedule?token=${encodeURIComponent(token)}`, {
        json: { start: moved },
      }),
    );
    await ok(await call("POST", `/api/bookings/${booking.id}/cancel?token=${encodeURIComponent(token)}`));
    const mails = await mailsAbout(type.title);
    const toGuest = mails.filter((m) => m.to.includes(guest.email));
    const toHost = mails.filter((m) => m.to.includes(host.email));
    expect(toGuest).toHaveLength(3);
    expect(toHost).toHaveLength(3);
    const ny1 = clockIn(first, "America/New_York");
    const ny2 = clockIn(moved, "America/New_York");
    const [created, rescheduled, cancelled] = toGuest;
    expect(created.text).toContain(`10:00 AM Tokyo (${ny1} New York,`);
    expect(rescheduled.text).toContain(`11:00 AM Tokyo (${ny2} New York,`);
    expect(cancelled.text).toContain(`11:00 AM Tokyo (${ny2} New York,`);
    for (const m of toGuest) {
      expect(m.text).not.toContain("(America/New_York)");
      expect(m.subject).toContain("Tokyo");
    }
    expect(toHost[0].text).toContain(`${ny1} New York (10:00 AM Tokyo,`);
    expect(toHost[1].text).toContain(`${ny2} New York (11:00 AM Tokyo,`);
    expect(toHost[2].text).toContain(`${ny2} New York (11:00 AM Tokyo,`);
    expect(toHost[0].text).toContain("Guest's time zone: Asia/Tokyo");
    expect(toHost[0].text).toContain(`Notes: ${guest.notes}`);
  });

  it("carries the host's own video link in the mail, its HTML and the .ics, with the guest named", async () => {
    const [created] = (await mailsAbout(type.title)).filter((m) => m.to.includes(guest.email));
    expect(created.text).toContain(`Where: Video call: ${zoom}`);
    expect(created.html).toContain(`href="${zoom.replace(/&/g, "&amp;")}"`);
    expect(created.text).not.toContain(ROOM);
    const ics = icsOf(created);
    expect(ics).toContain(`LOCATION:${zoom}`);
    expect(ics).toContain(`URL:${zoom}`);
    expect(ics).not.toContain(ROOM);
    expect(ics).toMatch(new RegExp(`ATTENDEE;[^\\n]*CN="?${guest.name}"?[;:][^\\n]*mailto:${guest.email}`));
    expect(ics).not.toContain("Unnamed attendee");
  });

  it("shows the place and a join link on the confirmation page, and the same in its .ics", async () => {
    const other = await book(type.id, at(12, "01:00"), { ...guest, email: `again-${guest.email}` });
    const token = encodeURIComponent(tokenOf(other.cancelUrl));
    const page = await html(await call("GET", `/${username}/${type.slug}/booked/${other.id}?token=${token}`));
    expect(page).toMatch(
      /data-testid="booked-location"[^>]*>Video call: <span>https:\/\/zoom\.example\.test\/j\/4242\?pwd=abc<\/span>/,
    );
    expect(page).toContain(`data-testid="join-link"`);
    expect(page).toContain(`href="${zoom.replace(/&/g, "&amp;")}"`);
    expect(page).not.toContain(ROOM);
    const ics = await (await call("GET", `/${username}/${type.slug}/booked/${other.id}/ics?token=${token}`)).text();
    expect(ics.replace(/\r?\n[ \t]/g, "")).toContain(`URL:${zoom}`);
    expect(ics.replace(/\r?\n[ \t]/g, "")).toMatch(/CN="?Haruki Tanaka"?/);
  });

  it("shows the host the guest's notes and zone on Scheduled Events and My Schedule", async () => {
    const third = await book(type.id, at(13, "01:00"), { ...guest, email: `third-${guest.email}` });
    const list = await html(await host.c.get("/dashboard/scheduledEvents"));
    expect(list).toContain(third.id);
    expect(list).toMatch(/data-testid="guest-zone"[^>]*>Time zone: Asia\/Tokyo \(10:00 AM there\)/);
    expect(list).toContain(`Notes: ${guest.notes}`);
    expect(list).toContain(`Video call: ${zoom.replace(/&/g, "&amp;")}`);
    const schedule = await html(await host.c.get("/dashboard"));
    expect(schedule).toContain("Guest&#x27;s time zone:");
    expect(schedule).toContain("Asia/Tokyo (10:00 AM there)");
    expect(schedule).toContain(guest.notes);
    expect(schedule).toContain(`Video call: ${zoom.replace(/&/g, "&amp;")}`);
  });
});

describe("in-person and phone meetings", () => {
  const berlin = { timeZone: "Europe/Berlin" };

  it("puts the address in the mail and the .ics LOCATION, and no video link anywhere", async () => {
    const address = "Hall B, 12 Market Street, Springfield";
    const type = await eventType({ type: "in-person", value: address });
    const booking = await book(type.id, at(11, "09:00"), {
      name: "Ines Ort",
      email: `ines-${crypto.randomUUID().slice(0, 6)}@example.test`,
      ...berlin,
    });
    const mails = await mailsAbout(type.title);
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.text).toContain(`Where: In Person Meeting: ${address}`);
      expect(m.text).not.toContain("Join:");
      expect(m.text).not.toContain(ROOM);
      expect(m.html ?? "").not.toContain(ROOM);
      const ics = icsOf(m);
      expect(ics).toContain(`LOCATION:${address}`);
      expect(ics).not.toMatch(/^URL:/m);
      expect(ics).not.toContain(ROOM);
      expect(ics).not.toContain("Google Meet");
    }
    const page = await html(
      await call(
        "GET",
        `/${username}/${type.slug}/booked/${booking.id}?token=${encodeURIComponent(tokenOf(booking.cancelUrl))}`,
      ),
    );
    expect(page).toContain(`In Person Meeting: <span>${address}</span>`);
    expect(page).not.toContain(`data-testid="join-link"`);
    // The host's My Schedule: the address on the card, and its join modal offers no video room.
    const joinModal = await html(await host.c.get(`/dashboard?join=${booking.id}`));
    expect(joinModal).toContain(`In Person Meeting: ${address}`);
    expect(joinModal).not.toContain(`data-testid="join-now"`);
    expect(joinModal).not.toContain(ROOM);
  });

  it("puts the phone number in the mail, the .ics and the confirmation page (a tel: link)", async () => {
    const phone = "+1 555 010 0200";
    const type = await eventType({ type: "phone", value: phone });
    const booking = await book(type.id, at(11, "10:00"), {
      name: "Pia Phone",
      email: `pia-${crypto.randomUUID().slice(0, 6)}@example.test`,
      ...berlin,
    });
    const [toGuest] = (await mailsAbout(type.title)).filter((m) => m.to.includes("pia-"));
    expect(toGuest.text).toContain(`Where: Phone Call: ${phone}`);
    expect(toGuest.text).not.toContain(ROOM);
    const ics = icsOf(toGuest);
    expect(ics).toContain(`LOCATION:${phone}`);
    expect(ics).not.toMatch(/^URL:/m);
    const page = await html(
      await call(
        "GET",
        `/${username}/${type.slug}/booked/${booking.id}?token=${encodeURIComponent(tokenOf(booking.cancelUrl))}`,
      ),
    );
    expect(page).toContain(`href="tel:+15550100200"`);
    expect(page).not.toContain(`data-testid="join-link"`);
  });

  it("gives our own video room with its join link only for a video location without a link", async () => {
    const type = await eventType({ type: "video" });
    await book(type.id, at(11, "11:00"), {
      name: "Vera Video",
      email: `vera-${crypto.randomUUID().slice(0, 6)}@example.test`,
      ...berlin,
    });
    const [toGuest] = (await mailsAbout(type.title)).filter((m) => m.to.includes("vera-"));
    expect(toGuest.text).toMatch(/Where: Video room: https?:\/\/\S+\/Scheduler-[0-9a-f]+/);
    expect(icsOf(toGuest)).toMatch(/^URL:\S+\/Scheduler-[0-9a-f]+/m);
    // The host's lists name the room without its link (it stays in the invitation and the join modal, decision 009).
    const list = await html(await host.c.get("/dashboard/scheduledEvents"));
    expect(list).toContain("Vera Video");
    expect(list).not.toContain(ROOM);
  });

  it("names each seat's guest in a group session's calendar entry for the host", async () => {
    const type = await eventType({ type: "in-person", value: "Room 4" }, { kind: "group", seats: 4 });
    const start = at(11, "12:00");
    await book(type.id, start, {
      name: "Seat One",
      email: `one-${crypto.randomUUID().slice(0, 6)}@example.test`,
      ...berlin,
    });
    await book(type.id, start, {
      name: "Seat Two",
      email: `two-${crypto.randomUUID().slice(0, 6)}@example.test`,
      ...berlin,
    });
    const toHost = (await mailsAbout(type.title)).filter((m) => m.to.includes(host.email));
    const last = icsOf(toHost[toHost.length - 1]);
    expect(last).toMatch(/CN="?Seat One"?/);
    expect(last).toMatch(/CN="?Seat Two"?/);
    expect(last).not.toContain("Unnamed attendee");
  });

  it("tells the host each seat's own zone and notes: a new seat's, then every seat's when the session moves", async () => {
    const type = await eventType({ type: "in-person", value: "Room 5" }, { kind: "group", seats: 4 });
    const start = at(12, "12:00");
    const tokyo = {
      name: "Aiko Early",
      email: `aiko-${crypto.randomUUID().slice(0, 6)}@example.test`,
      timeZone: "Asia/Tokyo",
      notes: "First in, vegetarian.",
    };
    const lima = {
      name: "Luis Later",
      email: `luis-${crypto.randomUUID().slice(0, 6)}@example.test`,
      timeZone: "America/Lima",
      notes: "Joining from the airport.",
    };
    const first = await book(type.id, start, tokyo);
    await book(type.id, start, lima);
    const booked = (await mailsAbout(type.title)).filter((m) => m.to.includes(host.email));
    expect(booked).toHaveLength(2);
    // The second seat's mail is about Luis: his zone and notes, not the first booker's.
    expect(booked[1].subject).toContain("with Luis Later");
    expect(booked[1].text).toContain("Guest's time zone: America/Lima");
    expect(booked[1].text).toContain("Notes: Joining from the airport.");
    expect(booked[1].text).not.toContain("First in, vegetarian.");

    await ok(
      await call("POST", `/api/bookings/${first.id}/reschedule`, {
        token: host.token,
        json: { start: at(12, "14:00") },
      }),
    );
    const moved = (await mailsAbout(type.title)).filter((m) => m.to.includes(host.email)).slice(2);
    expect(moved).toHaveLength(1);
    expect(moved[0].subject).toContain("with 2 guests");
    expect(moved[0].text).toContain("Seats taken: 2");
    expect(moved[0].text).toContain(`- Aiko Early <${tokyo.email}>, Asia/Tokyo (`);
    expect(moved[0].text).toContain("  Notes: First in, vegetarian.");
    expect(moved[0].text).toContain(`- Luis Later <${lima.email}>, America/Lima (`);
    expect(moved[0].text).toContain("  Notes: Joining from the airport.");
  });
});
