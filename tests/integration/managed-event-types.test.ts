/**
 * Managed event types (decision 059) over real HTTP against PostgreSQL: a team admin defines one
 * and assigns members; each gets a one-to-one copy on their own page (/{username}/{slug}); the
 * fields the admin locks are refused on the member's copy by the JSON path (403 locked_field)
 * and by the event type form alike, and each change of them reaches every copy; unlocked fields
 * are the member's own; unassigning deletes the copy; a slug clash names the member.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { apiClient, dateIn, errorOf, ok, type Account, type Json } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.160", namePrefix: "TeamMT" });

const slug = (prefix = "m") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

interface TeamJson {
  id: string;
  slug: string;
}

interface ManagedJson extends Json {
  slug: string;
  bookingUrl: string | null;
  lockedFields: string[];
  hosts: Array<{ userId: string }>;
  copies: Array<{ userId: string; eventTypeId: string; bookingUrl: string | null }>;
}

async function invitationToken(email: string): Promise<string> {
  const [mail] =
    await db`select text from mail_outbox where "to" = ${email} and subject like '%invited you to their team%' order by created_at desc limit 1`;
  const link = /(http\S+\/dashboard\/team\/accept\?token=\S+)/.exec(mail.text as string)?.[1] ?? "";
  return new URL(link).searchParams.get("token") ?? "";
}

async function join(team: TeamJson, by: Account, who: Account, role = "member") {
  await ok(
    await call("POST", `/api/teams/${team.id}/invitations`, { token: by.token, json: { email: who.email, role } }),
    201,
  );
  await ok(
    await call("POST", "/api/team-invitations/accept", {
      token: who.token,
      json: { token: await invitationToken(who.email) },
    }),
  );
}

async function withUsername(a: Account): Promise<string> {
  const username = `mt-${crypto.randomUUID().slice(0, 8)}`;
  await db`update users set username = ${username} where id = ${a.id}`;
  return username;
}

const template = (patch: Record<string, unknown> = {}) => ({
  title: "Onboarding call",
  slug: slug("onboard"),
  description: "Welcome aboard.",
  duration: 45,
  location: { type: "phone" },
  minimumNotice: 60,
  kind: "managed",
  lockedFields: ["title", "duration", "location"],
  ...patch,
});

/** The body of PUT /api/event-types/{id} that repeats a copy as the member sees it, with `patch`. */
function copyBody(copy: Json, patch: Record<string, unknown> = {}) {
  const { _id, hosts, managed, slotInterval, ...rest } = copy;
  void _id;
  void hosts;
  void managed;
  void slotInterval;
  return { ...rest, ...patch };
}

const copyRow = async (id: string) =>
  (
    await db`select id, user_id, parent_id, team_id, kind, title, duration, description, location, buffer_after, slug, schedule_id from event_types where id = ${id}`
  )[0];

describe("managed event types", () => {
  let admin: Account;
  let m1: Account;
  let m2: Account;
  let m3: Account;
  let team: TeamJson;
  const names: Record<string, string> = {};
  let managed: ManagedJson;
  const copyOf = (a: Account) => managed.copies.find((c) => c.userId === a.id)!;

  beforeAll(async () => {
    [admin, m1, m2, m3] = await Promise.all([
      account("admin", "professional"),
      account("m1", "professional"),
      account("m2", "professional"),
      account("m3", "professional"),
    ]);
    const owner = await account("owner", "professional");
    team = await ok<TeamJson>(
      await call("POST", "/api/teams", { token: owner.token, json: { name: "Onboarding", slug: slug("onb") } }),
      201,
    );
    await join(team, owner, admin, "admin");
    for (const m of [m1, m2, m3]) await join(team, owner, m);
    for (const m of [m1, m2, m3]) names[m.id] = await withUsername(m);
    managed = await ok<ManagedJson>(
      await call("POST", `/api/teams/${team.id}/event-types`, {
        token: admin.token,
        json: template({ hosts: [{ userId: m1.id }, { userId: m2.id }] }),
      }),
      201,
    );
  });

  it("each assigned member gets a one-to-one copy on their own page; the template itself is not booked", async () => {
    expect(managed).toMatchObject({
      kind: "managed",
      bookingUrl: null,
      lockedFields: ["title", "duration", "location"],
    });
    expect(managed.copies.map((c) => c.userId).sort()).toEqual([m1.id, m2.id].sort());
    for (const m of [m1, m2]) {
      const c = copyOf(m);
      expect(c.bookingUrl).toMatch(new RegExp(`/${names[m.id]}/${managed.slug}$`));
      const row = await copyRow(c.eventTypeId);
      const [schedule] = await db`select id from schedules where user_id = ${m.id} and is_default`;
      expect(row).toMatchObject({
        user_id: m.id,
        parent_id: managed._id,
        team_id: null,
        kind: "one-to-one",
        title: "Onboarding call",
        duration: 45,
        description: "Welcome aboard.",
        slug: managed.slug,
        schedule_id: schedule.id,
      });
      expect((await call("GET", `/${names[m.id]}/${managed.slug}`)).status).toBe(200);
      const slots = await call(
        "GET",
        `/api/slots?eventTypeId=${c.eventTypeId}&start=${dateIn(7)}&end=${dateIn(9)}&timeZone=UTC`,
      );
      expect(slots.status).toBe(200);
    }
    expect(await db`select 1 from event_types where parent_id = ${managed._id} and user_id = ${m3.id}`).toHaveLength(0);
    const templateSlots = await call(
      "GET",
      `/api/slots?eventTypeId=${managed._id}&start=${dateIn(7)}&end=${dateIn(7)}&timeZone=UTC`,
    );
    expect(templateSlots.status).toBe(404);
    expect((await call("GET", `/team/${team.slug}/${managed.slug}`)).status).toBe(404);
    // The member's own list shows the copy; the admin's personal path does not reach the template.
    const mine = await ok<Json[]>(await call("GET", "/api/event-types", { token: m1.token }));
    expect(mine.map((e) => e._id)).toContain(copyOf(m1).eventTypeId);
    expect((await call("GET", `/api/event-types/${managed._id}`, { token: admin.token })).status).toBe(404);
  });

  it("JSON: a locked field changed is 403 locked_field and nothing is saved; unlocked fields are the member's; left out, a locked field keeps its value", async () => {
    const id = copyOf(m1).eventTypeId;
    const copy = await ok<Json>(await call("GET", `/api/event-types/${id}`, { token: m1.token }));
    expect(copy.managed).toEqual({
      templateId: managed._id,
      teamId: team.id,
      lockedFields: ["title", "duration", "location"],
    });
    for (const [patch, field] of [
      [{ title: "My own title" }, "title"],
      [{ duration: 30 }, "duration"],
      [{ location: { type: "video" } }, "location"],
      [{ kind: "group", seats: 3 }, "kind"],
    ] as const) {
      const res = await call("PUT", `/api/event-types/${id}`, {
        token: m1.token,
        json: copyBody(copy, { ...patch, description: "Changed with it" }),
      });
      expect(res.status, JSON.stringify(patch)).toBe(403);
      const body = (await res.json()) as { error: { code: string; field: string; message: string } };
      expect(body.error).toMatchObject({ code: "locked_field", field });
    }
    expect(await copyRow(id)).toMatchObject({ title: "Onboarding call", duration: 45, description: "Welcome aboard." });

    const saved = await ok<Json>(
      await call("PUT", `/api/event-types/${id}`, {
        token: m1.token,
        json: copyBody(copy, { description: "Ask me anything.", bufferAfter: 15 }),
      }),
    );
    expect(saved).toMatchObject({ title: "Onboarding call", description: "Ask me anything.", bufferAfter: 15 });
    // The locked fields left out entirely: kept, not reset to their defaults.
    const bare = await ok<Json>(
      await call("PUT", `/api/event-types/${id}`, {
        token: m1.token,
        json: { slug: managed.slug, description: "Ask me anything.", bufferAfter: 15 },
      }),
    );
    expect(bare).toMatchObject({ title: "Onboarding call", duration: 45, location: { type: "phone" } });
    // A member may not delete their copy: the team assigns it.
    const del = await call("DELETE", `/api/event-types/${id}`, { token: m1.token });
    expect(del.status).toBe(403);
    expect((await errorOf(del)).code).toBe("managed_copy");
    expect(await copyRow(id)).toBeTruthy();
    // Someone else's copy is not found.
    expect((await call("PUT", `/api/event-types/${id}`, { token: m2.token, json: copyBody(copy) })).status).toBe(404);
  });

  it("the form: locked fields show disabled with a note; a forged change is refused (403, the message, nothing saved)", async () => {
    const id = copyOf(m2).eventTypeId;
    const page = await m2.c.get(`/dashboard/eventTypes/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain("Onboarding manages this event type");
    expect(html).toMatch(/<input[^>]*name="title"[^>]*disabled=""/);
    expect(html).not.toMatch(/<input[^>]*name="description"[^>]*disabled/);

    const form = {
      slug: managed.slug,
      description: "Mine now",
      "location.value": "",
      bufferBefore: "0",
      bufferAfter: "5",
      minimumNotice: "60",
      minimumNoticeUnit: "minutes",
      bookingWindowDays: "60",
      active: "on",
    };
    const forged = await m2.c.post(`/dashboard/eventTypes/${id}`, { ...form, title: "Forged title" });
    expect(forged.status).toBe(403);
    expect(visibleText(await forged.text())).toContain(
      "Title is locked by the team: only its owners and admins change it.",
    );
    expect(await copyRow(id)).toMatchObject({ title: "Onboarding call", description: "Welcome aboard." });
    const forgedDuration = await m2.c.post(`/dashboard/eventTypes/${id}`, { ...form, duration: "15" });
    expect(forgedDuration.status).toBe(403);

    // What the browser sends (the locked fields disabled, so absent): saved, the locked ones kept.
    const good = await m2.c.post(`/dashboard/eventTypes/${id}`, form);
    expect(good.status).toBe(302);
    expect(await copyRow(id)).toMatchObject({
      title: "Onboarding call",
      duration: 45,
      location: { type: "phone" },
      description: "Mine now",
      buffer_after: 5,
    });
  });

  it("a change of a locked field reaches every copy; unlocked fields stay each member's; unassigning deletes the copy, assigning makes one", async () => {
    const put = await ok<ManagedJson>(
      await call("PUT", `/api/teams/${team.id}/event-types/${managed._id}`, {
        token: admin.token,
        json: template({
          slug: managed.slug,
          title: "Onboarding, v2",
          duration: 60,
          description: "New template text",
          hosts: [{ userId: m1.id }, { userId: m3.id }],
        }),
      }),
    );
    expect(put.copies.map((c) => c.userId).sort()).toEqual([m1.id, m3.id].sort());
    const m1Copy = await copyRow(copyOf(m1).eventTypeId);
    expect(m1Copy).toMatchObject({ title: "Onboarding, v2", duration: 60, description: "Ask me anything." });
    // m2 was unassigned: their copy is gone; m3's is new, made from the template as it is now.
    expect(await db`select 1 from event_types where parent_id = ${managed._id} and user_id = ${m2.id}`).toHaveLength(0);
    expect(await copyRow(copyOf(m2).eventTypeId)).toBeUndefined();
    const m3Copy = put.copies.find((c) => c.userId === m3.id)!;
    expect(await copyRow(m3Copy.eventTypeId)).toMatchObject({
      title: "Onboarding, v2",
      duration: 60,
      description: "New template text",
    });

    // Locking one more field later brings every copy in line with the template.
    await ok(
      await call("PUT", `/api/teams/${team.id}/event-types/${managed._id}`, {
        token: admin.token,
        json: template({
          slug: managed.slug,
          title: "Onboarding, v2",
          duration: 60,
          description: "New template text",
          lockedFields: ["title", "duration", "location", "description"],
          hosts: [{ userId: m1.id }, { userId: m3.id }],
        }),
      }),
    );
    const rows = await db`select description from event_types where parent_id = ${managed._id}`;
    expect(rows.map((r) => r.description)).toEqual(["New template text", "New template text"]);
    // A member of the team who is not an admin cannot change the template.
    const refused = await call("PUT", `/api/teams/${team.id}/event-types/${managed._id}`, {
      token: m1.token,
      json: template({ slug: managed.slug }),
    });
    expect(refused.status).toBe(403);
  });

  it("a member whose own event type has the slug: 409 naming them, nothing made", async () => {
    const taken = slug("taken");
    await ok(
      await call("POST", "/api/event-types", { token: m3.token, json: { title: "Mine", slug: taken, duration: 30 } }),
      201,
    );
    const before = (await db`select count(*)::int as n from event_types`)[0].n;
    const res = await call("POST", `/api/teams/${team.id}/event-types`, {
      token: admin.token,
      json: template({ slug: taken, hosts: [{ userId: m1.id }, { userId: m3.id }] }),
    });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("slug_taken");
    expect(error.message).toContain("TeamMT m3");
    expect((await db`select count(*)::int as n from event_types`)[0].n).toBe(before);
    // Assigning them later to a template of that slug: the same 409, the template unchanged.
    const other = await ok<ManagedJson>(
      await call("POST", `/api/teams/${team.id}/event-types`, {
        token: admin.token,
        json: template({ slug: taken, hosts: [{ userId: m1.id }] }),
      }),
      201,
    );
    const assign = await call("PUT", `/api/teams/${team.id}/event-types/${other._id}`, {
      token: admin.token,
      json: template({ slug: taken, title: "Renamed", hosts: [{ userId: m1.id }, { userId: m3.id }] }),
    });
    expect(assign.status).toBe(409);
    expect((await db`select title from event_types where id = ${other._id}`)[0].title).toBe("Onboarding call");
    // Deleting the template deletes its copies.
    expect(
      (await call("DELETE", `/api/teams/${team.id}/event-types/${other._id}`, { token: admin.token })).status,
    ).toBe(204);
    expect(await db`select 1 from event_types where parent_id = ${other._id}`).toHaveLength(0);
  });
});
