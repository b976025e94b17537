import crypto from "node:crypto";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "../support/http";
import { API_PASSWORD, apiClient, browserCall, errorOf, type Account } from "./api-client";
import { servers } from "./context";
import { join, teamCast, teamEventType } from "./team-fixtures";

/**
 * The audit log (decision 070) and data rights (decision 071) against the running servers: the
 * log refuses changes in the database itself, the admin reads and exports it, a user's export
 * holds their rows and nobody else's, an erasure leaves no trace of the e-mail anywhere, and an
 * account's deletion cancels its upcoming bookings with the guests told.
 */

const { db, call, account } = apiClient({ ipPrefix: "10.170", namePrefix: "Rights" });
const rand = () => crypto.randomBytes(8).toString("hex");

async function auditRows(where: { action: string; actorId?: string; targetId?: string }) {
  return db`select * from audit_log where action = ${where.action}
    and (${where.actorId ?? null}::uuid is null or actor_id = ${where.actorId ?? null}::uuid)
    and (${where.targetId ?? null}::text is null or target_id = ${where.targetId ?? null}::text)
    order by at desc`;
}

/** Waits (at most 15 s) for `check` to hold. */
async function eventually<T>(check: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A booking of the host's, starting in `days` days, with a guest, answers and notes. */
async function booking(hostId: string, guestEmail: string, guestName: string, days = 7) {
  const startsAt = new Date(Date.now() + days * 86_400_000);
  const [row] = await db`insert into events
      (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_name, guest_email, guest_time_zone, notes, answers)
    values (${hostId}, 'Intro call', 'Phone Call', 'One-to-One', 'A talk', ${startsAt}, ${new Date(startsAt.getTime() + 30 * 60_000)},
      ${guestName}, ${guestEmail}, 'UTC', ${`notes of ${guestName}`}, ${db.json({ company: `${guestName} Ltd` })})
    returning id`;
  await db`insert into event_invitees (event_id, position, email) values (${row.id}, 1, ${guestEmail})`;
  return row.id as string;
}

/** Rows of `a` in every table that belongs to a user (one each, at least). */
async function seedEverything(a: Account, tag: string) {
  const guest = `guest-${tag}@example.test`;
  const [schedule] =
    await db`insert into schedules (user_id, name, time_zone) values (${a.id}, 'Working hours', 'UTC') returning id`;
  const [eventType] = await db`insert into event_types (user_id, title, slug, duration, location, schedule_id)
    values (${a.id}, 'Intro', ${`intro-${tag}`}, 30, ${db.json({ kind: "phone" })}, ${schedule.id}) returning id`;
  const eventId = await booking(a.id, guest, `Guest ${tag}`);
  await db`insert into password_reset_tokens (user_id, token_hash, expires_at) values (${a.id}, ${rand()}, now() + interval '1 hour')`;
  await db`insert into event_type_hosts (event_type_id, user_id) values (${eventType.id}, ${a.id}) on conflict do nothing`;
  await db`insert into single_use_links (event_type_id, token) values (${eventType.id}, ${rand()})`;
  await db`insert into booking_seats (event_id, name, email, time_zone, token_hash) values (${eventId}, ${`Seat ${tag}`}, ${`seat-${tag}@example.test`}, 'UTC', ${rand()})`;
  await db`insert into booking_assignments (event_id, kind, host_id, reason, candidates) values (${eventId}, 'assigned', ${a.id}, 'first free', '[]'::jsonb)`;
  await db`insert into booking_events (kind, event_id, actor, payload) values ('created', ${eventId}, 'guest', ${db.json({ guest })})`;
  await db`insert into reminder_deliveries (event_id, rule, starts_at) values (${eventId}, 'guest-email', now())`;
  const [routingForm] = await db`insert into routing_forms (user_id, name, fields, routes, fallback)
    values (${a.id}, 'Intake', '[]'::jsonb, '[]'::jsonb, ${db.json({ type: "message", message: "Thanks" })}) returning id`;
  await db`insert into routing_responses (form_id, answers, action, booking_id) values (${routingForm.id}, ${db.json({ email: guest })}, ${db.json({ type: "message", message: "Thanks" })}, ${eventId})`;
  await db`insert into reminder_settings (user_id, guest_email_on, guest_email_minutes, second_guest_email_on, second_guest_email_minutes,
      host_in_app_on, host_in_app_minutes, follow_up_on, follow_up_minutes) values (${a.id}, true, 60, false, 60, true, 10, false, 60)`;
  await db`insert into out_of_office (user_id, starts_at, ends_at, reason) values (${a.id}, now() + interval '30 days', now() + interval '31 days', 'away')`;
  await db`insert into notifications (user_id, notification) values (${a.id}, ${`hello ${tag}`})`;
  const [connection] =
    await db`insert into calendar_connections (user_id, type, name, url) values (${a.id}, 'ics', 'Feed', ${`https://cal.example.test/${tag}.ics`}) returning id`;
  const [calendar] =
    await db`insert into external_calendars (connection_id, user_id, external_id, name) values (${connection.id}, ${a.id}, ${tag}, 'Work') returning id`;
  await db`insert into external_busy (calendar_id, user_id, starts_at, ends_at) values (${calendar.id}, ${a.id}, now(), now() + interval '1 hour')`;
  await db`insert into external_event_copies (event_id, calendar_id, external_id) values (${eventId}, ${calendar.id}, ${`copy-${tag}`})`;
  await db`insert into calendar_feeds (user_id, token_hash, token) values (${a.id}, ${rand()}, ${`feed-secret-${tag}`})`;
  await db`insert into handles (handle, user_id) values (${`h-${tag}`}, ${a.id})`;
  const [team] = await db`insert into teams (name, slug) values (${`Team ${tag}`}, ${`team-${tag}`}) returning id`;
  await db`insert into team_memberships (team_id, user_id, role) values (${team.id}, ${a.id}, 'owner')`;
  await db`insert into team_invitations (team_id, email, token_hash, invited_by) values (${team.id}, ${`invitee-${tag}@example.test`}, ${rand()}, ${a.id})`;
  await db`insert into team_members (owner_id, email, token_hash) values (${a.id}, ${`member-${tag}@example.test`}, ${rand()})`;
  const [sub] =
    await db`insert into webhook_subscriptions (user_id, url, events, secret) values (${a.id}, ${`https://hooks.example.test/${tag}`}, '{booking.created}', ${`whsec_secret${tag}`}) returning id`;
  await db`insert into webhook_deliveries (subscription_id, message_id, type, body, event_id) values (${sub.id}, ${`msg_${rand()}`}, 'booking.created', ${JSON.stringify({ guest })}, ${eventId})`;
  await db`insert into professionals (user_id, name, email, transaction_id, pack, amount_cents) values (${a.id}, 'Pro', ${a.email}, ${`pi_${rand()}`}, 'Gold', 1000)`;
  await db`insert into reviews (user_id, name, email, rating, review) values (${a.id}, 'Me', ${a.email}, 5, 'fine')`;
  await db`insert into contact_messages (name, email, message) values ('Me', ${a.email}, 'hello')`;
  await db`insert into mail_outbox ("to", subject, text, event_id) values (${guest}, 'Booked', ${`Dear Guest ${tag}`}, ${eventId})`;
  // Two-factor, conferencing and SCIM (decisions 065, 066, 069).
  await db`insert into totp_secrets (user_id, secret) values (${a.id}, ${`v1:totp-${tag}`})`;
  await db`insert into recovery_codes (user_id, code_hash) values (${a.id}, ${rand()})`;
  await db`insert into passkeys (user_id, credential_id, public_key, name) values (${a.id}, ${`cred-${tag}`}, 'pk', 'Laptop')`;
  await db`insert into site_settings (key, value, updated_by) values (${`test-${tag}`}, ${db.json(true)}, ${a.id})`;
  await db`insert into conferencing_apps (user_id, app, account) values (${a.id}, 'zoom', ${`zoom-${tag}@example.test`})`;
  await db`insert into booking_meetings (event_id, host_id, app, status, join_url) values (${eventId}, ${a.id}, 'zoom', 'created', ${`https://zoom.example.test/j/${tag}`})`;
  await db`insert into scim_tokens (token_hash, created_by) values (${rand()}, ${a.id})`;
  // The profile photo and a text about the booking (decisions 095, 090).
  await db`insert into user_photos (user_id, hash, large, small) values (${a.id}, ${rand().slice(0, 16)}, ${Buffer.from("large")}, ${Buffer.from("small")})`;
  // The host's own logo (decision 117).
  await db`insert into user_logos (user_id, hash, large, small) values (${a.id}, ${rand().slice(0, 16)}, ${Buffer.from("large")}, ${Buffer.from("small")})`;
  await db`insert into sms_outbox ("to", body, event_id) values ('+34612345678', ${`Hi Guest ${tag}`}, ${eventId})`;
  return { guest, eventId };
}

describe("audit log", () => {
  it("records sign-ins with address and browser, and an admin filters, pages and exports it", async () => {
    const admin = await account("audit-admin", "admin");
    const user = await account("audit-user");
    const c = new HttpClient(servers()[0], { "x-forwarded-for": "10.170.99.7", "user-agent": "AuditBrowser/1.0" });
    expect((await c.post("/signin", { email: user.email, password: "wrong-password" })).status).toBe(401);
    expect((await c.post("/signin", { email: user.email, password: API_PASSWORD })).status).toBe(302);

    const [failed] =
      await db`select * from audit_log where action = 'auth.sign_in_failed' and actor_email = ${user.email}`;
    expect(failed).toMatchObject({ actor_id: null, ip: "10.170.99.7", user_agent: "AuditBrowser/1.0" });
    const [ok] = await auditRows({ action: "auth.sign_in", actorId: user.id });
    expect(ok).toMatchObject({ actor_email: user.email, target_type: "user", target_id: user.id, ip: "10.170.99.7" });

    // Filtered by actor and action, one entry per page.
    const res = await call("GET", `/api/admin/audit-log?actor=${encodeURIComponent(user.email)}&limit=1`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: { action: string; actorEmail: string }[]; nextCursor: string | null };
    expect(page.items).toHaveLength(1);
    expect(page.items[0].actorEmail).toBe(user.email);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = await call(
      "GET",
      `/api/admin/audit-log?actor=${encodeURIComponent(user.email)}&limit=1&cursor=${page.nextCursor}`,
      {
        token: admin.token,
      },
    );
    const second = (await next.json()) as { items: { action: string }[] };
    expect(second.items).toHaveLength(1);
    expect(second.items[0]).not.toEqual(page.items[0]);
    const actions = [page.items[0].action, second.items[0].action].sort();
    expect(actions).toEqual(["auth.sign_in", "auth.sign_in_failed"]);

    const byAction = await call("GET", `/api/admin/audit-log?action=auth.sign_in&actor=${user.id}`, {
      token: admin.token,
    });
    const onlySignIns = (await byAction.json()) as { items: { action: string }[] };
    expect(onlySignIns.items.map((i) => i.action)).toEqual(["auth.sign_in"]);
    const future = await call("GET", `/api/admin/audit-log?actor=${user.id}&from=2999-01-01`, { token: admin.token });
    expect(((await future.json()) as { items: unknown[] }).items).toEqual([]);

    // CSV: every matching entry, and the export is itself audited.
    const csv = await call("GET", `/api/admin/audit-log?actor=${encodeURIComponent(user.email)}`, {
      token: admin.token,
      headers: { accept: "text/csv" },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("at,actor_id,actor_email,action,target_type,target_id,ip,user_agent,before,after");
    expect(lines.slice(1).some((l) => l.includes("auth.sign_in_failed") && l.includes("AuditBrowser/1.0"))).toBe(true);
    expect(await auditRows({ action: "audit_log.exported", actorId: admin.id })).toHaveLength(1);

    // Bad filters are a 400, not a 500; nobody else reads it.
    for (const q of ["action=nope", "from=yesterday", "cursor=bogus", "limit=0"]) {
      const bad = await call("GET", `/api/admin/audit-log?${q}`, { token: admin.token });
      expect(bad.status, q).toBe(400);
      expect((await errorOf(bad)).code).toBe("invalid_input");
    }
    expect((await call("GET", "/api/admin/audit-log", { token: user.token })).status).toBe(403);
  });

  it("is append-only in the database: UPDATE, DELETE and TRUNCATE raise unless the retention job's setting is on", async () => {
    const user = await account("append-only");
    const [row] = await auditRows({ action: "api_token.created", actorId: user.id });
    expect(row).toBeDefined();
    await expect(db`update audit_log set action = 'forged' where id = ${row.id}`).rejects.toThrow(/append-only/);
    await expect(db`delete from audit_log where id = ${row.id}`).rejects.toThrow(/append-only/);
    await expect(db`truncate audit_log`).rejects.toThrow(/append-only/);
    // A session-level setting does not count: only the retention job's, local to its transaction.
    await expect(
      db.begin(async (tx) => {
        await tx`select set_config('app.audit_retention', 'off', true)`;
        await tx`delete from audit_log where id = ${row.id}`;
      }),
    ).rejects.toThrow(/append-only/);
    const [still] = await db`select action from audit_log where id = ${row.id}`;
    expect(still.action).toBe("api_token.created");
  });

  it("records the changes the app already makes: password, tokens, roles, packages, webhooks, calendars", async () => {
    const admin = await account("changes-admin", "admin");
    const user = await account("changes-user");
    // The admin promotes and demotes over JSON.
    expect((await call("PUT", `/users/admin/${encodeURIComponent(user.email)}`, { token: admin.token })).status).toBe(
      200,
    );
    expect((await call("PUT", `/users/user/${encodeURIComponent(user.email)}`, { token: admin.token })).status).toBe(
      200,
    );
    const roles = await auditRows({ action: "user.role_changed", actorId: admin.id, targetId: user.id });
    expect(roles.map((r) => r.after)).toEqual([{ admin: false }, { admin: true }]);
    // A package's life, with before and after.
    const name = `Audit ${rand()}`;
    const created = await call("POST", "/packages", { token: admin.token, json: { name, price: 5 } });
    expect(created.status).toBe(200);
    const pkg = (await created.json()) as { _id: string };
    expect(
      (await call("PUT", `/packages/${pkg._id}`, { token: admin.token, json: { name: `${name} 2`, price: 6 } })).status,
    ).toBe(200);
    expect((await call("DELETE", `/packages/${pkg._id}`, { token: admin.token })).status).toBe(200);
    const [updated] = await auditRows({ action: "package.updated", targetId: pkg._id });
    expect(updated.before).toMatchObject({ name });
    expect(updated.after).toMatchObject({ name: `${name} 2` });
    expect(await auditRows({ action: "package.created", targetId: pkg._id })).toHaveLength(1);
    expect(await auditRows({ action: "package.deleted", targetId: pkg._id })).toHaveLength(1);
    // A webhook, without its secret.
    const hook = await call("POST", "/api/webhooks", {
      token: user.token,
      json: { url: "http://127.0.0.1:9/hook", events: ["booking.created"] },
    });
    expect(hook.status).toBe(201);
    const { id: hookId, secret } = (await hook.json()) as { id: string; secret: string };
    expect((await call("DELETE", `/api/webhooks/${hookId}`, { token: user.token })).status).toBe(204);
    const [hookCreated] = await auditRows({ action: "webhook.created", targetId: hookId });
    expect(hookCreated.after).toMatchObject({ url: "http://127.0.0.1:9/hook" });
    expect(JSON.stringify(hookCreated)).not.toContain(secret);
    expect(await auditRows({ action: "webhook.deleted", targetId: hookId })).toHaveLength(1);
    // A password change from the profile.
    const browser = new HttpClient(servers()[0], { "x-forwarded-for": "10.170.98.1" });
    expect((await browser.post("/signin", { email: user.email, password: API_PASSWORD })).status).toBe(302);
    const changed = await browser.post("/dashboard/profile", {
      intent: "password",
      currentPassword: API_PASSWORD,
      newPassword: "another-horse-battery",
      confirmPassword: "another-horse-battery",
    });
    expect(changed.status).toBe(302);
    expect(await auditRows({ action: "account.password_changed", actorId: user.id })).toHaveLength(1);
  });
});

describe("audit log: two-factor, deactivation and SCIM tokens (decisions 066, 068, 069)", () => {
  it("records a factor added and removed, a deactivation and reactivation, and a SCIM token", async () => {
    const admin = await account("audit-people-admin", "admin");
    const user = await account("audit-people-user");
    const setup = (await (await call("POST", "/api/me/totp", { token: user.token })).json()) as { secret: string };
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
    const enabled = await call("POST", "/api/me/totp/enable", { token: user.token, json: { code } });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    const [added] = await auditRows({ action: "account.factor_added", actorId: user.id });
    expect(added).toMatchObject({ target_id: user.id, after: { factor: "totp" } });
    expect(JSON.stringify(added)).not.toContain(setup.secret);
    expect(
      (await call("DELETE", "/api/me/totp", { token: user.token, json: { code: recoveryCodes[0] } })).status,
    ).toBeLessThan(300);
    expect(await auditRows({ action: "account.factor_removed", actorId: user.id })).toHaveLength(1);

    const active = (value: boolean) =>
      call("PUT", `/api/admin/users/${user.id}/active`, { token: admin.token, json: { active: value } });
    expect((await active(false)).status).toBe(200);
    expect((await active(false)).status).toBe(200); // unchanged: no second entry
    expect((await active(true)).status).toBe(200);
    const [off] = await auditRows({ action: "account.deactivated", targetId: user.id });
    expect(off).toMatchObject({ actor_id: admin.id, after: { via: "admin" } });
    expect(await auditRows({ action: "account.deactivated", targetId: user.id })).toHaveLength(1);
    expect(await auditRows({ action: "account.reactivated", targetId: user.id })).toHaveLength(1);

    const minted = await call("POST", "/api/admin/scim-token", { token: admin.token });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    const [scim] = await auditRows({ action: "scim_token.created", actorId: admin.id });
    expect(scim).toBeTruthy();
    expect(JSON.stringify(scim)).not.toContain(token);
    // A new token replaces it: the old one's end is recorded too.
    expect((await call("POST", "/api/admin/scim-token", { token: admin.token })).status).toBe(201);
    expect(await auditRows({ action: "scim_token.created", actorId: admin.id })).toHaveLength(2);
    expect((await auditRows({ action: "scim_token.revoked", actorId: admin.id })).length).toBeGreaterThanOrEqual(1);
  });
});

describe("account deletion with a second factor", () => {
  it("DELETE /api/me takes a code of the authenticator app or a recovery code instead of the password", async () => {
    const user = await account("delete-otp");
    const setup = (await (await call("POST", "/api/me/totp", { token: user.token })).json()) as { secret: string };
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
    const enabled = await call("POST", "/api/me/totp/enable", { token: user.token, json: { code } });
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    const wrong = await call("DELETE", "/api/me", { token: user.token, json: { otp: "000000" } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe("check_failed");
    expect(await db`select id from users where id = ${user.id}`).toHaveLength(1);
    expect((await call("DELETE", "/api/me", { token: user.token, json: { otp: recoveryCodes[1] } })).status).toBe(202);
    expect(await db`select id from users where id = ${user.id}`).toEqual([]);
  });
});

describe("account deletion and teams", () => {
  it("the team passes to its next in line with the event types and webhooks the person made; a team of one goes", async () => {
    const cast = await teamCast(call, db, account, "del-team");
    const typeId = await teamEventType(call, db, cast);
    const hook = await call("POST", `/api/teams/${cast.team.id}/webhooks`, {
      token: cast.owner.token,
      json: { url: "http://127.0.0.1:9/del-team", events: ["booking.created"] },
    });
    expect(hook.status).toBe(201);
    const { id: hookId } = (await hook.json()) as { id: string };
    const alone = (await (
      await call("POST", "/api/teams", { token: cast.owner.token, json: { name: "Solo", slug: `solo-${rand()}` } })
    ).json()) as { id: string };
    const extra = await account("del-team-late");
    await join(call, db, cast.team.id, cast.owner, extra, "member");

    expect(
      (await call("DELETE", "/api/me", { token: cast.owner.token, json: { password: API_PASSWORD } })).status,
    ).toBe(202);
    // The admin is the owner now, and holds the type (on their own schedule) and the webhook.
    const roles = await db`select user_id, role from team_memberships where team_id = ${cast.team.id} order by role`;
    expect(roles.find((r) => r.user_id === cast.admin.id)?.role).toBe("owner");
    expect(roles.some((r) => r.user_id === cast.owner.id)).toBe(false);
    const [type] = await db`select t.user_id, s.user_id as schedule_owner from event_types t
      join schedules s on s.id = t.schedule_id where t.id = ${typeId}`;
    expect(type).toEqual({ user_id: cast.admin.id, schedule_owner: cast.admin.id });
    expect(await db`select user_id from webhook_subscriptions where id = ${hookId}`).toEqual([
      { user_id: cast.admin.id },
    ]);
    // The team still books under its own address.
    expect(
      (await call("GET", `/api/teams/${cast.team.id}/event-types/${typeId}`, { token: cast.admin.token })).status,
    ).toBe(200);
    expect(await db`select id from teams where id = ${alone.id}`).toEqual([]);
  });
});

describe("export", () => {
  it("holds every table's rows of the user and nothing of another user's", async () => {
    const a = await account("export-a");
    const b = await account("export-b");
    const seededA = await seedEverything(a, `a${rand()}`);
    const seededB = await seedEverything(b, `b${rand()}`);

    const res = await call("GET", "/api/me/export", { token: a.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="my-data-/);
    const data = (await res.json()) as { tables: Record<string, Record<string, unknown>[]> };
    const text = JSON.stringify(data);

    // Nothing of B's: ids, e-mails, guests, bookings.
    for (const trace of [b.id, b.email, seededB.guest, seededB.eventId]) expect(text).not.toContain(trace);
    // No secrets: password hashes, webhook and calendar secrets, token hashes.
    expect(text).not.toContain("whsec_");
    expect(text).not.toContain("feed-secret-");
    for (const rows of Object.values(data.tables)) {
      for (const row of rows) {
        for (const key of ["password_hash", "secret", "token_hash", "token", "booking_token_hash", "code_hash"]) {
          expect(row, key).not.toHaveProperty(key);
        }
      }
    }
    // The issue's list, then every table with a column pointing at users: A's rows are all there.
    expect(data.tables.users).toEqual([expect.objectContaining({ id: a.id, email: a.email })]);
    expect(data.tables.events.map((e) => e.id)).toContain(seededA.eventId);
    expect(data.tables.events[0]).toHaveProperty("answers");
    expect(data.tables.webhook_subscriptions).toHaveLength(1);
    expect(data.tables.audit_log.length).toBeGreaterThan(0);
    const userColumns = await db`
      select kcu.table_name, kcu.column_name from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema() and ccu.table_name = 'users'`;
    const tables = new Map<string, string[]>();
    for (const r of userColumns) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name]);
    // Rows that hang off A's bookings, without a column of their own pointing at users.
    const children = [
      "event_invitees",
      "booking_seats",
      "booking_events",
      "reminder_deliveries",
      "external_event_copies",
      "mail_outbox",
      "sms_outbox",
    ];
    for (const [table, columns] of tables) {
      const where = columns.map((c) => `"${c}" = $1`).join(" or ");
      const [{ n }] = await db.unsafe(`select count(*)::int as n from "${table}" where ${where}`, [a.id]);
      // Seeded: a table added later without a row here fails, so its export is thought about.
      expect(n, `${table} has no row of the user: seed one`).toBeGreaterThan(0);
      expect(data.tables[table]?.length ?? 0, `${table} in the export`).toBeGreaterThanOrEqual(n);
    }
    for (const table of children) expect(data.tables[table]?.length ?? 0, table).toBeGreaterThan(0);
    expect(await auditRows({ action: "account.exported", actorId: a.id })).toHaveLength(1);
    // Without credentials: 401.
    expect((await call("GET", "/api/me/export")).status).toBe(401);
  });
});

describe("erasure", () => {
  it("leaves no trace of the guest's e-mail in any table; counts and times stay", async () => {
    const admin = await account("erase-admin", "admin");
    const host = await account("erase-host");
    const tag = `e${rand()}`;
    const { guest, eventId } = await seedEverything(host, tag);
    // The guest also took a seat in another session, wrote a review and a contact message, and a webhook body quotes them.
    const session = await booking(host.id, `other-${tag}@example.test`, "Someone Else", 9);
    await db`insert into booking_seats (event_id, name, email, time_zone, token_hash, notes, answers, guests)
      values (${session}, ${`Guest ${tag}`}, ${guest.toUpperCase()}, 'UTC', ${rand()}, 'my notes', ${db.json({ q: "a" })}, ${[guest]})`;
    await db`insert into reviews (name, email, rating, review) values (${`Guest ${tag}`}, ${guest}, 4, 'good')`;
    await db`insert into contact_messages (name, email, message) values (${`Guest ${tag}`}, ${guest}, ${`write to ${guest}`})`;
    await db`insert into notifications (user_id, notification) values (${host.id}, ${`New booking with ${guest}`})`;
    const [before] = await db`select starts_at, ends_at, status from events where id = ${eventId}`;

    const res = await call("POST", "/api/admin/erase-guest", {
      token: admin.token,
      json: { email: ` ${guest.toUpperCase()} ` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bookings: 2 });

    // A full-database text search, table by table (the audit log included).
    const tables =
      await db`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`;
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name: table } of tables) {
      const [{ n }] = await db.unsafe(`select count(*)::int as n from "${table}" t where t::text ilike $1`, [
        `%${guest}%`,
      ]);
      expect(n, `${table} still holds the guest's e-mail`).toBe(0);
    }
    const [after] =
      await db`select starts_at, ends_at, status, guest_name, notes, answers from events where id = ${eventId}`;
    expect(after).toMatchObject({ ...before, guest_name: "Erased guest", notes: null, answers: {} });
    const [payload] = await db`select payload::text as p from booking_events where event_id = ${eventId}`;
    expect(payload.p).not.toContain(`Guest ${tag}`);
    const [audit] = await auditRows({ action: "guest.erased", actorId: admin.id });
    expect(audit.after).toEqual({ bookings: 2 });

    // An account's e-mail is not a guest's: 409; bad input 400.
    const taken = await call("POST", "/api/admin/erase-guest", { token: admin.token, json: { email: host.email } });
    expect(taken.status).toBe(409);
    expect((await call("POST", "/api/admin/erase-guest", { token: admin.token, json: { email: "nope" } })).status).toBe(
      400,
    );
  });
});

describe("account deletion", () => {
  it("checks the password, cancels upcoming bookings with the guests told, deletes the account and audits it", async () => {
    const host = await account("delete-host");
    const guest = uniqueEmail("delete-guest");
    const upcoming = await booking(host.id, guest, "Gail Guest");
    const wrong = await call("DELETE", "/api/me", { token: host.token, json: { password: "not-it" } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe("check_failed");
    expect((await db`select id from users where id = ${host.id}`).length).toBe(1);

    const res = await call("DELETE", "/api/me", { token: host.token, json: { password: API_PASSWORD } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ cancelledBookings: 1 });
    expect(await db`select id from users where id = ${host.id}`).toHaveLength(0);
    expect(await db`select id from events where id = ${upcoming}`).toHaveLength(0);
    const [record] = await db`select kind from booking_events where event_id = ${upcoming} and kind = 'cancelled'`;
    expect(record).toBeDefined();
    const mail = await eventually(async () => {
      const rows = await db`select subject, text from mail_outbox where "to" ilike ${`%${guest}%`}`;
      return rows.length ? rows : null;
    });
    expect(mail.map((m) => `${m.subject} ${m.text}`).join("\n")).toMatch(/cancel/i);
    const [audit] = await auditRows({ action: "account.deleted", targetId: host.id });
    expect(audit).toMatchObject({ actor_id: host.id, actor_email: host.email, after: { cancelledBookings: 1 } });
    // The token died with the account.
    expect((await call("GET", "/api/me/export", { token: host.token })).status).toBe(401);
  });

  it("asks an account without a password (Google sign-in) to type its e-mail; the profile's form works without JavaScript", async () => {
    const c = new HttpClient(servers()[0], { "x-forwarded-for": "10.170.97.1" });
    const email = uniqueEmail("delete-google");
    expect(
      (await c.post("/signup", { name: "G", email, password: API_PASSWORD, confirmPassword: API_PASSWORD })).status,
    ).toBe(302);
    const [user] =
      await db`update users set password_hash = null, google_id = ${rand()} where email = ${email} returning id`;
    const page = await c.get("/dashboard/profile");
    expect(await page.text()).toContain("Type your e-mail");
    const wrong = await c.post("/dashboard/profile", { intent: "deleteAccount", confirmEmail: "someone@else.test" });
    expect(wrong.status).toBe(400);
    const json = await browserCall(c, "DELETE", "/api/me", { password: "anything" });
    expect(json.status).toBe(400);
    const done = await c.post("/dashboard/profile", { intent: "deleteAccount", confirmEmail: email.toUpperCase() });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    expect(await db`select id from users where id = ${user.id}`).toHaveLength(0);
    expect(await auditRows({ action: "account.deleted", targetId: user.id })).toHaveLength(1);
  });
});
