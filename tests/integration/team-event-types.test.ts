/**
 * A team's own event types (decision 059) over real HTTP against PostgreSQL: the JSON paths
 * /api/teams/{id}/event-types[/{eventTypeId}] for every role (owner, admin, member, outsider),
 * the hosts' rules, the booking URL /team/{slug}/{event slug} (slots, the JSON booking, the page
 * with a plain form post, its confirmation and .ics, embed mode), the old /{username}/{slug} of a
 * team event type redirecting there, and the team page's links.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { apiClient, at, dateIn, errorOf, ok, type Account, type Json } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.159", namePrefix: "TeamET" });

const slug = (prefix = "t") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

interface TeamJson {
  id: string;
  slug: string;
}

interface TeamEventTypeJson extends Json {
  kind: string;
  slug: string;
  teamId: string;
  bookingUrl: string | null;
  hosts: Array<{ userId: string; name: string; weight: number; priority: string }>;
  roundRobinMode: string;
  lockedFields: string[];
}

const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" }));

/** Opens the person's default schedule all day, every day, in UTC (their hours as a host). */
async function allDay(a: Account) {
  const list = await ok<Json[]>(await call("GET", "/api/schedules", { token: a.token }));
  const def = list.find((s) => s.isDefault);
  if (def) {
    await ok(
      await call("PUT", `/api/schedules/${def._id}`, {
        token: a.token,
        json: { name: "All day", timeZone: "UTC", weekly, overrides: [], isDefault: true },
      }),
    );
  } else {
    await ok(
      await call("POST", "/api/schedules", {
        token: a.token,
        json: { name: "All day", timeZone: "UTC", weekly, overrides: [], isDefault: true },
      }),
      201,
    );
  }
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
  const token = await invitationToken(who.email);
  await ok(await call("POST", "/api/team-invitations/accept", { token: who.token, json: { token } }));
}

const body = (patch: Record<string, unknown> = {}) => ({
  title: "Demo",
  slug: slug("demo"),
  duration: 30,
  minimumNotice: 60,
  bookingWindowDays: 30,
  kind: "round-robin",
  ...patch,
});

describe("team event types over JSON", () => {
  let owner: Account;
  let admin: Account;
  let member: Account;
  let outsider: Account;
  let team: TeamJson;
  beforeAll(async () => {
    [owner, admin, member, outsider] = await Promise.all([
      account("owner", "professional"),
      account("admin", "professional"),
      account("member", "professional"),
      account("outsider", "professional"),
    ]);
    team = await ok<TeamJson>(
      await call("POST", "/api/teams", { token: owner.token, json: { name: "Sales", slug: slug("sales") } }),
      201,
    );
    await join(team, owner, admin, "admin");
    await join(team, owner, member);
    await Promise.all([owner, admin, member].map(allDay));
  });

  const path = () => `/api/teams/${team.id}/event-types`;

  it("owners and admins make one (201 with team, booking URL and hosts); a member 403; an outsider 404; nobody 401", async () => {
    const made = await ok<TeamEventTypeJson>(
      await call("POST", path(), {
        token: admin.token,
        json: body({ hosts: [{ userId: member.id, weight: 40, priority: "high" }, { userId: owner.id }] }),
      }),
      201,
    );
    expect(made).toMatchObject({
      kind: "round-robin",
      teamId: team.id,
      roundRobinMode: "fairness",
      lockedFields: [],
      hosts: [
        { userId: member.id, name: "TeamET member", weight: 40, priority: "high" },
        { userId: owner.id, name: "TeamET owner", weight: 100, priority: "medium" },
      ],
    });
    expect(made.bookingUrl).toMatch(new RegExp(`^https?://[^/]+/team/${team.slug}/${made.slug}$`));
    const rows = await db`select user_id, team_id from event_types where id = ${made._id}`;
    expect(rows[0]).toMatchObject({ user_id: admin.id, team_id: team.id });
    expect(
      (
        await db`select user_id, weight, priority from event_type_hosts where event_type_id = ${made._id} order by weight`
      ).map((r) => ({ ...r })),
    ).toEqual([
      { user_id: member.id, weight: 40, priority: "high" },
      { user_id: owner.id, weight: 100, priority: "medium" },
    ]);

    expect(
      (await ok<TeamEventTypeJson>(await call("POST", path(), { token: owner.token, json: body() }), 201)).kind,
    ).toBe("round-robin");
    const refused = await call("POST", path(), { token: member.token, json: body() });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("forbidden");
    expect((await call("POST", path(), { token: outsider.token, json: body() })).status).toBe(404);
    expect((await call("POST", path(), { json: body() })).status).toBe(401);
    expect(await db`select 1 from event_types where team_id = ${team.id}`).toHaveLength(2);

    // Every member reads them; an outsider does not learn the team exists.
    const list = await ok<TeamEventTypeJson[]>(await call("GET", path(), { token: member.token }));
    expect(list.map((t) => t._id)).toContain(made._id);
    expect((await ok<TeamEventTypeJson>(await call("GET", `${path()}/${made._id}`, { token: member.token })))._id).toBe(
      made._id,
    );
    expect((await call("GET", path(), { token: outsider.token })).status).toBe(404);
    expect((await call("GET", `${path()}/${made._id}`, { token: outsider.token })).status).toBe(404);
    expect((await call("GET", `${path()}/not-a-uuid`, { token: owner.token })).status).toBe(404);
    expect((await call("GET", `/api/teams/not-a-uuid/event-types`, { token: owner.token })).status).toBe(404);
  });

  it("hosts left out are every member; hosts must be members; bad fields are 400 with the field", async () => {
    const every = await ok<TeamEventTypeJson>(
      await call("POST", path(), { token: owner.token, json: body({ kind: "collective" }) }),
      201,
    );
    expect(every.hosts.map((h) => h.userId).sort()).toEqual([owner.id, admin.id, member.id].sort());

    const stranger = await call("POST", path(), {
      token: owner.token,
      json: body({ hosts: [{ userId: outsider.id }] }),
    });
    expect(stranger.status).toBe(422);
    const error = await errorOf(stranger);
    expect(error.code).toBe("invalid_hosts");
    expect(error.fields?.hosts?.[0]).toBe("Hosts must be members of this team.");
    const none = await call("POST", path(), { token: owner.token, json: body({ hosts: [] }) });
    expect(none.status).toBe(422);
    expect((await errorOf(none)).message).toBe("Pick at least one member to host.");

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ hosts: [{ userId: member.id, weight: 101 }] }, "hosts.0.weight"],
      [{ hosts: [{ userId: member.id, weight: -1 }] }, "hosts.0.weight"],
      [{ hosts: [{ userId: member.id, priority: "urgent" }] }, "hosts.0.priority"],
      [{ hosts: [{ userId: "nope" }] }, "hosts.0.userId"],
      [{ hosts: [{ userId: member.id }, { userId: member.id }] }, "hosts"],
      [{ kind: "collective", roundRobinMode: "availability" }, "roundRobinMode"],
      [{ roundRobinMode: "fastest" }, "roundRobinMode"],
      [{ kind: "one-to-one" }, "kind"],
      [{ kind: "group", seats: 3 }, "kind"],
      [{ lockedFields: ["title"] }, "lockedFields"],
      [{ kind: "managed", lockedFields: ["slug"] }, "lockedFields.0"],
      [{ seats: 4 }, "seats"],
      [{ duration: 3 }, "duration"],
    ];
    for (const [patch, field] of cases) {
      const res = await call("POST", path(), { token: owner.token, json: body(patch) });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      const e = await errorOf(res);
      expect(e.code).toBe("invalid_input");
      expect(Object.keys(e.fields ?? {}), JSON.stringify(patch)).toContain(field);
    }
    const rr = await ok<TeamEventTypeJson>(
      await call("POST", path(), { token: owner.token, json: body({ roundRobinMode: "availability" }) }),
      201,
    );
    expect(rr.roundRobinMode).toBe("availability");
  });

  it("a slug is unique within the team (409, any case), free in another team", async () => {
    const s = slug("same");
    await ok(await call("POST", path(), { token: owner.token, json: body({ slug: s }) }), 201);
    const again = await call("POST", path(), { token: admin.token, json: body({ slug: s.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("slug_taken");
    const other = await ok<TeamJson>(
      await call("POST", "/api/teams", { token: owner.token, json: { name: "Other", slug: slug("other") } }),
      201,
    );
    await ok(
      await call("POST", `/api/teams/${other.id}/event-types`, {
        token: owner.token,
        json: body({ slug: s, hosts: [{ userId: owner.id }] }),
      }),
      201,
    );
  });

  it("PUT replaces (owner or admin; a member 403), DELETE removes; both follow /api/event-types/{id}", async () => {
    const made = await ok<TeamEventTypeJson>(
      await call("POST", path(), { token: owner.token, json: body({ hosts: [{ userId: member.id }] }) }),
      201,
    );
    const url = `${path()}/${made._id}`;
    const next = body({
      slug: made.slug,
      title: "Demo call",
      kind: "collective",
      hosts: [{ userId: admin.id }, { userId: member.id, weight: 10, priority: "low" }],
    });
    expect((await call("PUT", url, { token: member.token, json: next })).status).toBe(403);
    expect((await call("PUT", url, { token: outsider.token, json: next })).status).toBe(404);
    const put = await ok<TeamEventTypeJson>(await call("PUT", url, { token: admin.token, json: next }));
    expect(put).toMatchObject({ title: "Demo call", kind: "collective" });
    expect(put.hosts).toEqual([
      { userId: member.id, name: "TeamET member", weight: 10, priority: "low" },
      { userId: admin.id, name: "TeamET admin", weight: 100, priority: "medium" },
    ]);
    // A team event type cannot become managed, nor a managed one anything else.
    const managed = await call("PUT", url, { token: admin.token, json: { ...next, kind: "managed" } });
    expect(managed.status).toBe(422);
    expect((await errorOf(managed)).fields?.kind).toBeTruthy();

    expect((await call("DELETE", url, { token: member.token })).status).toBe(403);
    expect((await call("DELETE", url, { token: outsider.token })).status).toBe(404);
    expect((await call("DELETE", url, { token: owner.token })).status).toBe(204);
    expect((await call("GET", url, { token: owner.token })).status).toBe(404);
    expect((await call("DELETE", url, { token: owner.token })).status).toBe(404);
  });

  it("a member who leaves stops hosting: their host row goes", async () => {
    const leaver = await account("leaver", "professional");
    await join(team, owner, leaver);
    const made = await ok<TeamEventTypeJson>(
      await call("POST", path(), {
        token: owner.token,
        json: body({ hosts: [{ userId: leaver.id }, { userId: owner.id }] }),
      }),
      201,
    );
    expect((await call("DELETE", `/api/teams/${team.id}/members/${leaver.id}`, { token: leaver.token })).status).toBe(
      204,
    );
    const after = await ok<TeamEventTypeJson>(await call("GET", `${path()}/${made._id}`, { token: owner.token }));
    expect(after.hosts.map((h) => h.userId)).toEqual([owner.id]);
    expect(
      await db`select 1 from event_type_hosts where event_type_id = ${made._id} and user_id = ${leaver.id}`,
    ).toHaveLength(0);
  });
});

describe("booking a team event type", () => {
  let owner: Account;
  let member: Account;
  let team: TeamJson;
  let type: TeamEventTypeJson;
  beforeAll(async () => {
    [owner, member] = await Promise.all([account("b-owner", "professional"), account("b-member", "professional")]);
    team = await ok<TeamJson>(
      await call("POST", "/api/teams", { token: owner.token, json: { name: "Support crew", slug: slug("crew") } }),
      201,
    );
    await join(team, owner, member);
    await Promise.all([owner, member].map(allDay));
    type = await ok<TeamEventTypeJson>(
      await call("POST", `/api/teams/${team.id}/event-types`, {
        token: owner.token,
        json: body({ title: "Support call", hosts: [{ userId: member.id }] }),
      }),
      201,
    );
  });

  const guest = () => ({
    name: "Gail Guest",
    email: `gail-${crypto.randomUUID().slice(0, 8)}@example.test`,
    timeZone: "UTC",
  });

  it("a hidden team event type is not on the team's page but books by its link, in the length picked (decision 087)", async () => {
    const hidden = await ok<TeamEventTypeJson>(
      await call("POST", `/api/teams/${team.id}/event-types`, {
        token: owner.token,
        json: body({ title: "Quiet call", hidden: true, durations: [30, 60], hosts: [{ userId: member.id }] }),
      }),
      201,
    );
    expect(hidden).toMatchObject({ hidden: true, duration: 30, durations: [30, 60] });
    const teamPage = await (await call("GET", `/team/${team.slug}`)).text();
    expect(teamPage).toContain(`/team/${team.slug}/${type.slug}`);
    expect(teamPage).not.toContain(`/team/${team.slug}/${hidden.slug}`);
    expect((await call("GET", `/team/${team.slug}/${hidden.slug}`)).status).toBe(200);
    const booked = await ok<{ booking: { duration: number } }>(
      await call("POST", "/api/bookings", {
        json: { eventTypeId: hidden._id, start: at(4, "12:00"), duration: 60, ...guest() },
      }),
      201,
    );
    expect(booked.booking.duration).toBe(60);
  });

  it("the booking URL's event type books through GET /api/slots and POST /api/bookings, with the chosen host", async () => {
    const slots = await ok<{ slots: Record<string, string[]> }>(
      await call("GET", `/api/slots?eventTypeId=${type._id}&start=${dateIn(3)}&end=${dateIn(3)}&timeZone=UTC`),
    );
    expect(slots.slots[dateIn(3)]).toContain(at(3, "10:00"));
    const booked = await ok<{ booking: { id: string } }>(
      await call("POST", "/api/bookings", { json: { eventTypeId: type._id, start: at(3, "10:00"), ...guest() } }),
      201,
    );
    // The only host is the member, not the event type's maker.
    expect((await db`select host_id from events where id = ${booked.booking.id}`)[0].host_id).toBe(member.id);
  });

  it("/team/{slug}/{event slug} is the booking page: it renders, books with a form post, confirms, and gives the .ics", async () => {
    const page = `/team/${team.slug}/${type.slug}`;
    expect(type.bookingUrl?.endsWith(page)).toBe(true);
    const slot = at(4, "09:00");
    const withSlot = `${page}?date=${dateIn(4)}&tz=UTC&slot=${encodeURIComponent(slot)}`;
    const res = await call("GET", withSlot);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(visibleText(html)).toContain("Support call");
    expect(visibleText(html)).toContain("Support crew");
    expect(html).toContain('name="email"');

    const email = `page-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const post = await call("POST", withSlot, {
      body: new URLSearchParams({ slot, tz: "UTC", name: "Page Guest", email }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.status).toBe(302);
    const location = post.headers.get("location") ?? "";
    const match = new RegExp(`^${page}/booked/([0-9a-f-]{36})\\?token=(.+)$`).exec(location);
    expect(match, location).not.toBeNull();
    const [, id, token] = match!;
    const [row] = await db`select host_id, guest_email, event_type_id from events where id = ${id}`;
    expect(row).toMatchObject({ host_id: member.id, guest_email: email, event_type_id: type._id });

    const confirmation = await call("GET", location);
    expect(confirmation.status).toBe(200);
    expect(visibleText(await confirmation.text())).toContain("You are scheduled");
    expect((await call("GET", `${page}/booked/${id}`)).status).toBe(404);
    expect((await call("GET", `/team/${slug("nope")}/${type.slug}/booked/${id}?token=${token}`)).status).toBe(404);
    const ics = await call("GET", `${page}/booked/${id}/ics?token=${token}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);

    // The slot is gone for the next guest (the only host is busy): 409 on the page.
    const again = await call("POST", withSlot, {
      body: new URLSearchParams({ slot, tz: "UTC", name: "Late Guest", email: `late-${email}` }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(again.status).toBe(409);
  });

  it("embed mode: framable, chromeless, and the team page's links stay in embed mode", async () => {
    const page = await call("GET", `/team/${team.slug}/${type.slug}?embed=1`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-frame-options")).toBeNull();
    const plain = await call("GET", `/team/${team.slug}/${type.slug}`);
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
    const list = await (await call("GET", `/team/${team.slug}?embed=1`)).text();
    expect(list).toContain(`/team/${team.slug}/${type.slug}?embed=1`);
  });

  it("/team/{slug} links each active event type to its team URL; an unknown one is 404", async () => {
    const html = await (await call("GET", `/team/${team.slug}`)).text();
    expect(html).toContain(`href="/team/${team.slug}/${type.slug}"`);
    expect((await call("GET", `/team/${team.slug}/${slug("missing")}`)).status).toBe(404);
    expect((await call("GET", `/team/${slug("missing")}/${type.slug}`)).status).toBe(404);
  });

  it("a team event type's old /{username}/{slug} answers 301 to its team URL, a post 308; personal types keep theirs", async () => {
    const username = `tet-${crypto.randomUUID().slice(0, 8)}`;
    await db`update users set username = ${username} where id = ${owner.id}`;
    // Made on the person's path (decision 020's way): it belongs to the team, so it books there.
    const legacy = await ok<Json>(
      await call("POST", "/api/event-types", {
        token: owner.token,
        json: { title: "Old panel", slug: slug("old"), duration: 30, kind: "collective", hosts: [member.id] },
      }),
      201,
    );
    const [row] = await db`select team_id from event_types where id = ${legacy._id}`;
    expect(row.team_id).toBe(team.id);
    const get = await call("GET", `/${username}/${legacy.slug}?month=2030-01`);
    expect(get.status).toBe(301);
    expect(get.headers.get("location")).toBe(`/team/${team.slug}/${legacy.slug}?month=2030-01`);
    const post = await call("POST", `/${username}/${legacy.slug}`, {
      body: new URLSearchParams({ name: "X" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.status).toBe(308);
    expect(post.headers.get("location")).toBe(`/team/${team.slug}/${legacy.slug}`);
    expect((await call("GET", `/team/${team.slug}/${legacy.slug}`)).status).toBe(200);
    // GET /api/slots by username and slug still finds it; by team and slug too.
    const range = `start=${dateIn(3)}&end=${dateIn(3)}&timeZone=UTC`;
    for (const query of [`username=${username}&slug=${legacy.slug}`, `team=${team.slug}&slug=${legacy.slug}`]) {
      const slots = await ok<{ slots: Record<string, string[]> }>(await call("GET", `/api/slots?${query}&${range}`));
      expect(slots.slots[dateIn(3)]?.length, query).toBeGreaterThan(0);
    }
    expect((await call("GET", `/api/slots?team=${team.slug}&slug=${slug("none")}&${range}`)).status).toBe(404);

    const personal = await ok<Json>(
      await call("POST", "/api/event-types", {
        token: owner.token,
        json: { title: "Mine", slug: slug("mine"), duration: 30 },
      }),
      201,
    );
    expect((await call("GET", `/${username}/${personal.slug}`)).status).toBe(200);
    // The person's own page lists only their personal types.
    const own = await (await call("GET", `/${username}`)).text();
    expect(own).toContain(`/${username}/${personal.slug}`);
    expect(own).not.toContain(String(legacy.slug));
  });
});

describe("the team's dashboard pages", () => {
  let owner: Account;
  let member: Account;
  let outsider: Account;
  let team: TeamJson;
  beforeAll(async () => {
    [owner, member, outsider] = await Promise.all([
      account("d-owner", "professional"),
      account("d-member", "professional"),
      account("d-outsider", "professional"),
    ]);
    team = await ok<TeamJson>(
      await call("POST", "/api/teams", { token: owner.token, json: { name: "Desk", slug: slug("desk") } }),
      201,
    );
    await join(team, owner, member);
  });

  /** A form post with repeated fields (each value of an array is sent under its name). */
  const post = (a: Account, path: string, fields: Record<string, string | string[]>) =>
    a.c.request(path, {
      method: "POST",
      body: new URLSearchParams(
        Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
      ).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.c.baseUrl },
    });

  const form = (patch: Record<string, string | string[]> = {}) => ({
    title: "Desk call",
    slug: "",
    description: "",
    duration: "30",
    kind: "round-robin",
    "location.type": "video",
    "location.value": "",
    bufferBefore: "0",
    bufferAfter: "0",
    minimumNotice: "2",
    minimumNoticeUnit: "hours",
    bookingWindowDays: "60",
    active: "on",
    ...patch,
  });

  it("owners make and edit a round-robin type with hosts, weights, priorities and the mode; plain form posts", async () => {
    const page = `/dashboard/teams/${team.id}/event-types/new`;
    const blank = await owner.c.get(page);
    expect(blank.status).toBe(200);
    const html = await blank.text();
    expect(html).toContain(`name="weight.${member.id}"`);
    expect(html).toContain('name="lockedFields"');

    const s = slug("desk-call");
    const made = await post(owner, page, {
      ...form({ slug: s, hostIds: [member.id, owner.id], roundRobinMode: "availability" }),
      [`weight.${member.id}`]: "50",
      [`priority.${member.id}`]: "highest",
      [`weight.${owner.id}`]: "100",
      [`priority.${owner.id}`]: "low",
      lockedFields: "title", // ignored: not a managed type
    });
    expect(made.status).toBe(302);
    const [row] =
      await db`select id, kind, round_robin_mode, locked_fields, team_id, minimum_notice from event_types where team_id = ${team.id} and slug = ${s}`;
    expect(row).toMatchObject({
      kind: "round-robin",
      round_robin_mode: "availability",
      locked_fields: [],
      minimum_notice: 120,
    });
    expect(
      (
        await db`select user_id, weight, priority from event_type_hosts where event_type_id = ${row.id} order by weight`
      ).map((r) => ({ ...r })),
    ).toEqual([
      { user_id: member.id, weight: 50, priority: "highest" },
      { user_id: owner.id, weight: 100, priority: "low" },
    ]);

    // The team page lists it; members read it without Edit.
    const settings = await (await owner.c.get(`/dashboard/teams/${team.id}`)).text();
    expect(visibleText(settings)).toContain("Desk call");
    expect(settings).toContain(`/dashboard/teams/${team.id}/event-types/${row.id}`);
    expect(settings).toContain(`/team/${team.slug}/${s}`);
    const asMember = await (await member.c.get(`/dashboard/teams/${team.id}`)).text();
    expect(visibleText(asMember)).toContain("Desk call");
    expect(asMember).not.toContain(`/dashboard/teams/${team.id}/event-types/${row.id}`);
    expect(asMember).not.toContain("new-team-event-type");
    // The member's own Event Types page shows it read-only, with the team's name.
    const own = visibleText(await (await member.c.get("/dashboard/eventTypes")).text());
    expect(own).toContain("Team event types you host");
    expect(own).toContain("Desk call");

    // Its edit page offers the embed snippets at the team's URL.
    const editPage = await (await owner.c.get(`/dashboard/teams/${team.id}/event-types/${row.id}`)).text();
    expect(editPage).toContain('data-testid="embed-section"');
    expect(editPage).toContain(`/team/${team.slug}/${s}?embed=1`);

    // Nobody ticked: refused with the hosts' message, the input kept; nothing saved.
    const none = await owner.c.post(
      `/dashboard/teams/${team.id}/event-types/${row.id}`,
      form({ slug: s, title: "Renamed" }),
    );
    expect(none.status).toBe(422);
    expect(visibleText(await none.text())).toContain("Pick at least one member to host.");
    // A taken slug: 409 with the field's message.
    const other = await owner.c.post(page, form({ slug: s, hostIds: member.id }));
    expect(other.status).toBe(409);
    expect(visibleText(await other.text())).toContain("This team already has an event type with this slug.");

    const edited = await owner.c.post(
      `/dashboard/teams/${team.id}/event-types/${row.id}`,
      form({ slug: s, title: "Desk call v2", kind: "collective", hostIds: member.id }),
    );
    expect(edited.status).toBe(302);
    expect((await db`select title, kind from event_types where id = ${row.id}`)[0]).toMatchObject({
      title: "Desk call v2",
      kind: "collective",
    });
    expect(await db`select user_id from event_type_hosts where event_type_id = ${row.id}`).toEqual([
      { user_id: member.id },
    ]);

    // Delete: a confirmation URL, then the post.
    expect((await owner.c.get(`/dashboard/teams/${team.id}/event-types/${row.id}?delete=1`)).status).toBe(200);
    const deleted = await owner.c.post(`/dashboard/teams/${team.id}/event-types/${row.id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(await db`select 1 from event_types where id = ${row.id}`).toHaveLength(0);
  });

  it("a member gets 403 on the team's event type pages, an outsider 404, signed out goes to sign in", async () => {
    const page = `/dashboard/teams/${team.id}/event-types/new`;
    expect((await member.c.get(page)).status).toBe(403);
    expect((await member.c.post(page, form({ hostIds: member.id }))).status).toBe(403);
    expect((await outsider.c.get(page)).status).toBe(404);
    expect((await outsider.c.post(page, form({ hostIds: member.id }))).status).toBe(404);
    expect(
      await db`select 1 from event_types where team_id = ${team.id} and title = 'Desk call' and user_id = ${member.id}`,
    ).toHaveLength(0);
    const anonymous = await call("GET", page);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/signin");
    expect((await owner.c.get(`/dashboard/teams/${team.id}/event-types/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
