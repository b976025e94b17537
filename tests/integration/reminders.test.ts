import crypto from "node:crypto";
import type postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail, visibleText } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { startFakeSmtp, type FakeSmtp } from "../support/smtp";
import { settled, severalPolls, sleep, twoJobServers } from "./job-servers";

/**
 * Reminders and follow-ups (docs/decisions/022), end to end: a database of their own and two
 * app servers on it whose job runners poll every 200 ms, so both race for every due reminder.
 * Events are put in the database directly when a time in the near past is needed (booked
 * long ago, ended a minute ago); moves go through the JSON API like a real client's.
 */

const PASSWORD = "correct-horse-battery";
const jobs = twoJobServers("scheduler_remind");

async function newHost(prefix: string, timeZone = "Europe/Berlin", server = 0) {
  const c = new HttpClient(jobs.servers[server].url, {
    "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const email = uniqueEmail(prefix);
  const res = await c.post("/signup", { name: `Host ${prefix}`, email, password: PASSWORD, confirmPassword: PASSWORD });
  expect(res.status).toBe(302);
  await jobs.db`update users set time_zone = ${timeZone} where email = ${email}`;
  const [u] = await jobs.db`select id from users where email = ${email}`;
  return { c, email, id: u.id as string };
}

const MIN = 60_000;

/**
 * An event of `hostId` put straight into the database, booked `bookedAgoMs` ago (the trigger
 * stamps start_set_at with now(); a later update of that column alone back-dates it).
 */
async function insertEvent(
  hostId: string,
  o: {
    title: string;
    startsIn: number;
    minutes?: number;
    invitees?: string[];
    guestEmail?: string;
    guestZone?: string;
    status?: string;
    bookedAgoMs?: number;
  },
  sql: postgres.Sql | postgres.TransactionSql = jobs.db,
) {
  const starts = new Date(Date.now() + o.startsIn);
  const ends = new Date(starts.getTime() + (o.minutes ?? 1) * MIN);
  const [e] = await sql`
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status, guest_email, guest_name, guest_time_zone, booking_token_hash)
    values (${hostId}, ${o.title}, 'Google Meet', 'One-to-One', 'Reminded', ${starts}, ${ends}, ${o.status ?? "confirmed"},
            ${o.guestEmail ?? null}, ${o.guestEmail ? "Gina Guest" : null}, ${o.guestZone ?? null}, ${o.guestEmail ? crypto.randomUUID() : null})
    returning id`;
  const invitees = o.invitees ?? (o.guestEmail ? [o.guestEmail] : []);
  for (const [i, email] of invitees.entries())
    await sql`insert into event_invitees (event_id, position, email) values (${e.id}, ${i + 1}, ${email})`;
  await sql`update events set start_set_at = ${new Date(Date.now() - (o.bookedAgoMs ?? 2 * 86_400_000))} where id = ${e.id}`;
  return e.id as string;
}

const mailsAbout = (title: string) =>
  jobs.db<{ to: string; subject: string; text: string; html: string; status: string }[]>`
    select "to", subject, text, html, status from mail_outbox where subject like ${`%${title}%`} order by "to"`;
const notesAbout = (hostId: string, title: string) =>
  jobs.db<
    { notification: string }[]
  >`select notification from notifications where user_id = ${hostId} and notification like ${`%'${title}'%`}`;
const deliveriesOf = (eventId: string) =>
  jobs.db<
    { rule: string; starts_at: Date }[]
  >`select rule, starts_at from reminder_deliveries where event_id = ${eventId} order by sent_at`;

describe("reminders sent by the job runner of two app servers", () => {
  it("sends each due reminder exactly once: one e-mail per guest (in the guest's zone), one bell notification", async () => {
    const host = await newHost("remind-once", "Europe/Berlin");
    const tag = `Once-${Date.now()}`;
    // 12 half-minute events 3 to 11 minutes from now, booked two days ago: the 24-hour e-mail
    // (late, but before the start) and the host's 15-minute reminder are due for all at once.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await insertEvent(host.id, {
          title: `${tag}-${i}`,
          startsIn: 3 * MIN + i * 40_000,
          minutes: 0.5,
          guestEmail: `gina-${i}@example.org`,
          guestZone: "Asia/Tokyo",
          invitees: [`gina-${i}@example.org`, `otto-${i}@example.org`],
        }),
      );
    }
    const all = () =>
      jobs.db<{ n: number }[]>`select count(*)::int as n from reminder_deliveries where event_id in ${jobs.db(ids)}`;
    await settled(all, ([r]) => r.n >= 24);
    await severalPolls();
    expect((await all())[0].n).toBe(24);

    const mails = await mailsAbout(tag);
    expect(mails).toHaveLength(24);
    for (let i = 0; i < 12; i++) {
      const mine = mails.filter((m) => m.subject.includes(`${tag}-${i} `));
      expect(mine.map((m) => m.to).sort()).toEqual([`gina-${i}@example.org`, `otto-${i}@example.org`]);
      // The guest reads Tokyo time; the other invitee the host's zone.
      // (decision 028: the reader's zone named by its city, the host's in brackets when it differs)
      expect(mine.find((m) => m.to.startsWith("gina"))!.text).toMatch(/ Tokyo \(\d{1,2}:\d{2} [AP]M Berlin/);
      expect(mine.find((m) => m.to.startsWith("otto"))!.text).toMatch(/\d{1,2}:\d{2} [AP]M Berlin, /);
      expect(mine[0].status).toBe("stored");
      expect(mine[0].text).toContain("links in your booking confirmation e-mail");
      expect(mine[0].html).toMatch(/<p[\s>]/);
    }
    const notes = await jobs.db<
      { notification: string }[]
    >`select notification from notifications where user_id = ${host.id} and notification like ${`Reminder: '${tag}-%`}`;
    expect(notes).toHaveLength(12);
    expect(notes[0].notification).toMatch(/with Gina Guest starts in \d+ minutes/);
    // The bell shows it.
    const dashboard = visibleText(await (await host.c.get("/dashboard")).text());
    expect(dashboard).toContain(`Reminder: '${tag}-0' with Gina Guest`);
  });

  it("a group session's reminder and follow-up reach every confirmed seat's guest and their extra guests, once each", async () => {
    const host = await newHost("remind-seats", "Europe/Berlin");
    const tag = `Seats-${Date.now()}`;
    const saved = await host.c.post("/dashboard/workFlow", {
      guestEmailOn: "on",
      guestEmailAmount: "1",
      guestEmailUnit: "days",
      secondGuestEmailAmount: "1",
      secondGuestEmailUnit: "hours",
      hostInAppAmount: "15",
      hostInAppUnit: "minutes",
      followUpOn: "on",
      followUpAmount: "0",
      followUpUnit: "minutes",
      followUpMessage: "Thanks for coming.",
    });
    expect(saved.status).toBe(302);
    // 3 confirmed seats with 9 people in all, and a cancelled seat; the session's invitee list
    // holds only the first four, as a real session's does.
    const seats = [
      {
        email: `sa-${tag}@example.org`,
        zone: "Asia/Tokyo",
        guests: [`sa1-${tag}@example.org`, `sa2-${tag}@example.org`],
        status: "confirmed",
      },
      {
        email: `sb-${tag}@example.org`,
        zone: "America/New_York",
        guests: [`sb1-${tag}@example.org`],
        status: "confirmed",
      },
      {
        email: `sc-${tag}@example.org`,
        zone: "Europe/London",
        guests: [`sc1-${tag}@example.org`, `sc2-${tag}@example.org`, `sc3-${tag}@example.org`],
        status: "confirmed",
      },
      { email: `sd-${tag}@example.org`, zone: "UTC", guests: [`sd1-${tag}@example.org`], status: "cancelled" },
    ];
    const people = seats
      .filter((x) => x.status === "confirmed")
      .flatMap((x) => [x.email, ...x.guests])
      .map((x) => x.toLowerCase())
      .sort();
    expect(people.length).toBe(9);
    // One transaction: the job runners (polling every 200 ms) must never see the session without its seats.
    const session = (title: string, startsIn: number, minutes: number) =>
      jobs.db.begin(async (tx) => {
        const id = await insertEvent(
          host.id,
          {
            title,
            startsIn,
            minutes,
            guestEmail: seats[0].email,
            guestZone: seats[0].zone,
            invitees: [seats[0].email, ...seats[0].guests, seats[1].email],
            bookedAgoMs: 2 * 86_400_000,
          },
          tx,
        );
        await tx`update events set event_with = 'Group' where id = ${id}`;
        for (const [i, x] of seats.entries()) {
          await tx`insert into booking_seats (event_id, name, email, time_zone, guests, token_hash, status, created_at)
                   values (${id}, ${`Seat ${i}`}, ${x.email}, ${x.zone}, ${x.guests}, ${crypto.randomUUID()}, ${x.status}, ${new Date(Date.now() - (10 - i) * MIN)})`;
        }
        return id;
      });
    const soon = await session(`${tag}-soon`, 4 * MIN, 30);
    const ended = await session(`${tag}-ended`, -31 * MIN, 30);
    await settled(
      async () => [...(await deliveriesOf(soon)), ...(await deliveriesOf(ended))],
      (d) => d.length >= 2,
    );
    await severalPolls();
    expect((await deliveriesOf(soon)).map((d) => d.rule)).toEqual(["guest-email"]);
    expect((await deliveriesOf(ended)).map((d) => d.rule)).toEqual(["follow-up"]);

    const reminders = await mailsAbout(`${tag}-soon`);
    expect(reminders.map((m) => m.to).sort()).toEqual(people);
    // Each seat's guest reads their own zone; their extra guests the host's.
    expect(reminders.find((m) => m.to === seats[0].email.toLowerCase())!.text).toMatch(
      / Tokyo \(\d{1,2}:\d{2} [AP]M Berlin/,
    );
    expect(reminders.find((m) => m.to === seats[1].email.toLowerCase())!.text).toMatch(
      / New York \(\d{1,2}:\d{2} [AP]M Berlin/,
    );
    expect(reminders.find((m) => m.to === seats[2].guests[0].toLowerCase())!.text).toMatch(
      /\d{1,2}:\d{2} [AP]M Berlin, /,
    );
    const followUps = await mailsAbout(`${tag}-ended`);
    expect(followUps.map((m) => m.to).sort()).toEqual(people);
    expect(
      followUps.every((m) => m.subject === `Thank you: ${tag}-ended` && m.text.includes("Thanks for coming.")),
    ).toBe(true);
  });

  it("a restarted server sends nothing twice; new due work still goes out once", async () => {
    const host = await newHost("remind-restart");
    const tag = `Restart-${Date.now()}`;
    const before = await insertEvent(host.id, {
      title: `${tag}-a`,
      startsIn: 5 * MIN,
      guestEmail: "rosa@example.org",
    });
    await settled(
      () => deliveriesOf(before),
      (d) => d.length >= 2,
    );

    expect(await jobs.servers[1].stop("SIGTERM")).toBe(0);
    jobs.servers[1] = await startServer(jobs.env());
    const after = await insertEvent(host.id, {
      title: `${tag}-b`,
      startsIn: 7 * MIN,
      guestEmail: "rosa@example.org",
    });
    await settled(
      () => deliveriesOf(after),
      (d) => d.length >= 2,
    );
    await severalPolls();

    expect((await deliveriesOf(before)).map((d) => d.rule).sort()).toEqual(["guest-email", "host-in-app"]);
    expect((await deliveriesOf(after)).map((d) => d.rule).sort()).toEqual(["guest-email", "host-in-app"]);
    expect(await mailsAbout(`${tag}-a`)).toHaveLength(1);
    expect(await mailsAbout(`${tag}-b`)).toHaveLength(1);
    expect(await notesAbout(host.id, `${tag}-a`)).toHaveLength(1);
  }, 400_000);

  it("sends nothing for a cancelled event, nor a reminder whose time had passed when the event was booked", async () => {
    const host = await newHost("remind-none");
    const tag = `None-${Date.now()}`;
    const cancelled = await insertEvent(host.id, {
      title: `${tag}-cancelled`,
      startsIn: 5 * MIN,
      guestEmail: "c@example.org",
      status: "cancelled",
    });
    // Booked 30 seconds ago, 20 minutes ahead: the 24-hour and 15-minute times are already past.
    const late = await insertEvent(host.id, {
      title: `${tag}-late`,
      startsIn: 20 * MIN,
      guestEmail: "l@example.org",
      bookedAgoMs: 30_000,
    });
    // Started a minute ago: too late for any reminder.
    const started = await insertEvent(host.id, {
      title: `${tag}-started`,
      startsIn: -MIN,
      minutes: 0.5,
      guestEmail: "s@example.org",
    });
    await severalPolls();
    await severalPolls();
    for (const id of [cancelled, late, started]) expect(await deliveriesOf(id)).toEqual([]);
    expect(await mailsAbout(tag)).toEqual([]);
  });
});

describe("the Workflows page and what it changes", () => {
  it("validates the form (400, input kept, nothing saved) and saves a valid one with a toast", async () => {
    const host = await newHost("remind-page");
    const page = await host.c.get("/dashboard/workFlow");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>Workflows<\/h1>/);
    // The defaults: 1 day before to guests, 15 minutes before to the host.
    expect(html).toMatch(/name="guestEmailAmount"[^>]*value="1"|value="1"[^>]*name="guestEmailAmount"/);

    const form = {
      guestEmailOn: "on",
      guestEmailAmount: "2",
      guestEmailUnit: "hours",
      secondGuestEmailOn: "on",
      secondGuestEmailAmount: "3",
      secondGuestEmailUnit: "hours",
      hostInAppOn: "on",
      hostInAppAmount: "1",
      hostInAppUnit: "minutes",
      followUpAmount: "99",
      followUpUnit: "days",
      followUpMessage: "Kept message 123",
    };
    const bad = await host.c.post("/dashboard/workFlow", form);
    expect(bad.status).toBe(400);
    const badText = visibleText(await bad.text());
    expect(badText).toContain("The second reminder must come closer to the start than the first.");
    expect(badText).toContain("Choose between 0 minutes and 7 days.");
    expect(badText).toContain("Kept message 123");
    expect(await jobs.db`select 1 from reminder_settings where user_id = ${host.id}`).toHaveLength(0);

    const good = await host.c.post("/dashboard/workFlow", {
      ...form,
      secondGuestEmailAmount: "30",
      secondGuestEmailUnit: "minutes",
      followUpOn: "on",
      followUpAmount: "0",
      followUpUnit: "minutes",
    });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe("/dashboard/workFlow");
    const [row] = await jobs.db`select * from reminder_settings where user_id = ${host.id}`;
    expect(row).toMatchObject({
      guest_email_on: true,
      guest_email_minutes: 120,
      second_guest_email_on: true,
      second_guest_email_minutes: 30,
      host_in_app_minutes: 1,
      follow_up_on: true,
      follow_up_minutes: 0,
      follow_up_message: "Kept message 123",
    });
    const after = visibleText(await (await host.c.get("/dashboard/workFlow")).text());
    expect(after).toContain("Workflows saved.");
    // Signed out: to sign-in; nobody else's settings can be read (there is no id to ask for).
    const anon = await new HttpClient(jobs.servers[0].url).get("/dashboard/workFlow");
    expect(anon.status).toBe(302);
  });

  it("follows the saved settings: a follow-up with the host's message soon after the end, never for events long past", async () => {
    const host = await newHost("remind-follow");
    const tag = `Follow-${Date.now()}`;
    const res = await host.c.post("/dashboard/workFlow", {
      guestEmailAmount: "1",
      guestEmailUnit: "days",
      secondGuestEmailAmount: "1",
      secondGuestEmailUnit: "hours",
      hostInAppAmount: "15",
      hostInAppUnit: "minutes",
      followUpOn: "on",
      followUpAmount: "0",
      followUpUnit: "minutes",
      followUpMessage: "Here are the slides.",
    });
    expect(res.status).toBe(302);
    // Ended a minute ago: followed up. Ended three days ago: never.
    const recent = await insertEvent(host.id, {
      title: `${tag}-recent`,
      startsIn: -31 * MIN,
      minutes: 30,
      guestEmail: "f@example.org",
      bookedAgoMs: 5 * 86_400_000,
    });
    const old = await insertEvent(host.id, {
      title: `${tag}-old`,
      startsIn: -3 * 86_400_000,
      minutes: 30,
      guestEmail: "o@example.org",
      bookedAgoMs: 5 * 86_400_000,
    });
    // Reminders are off for this host: an event soon gets nothing.
    const soon = await insertEvent(host.id, { title: `${tag}-soon`, startsIn: 5 * MIN, guestEmail: "n@example.org" });
    await settled(
      () => deliveriesOf(recent),
      (d) => d.length >= 1,
    );
    await severalPolls();
    expect((await deliveriesOf(recent)).map((d) => d.rule)).toEqual(["follow-up"]);
    expect(await deliveriesOf(old)).toEqual([]);
    expect(await deliveriesOf(soon)).toEqual([]);
    const [mail] = await mailsAbout(`${tag}-recent`);
    expect(mail.subject).toBe(`Thank you: ${tag}-recent`);
    expect(mail.text).toContain("Here are the slides.");
  });

  it("a moved event is reminded again for its new time; a cancelled one is not", async () => {
    const host = await newHost("remind-move");
    const tag = `Move-${Date.now()}`;
    const save = await host.c.post("/dashboard/workFlow", {
      guestEmailOn: "on",
      guestEmailAmount: "1",
      guestEmailUnit: "days",
      secondGuestEmailAmount: "1",
      secondGuestEmailUnit: "hours",
      hostInAppOn: "on",
      hostInAppAmount: "1",
      hostInAppUnit: "minutes",
      followUpAmount: "1",
      followUpUnit: "hours",
    });
    expect(save.status).toBe(302);
    const tokenRes = await fetch(`${jobs.servers[0].url}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: host.email, password: PASSWORD }),
    });
    const { token } = (await tokenRes.json()) as { token: string };
    const move = (id: string, startsIn: number) =>
      fetch(`${jobs.servers[1].url}/event/${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          eventName: `${tag}`,
          eventType: "Google Meet",
          eventWith: "One-to-One",
          description: "Moved",
          targetedEmail: "mo@example.org",
          dateTime: new Date(Date.now() + startsIn).toISOString(),
          duration: 30,
        }),
      });

    // Starts in 50 s, booked long ago: the 1-minute bell and the day-before e-mail go out now.
    const id = await insertEvent(host.id, { title: tag, startsIn: 50_000, minutes: 30, invitees: ["mo@example.org"] });
    await settled(
      () => deliveriesOf(id),
      (d) => d.length >= 2,
    );
    expect((await deliveriesOf(id)).map((d) => d.rule).sort()).toEqual(["guest-email", "host-in-app"]);

    // Moved to 66 s from now: the bell again at its new time (about 6 s from now); the day-before
    // e-mail's time had passed when it was moved, so it is not sent again.
    expect((await move(id, 66_000)).status).toBe(200);
    const moved = await settled(
      () => deliveriesOf(id),
      (d) => d.length >= 3,
      30_000,
    );
    await severalPolls();
    expect((await deliveriesOf(id)).map((d) => d.rule)).toEqual([
      ...moved.slice(0, 2).map((d) => d.rule),
      "host-in-app",
    ]);
    const starts = new Set((await deliveriesOf(id)).map((d) => d.starts_at.toISOString()));
    expect(starts.size).toBe(2);
    expect(await notesAbout(host.id, tag)).toHaveLength(2);
    expect(await mailsAbout(`Reminder: ${tag}`)).toHaveLength(1);

    // Moved again, then cancelled before its bell (due 8 s after the move): nothing more, once
    // that time (and two seconds more) has passed and both servers have polled since.
    const bellDue = Date.now() + 8_000;
    expect((await move(id, 68_000)).status).toBe(200);
    await jobs.db`update events set status = 'cancelled' where id = ${id}`;
    await sleep(Math.max(0, bellDue + 2_000 - Date.now()));
    await severalPolls();
    expect(await deliveriesOf(id)).toHaveLength(3);
  }, 90_000);
});

describe("the outbox job with SMTP", () => {
  let smtp: FakeSmtp;
  let withSmtp: RunningServer;
  afterAll(async () => {
    await withSmtp?.stop();
    await smtp?.stop();
  });

  it("retries failed mail with a pause, at most 5 tries, and marks it sent; stored mail is left alone", async () => {
    smtp = await startFakeSmtp();
    smtp.mode = "reject";
    const tag = `Retry-${Date.now()}`;
    const [failed] = await jobs.db`insert into mail_outbox ("to", subject, text, status, attempts, next_attempt_at)
      values ('retry@example.org', ${`${tag} failed`}, 'Body', 'failed', 1, now()) returning id`;
    const [spent] = await jobs.db`insert into mail_outbox ("to", subject, text, status, attempts, next_attempt_at)
      values ('spent@example.org', ${`${tag} spent`}, 'Body', 'failed', 5, now()) returning id`;
    const [stored] =
      await jobs.db`insert into mail_outbox ("to", subject, text, status) values ('kept@example.org', ${`${tag} stored`}, 'Body', 'stored') returning id`;
    withSmtp = await startServer({ ...jobs.env(), SMTP_URL: smtp.url });
    const row = (id: string) =>
      jobs.db<
        { status: string; attempts: number; next_attempt_at: Date | null; error: string | null }[]
      >`select status, attempts, next_attempt_at, error from mail_outbox where id = ${id}`;

    // Refused: a second try counted, the next one minutes away.
    const [second] = await settled(
      () => row(failed.id),
      ([r]) => r.attempts >= 2 && r.error !== null,
    );
    expect(second.status).toBe("failed");
    expect(second.error).toMatch(/550|refused/i);
    expect(second.next_attempt_at!.getTime() - Date.now()).toBeGreaterThan(2 * MIN);
    await severalPolls();
    expect((await row(failed.id))[0].attempts).toBe(2);

    // Its time comes and the server accepts: sent, once.
    smtp.mode = "accept";
    await jobs.db`update mail_outbox set next_attempt_at = now() where id = ${failed.id}`;
    const [sent] = await settled(
      () => row(failed.id),
      ([r]) => r.status === "sent",
    );
    expect(sent).toMatchObject({ status: "sent", attempts: 3, error: null });
    await severalPolls();
    expect(smtp.to("retry@example.org")).toHaveLength(1);
    expect(smtp.to("spent@example.org")).toHaveLength(0);
    expect(smtp.to("kept@example.org")).toHaveLength(0);
    expect((await row(spent.id))[0]).toMatchObject({ status: "failed", attempts: 5 });
    expect((await row(stored.id))[0].status).toBe("stored");
  }, 400_000);
});
