/**
 * Named teams' JSON paths (decision 057) over real HTTP against PostgreSQL: create and the
 * shared namespace with usernames (races included), invite / accept / resend / revoke, role
 * changes, the last-owner rule, and who may call what (owner, admin, member, outsider).
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, errorOf, ok, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.57", namePrefix: "Teams" });

const slug = (prefix = "t") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

interface TeamJson {
  id: string;
  name: string;
  slug: string;
  role: string;
}

async function createTeam(owner: Account, name = "Sales", teamSlug = slug()): Promise<TeamJson> {
  return ok<TeamJson>(await call("POST", "/api/teams", { token: owner.token, json: { name, slug: teamSlug } }), 201);
}

/** The newest invitation mail to `email`: its accept token. */
async function invitationToken(email: string): Promise<string> {
  const [mail] =
    await db`select text from mail_outbox where "to" = ${email} and subject like '%invited you to their team%' order by created_at desc limit 1`;
  expect(mail, `an invitation mail to ${email}`).toBeTruthy();
  const link = /(http\S+\/dashboard\/team\/accept\?token=\S+)/.exec(mail.text as string)?.[1] ?? "";
  return new URL(link).searchParams.get("token") ?? "";
}

async function join(team: TeamJson, by: Account, who: Account, role = "member") {
  await ok(
    await call("POST", `/api/teams/${team.id}/invitations`, { token: by.token, json: { email: who.email, role } }),
    201,
  );
  const token = await invitationToken(who.email);
  return ok<TeamJson>(await call("POST", "/api/team-invitations/accept", { token: who.token, json: { token } }));
}

describe("creating teams", () => {
  let owner: Account;
  beforeAll(async () => {
    owner = await account("creator");
  });

  it("201 with the caller as owner; GET lists it with the role; the slug is lower-cased", async () => {
    const s = slug("sales");
    const created = await ok<TeamJson>(
      await call("POST", "/api/teams", { token: owner.token, json: { name: " Sales ", slug: s.toUpperCase() } }),
      201,
    );
    expect(created).toEqual({
      id: expect.any(String),
      name: "Sales",
      slug: s,
      role: "owner",
      brandColor: null,
      logoUrl: null,
    });
    const mine = await ok<TeamJson[]>(await call("GET", "/api/teams", { token: owner.token }));
    expect(mine).toContainEqual(created);
    const [row] = await db`select handle, team_id from handles where team_id = ${created.id}`;
    expect(row.handle).toBe(s);
  });

  it("bad input is 400 invalid_input with the fields, never a 500", async () => {
    for (const json of [
      {},
      { name: "", slug: "ok-slug" },
      { name: "X", slug: "2bad" },
      { name: "X", slug: "dashboard" },
      { name: "X", slug: 5 },
      { name: "X", slug: "ok-slug", extra: 1 },
    ]) {
      const res = await call("POST", "/api/teams", { token: owner.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    const err = await errorOf(await call("POST", "/api/teams", { token: owner.token, json: { name: "X", slug: "a" } }));
    expect(err.fields?.slug?.[0]).toContain("at least 3");
    expect((await call("POST", "/api/teams", { json: { name: "X", slug: slug() } })).status).toBe(401);
  });

  it("a slug equal to a username or a team's slug (any case) is 409 slug_taken, and a username cannot take a team's slug", async () => {
    const s = slug("clash");
    await db`update users set username = ${s} where id = ${owner.id}`;
    const res = await call("POST", "/api/teams", {
      token: owner.token,
      json: { name: "Clash", slug: s.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("slug_taken");

    const team = await createTeam(owner, "Taken", slug("team"));
    const again = await call("POST", "/api/teams", { token: owner.token, json: { name: "Other", slug: team.slug } });
    expect((await errorOf(again)).code).toBe("slug_taken");
    // The other way round: a person cannot pick a team's slug as username (the profile form says taken).
    const person = await account("picker");
    const form = await person.c.post("/dashboard/profile", { intent: "username", username: team.slug });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("That username is taken.");
    // A username freed is free for a team.
    await db`update users set username = null where id = ${owner.id}`;
    await createTeam(owner, "Now free", s);
  });

  it("10 concurrent creates of one slug: exactly one 201, nine 409", async () => {
    const s = slug("race");
    const people = await Promise.all([account("race-a"), account("race-b")]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call("POST", "/api/teams", { token: people[i % 2].token, json: { name: `Race ${i}`, slug: s } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect((await db`select count(*)::int as n from teams where slug = ${s}`)[0].n).toBe(1);
  });

  it("a username and a team slug racing: exactly one wins", async () => {
    const s = slug("mixed");
    const person = await account("mixed");
    const [team, form] = await Promise.all([
      call("POST", "/api/teams", { token: owner.token, json: { name: "Mixed", slug: s } }),
      person.c.post("/dashboard/profile", { intent: "username", username: s }),
    ]);
    const won = (team.status === 201 && form.status === 400) || (team.status === 409 && form.status === 302);
    expect(won, `team ${team.status}, username ${form.status}`).toBe(true);
    expect((await db`select count(*)::int as n from handles where handle = ${s}`)[0].n).toBe(1);
  });
});

describe("invitations and membership", () => {
  let owner: Account;
  let admin: Account;
  let member: Account;
  let outsider: Account;
  let team: TeamJson;
  beforeAll(async () => {
    [owner, admin, member, outsider] = await Promise.all([
      account("own"),
      account("adm"),
      account("mem"),
      account("out"),
    ]);
    team = await createTeam(owner, "Support");
    await join(team, owner, admin, "admin");
    await join(team, admin, member);
  });

  it("invite 201 pending with a hashed token; accept only by the invitee; resend kills the old link; revoke", async () => {
    const invitee = await account("invitee");
    const res = await call("POST", `/api/teams/${team.id}/invitations`, {
      token: owner.token,
      json: { email: invitee.email.toUpperCase(), role: "admin" },
    });
    const body = await ok<{ id: string; email: string; role: string; status: string }>(res, 201);
    expect(body).toEqual({ id: expect.any(String), email: invitee.email, role: "admin", status: "pending" });
    const first = await invitationToken(invitee.email);
    const [row] = await db`select token_hash, role from team_invitations where id = ${body.id}`;
    expect(row.token_hash).toBe(crypto.createHash("sha256").update(first).digest("hex"));
    expect(
      (
        await errorOf(
          await call("POST", `/api/teams/${team.id}/invitations`, {
            token: owner.token,
            json: { email: invitee.email },
          }),
        )
      ).code,
    ).toBe("already_invited");
    expect(
      (
        await errorOf(
          await call("POST", `/api/teams/${team.id}/invitations`, {
            token: owner.token,
            json: { email: member.email },
          }),
        )
      ).code,
    ).toBe("already_member");
    expect(
      (
        await call("POST", `/api/teams/${team.id}/invitations`, {
          token: owner.token,
          json: { email: "nope", role: "boss" },
        })
      ).status,
    ).toBe(400);

    // Someone else holding the token: 403; a wrong token: 404.
    expect(
      (await call("POST", "/api/team-invitations/accept", { token: outsider.token, json: { token: first } })).status,
    ).toBe(403);
    expect(
      (await call("POST", "/api/team-invitations/accept", { token: invitee.token, json: { token: `x${first}` } }))
        .status,
    ).toBe(404);
    expect((await call("POST", "/api/team-invitations/accept", { json: { token: first } })).status).toBe(401);

    // Resend (the owner's dashboard page): a new token, the old link dies.
    expect((await owner.c.post(`/dashboard/teams/${team.id}`, { intent: "resend", id: body.id })).status).toBe(302);
    const second = await invitationToken(invitee.email);
    expect(second).not.toBe(first);
    expect(
      (await call("POST", "/api/team-invitations/accept", { token: invitee.token, json: { token: first } })).status,
    ).toBe(404);
    const joined = await ok<TeamJson>(
      await call("POST", "/api/team-invitations/accept", { token: invitee.token, json: { token: second } }),
    );
    expect(joined).toEqual({
      id: team.id,
      name: "Support",
      slug: team.slug,
      role: "admin",
      brandColor: null,
      logoUrl: null,
    });
    expect(
      (
        await errorOf(
          await call("POST", "/api/team-invitations/accept", { token: invitee.token, json: { token: second } }),
        )
      ).code,
    ).toBe("not_pending");
    const members = await ok<Array<{ userId: string; role: string }>>(
      await call("GET", `/api/teams/${team.id}/members`, { token: member.token }),
    );
    expect(members).toContainEqual(
      expect.objectContaining({ userId: invitee.id, email: invitee.email, role: "admin" }),
    );

    // Revoke: the link stops working.
    const late = await account("late");
    const inv = await ok<{ id: string }>(
      await call("POST", `/api/teams/${team.id}/invitations`, { token: admin.token, json: { email: late.email } }),
      201,
    );
    const lateToken = await invitationToken(late.email);
    expect((await owner.c.post(`/dashboard/teams/${team.id}`, { intent: "revoke", id: inv.id })).status).toBe(302);
    expect(
      (await call("POST", "/api/team-invitations/accept", { token: late.token, json: { token: lateToken } })).status,
    ).toBe(404);
  });

  it("JSON: list, resend and revoke invitations (owners and admins; a member 403, an outsider 404)", async () => {
    const invitee = await account("json-inv");
    const inv = await ok<{ id: string }>(
      await call("POST", `/api/teams/${team.id}/invitations`, { token: admin.token, json: { email: invitee.email } }),
      201,
    );
    const first = await invitationToken(invitee.email);
    const listed = await ok<Array<{ id: string; email: string; role: string; status: string; invitedAt: string }>>(
      await call("GET", `/api/teams/${team.id}/invitations`, { token: owner.token }),
    );
    expect(listed).toContainEqual({
      id: inv.id,
      email: invitee.email,
      role: "member",
      status: "pending",
      invitedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await call("GET", `/api/teams/${team.id}/invitations`, { token: member.token })).status).toBe(403);
    expect((await call("GET", `/api/teams/${team.id}/invitations`, { token: outsider.token })).status).toBe(404);
    expect((await call("GET", `/api/teams/${team.id}/invitations`)).status).toBe(401);

    // Resend: a new token by mail, the old link dies; a member may not, an outsider finds nothing.
    const resend = `/api/teams/${team.id}/invitations/${inv.id}/resend`;
    expect((await errorOf(await call("POST", resend, { token: member.token }))).code).toBe("forbidden");
    expect((await errorOf(await call("POST", resend, { token: outsider.token }))).code).toBe("not_found");
    expect(await ok(await call("POST", resend, { token: admin.token }))).toEqual({
      id: inv.id,
      email: invitee.email,
      role: "member",
      status: "pending",
    });
    const second = await invitationToken(invitee.email);
    expect(second).not.toBe(first);
    expect(
      (await call("POST", "/api/team-invitations/accept", { token: invitee.token, json: { token: first } })).status,
    ).toBe(404);
    expect(
      (await call("POST", `/api/teams/${team.id}/invitations/not-a-uuid/resend`, { token: owner.token })).status,
    ).toBe(404);

    // Revoke: the link stops working, and a second revoke finds nothing.
    const revoke = `/api/teams/${team.id}/invitations/${inv.id}`;
    expect((await call("DELETE", revoke, { token: member.token })).status).toBe(403);
    expect((await call("DELETE", revoke, { token: outsider.token })).status).toBe(404);
    expect((await call("DELETE", revoke, { token: owner.token })).status).toBe(204);
    expect((await call("DELETE", revoke, { token: owner.token })).status).toBe(404);
    expect(
      (await call("POST", "/api/team-invitations/accept", { token: invitee.token, json: { token: second } })).status,
    ).toBe(404);
    expect((await db`select id from team_invitations where id = ${inv.id}`).length).toBe(0);
  });

  it("the authorization matrix of every JSON path: owner, admin, member, outsider, signed out", async () => {
    const target = await account("target");
    await join(team, owner, target);
    const invite = (who: Account) =>
      call("POST", `/api/teams/${team.id}/invitations`, {
        token: who.token,
        json: { email: `m-${crypto.randomUUID().slice(0, 6)}@example.test` },
      });
    expect((await invite(owner)).status).toBe(201);
    expect((await invite(admin)).status).toBe(201);
    expect((await errorOf(await invite(member))).code).toBe("forbidden");
    expect((await errorOf(await invite(outsider))).code).toBe("not_found");
    expect(
      (await call("POST", `/api/teams/${team.id}/invitations`, { json: { email: "x@example.test" } })).status,
    ).toBe(401);
    expect(
      (
        await call("POST", `/api/teams/not-a-uuid/invitations`, {
          token: owner.token,
          json: { email: "x@example.test" },
        })
      ).status,
    ).toBe(404);

    for (const who of [owner, admin, member])
      expect((await call("GET", `/api/teams/${team.id}/members`, { token: who.token })).status).toBe(200);
    expect((await call("GET", `/api/teams/${team.id}/members`, { token: outsider.token })).status).toBe(404);
    expect((await call("GET", `/api/teams/${crypto.randomUUID()}/members`, { token: owner.token })).status).toBe(404);
    expect((await call("GET", `/api/teams/${team.id}/members`)).status).toBe(401);

    const patch = (who: Account, userId: string, role: string) =>
      call("PATCH", `/api/teams/${team.id}/members/${userId}`, { token: who.token, json: { role } });
    expect((await patch(member, target.id, "admin")).status).toBe(403);
    expect((await patch(outsider, target.id, "admin")).status).toBe(404);
    expect((await patch(owner, target.id, "chief")).status).toBe(400);
    expect((await patch(owner, crypto.randomUUID(), "admin")).status).toBe(404);
    // Admins cannot grant owner nor change an owner.
    expect((await patch(admin, target.id, "owner")).status).toBe(403);
    expect((await patch(admin, owner.id, "member")).status).toBe(403);
    expect(await ok(await patch(admin, target.id, "admin"))).toEqual({
      userId: target.id,
      email: target.email,
      name: "Teams target",
      role: "admin",
    });
    expect((await ok(await patch(owner, target.id, "member"))).role).toBe("member");

    const remove = (who: Account, userId: string) =>
      call("DELETE", `/api/teams/${team.id}/members/${userId}`, { token: who.token });
    expect((await remove(member, target.id)).status).toBe(403);
    expect((await remove(outsider, target.id)).status).toBe(404);
    expect((await remove(admin, owner.id)).status).toBe(403);
    expect((await remove(admin, target.id)).status).toBe(204);
    expect(
      (
        await db`select count(*)::int as n from team_memberships where team_id = ${team.id} and user_id = ${target.id}`
      )[0].n,
    ).toBe(0);
  });

  it("the last owner cannot leave or be demoted (409 last_owner); with a second owner they can", async () => {
    const solo = await account("solo");
    const t = await createTeam(solo, "Solo");
    const demote = await call("PATCH", `/api/teams/${t.id}/members/${solo.id}`, {
      token: solo.token,
      json: { role: "admin" },
    });
    expect(demote.status).toBe(409);
    const err = await errorOf(demote);
    expect(err).toMatchObject({
      code: "last_owner",
      message: "A team needs an owner: make someone else an owner first.",
    });
    expect(
      (await errorOf(await call("DELETE", `/api/teams/${t.id}/members/${solo.id}`, { token: solo.token }))).code,
    ).toBe("last_owner");

    const second = await account("second");
    await join(t, solo, second, "owner");
    expect((await call("DELETE", `/api/teams/${t.id}/members/${solo.id}`, { token: solo.token })).status).toBe(204);
    expect(
      (
        await errorOf(
          await call("PATCH", `/api/teams/${t.id}/members/${second.id}`, {
            token: second.token,
            json: { role: "member" },
          }),
        )
      ).code,
    ).toBe("last_owner");
    // A member may leave (DELETE of their own id).
    const leaver = await account("leaver");
    await join(t, second, leaver);
    expect((await call("DELETE", `/api/teams/${t.id}/members/${leaver.id}`, { token: leaver.token })).status).toBe(204);
    expect(await ok<TeamJson[]>(await call("GET", "/api/teams", { token: leaver.token }))).toEqual([]);
  });

  it("at most 50 members and pending invitations: 409 team_full, also for renewing a declined one", async () => {
    const big = await account("big");
    const t = await createTeam(big, "Big");
    await db`insert into team_invitations (team_id, email, token_hash, status)
      select ${t.id}, 'filler-' || g || '@example.test', 'filler-' || ${t.id} || '-' || g, 'pending' from generate_series(1, 48) g`;
    await db`insert into team_invitations (team_id, email, token_hash, status) values (${t.id}, 'declined-big@example.test', ${`declined-${t.id}`}, 'declined')`;
    // 1 member + 48 pending: one more fits, then the team is full.
    await ok(
      await call("POST", `/api/teams/${t.id}/invitations`, {
        token: big.token,
        json: { email: "last-fit@example.test" },
      }),
      201,
    );
    for (const email of ["one-too-many@example.test", "declined-big@example.test"]) {
      expect(
        (await errorOf(await call("POST", `/api/teams/${t.id}/invitations`, { token: big.token, json: { email } })))
          .code,
      ).toBe("team_full");
    }
  });

  it("two owners demoting each other at once: one stays owner", async () => {
    const a = await account("duo-a");
    const b = await account("duo-b");
    const t = await createTeam(a, "Duo");
    await join(t, a, b, "owner");
    const answers = await Promise.all([
      call("PATCH", `/api/teams/${t.id}/members/${b.id}`, { token: a.token, json: { role: "member" } }),
      call("PATCH", `/api/teams/${t.id}/members/${a.id}`, { token: b.token, json: { role: "member" } }),
    ]);
    // The second to get the lock is no longer an owner: it may not change an owner.
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(
      (await db`select count(*)::int as n from team_memberships where team_id = ${t.id} and role = 'owner'`)[0].n,
    ).toBe(1);
  });

  it("a member who joins an owner's team can host the owner's team event types; leaving stops it", async () => {
    const host = await account("host", "professional");
    const t = await createTeam(host, "Hosts");
    const m = await account("cohost");
    await join(t, host, m);
    const [row] = await db`select status, member_id from team_members where owner_id = ${host.id}`;
    expect(row).toEqual({ status: "accepted", member_id: m.id });
    expect((await call("DELETE", `/api/teams/${t.id}/members/${m.id}`, { token: m.token })).status).toBe(204);
    expect(await db`select 1 from team_members where owner_id = ${host.id}`).toHaveLength(0);
  });
});
