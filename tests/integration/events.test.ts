import { describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail, visibleText } from "../support/http";
import { client, servers, signUp, sql } from "./context";
import { bookingMailsSettled, eventually } from "../support/mail-wait";

const db = sql();

/** A date `days` from today in UTC, as the form's yyyy-mm-dd. */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function host(prefix: string, role: "user" | "professional" | "admin" = "user", timeZone = "UTC") {
  const c = client();
  const email = uniqueEmail(prefix);
  expect((await signUp(c, email, "correct-horse-battery", `Host ${prefix}`)).status).toBe(302);
  await db`update users set role = ${role}, time_zone = ${timeZone} where email = ${email}`;
  const [user] = await db`select id from users where email = ${email}`;
  return { c, email, id: user.id as string };
}

/** The i-th distinct hour of a day ("08:00", "09:00", …): one host's events must not overlap. */
function hour(i: number): string {
  return `${String(8 + i).padStart(2, "0")}:00`;
}

function oneToOne(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    eventName: "Intro call",
    eventType: "Google Meet",
    description: "Getting to know each other.",
    date: dayFromNow(10),
    time: "10:00",
    duration: "30",
    targetedEmail: "guest@example.org",
    ...overrides,
  };
}

function group(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    eventName: "Team sync",
    eventType: "In Person Meeting",
    description: "Weekly planning.",
    date: dayFromNow(12),
    time: "15:30",
    duration: "60",
    email1: "a@example.org",
    email2: "b@example.org",
    email3: "c@example.org",
    email4: "d@example.org",
    ...overrides,
  };
}

async function eventsOf(hostId: string) {
  return db`select id, event_name, event_type, event_with, description, starts_at, ends_at, room_id, sequence
            from events where host_id = ${hostId} order by starts_at`;
}

async function inviteesOf(eventId: string) {
  return (await db`select email from event_invitees where event_id = ${eventId} order by position`).map((r) => r.email);
}

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: string; encoding: string }[];
}

async function mailsMentioning(tag: string): Promise<OutboxRow[]> {
  await bookingMailsSettled(db);
  return db<
    OutboxRow[]
  >`select "to", subject, text, attachments from mail_outbox where subject like ${`%${tag}%`} order by created_at`;
}

function icsOf(mail: OutboxRow): string {
  const a = mail.attachments[0];
  expect(a).toBeDefined();
  const text = a.encoding === "base64" ? Buffer.from(a.content, "base64").toString("utf8") : a.content;
  return text.replace(/\r?\n[ \t]/g, ""); // unfold RFC 5545 continuation lines
}

async function unreadCount(c: HttpClient): Promise<number> {
  const html = await (await c.get("/dashboard")).text();
  const m = html.match(/data-testid="notification-count"[^>]*>(\d+)</);
  return m ? Number(m[1]) : 0;
}

async function createdOk(c: HttpClient, path: string, form: Record<string, string>) {
  const res = await c.post(path, form);
  expect(res.status, await res.clone().text()).toBe(302);
  expect(res.headers.get("location")).toBe("/dashboard");
  return res;
}

describe("event pages need a signed-in host", () => {
  it("sends visitors to sign-in from every event page and refuses their posts", async () => {
    const c = client();
    for (const path of ["/eventtype", "/one-to-one", "/group-meeting", "/dashboard"]) {
      const res = await c.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/signin?${new URLSearchParams({ redirectTo: path })}`);
    }
    const before = (await db`select count(*)::int as n from events`)[0].n;
    const res = await c.post("/one-to-one", oneToOne());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/signin/);
    expect((await db`select count(*)::int as n from events`)[0].n).toBe(before);
  });
});

describe("creating a one-to-one event", () => {
  it("stores it at the instant the host meant in their time zone, mails the invitee an ICS request and notifies the host", async () => {
    const h = await host("one", "user", "America/New_York");
    const tag = `Kickoff ${Date.now()}`;
    // 2027-01-15 09:00 in New York (EST, UTC-5) is 14:00 UTC.
    const res = await createdOk(
      h.c,
      "/one-to-one",
      oneToOne({
        eventName: tag,
        date: "2027-01-15",
        time: "09:00",
        duration: "45",
        targetedEmail: " Guest@Example.ORG ",
      }),
    );
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__toast="))).toBe(true);

    const [event] = await eventsOf(h.id);
    expect(event.event_name).toBe(tag);
    expect(event.event_with).toBe("One-to-One");
    expect(event.starts_at.toISOString()).toBe("2027-01-15T14:00:00.000Z");
    expect(event.ends_at.toISOString()).toBe("2027-01-15T14:45:00.000Z");
    expect(event.room_id).toMatch(/^[0-9a-f]{32}$/);
    expect(await inviteesOf(event.id)).toEqual(["guest@example.org"]);

    const [mail] = await mailsMentioning(tag);
    expect(mail.to).toBe("guest@example.org");
    expect(mail.subject).toContain("Invitation");
    // A host's own event: its invitees' zone is unknown, so the host's, named by its city (decision 028).
    expect(mail.text).toContain("Fri, Jan 15, 2027, 9:00 AM New York");
    expect(mail.text).toContain(event.room_id);
    const ics = icsOf(mail);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:${event.id}@`);
    expect(ics).toContain("DTSTART:20270115T140000Z");
    expect(ics).toContain("SEQUENCE:0");
    expect(ics).toMatch(/ATTENDEE;[^\r\n]*mailto:guest@example\.org/);

    // The bell is for what others did: the host's own new event is not in it.
    const notes = await db`select notification from notifications where user_id = ${h.id}`;
    expect(notes.map((n) => n.notification)).toEqual([]);

    // The list shows it with the product's heading and the host's e-mail.
    const html = await (await h.c.get("/dashboard")).text();
    expect(html).toContain("My Schedule Calender");
    expect(html).toContain(h.email);
    expect(html).toContain(tag);
    // The room id is the room's only secret: not on the list page.
    expect(html).not.toContain(event.room_id);
  });

  it("answers bad input with 400 and a message per field, storing nothing", async () => {
    const h = await host("bad");
    const cases: [Record<string, string>, string[]][] = [
      [oneToOne({ eventName: "  ", description: "" }), ["Event type is required.", "Description is required."]],
      [oneToOne({ eventType: "Carrier pigeon" }), ["Choose how you will meet."]],
      [oneToOne({ date: dayFromNow(-1) }), ["Choose a date and time in the future."]],
      [oneToOne({ date: "2027-02-30" }), ["Choose a date."]],
      [oneToOne({ time: "25:00" }), ["Choose a time."]],
      [oneToOne({ duration: "abc" }), ["Choose a duration."]],
      [oneToOne({ duration: "2" }), ["A meeting lasts at least 5 minutes."]],
      [oneToOne({ targetedEmail: "not-an-email" }), ["Enter a valid e-mail address."]],
      [oneToOne({ targetedEmail: "" }), ["Enter the invitee&#x27;s e-mail."]],
      [oneToOne({ description: "x".repeat(5001) }), ["Keep the description to 5000 characters or fewer."]],
    ];
    for (const [form, messages] of cases) {
      const res = await h.c.post("/one-to-one", form);
      expect(res.status, JSON.stringify(form).slice(0, 200)).toBe(400);
      const html = await res.text();
      for (const m of messages) expect(html).toContain(m);
    }
    // What the host typed is still in the form after an error.
    const html = await (
      await h.c.post("/one-to-one", oneToOne({ eventName: "Keep me", targetedEmail: "nope" }))
    ).text();
    expect(html).toMatch(/value="Keep me"/);
    expect(await eventsOf(h.id)).toHaveLength(0);
  });

  it("refuses a wall-clock time the clocks skip (daylight saving) in the host's zone", async () => {
    const h = await host("dst", "user", "America/New_York");
    // On 2027-03-14 New York jumps from 02:00 to 03:00.
    const res = await h.c.post("/one-to-one", oneToOne({ date: "2027-03-14", time: "02:30" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The clocks skip this time in America/New_York");
    await createdOk(h.c, "/one-to-one", oneToOne({ date: "2027-03-14", time: "03:30" }));
    const [event] = await eventsOf(h.id);
    expect(event.starts_at.toISOString()).toBe("2027-03-14T07:30:00.000Z"); // EDT, UTC-4
  });

  it("refuses a 1 MB description cleanly: 413 from the body limit, or 400 below it, never a 500", async () => {
    const h = await host("huge");
    const big = await h.c.post("/one-to-one", oneToOne({ description: "x".repeat(1024 * 1024 + 10) }));
    expect(big.status).toBe(413);
    const nearly = await h.c.post("/one-to-one", oneToOne({ description: "x".repeat(900 * 1024) }));
    expect(nearly.status).toBe(400);
    expect(await nearly.text()).toContain("Keep the description to 5000 characters or fewer.");
    expect(await eventsOf(h.id)).toHaveLength(0);
  });
});

describe("creating a group event", () => {
  it("stores up to four invitees in order and mails them all one invitation", async () => {
    const h = await host("group");
    const tag = `Sync ${Date.now()}`;
    await createdOk(h.c, "/group-meeting", group({ eventName: tag }));
    const [event] = await eventsOf(h.id);
    expect(event.event_with).toBe("Group");
    expect(event.event_type).toBe("In Person Meeting");
    expect(await inviteesOf(event.id)).toEqual(["a@example.org", "b@example.org", "c@example.org", "d@example.org"]);
    const mails = await mailsMentioning(tag);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe("a@example.org, b@example.org, c@example.org, d@example.org");
    const ics = icsOf(mails[0]);
    for (const e of ["a", "b", "c", "d"]) expect(ics).toContain(`mailto:${e}@example.org`);
  });

  it("needs the first invitee only, skips blanks, and refuses invalid or repeated addresses", async () => {
    const h = await host("group-bad");
    const missing = await h.c.post("/group-meeting", group({ email1: "" }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter at least one invitee&#x27;s e-mail.");
    const invalid = await h.c.post("/group-meeting", group({ email3: "c@" }));
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Enter a valid e-mail address.");
    const repeated = await h.c.post("/group-meeting", group({ email4: "A@example.org" }));
    expect(repeated.status).toBe(400);
    expect(await repeated.text()).toContain("This e-mail is already invited.");
    expect(await eventsOf(h.id)).toHaveLength(0);

    await createdOk(h.c, "/group-meeting", group({ email2: "", email3: "", email4: "d@example.org" }));
    const [event] = await eventsOf(h.id);
    expect(await inviteesOf(event.id)).toEqual(["a@example.org", "d@example.org"]);
  });

  it("takes blank invitees typed as spaces as absent, like empty ones", async () => {
    const h = await host("group-spaces");
    await createdOk(h.c, "/group-meeting", group({ email2: "   ", email3: " ", email4: "d@example.org" }));
    const [event] = await eventsOf(h.id);
    expect(await inviteesOf(event.id)).toEqual(["a@example.org", "d@example.org"]);
  });
});

describe("the free event cap", () => {
  it("allows three upcoming events, then sends the pages to /pricing and refuses a direct fourth POST with 403", async () => {
    const h = await host("cap");
    for (let i = 0; i < 3; i += 1)
      await createdOk(h.c, "/one-to-one", oneToOne({ eventName: `Cap ${i}`, time: hour(i) }));
    for (const path of ["/eventtype", "/one-to-one", "/group-meeting"]) {
      const res = await h.c.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/pricing");
      const pricing = await (await h.c.get("/pricing")).text();
      expect(pricing).toContain("You reached the maximum event creation limit !! Teke a package.");
    }
    // A direct POST is refused too: the action answers 403, and the page's loader then sends the
    // browser (which asked for a document) on to /pricing with the toast.
    const fourth = await h.c.post("/group-meeting", group());
    expect(fourth.status).toBe(302);
    expect(fourth.headers.get("location")).toBe("/pricing");
    expect(await (await h.c.get("/pricing")).text()).toContain(
      "You reached the maximum event creation limit !! Teke a package.",
    );
    // The browser with JavaScript (Remix's single-fetch .data request) gets the action's own 403.
    const scripted = await h.c.post("/group-meeting.data", group());
    expect(scripted.status).toBe(403);
    expect(await scripted.text()).toContain("You reached the maximum event creation limit !! Teke a package.");
    expect(await eventsOf(h.id)).toHaveLength(3);
    // The dashboard says so next to the button.
    expect(visibleText(await (await h.c.get("/dashboard")).text())).toContain(
      "3 of 3 upcoming events on the free plan",
    );
  });

  it("the dashboard's counter counts what the cap counts: guests' bookings are not the host's own events", async () => {
    const h = await host("cap-guests");
    await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_email)
             select ${h.id}, 'Booked ' || g, 'Phone Call', 'One-to-One', 'a guest booked it', now() + interval '3 days' + g * interval '1 hour', now() + interval '3 days' + g * interval '1 hour' + interval '30 minutes', 'guest' || g || '@example.test'
             from generate_series(1, 5) g`;
    await createdOk(h.c, "/one-to-one", oneToOne());
    const text = visibleText(await (await h.c.get("/dashboard")).text());
    expect(text).toContain("1 of 3 upcoming events on the free plan");
    expect(text).not.toMatch(/upcoming events on the free plan\s*·\s*upgrade/);
  });

  it("does not count past events", async () => {
    const h = await host("cap-past");
    await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
             select ${h.id}, 'Old ' || g, 'Phone Call', 'One-to-One', 'done', now() - interval '3 days' + g * interval '1 hour', now() - interval '3 days' + g * interval '1 hour' + interval '30 minutes'
             from generate_series(1, 3) g`;
    await createdOk(h.c, "/one-to-one", oneToOne());
    expect(await eventsOf(h.id)).toHaveLength(4);
  });

  it("lets only one of several simultaneous creates at the cap through, across both servers", async () => {
    const h = await host("cap-race");
    for (let i = 0; i < 2; i += 1)
      await createdOk(h.c, "/one-to-one", oneToOne({ eventName: `Race ${i}`, time: hour(i) }));
    const [a, b] = servers();
    const cookie = h.c.cookieHeader();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const c = new HttpClient(i % 2 ? a : b, { "x-forwarded-for": `10.99.${i}.${Date.now() % 250}` });
        return c.request("/one-to-one", {
          form: oneToOne({ eventName: `Racer ${i}`, time: hour(2 + i) }),
          headers: { cookie },
        });
      }),
    );
    const outcomes = results.map((r) => `${r.status} ${r.headers.get("location")}`);
    expect(outcomes.filter((o) => o === "302 /dashboard")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "302 /pricing")).toHaveLength(7);
    expect(await eventsOf(h.id)).toHaveLength(3);
  });

  it("does not apply to professionals or admins", async () => {
    for (const role of ["professional", "admin"] as const) {
      const h = await host(`nocap-${role}`, role);
      for (let i = 0; i < 4; i += 1)
        await createdOk(h.c, "/one-to-one", oneToOne({ eventName: `${role} ${i}`, time: hour(i) }));
      expect((await h.c.get("/eventtype")).status).toBe(200);
      expect(await eventsOf(h.id)).toHaveLength(4);
      expect(await (await h.c.get("/dashboard")).text()).not.toContain('data-testid="event-cap"');
    }
  });

  it("refuses moving a past event back into the future at the cap", async () => {
    const h = await host("cap-move");
    for (let i = 0; i < 3; i += 1)
      await createdOk(h.c, "/one-to-one", oneToOne({ eventName: `Now ${i}`, time: hour(i) }));
    const [old] =
      await db`insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at)
             values (${h.id}, 'Old one', 'Phone Call', 'One-to-One', 'done', now() - interval '2 days', now() - interval '2 days' + interval '30 minutes')
             returning id`;
    const res = await h.c.post(`/dashboard?index&edit=${old.id}`, {
      intent: "update",
      eventId: old.id,
      eventName: "Old one again",
      eventType: "Phone Call",
      description: "again",
      date: dayFromNow(5),
      time: "09:00",
      duration: "30",
    });
    expect(res.status).toBe(403);
    const [row] = await db`select event_name from events where id = ${old.id}`;
    expect(row.event_name).toBe("Old one");
  });
});

describe("updating and deleting", () => {
  it("updates the host's event, bumps the ICS sequence, mails the invitees and notifies the host", async () => {
    const h = await host("update");
    const tag = `Upd ${Date.now()}`;
    await createdOk(h.c, "/group-meeting", group({ eventName: tag, email3: "", email4: "" }));
    const [event] = await eventsOf(h.id);

    const edit = await h.c.get(`/dashboard?edit=${event.id}`);
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain(`Update ${tag}`);

    const renamed = `${tag} moved`;
    const res = await h.c.post(`/dashboard?index&edit=${event.id}`, {
      intent: "update",
      eventId: event.id,
      eventName: renamed,
      eventType: "Google Meet",
      description: "New agenda",
      date: dayFromNow(20),
      time: "08:15",
      duration: "90",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const [after] = await eventsOf(h.id);
    expect(after.event_name).toBe(renamed);
    expect(after.event_type).toBe("Google Meet");
    expect(after.sequence).toBe(1);
    expect(after.starts_at.toISOString()).toBe(`${dayFromNow(20)}T08:15:00.000Z`);
    expect(after.ends_at.getTime() - after.starts_at.getTime()).toBe(90 * 60_000);
    expect(after.room_id).toBe(event.room_id);

    const mails = await mailsMentioning(tag);
    expect(mails.map((m) => m.subject.split(":")[0])).toEqual(["Invitation", "Updated invitation"]);
    expect(mails[1].to).toBe("a@example.org, b@example.org");
    const ics = icsOf(mails[1]);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain(`UID:${event.id}@`);

    // Renamed at the same time: an `updated` record, after the move's `rescheduled` one; each
    // change's record was written with it and its mails came from the record (decision 030).
    const sameTime = await h.c.post(`/dashboard?index&edit=${event.id}`, {
      intent: "update",
      eventId: event.id,
      eventName: `${tag} renamed`,
      eventType: "Google Meet",
      description: "New agenda",
      date: dayFromNow(20),
      time: "08:15",
      duration: "90",
    });
    expect(sameTime.status).toBe(302);
    const records = await db<
      { kind: string; actor: string; old_starts_at: Date | null; new_starts_at: Date | null; delivered: boolean }[]
    >`
      select e.kind, e.actor, e.old_starts_at, e.new_starts_at, d.delivered_at is not null as delivered
      from booking_events e join booking_event_deliveries d on d.booking_event_id = e.id and d.consumer = 'mail'
      where e.event_id = ${event.id} order by e.created_at`;
    expect(records.map((r) => [r.kind, r.actor])).toEqual([
      ["created", "host"],
      ["rescheduled", "host"],
      ["updated", "host"],
    ]);
    expect(records[1].old_starts_at?.getTime()).toBe(event.starts_at.getTime());
    expect(records[1].new_starts_at?.toISOString()).toBe(`${dayFromNow(20)}T08:15:00.000Z`);
    await bookingMailsSettled(db);
    // Every consumer (mail, calendars, webhooks) ends up delivering each record; the others run
    // on their own after the mail, so this waits for them rather than reading once.
    const undelivered = async () =>
      (
        await db<
          { n: number }[]
        >`select count(*)::int as n from booking_event_deliveries d join booking_events e on e.id = d.booking_event_id where e.event_id = ${event.id} and d.delivered_at is null`
      )[0].n;
    expect(await eventually(undelivered, (n) => n === 0, 20_000)).toBe(0);
    expect((await mailsMentioning(tag)).map((m) => m.subject.split(":")[0])).toEqual([
      "Invitation",
      "Updated invitation",
      "Updated invitation",
    ]);

    const bad = await h.c.post(`/dashboard?index&edit=${event.id}`, {
      intent: "update",
      eventId: event.id,
      eventName: "",
      eventType: "Google Meet",
      description: "x",
      date: dayFromNow(-2),
      time: "08:15",
      duration: "30",
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Event type is required.");
    expect((await eventsOf(h.id))[0].event_name).toBe(`${tag} renamed`);
  });

  it("deletes the host's event, sends the invitees a cancellation and notifies the host", async () => {
    const h = await host("delete");
    const tag = `Del ${Date.now()}`;
    await createdOk(h.c, "/one-to-one", oneToOne({ eventName: tag }));
    const [event] = await eventsOf(h.id);
    expect((await h.c.get(`/dashboard?delete=${event.id}`)).status).toBe(200);
    const res = await h.c.post("/dashboard?index", { intent: "delete", eventId: event.id });
    expect(res.status).toBe(302);
    expect(await eventsOf(h.id)).toHaveLength(0);
    expect(await inviteesOf(event.id)).toEqual([]);
    const mails = await mailsMentioning(tag);
    expect(mails.map((m) => m.subject.split(":")[0])).toEqual(["Invitation", "Cancelled"]);
    const ics = icsOf(mails[1]);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain(`UID:${event.id}@`);
    const notes = await db`select notification from notifications where user_id = ${h.id} order by created_at`;
    expect(notes.map((n) => n.notification)).toEqual([]);
    // Deleting again: it is gone.
    expect((await h.c.post("/dashboard?index", { intent: "delete", eventId: event.id })).status).toBe(404);
  });

  it("a cancelled event reads as cancelled: badge, no Update/Join; Update answers 409 on the page and PUT /event/{id}; Delete removes it", async () => {
    const h = await host("cancelled");
    const tag = `Cnl ${Date.now()}`;
    await createdOk(h.c, "/one-to-one", oneToOne({ eventName: tag, time: "11:00" }));
    const [event] = await eventsOf(h.id);
    expect((await h.c.post("/dashboard/scheduledEvents", { intent: "cancel", eventId: event.id })).status).toBe(302);
    expect((await db`select status from events where id = ${event.id}`)[0].status).toBe("cancelled");

    const html = await (await h.c.get("/dashboard")).text();
    const card = html.slice(html.indexOf(`id="event-${event.id}"`));
    expect(card).toContain('data-testid="cancelled-badge"');
    expect(html).not.toContain(`id="edit-${event.id}"`);
    expect(html).not.toContain(`id="join-${event.id}"`);
    expect(html).toContain(`id="delete-${event.id}"`);
    expect((await h.c.get(`/dashboard?edit=${event.id}`)).status).toBe(409);
    expect((await h.c.get(`/dashboard?join=${event.id}`)).status).toBe(409);

    const page = await h.c.post(`/dashboard?index&edit=${event.id}`, {
      intent: "update",
      eventId: event.id,
      eventName: `${tag} moved`,
      eventType: "Google Meet",
      description: "x",
      date: dayFromNow(21),
      time: "09:00",
      duration: "30",
    });
    expect(page.status).toBe(409);
    expect(visibleText(await page.text())).toContain("This event was cancelled; it cannot be changed.");
    const token = (
      (await (
        await fetch(new URL("/api/token", servers()[1]), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: h.email, password: "correct-horse-battery" }),
        })
      ).json()) as { token: string }
    ).token;
    const put = await fetch(new URL(`/event/${event.id}`, servers()[1]), {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        eventName: "Moved",
        eventType: "Google Meet",
        description: "x",
        dateTime: `${dayFromNow(22)}T09:00:00Z`,
      }),
    });
    expect(put.status).toBe(409);
    expect(await put.json()).toEqual({
      error: { code: "event_cancelled", message: "This event was cancelled; it cannot be changed." },
    });
    const [still] = await db`select event_name, starts_at, status, sequence from events where id = ${event.id}`;
    expect(still).toMatchObject({ event_name: tag, status: "cancelled", sequence: 1 });
    expect(still.starts_at.toISOString()).toBe(`${dayFromNow(10)}T11:00:00.000Z`);

    // Delete removes a cancelled one from the list without telling the invitee a second time.
    expect((await h.c.post("/dashboard?index", { intent: "delete", eventId: event.id })).status).toBe(302);
    expect(await db`select id from events where id = ${event.id}`).toHaveLength(0);
    expect((await mailsMentioning(tag)).map((m) => m.subject.split(":")[0])).toEqual(["Invitation", "Cancelled"]);
  });

  it("answers an unknown intent with 400", async () => {
    const h = await host("intent");
    expect((await h.c.post("/dashboard?index", { intent: "explode" })).status).toBe(400);
  });
});

describe("another host's event", () => {
  it("is not found for reading, joining, updating or deleting, and stays as it was", async () => {
    const owner = await host("owner");
    await createdOk(owner.c, "/one-to-one", oneToOne({ eventName: "Private" }));
    const [event] = await eventsOf(owner.id);
    const other = await host("other");

    for (const kind of ["edit", "delete", "join"]) {
      const res = await other.c.get(`/dashboard?${kind}=${event.id}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(event.room_id);
    }
    const upd = await other.c.post(`/dashboard?index&edit=${event.id}`, {
      intent: "update",
      eventId: event.id,
      eventName: "Hijacked",
      eventType: "Phone Call",
      description: "x",
      date: dayFromNow(3),
      time: "10:00",
      duration: "30",
    });
    expect(upd.status).toBe(404);
    expect((await other.c.post("/dashboard?index", { intent: "delete", eventId: event.id })).status).toBe(404);
    const [still] = await eventsOf(owner.id);
    expect(still.event_name).toBe("Private");
    expect(still.sequence).toBe(0);

    // Ids that are not ids at all: 404, not 500.
    expect((await other.c.get("/dashboard?edit=not-a-uuid")).status).toBe(404);
    expect(
      (await other.c.post("/dashboard?index", { intent: "delete", eventId: "'; drop table events; --" })).status,
    ).toBe(404);
  });
});

describe("joining", () => {
  it("links the host to the event's own video room with camera and microphone on and their display name", async () => {
    const h = await host("join");
    await createdOk(h.c, "/one-to-one", oneToOne());
    const [event] = await eventsOf(h.id);
    const html = await (await h.c.get(`/dashboard?join=${event.id}`)).text();
    const href =
      html.match(/<a [^>]*data-testid="join-now"[^>]*>/)?.[0] ??
      html.match(/<a [^>]*href="([^"]*)"[^>]*data-testid="join-now"/)?.[0];
    expect(href).toBeDefined();
    const url = new URL((href as string).match(/href="([^"]+)"/)?.[1].replace(/&amp;/g, "&") ?? "");
    expect(url.origin).toBe("https://meet.jit.si");
    expect(url.pathname).toBe(`/Scheduler-${event.room_id}`);
    expect(url.hash).toContain("config.startWithAudioMuted=false");
    expect(url.hash).toContain("config.startWithVideoMuted=false");
    expect(decodeURIComponent(url.hash)).toContain('userInfo.displayName="Host join"');
    expect(href).toContain('target="_blank"');

    // Every event has its own room.
    await createdOk(h.c, "/one-to-one", oneToOne({ date: dayFromNow(11) }));
    const rooms = new Set((await eventsOf(h.id)).map((e) => e.room_id));
    expect(rooms.size).toBe(2);
  });

  it("offers Join Meeting only where there is a video link: not for in-person, phone or pending meetings", async () => {
    const h = await host("nojoin", "professional");
    await createdOk(h.c, "/one-to-one", oneToOne({ eventType: "In Person Meeting", time: "09:00" }));
    await createdOk(h.c, "/one-to-one", oneToOne({ eventType: "Phone Call", time: "11:00" }));
    await createdOk(h.c, "/one-to-one", oneToOne({ eventName: "Video chat", time: "13:00" }));
    await createdOk(h.c, "/one-to-one", oneToOne({ eventName: "Waiting chat", time: "15:00" }));
    const events = await eventsOf(h.id);
    const byType = (type: string, name = "Intro call") =>
      events.find((e) => e.event_type === type && e.event_name === name) as { id: string };
    const waiting = byType("Google Meet", "Waiting chat");
    await db`update events set status = 'pending' where id = ${waiting.id}`;
    const html = await (await h.c.get("/dashboard")).text();
    expect(html).not.toContain(`id="join-${byType("In Person Meeting").id}"`);
    expect(html).not.toContain(`id="join-${byType("Phone Call").id}"`);
    expect(html).not.toContain(`id="join-${waiting.id}"`);
    expect(html).toContain(`id="join-${byType("Google Meet", "Video chat").id}"`);
    // The place still says where to meet.
    expect(visibleText(html)).toContain("Where: In Person Meeting");
  });
});

describe("notifications", () => {
  it("count up with what others did and broadcasts (not the host's own activity), and down when read; other users' stay private", async () => {
    const h = await host("bell");
    const stranger = await host("stranger");
    await db`update users set notifications_seen_at = now() where id in (${h.id}, ${stranger.id})`;
    expect(await unreadCount(h.c)).toBe(0);

    // The host's own new events are not news to them.
    await createdOk(h.c, "/one-to-one", oneToOne({ eventName: "Own one" }));
    await createdOk(h.c, "/group-meeting", group({ eventName: "Own two" }));
    expect(await unreadCount(h.c)).toBe(0);
    // Two things others did (a guest's booking, an admin's cancel write rows like these).
    await db`insert into notifications (user_id, notification) values (${h.id}, 'Bell one')`;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await db`insert into notifications (user_id, notification) values (${h.id}, 'Bell two')`;
    expect(await unreadCount(h.c)).toBe(2);
    expect(await unreadCount(stranger.c)).toBe(0);

    const html = await (await h.c.get("/dashboard")).text();
    expect(html.indexOf("Bell two")).toBeLessThan(html.indexOf("Bell one")); // newest first in the panel

    // With JavaScript the bell posts in the background and gets JSON.
    const read = await h.c.request("/notifications/read", {
      method: "POST",
      headers: { origin: h.c.baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ ok: true });
    expect(await unreadCount(h.c)).toBe(0);

    await db`insert into notifications (user_id, notification) values (null, 'Broadcast for everybody')`;
    expect(await unreadCount(h.c)).toBe(1);
    expect(await unreadCount(stranger.c)).toBe(1);

    // Without JavaScript: the panel's button posts back to the page it was on.
    const back = await h.c.post("/notifications/read", { redirectTo: "/dashboard?join=x" });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/dashboard?join=x");
    expect(await unreadCount(h.c)).toBe(0);
    expect(await unreadCount(stranger.c)).toBe(1);

    // Off-site redirects are not followed; visitors cannot mark anything.
    const offsite = await h.c.post("/notifications/read", { redirectTo: "https://evil.example/" });
    expect(offsite.headers.get("location")).toBe("/");
    const visitor = await client().post("/notifications/read", {});
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/signin/);
  });

  it("a new account starts with nothing unread: announcements made before it are not news, later ones and its own are; each entry says when, in the reader's zone", async () => {
    await db`insert into notifications (user_id, notification, created_at)
      values (null, 'Announcement before the account', now() - interval '3 days')`;
    const fresh = await host("bell-fresh", "user", "Asia/Tokyo");
    expect(await unreadCount(fresh.c)).toBe(0);
    let html = await (await fresh.c.get("/dashboard")).text();
    expect(html).toContain("Announcement before the account");

    await db`insert into notifications (user_id, notification) values (null, 'Announcement after the account')`;
    await db`insert into notifications (user_id, notification, created_at)
      values (${fresh.id}, 'Own, an hour ago', now() - interval '61 minutes')`;
    expect(await unreadCount(fresh.c)).toBe(2);

    html = await (await fresh.c.get("/dashboard")).text();
    const entry = (text: string) => {
      const at = html.indexOf(text);
      expect(at, text).toBeGreaterThan(-1);
      return html.slice(at, html.indexOf("</li>", at));
    };
    expect(entry("Announcement after the account")).toMatch(/<time dateTime="[^"]+Z"[^>]*>just now<\/time>/);
    expect(entry("Own, an hour ago")).toMatch(/<time [^>]*>1 h ago<\/time>/);
    // Three days ago: its date and clock time in Tokyo, with the year when it was another.
    const [{ label }] = await db<{ label: string }[]>`
      select to_char(created_at at time zone 'Asia/Tokyo',
          case when date_part('year', created_at at time zone 'Asia/Tokyo') = date_part('year', now() at time zone 'Asia/Tokyo')
            then 'Mon FMDD, FMHH12:MI AM' else 'Mon FMDD, YYYY, FMHH12:MI AM' end) as label
      from notifications where notification = 'Announcement before the account'
      order by created_at desc limit 1`;
    expect(entry("Announcement before the account")).toContain(`>${label}</time>`);
  });
});
