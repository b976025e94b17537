/**
 * Named teams' pages (decision 057) over real HTTP against PostgreSQL: the dashboard Teams area
 * (create with the form's errors, settings: roles, remove, invitations, leave; who may do what)
 * and the public team page /team/{slug}. Every request is a plain form post or GET, as without
 * JavaScript.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { allDayEventType, apiClient, ok, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.58", namePrefix: "Pages" });

const slug = (prefix = "p") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

async function invitationToken(email: string): Promise<string> {
  const [mail] = await db`select text from mail_outbox where "to" = ${email} order by created_at desc limit 1`;
  return decodeURIComponent(/accept\?token=([A-Za-z0-9_%-]+)/.exec(mail.text as string)?.[1] ?? "");
}

/** `who` joins the team with `role`, invited on the settings page by `by`. */
async function join(teamId: string, by: Account, who: Account, role = "member") {
  expect((await by.c.post(`/dashboard/teams/${teamId}`, { intent: "invite", email: who.email, role })).status).toBe(
    302,
  );
  await ok(
    await call("POST", "/api/team-invitations/accept", {
      token: who.token,
      json: { token: await invitationToken(who.email) },
    }),
  );
}

describe("the dashboard Teams area", () => {
  let owner: Account;
  let admin: Account;
  let member: Account;
  let outsider: Account;
  let teamId: string;
  let teamSlug: string;
  beforeAll(async () => {
    [owner, admin, member, outsider] = await Promise.all([
      account("owner"),
      account("admin"),
      account("member"),
      account("outsider"),
    ]);
  });

  it("creates a team from the form; bad input and a taken link come back with the field's message and the typed input", async () => {
    const empty = await owner.c.post("/dashboard/teams", { intent: "create", name: "", slug: "2xy" });
    expect(empty.status).toBe(400);
    const emptyText = visibleText(await empty.text());
    expect(emptyText).toContain("Enter the team's name.");
    expect(emptyText).toContain("Start the team link with a letter.");

    await db`update users set username = ${slug("user")} where id = ${outsider.id}`;
    const [{ username }] = await db`select username from users where id = ${outsider.id}`;
    const taken = await owner.c.post("/dashboard/teams", {
      intent: "create",
      name: "Design",
      slug: username as string,
    });
    expect(taken.status).toBe(409);
    const takenHtml = await taken.text();
    expect(visibleText(takenHtml)).toContain("This link is taken by a person or another team");
    expect(takenHtml).toContain('value="Design"');

    teamSlug = slug("design");
    const made = await owner.c.post("/dashboard/teams", { intent: "create", name: "Design", slug: teamSlug });
    expect(made.status).toBe(302);
    [{ id: teamId }] = (await db`select id from teams where slug = ${teamSlug}`) as unknown as Array<{ id: string }>;
    expect(made.headers.get("location")).toBe(`/dashboard/teams/${teamId}`);
    const list = visibleText(await (await owner.c.get("/dashboard/teams")).text());
    expect(list).toMatch(/Design\s*Owner/);
  });

  it("owners and admins invite, change roles and remove; members see the members only; outsiders get 404", async () => {
    await join(teamId, owner, admin, "admin");
    await join(teamId, admin, member);
    const settings = `/dashboard/teams/${teamId}`;

    const asMember = visibleText(await (await member.c.get(settings)).text());
    expect(asMember).toContain("Pages owner");
    expect(asMember).not.toContain("Invite someone");
    expect((await member.c.post(settings, { intent: "invite", email: "x@example.test", role: "member" })).status).toBe(
      403,
    );
    expect((await member.c.post(settings, { intent: "role", id: admin.id, role: "member" })).status).toBe(403);
    expect((await member.c.post(settings, { intent: "remove", id: admin.id })).status).toBe(403);
    expect((await member.c.get(`${settings}?remove=${admin.id}`)).status).toBe(403);

    for (const path of [settings, `${settings}?remove=${member.id}`])
      expect((await outsider.c.get(path)).status).toBe(404);
    expect(
      (await outsider.c.post(settings, { intent: "invite", email: "x@example.test", role: "member" })).status,
    ).toBe(404);
    expect((await outsider.c.post(settings, { intent: "leave" })).status).toBe(404);
    expect((await call("GET", settings)).status).toBe(302);

    // An admin cannot touch the owner or grant owner; an owner can.
    expect((await admin.c.post(settings, { intent: "role", id: owner.id, role: "member" })).status).toBe(403);
    expect((await admin.c.post(settings, { intent: "role", id: member.id, role: "owner" })).status).toBe(403);
    expect((await admin.c.post(settings, { intent: "role", id: member.id, role: "admin" })).status).toBe(302);
    expect(
      (await db`select role from team_memberships where team_id = ${teamId} and user_id = ${member.id}`)[0].role,
    ).toBe("admin");
    expect((await owner.c.post(settings, { intent: "role", id: member.id, role: "member" })).status).toBe(302);

    // The last owner: 409 with the message, on the page.
    const demote = await owner.c.post(settings, { intent: "leave" });
    expect(demote.status).toBe(409);
    expect(visibleText(await demote.text())).toContain("A team needs an owner: make someone else an owner first.");

    // Remove: a confirmation URL, then the post.
    expect((await owner.c.get(`${settings}?remove=${member.id}`)).status).toBe(200);
    expect((await owner.c.post(settings, { intent: "remove", id: member.id })).status).toBe(302);
    expect(await db`select 1 from team_memberships where team_id = ${teamId} and user_id = ${member.id}`).toHaveLength(
      0,
    );

    // The admin leaves.
    expect((await admin.c.get(`${settings}?leave=1`)).status).toBe(200);
    const left = await admin.c.post(settings, { intent: "leave" });
    expect(left.status).toBe(302);
    expect(left.headers.get("location")).toBe("/dashboard/teams");
    expect((await admin.c.get(settings)).status).toBe(404);
  });

  it("invitations to me are answered on the Teams list", async () => {
    const invitee = await account("invitee");
    expect(
      (await owner.c.post(`/dashboard/teams/${teamId}`, { intent: "invite", email: invitee.email, role: "admin" }))
        .status,
    ).toBe(302);
    const page = visibleText(await (await invitee.c.get("/dashboard/teams")).text());
    expect(page).toMatch(/Design ?invites you as an admin ?\./);
    const [row] = await db`select id from team_invitations where team_id = ${teamId} and email = ${invitee.email}`;
    const joined = await invitee.c.post("/dashboard/teams", { intent: "accept", id: row.id });
    expect(joined.status).toBe(302);
    expect(
      (await db`select role from team_memberships where team_id = ${teamId} and user_id = ${invitee.id}`)[0].role,
    ).toBe("admin");
  });
});

describe("the team page /team/{slug}", () => {
  it("shows the name, the members and the active event types with their booking links; 404 otherwise", async () => {
    const host = await account("host", "professional");
    const username = slug("host");
    await db`update users set username = ${username}, name = 'Hana Host' where id = ${host.id}`;
    const team = await ok<{ id: string; slug: string }>(
      await call("POST", "/api/teams", { token: host.token, json: { name: "Hana's crew", slug: slug("crew") } }),
      201,
    );
    const active = (await allDayEventType(call, host.token, {
      title: "Crew call",
      slug: slug("call"),
      duration: 30,
      location: { type: "video" },
    })) as unknown as {
      _id: string;
      slug: string;
    };
    await db`update event_types set team_id = ${team.id}, title = 'Crew call', active = true where id = ${active._id}`;

    const res = await call("GET", `/team/${team.slug.toUpperCase()}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = visibleText(html);
    expect(text).toContain("Hana's crew");
    expect(text).toContain("Hana Host");
    expect(text).toContain("Crew call");
    // Its booking page is the team's (decision 059); the maker's old link leads there.
    expect(html).toContain(`href="/team/${team.slug}/${active.slug}"`);
    const old = await call("GET", `/${username}/${active.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/team/${team.slug}/${active.slug}`);

    await db`update event_types set active = false where id = ${active._id}`;
    expect(visibleText(await (await call("GET", `/team/${team.slug}`)).text())).toContain(
      "This team has no bookable meetings right now.",
    );
    expect((await call("GET", `/team/${slug("nobody")}`)).status).toBe(404);
    expect((await call("GET", "/team/%20bad%20")).status).toBe(404);
  });
});

describe("members' attributes on the team page (routing forms pick members by them, decision 074)", () => {
  let owner: Account;
  let admin: Account;
  let member: Account;
  let teamId: string;

  /** The attributes form's post: repeated name/value rows, as the page sends them. */
  function postAttributes(by: Account, userId: string, rows: Array<[string, string]>) {
    const body = new URLSearchParams({ intent: "attributes", id: userId });
    for (const [name, value] of rows) {
      body.append("name", name);
      body.append("value", value);
    }
    return by.c.request(`/dashboard/teams/${teamId}?attributes=${userId}`, {
      method: "POST",
      body: body.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: by.c.baseUrl },
    });
  }

  async function attributesOf(userId: string) {
    const [row] = await db`select attributes from team_memberships where team_id = ${teamId} and user_id = ${userId}`;
    return row.attributes as Record<string, string>;
  }

  beforeAll(async () => {
    [owner, admin, member] = await Promise.all([account("attr-owner"), account("attr-admin"), account("attr-member")]);
    const made = await owner.c.post("/dashboard/teams", { intent: "create", name: "Sales", slug: slug("sales") });
    expect(made.status).toBe(302);
    teamId = /\/dashboard\/teams\/([0-9a-f-]+)/.exec(made.headers.get("location") ?? "")?.[1] ?? "";
    await join(teamId, owner, admin, "admin");
    await join(teamId, owner, member);
  });

  it("an admin opens a member's form (the suggested names offered), saves it, and everyone sees it", async () => {
    const form = await admin.c.get(`/dashboard/teams/${teamId}?attributes=${member.id}`);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(visibleText(html)).toContain("Attributes of Pages attr-member");
    for (const name of ["region", "language", "segment"]) expect(html).toContain(`value="${name}"`);

    const saved = await postAttributes(admin, member.id, [
      ["region", "emea"],
      ["language", "de"],
      ["segment", ""],
      ["", ""],
    ]);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/dashboard/teams/${teamId}`);
    expect(await attributesOf(member.id)).toEqual({ region: "emea", language: "de" });

    // The member sees them on the members list, without the form's button.
    const page = await member.c.get(`/dashboard/teams/${teamId}`);
    const text = visibleText(await page.text());
    expect(text).toMatch(/region:\s*emea/);
    expect(text).toMatch(/language:\s*de/);
    expect(text).not.toContain("Attributes of");

    // An empty value removes that attribute; the owner may set their own too.
    expect(
      (
        await postAttributes(owner, member.id, [
          ["region", "emea"],
          ["language", ""],
        ])
      ).status,
    ).toBe(302);
    expect(await attributesOf(member.id)).toEqual({ region: "emea" });
    expect((await postAttributes(owner, owner.id, [["segment", "enterprise"]])).status).toBe(302);
    expect(await attributesOf(owner.id)).toEqual({ segment: "enterprise" });
  });

  it("bad rows are a 400 that names the problem and keeps what was typed; nothing is saved", async () => {
    const before = await attributesOf(member.id);
    const bad = await postAttributes(admin, member.id, [["Region!", "apac"]]);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(visibleText(html)).toContain('"Region!": a name is a lower-case letter');
    expect(html).toContain('value="Region!"');
    const twice = await postAttributes(admin, member.id, [
      ["region", "apac"],
      ["region", "emea"],
    ]);
    expect(twice.status).toBe(400);
    expect(visibleText(await twice.text())).toContain('"region" is given twice.');
    const nameless = await postAttributes(admin, member.id, [["", "apac"]]);
    expect(nameless.status).toBe(400);
    expect(visibleText(await nameless.text())).toContain('Give a name for the value "apac".');
    expect(await attributesOf(member.id)).toEqual(before);
  });

  it("a member may neither open the form nor post it (403, nothing changed); a stranger's id is 404", async () => {
    const before = await attributesOf(member.id);
    expect((await member.c.get(`/dashboard/teams/${teamId}?attributes=${member.id}`)).status).toBe(403);
    expect((await postAttributes(member, member.id, [["region", "apac"]])).status).toBe(403);
    expect(await attributesOf(member.id)).toEqual(before);
    const stranger = crypto.randomUUID();
    expect((await owner.c.get(`/dashboard/teams/${teamId}?attributes=${stranger}`)).status).toBe(404);
    expect((await postAttributes(owner, stranger, [["region", "apac"]])).status).toBe(404);
  });
});
