/**
 * Team workflows (docs/decisions/109) over real HTTP against PostgreSQL, on both app servers with
 * their job runners: who may make one (owner and admin; a member 403, an outsider 404; another
 * host's event types 422), who sees it, and that a team booking given to a member runs the team's
 * "booked" and timed workflows once, with {host_name} the member, while a personal event type of
 * the admin's is untouched.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { allDayEventType, apiClient, errorOf, ok } from "./api-client";
import { at, bookAt, teamCast, teamEventType, type TeamCast } from "./team-fixtures";
import { eventually } from "../support/mail-wait";
import { visibleText } from "../support/http";

const { db, call, account } = apiClient({ ipPrefix: "10.187", namePrefix: "TWf" });

interface Workflow {
  id: string;
  teamId: string | null;
  eventTypeIds: string[];
  actions: Array<{ type: string; subject: string; body: string }>;
}

let cast: TeamCast;
let typeId: string;
let ownTypeId: string;
let day = 4;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  cast = await teamCast(call, db, account, "twf");
  typeId = await teamEventType(call, db, cast);
  const own = await allDayEventType(call, cast.admin.token, {
    title: "Admin's own",
    slug: `own-${crypto.randomUUID().slice(0, 8)}`,
    duration: 30,
    location: { type: "video" },
  });
  ownTypeId = own._id as string;
  // Only the team's workflows speak in these tests: everyone's defaults off.
  await db`update workflows set active = false where user_id in ${db([cast.owner.id, cast.admin.id, cast.member.id])}`;
});

const booked = (subject: string) => ({
  name: "Team thanks",
  teamId: cast.team.id,
  eventTypeIds: [typeId],
  trigger: "booked",
  actions: [{ type: "email_host", subject, body: "{guest_name} booked {event_title} with {host_name}." }],
});

describe("team workflows", { timeout: 120_000 }, () => {
  it("owners and admins make them; a member 403, an outsider 404, another's event type 422", async () => {
    const member = await call("POST", "/api/workflows", { token: cast.member.token, json: booked("x") });
    expect(member.status).toBe(403);
    expect(await errorOf(member)).toMatchObject({
      code: "forbidden",
      message: "Only an owner or admin of the team can manage its workflows.",
    });
    const outsider = await call("POST", "/api/workflows", { token: cast.outsider.token, json: booked("x") });
    expect(outsider.status).toBe(404);
    const foreign = await call("POST", "/api/workflows", {
      token: cast.admin.token,
      json: { ...booked("x"), eventTypeIds: [ownTypeId] },
    });
    expect(foreign.status).toBe(422);
    expect(await errorOf(foreign)).toMatchObject({
      code: "invalid_event_types",
      fields: { eventTypeIds: ["Pick event types of this team."] },
    });
    // A personal workflow still cannot take the team's event type... of someone else's team.
    const personal = await call("POST", "/api/workflows", {
      token: cast.outsider.token,
      json: { ...booked("x"), teamId: undefined },
    });
    expect(personal.status).toBe(400);
    expect(await db`select 1 from workflows where team_id = ${cast.team.id}`).toHaveLength(0);
  });

  it("the Workflows page: a team's admin makes one without JavaScript; a member is refused", async () => {
    const newPage = `/dashboard/workFlow/new?team=${cast.team.id}`;
    expect((await cast.member.c.get(newPage)).status).toBe(403);
    expect((await cast.outsider.c.get(newPage)).status).toBe(404);
    const list = visibleText(await (await cast.admin.c.get("/dashboard/workFlow")).text());
    expect(list).toContain("New workflow for twf team");
    const blank = visibleText(await (await cast.admin.c.get(newPage)).text());
    expect(blank).toContain("New workflow for twf team");
    expect(blank).toContain("Team panel");
    expect(blank).not.toContain("Admin's own");
    const form = {
      name: "From the page",
      trigger: "booked",
      active: "on",
      eventTypeIds: typeId,
      "actions.0.type": "bell",
      "actions.0.body": "{guest_name} booked",
    };
    expect((await cast.member.c.post(newPage, form)).status).toBe(403);
    const foreign = await cast.admin.c.post(newPage, { ...form, eventTypeIds: ownTypeId });
    expect(foreign.status).toBe(400);
    expect(visibleText(await foreign.text())).toContain("Pick event types of this team.");
    expect((await cast.admin.c.post(newPage, form)).status).toBe(302);
    const [made] = await db`select id, team_id, user_id from workflows where name = 'From the page'`;
    expect(made).toMatchObject({ team_id: cast.team.id, user_id: cast.admin.id });
    // The owner edits it on the page; the member cannot open it.
    expect((await cast.member.c.get(`/dashboard/workFlow/${made.id}`)).status).toBe(404);
    const edit = visibleText(await (await cast.owner.c.get(`/dashboard/workFlow/${made.id}`)).text());
    expect(edit).toContain("A workflow of twf team");
    await db`delete from workflows where id = ${made.id}`;
  });

  it("the owner and admins see and change it; a member gets 404", async () => {
    const made = await ok<Workflow>(
      await call("POST", "/api/workflows", { token: cast.admin.token, json: booked("Seen") }),
      201,
    );
    expect(made).toMatchObject({ teamId: cast.team.id, eventTypeIds: [typeId] });
    const ownerList = await ok<Workflow[]>(await call("GET", "/api/workflows", { token: cast.owner.token }));
    expect(ownerList.map((w) => w.id)).toContain(made.id);
    const memberList = await ok<Workflow[]>(await call("GET", "/api/workflows", { token: cast.member.token }));
    expect(memberList.map((w) => w.id)).not.toContain(made.id);
    expect((await call("GET", `/api/workflows/${made.id}`, { token: cast.member.token })).status).toBe(404);
    expect(
      (await call("PUT", `/api/workflows/${made.id}`, { token: cast.member.token, json: booked("Mine") })).status,
    ).toBe(404);
    const renamed = await ok<Workflow>(
      await call("PUT", `/api/workflows/${made.id}`, {
        token: cast.owner.token,
        json: { ...booked("Seen"), active: false, teamId: undefined },
      }),
    );
    expect(renamed.teamId).toBe(cast.team.id);
    expect((await call("DELETE", `/api/workflows/${made.id}`, { token: cast.member.token })).status).toBe(404);
    expect((await call("DELETE", `/api/workflows/${made.id}`, { token: cast.owner.token })).status).toBe(204);
  });

  it("a team booking given to the member runs the team's booked workflow once, {host_name} the member", async () => {
    const subject = `Team booking ${crypto.randomUUID().slice(0, 6)}`;
    const made = await ok<Workflow>(
      await call("POST", "/api/workflows", {
        token: cast.admin.token,
        json: {
          ...booked(subject),
          actions: [...booked(subject).actions, { type: "bell", body: "Team: {host_name}" }],
        },
      }),
      201,
    );
    const booking = await bookAt(call, typeId, at(day++, "10:00"));
    const [event] = await db`select host_id from events where id = ${booking.id}`;
    expect(event.host_id).toBe(cast.member.id);
    const [member] = await db`select name, email from users where id = ${cast.member.id}`;
    const mails = await eventually(
      () => db`select "to", text from mail_outbox where subject = ${subject}`,
      (rows) => rows.length > 0,
    );
    // Both servers' consumers had their turns: still one.
    await pause(1_500);
    const again = await db`select "to", text from mail_outbox where subject = ${subject}`;
    expect(again).toHaveLength(1);
    expect(mails[0]!.to).toBe(member.email);
    expect(mails[0]!.text).toContain(`with ${member.name}.`);
    const bells =
      await db`select user_id from notifications where event_id = ${booking.id} and notification = ${`Team: ${member.name}`}`;
    expect(bells.map((b) => b.user_id)).toEqual([cast.member.id]);
    const keys = await db`select d.id from workflow_deliveries d join workflow_actions a on a.id = d.action_id
      where a.workflow_id = ${made.id}`;
    expect(keys).toHaveLength(2);
    await call("DELETE", `/api/workflows/${made.id}`, { token: cast.admin.token });
  });

  it("a new timed team workflow marks the team's bookings and sends once across both servers", async () => {
    const booking = await bookAt(call, typeId, at(day++, "11:00"));
    // Booked four days ago (decision 022: no reminder for a time before the booking); the
    // reminder's time, a week before the start, has come since.
    await db`update events set start_set_at = ${new Date(Date.now() - 4 * 86_400_000)} where id = ${booking.id}`;
    // The poll has looked at it and, with nothing of the team's yet, set no check for now.
    await eventually(
      () => db`select workflow_check_at from events where id = ${booking.id}`,
      (rows) => rows[0]!.workflow_check_at === null || rows[0]!.workflow_check_at > new Date(),
    );
    const subject = `Soon ${crypto.randomUUID().slice(0, 6)}`;
    await ok(
      await call("POST", "/api/workflows", {
        token: cast.owner.token,
        json: {
          name: "Team reminder",
          teamId: cast.team.id,
          eventTypeIds: [],
          allEventTypes: true,
          trigger: "before_start",
          offsetMinutes: 7 * 24 * 60,
          actions: [{ type: "email_host", subject, body: "{host_name} hosts {event_title} at {start_time}." }],
        },
      }),
      201,
    );
    const mails = await eventually(
      () => db`select "to" from mail_outbox where subject = ${subject}`,
      (rows) => rows.length > 0,
    );
    await pause(1_500);
    expect(await db`select "to" from mail_outbox where subject = ${subject}`).toHaveLength(1);
    expect(mails[0]!.to).toBe(cast.member.email);
  });

  it("the admin's personal event type never runs the team's workflows", async () => {
    const subject = `Personal ${crypto.randomUUID().slice(0, 6)}`;
    await ok(
      await call("POST", "/api/workflows", {
        token: cast.admin.token,
        json: { ...booked(subject), eventTypeIds: [], allEventTypes: true },
      }),
      201,
    );
    const res = await call("POST", "/api/bookings", {
      json: {
        eventTypeId: ownTypeId,
        start: at(day++, "12:00"),
        name: "Pat",
        email: `pat-${crypto.randomUUID().slice(0, 6)}@example.test`,
        timeZone: "UTC",
      },
    });
    await ok(res, 201);
    await pause(2_000);
    expect(await db`select 1 from mail_outbox where subject = ${subject}`).toHaveLength(0);
  });
});
