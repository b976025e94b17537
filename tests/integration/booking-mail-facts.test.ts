import { beforeAll, describe, expect, it } from "vitest";
import type postgres from "postgres";
import { bookingMailFactsOf } from "../../app/models/booking-mail-facts.server";
import { meetingOf } from "../../app/models/conferencing.server";
import { locationOfEventType, questionsOfEventType } from "../../app/models/event-type.server";
import { photoHashOf } from "../../app/models/user-photo.server";
import { mailLogoOf } from "../../app/models/user-logo.server";
import { mailLanguageOf } from "../../app/models/user.server";
import { ownAppDatabase } from "../support/app-database";

/**
 * A booking's mails read what they show in one statement (bookingMailFactsOf, decision 138): it
 * answers what the reads it replaced answer, one by one, for hosts with and without a photo, a
 * logo and a mail language, for a team's event type with and without a logo, a booking with a
 * meeting, a collective booking's co-host row, and an event without an event type.
 */
const database = ownAppDatabase("scheduler_mail_facts");
let sql: postgres.Sql;
const bytes = Buffer.from([1, 2, 3]);

beforeAll(async () => {
  sql = database.sql;
});

async function user(name: string, extra: { photo?: string; logo?: string; language?: string } = {}) {
  const [u] = await sql`insert into users (email, name, username, mail_language)
    values (${`${name}-${crypto.randomUUID()}@example.test`}, ${name}, ${`${name}-${crypto.randomUUID().slice(0, 8)}`}, ${extra.language ?? null})
    returning id, email`;
  if (extra.photo)
    await sql`insert into user_photos (user_id, hash, large, small) values (${u.id}, ${extra.photo}, ${bytes}, ${bytes})`;
  if (extra.logo)
    await sql`insert into user_logos (user_id, hash, large, small) values (${u.id}, ${extra.logo}, ${bytes}, ${bytes})`;
  return { id: u.id as string, email: u.email as string };
}

async function eventType(
  ownerId: string,
  location: postgres.JSONValue,
  extra: { teamId?: string; questions?: postgres.JSONValue[] } = {},
) {
  const [schedule] =
    await sql`insert into schedules (user_id, name, time_zone) values (${ownerId}, 'Hours', 'UTC') returning id`;
  const [row] =
    await sql`insert into event_types (user_id, title, slug, duration, location, schedule_id, team_id, questions)
    values (${ownerId}, 'Intro', ${`intro-${crypto.randomUUID().slice(0, 8)}`}, 30, ${sql.json(location)}, ${schedule.id},
      ${extra.teamId ?? null}, ${sql.json(extra.questions ?? [])}) returning id`;
  return row.id as string;
}

/** Each booking an hour after the last (a host's bookings never overlap). */
let hours = 48;

async function booking(hostId: string, eventTypeId: string | null, bookingId: string | null = null) {
  const [row] =
    await sql`insert into events (host_id, event_type_id, booking_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_email, guest_name)
    values (${hostId}, ${eventTypeId}, ${bookingId}, 'Intro', 'Google Meet', 'One-to-One', '', now() + ${`${++hours} hours`}::interval, now() + ${`${hours} hours 30 minutes`}::interval, 'guest@example.test', 'Guest')
    returning id`;
  return row.id as string;
}

async function team(name: string, logo?: string) {
  const [row] =
    await sql`insert into teams (name, slug) values (${name}, ${`${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}`}) returning id`;
  if (logo)
    await sql`insert into team_logos (team_id, hash, large, small) values (${row.id}, ${logo}, ${bytes}, ${bytes})`;
  return row.id as string;
}

/** The same facts, each read by the function the mails called before. */
async function oneByOne(host: { id: string; email: string }, eventTypeId: string | null, eventId: string) {
  return {
    location: await locationOfEventType(eventTypeId),
    questions: await questionsOfEventType(eventTypeId),
    meeting: eventTypeId ? await meetingOf(eventId) : null,
    photoHash: await photoHashOf(host.id),
    mailLanguage: await mailLanguageOf(host),
    brand: await mailLogoOf(host.id, eventTypeId),
  };
}

describe("bookingMailFactsOf", () => {
  it("a host with a photo, a logo and German mails; a phone event type that asks the guest's number; a Zoom meeting", async () => {
    const host = await user("Hanna", { photo: "p1", logo: "l1", language: "de" });
    const type = await eventType(
      host.id,
      { type: "phone" },
      { questions: [{ id: "q1", label: "Why?", type: "short_text", required: false }] },
    );
    const id = await booking(host.id, type);
    await sql`insert into booking_meetings (event_id, host_id, app, status, join_url, passcode)
      values (${id}, ${host.id}, 'zoom', 'created', 'https://zoom.example/j/1', '123')`;
    const facts = await bookingMailFactsOf(host.id, type, id);
    expect(facts).toEqual(await oneByOne(host, type, id));
    expect(facts).toMatchObject({
      photoHash: "p1",
      mailLanguage: "de",
      brand: { owner: "host", hash: "l1", name: "Hanna" },
    });
    expect(facts?.questions.map((q) => q.id)).toHaveLength(2);
    expect(facts?.meeting).toMatchObject({ app: "zoom", joinUrl: "https://zoom.example/j/1" });
  });

  it("a host with nothing of their own", async () => {
    const host = await user("Plain");
    const type = await eventType(host.id, { type: "video" });
    const id = await booking(host.id, type);
    const facts = await bookingMailFactsOf(host.id, type, id);
    expect(facts).toEqual(await oneByOne(host, type, id));
    expect(facts).toMatchObject({ photoHash: null, mailLanguage: "en", brand: null, meeting: null, questions: [] });
  });

  it("a team's event type shows the team's logo, or none when the team has none (not the host's)", async () => {
    const host = await user("Member", { logo: "own" });
    for (const logo of ["team-logo", undefined]) {
      const teamId = await team("Sales", logo);
      const type = await eventType(host.id, { type: "video" }, { teamId });
      const id = await booking(host.id, type);
      const facts = await bookingMailFactsOf(host.id, type, id);
      expect(facts).toEqual(await oneByOne(host, type, id));
      expect(facts?.brand).toEqual(logo ? { owner: "team", id: teamId, name: "Sales", hash: logo } : null);
    }
  });

  it("a collective booking's co-host row reads its booking's meeting; an event without an event type reads none", async () => {
    const organiser = await user("Org");
    const coHost = await user("Co", { photo: "co-photo" });
    const type = await eventType(organiser.id, { type: "google-meet" });
    const main = await booking(organiser.id, type);
    const coRow = await booking(coHost.id, type, main);
    await sql`insert into booking_meetings (event_id, host_id, app, status, join_url)
      values (${main}, ${organiser.id}, 'google-meet', 'created', 'https://meet.example/abc')`;
    const facts = await bookingMailFactsOf(coHost.id, type, coRow);
    expect(facts).toEqual(await oneByOne(coHost, type, coRow));
    expect(facts?.meeting?.joinUrl).toBe("https://meet.example/abc");
    const own = await booking(organiser.id, null);
    expect(await bookingMailFactsOf(organiser.id, null, own)).toEqual(await oneByOne(organiser, null, own));
  });

  it("answers null for a host that is gone", async () => {
    expect(await bookingMailFactsOf(crypto.randomUUID(), null, crypto.randomUUID())).toBeNull();
  });
});
