/**
 * Workflows (decision 085) sent by the job runners of two app servers on one PostgreSQL
 * database, polling every 200 ms, so both race for every due action: a host's own timed
 * workflow goes out once per booking and start, also across a restart; an edited name keeps
 * what was sent; a workflow for another event type sends nothing; a cancelled trigger fires
 * once for a cancellation.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "../support/http";
import { startServer } from "../support/server";
import { settled, severalPolls, twoJobServers } from "./job-servers";

const PASSWORD = "correct-horse-battery";
const MIN = 60_000;
const jobs = twoJobServers("scheduler_workflows");

async function newHost(prefix: string) {
  const c = new HttpClient(jobs.servers[0].url, { "x-forwarded-for": `10.187.${Math.floor(Math.random() * 250)}.1` });
  const email = uniqueEmail(prefix);
  const res = await c.post("/signup", { name: `Host ${prefix}`, email, password: PASSWORD, confirmPassword: PASSWORD });
  expect(res.status).toBe(302);
  const [u] = await jobs.db`select id from users where email = ${email}`;
  // Only the workflows of this test: the default reminders are left off.
  await jobs.db`update workflows set active = false where user_id = ${u.id}`;
  return { c, id: u.id as string };
}

async function eventType(hostId: string, title: string): Promise<string> {
  const [schedule] =
    await jobs.db`insert into schedules (user_id, name, time_zone, is_default) values (${hostId}, 'Hours', 'UTC', false) returning id`;
  const [row] = await jobs.db`insert into event_types (user_id, title, slug, duration, location, schedule_id)
    values (${hostId}, ${title}, ${`wf-${crypto.randomUUID().slice(0, 8)}`}, 30, ${JSON.stringify({ type: "google-meet" })}::jsonb, ${schedule.id}) returning id`;
  return row.id as string;
}

async function workflow(hostId: string, o: { trigger: string; offset: number; typeId: string; subject: string }) {
  const [w] = await jobs.db`insert into workflows (user_id, name, trigger, offset_minutes, active)
    values (${hostId}, 'Mine', ${o.trigger}, ${o.offset}, true) returning id`;
  await jobs.db`insert into workflow_event_types (workflow_id, event_type_id) values (${w.id}, ${o.typeId})`;
  await jobs.db`insert into workflow_actions (workflow_id, position, type, subject, body)
    values (${w.id}, 0, 'email_guest', ${o.subject}, 'Hi {guest_name}, see you {start_time}.')`;
  return w.id as string;
}

/** A booking of `typeId` starting `startsIn` from now, made two days ago. */
async function booking(hostId: string, typeId: string, title: string, startsIn: number, status = "confirmed") {
  const starts = new Date(Date.now() + startsIn);
  const [e] = await jobs.db`
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, status, guest_email, guest_name, guest_time_zone, booking_token_hash, event_type_id)
    values (${hostId}, ${title}, 'Google Meet', 'One-to-One', '', ${starts}, ${new Date(starts.getTime() + MIN)}, ${status},
            'gus@example.org', 'Gus <Guest>', 'Asia/Tokyo', ${crypto.randomUUID()}, ${typeId})
    returning id`;
  await jobs.db`update events set start_set_at = ${new Date(Date.now() - 2 * 86_400_000)} where id = ${e.id}`;
  return e.id as string;
}

const mailsAbout = (subject: string) =>
  jobs.db<
    { to: string; text: string; html: string }[]
  >`select "to", text, html from mail_outbox where subject = ${subject}`;
const keysOf = (workflowId: string) =>
  jobs.db<
    { event_id: string }[]
  >`select d.event_id from workflow_deliveries d join workflow_actions a on a.id = d.action_id where a.workflow_id = ${workflowId}`;

describe("a host's own workflows, sent by two jobs.servers", () => {
  it("go out once per booking, across a restart; another event type's bookings get nothing", async () => {
    const host = await newHost("wf-once");
    const tag = `Once-${Date.now()}`;
    const typeId = await eventType(host.id, "Consult");
    const otherType = await eventType(host.id, "Other");
    const w = await workflow(host.id, { trigger: "before_start", offset: 120, typeId, subject: `${tag} soon` });

    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await booking(host.id, typeId, `${tag}-${i}`, 5 * MIN + i * 70_000));
    const elsewhere = await booking(host.id, otherType, `${tag}-other`, 15 * MIN);
    await settled(
      () => keysOf(w),
      (k) => k.length >= 6,
    );
    await severalPolls();
    expect((await keysOf(w)).map((k) => k.event_id).sort()).toEqual([...ids].sort());
    const mails = await mailsAbout(`${tag} soon`);
    expect(mails).toHaveLength(6);
    expect(mails[0]!.text).toMatch(/^Hi Gus <Guest>, see you .+ Tokyo/);
    expect(mails[0]!.html).toContain("Hi Gus &lt;Guest&gt;,");
    // A host without a logo: none at the top (decision 117).
    expect(mails[0]!.html).not.toContain("host-logos");
    expect((await keysOf(w)).some((k) => k.event_id === elsewhere)).toBe(false);

    // A restart of one server, and a rename of the workflow: nothing goes out twice.
    expect(await jobs.servers[1].stop("SIGTERM")).toBe(0);
    jobs.servers[1] = await startServer(jobs.env());
    await jobs.db`update workflows set name = 'Renamed' where id = ${w}`;
    const later = await booking(host.id, typeId, `${tag}-later`, 20 * MIN);
    await settled(
      () => keysOf(w),
      (k) => k.length >= 7,
    );
    await severalPolls();
    expect((await keysOf(w)).map((k) => k.event_id).sort()).toEqual([...ids, later].sort());
    expect(await mailsAbout(`${tag} soon`)).toHaveLength(7);
  }, 400_000);

  it("a guest's workflow e-mail and reminder show the host's logo at the top, as the invitations do; the host's own e-mail does not", async () => {
    const host = await newHost("wf-logo");
    const tag = `Logo-${Date.now()}`;
    const hash = crypto.randomBytes(8).toString("hex");
    await jobs.db`insert into user_logos (user_id, hash, large, small) values (${host.id}, ${hash}, ${Buffer.from("x")}, ${Buffer.from("x")})`;
    await jobs.db`update users set name = 'Lou <Logo>' where id = ${host.id}`;
    const typeId = await eventType(host.id, "Branded");
    const w = await workflow(host.id, { trigger: "before_start", offset: 120, typeId, subject: `${tag} guest` });
    await jobs.db`insert into workflow_actions (workflow_id, position, type, subject, body)
      values (${w}, 1, 'email_host', ${`${tag} host`}, 'Soon: {event_title}')`;
    // Decision 022's reminder a day ahead (a preset workflow with its built-in text), on again: for
    // a booking of another event type (the guest gets only the latest of two e-mails due at once).
    await jobs.db`update workflows set active = true where user_id = ${host.id} and preset = 'guest-email'`;
    await booking(host.id, typeId, tag, 10 * MIN);
    await booking(host.id, await eventType(host.id, "Other"), `${tag}-other`, 12 * MIN);
    const reminders = () =>
      jobs.db<
        { to: string; html: string }[]
      >`select "to", html from mail_outbox where subject like ${`Reminder: ${tag}-other %`}`;
    await settled(
      async () => [...(await mailsAbout(`${tag} guest`)), ...(await mailsAbout(`${tag} host`)), ...(await reminders())],
      (m) => m.length >= 3,
    );
    expect((await mailsAbout(`${tag} guest`)).length).toBe(1);
    expect((await mailsAbout(`${tag} host`)).length).toBe(1);
    expect((await reminders()).length).toBe(1);
    const logoOf = (html: string) => /<img[^>]*src="([^"]*\/host-logos\/[^"]*)"[^>]*>/.exec(html);
    for (const mail of [...(await mailsAbout(`${tag} guest`)), ...(await reminders())]) {
      expect(mail.to).toBe("gus@example.org");
      const img = logoOf(mail.html);
      expect(img?.[1]).toMatch(new RegExp(`/host-logos/${host.id}/${hash}-96\\.png$`));
      expect(img?.[0]).toContain('alt="Lou &lt;Logo&gt; logo"');
    }
    const [forHost] = await mailsAbout(`${tag} host`);
    expect(forHost!.html).not.toContain("host-logos");
  });

  it("a cancelled trigger fires once when the host cancels over JSON, not for other bookings", async () => {
    const host = await newHost("wf-cancel");
    const tag = `Cancel-${Date.now()}`;
    const typeId = await eventType(host.id, "Consult");
    const w = await workflow(host.id, { trigger: "cancelled", offset: 0, typeId, subject: `${tag} cancelled` });
    const kept = await booking(host.id, typeId, `${tag}-kept`, 3 * 86_400_000);
    const gone = await booking(host.id, typeId, `${tag}-gone`, 3 * 86_400_000 + 2 * 3_600_000);
    const res = await host.c.request(`/api/bookings/${gone}/cancel`, {
      method: "POST",
      headers: { origin: host.c.baseUrl, "content-type": "application/json" },
      body: JSON.stringify({ reason: "Ill" }),
    });
    expect(res.status).toBe(200);
    await settled(
      () => keysOf(w),
      (k) => k.length >= 1,
    );
    await severalPolls();
    expect((await keysOf(w)).map((k) => k.event_id)).toEqual([gone]);
    expect(await mailsAbout(`${tag} cancelled`)).toHaveLength(1);
    expect((await keysOf(w)).some((k) => k.event_id === kept)).toBe(false);
  });

  it("a no-show trigger fires when the host marks the guest, not when it is undone and marked again", async () => {
    const host = await newHost("wf-noshow");
    const tag = `NoShow-${Date.now()}`;
    const typeId = await eventType(host.id, "Consult");
    const w = await workflow(host.id, { trigger: "no_show", offset: 0, typeId, subject: `${tag} missed` });
    const id = await booking(host.id, typeId, `${tag}-b`, -10 * MIN);
    const mark = (noShow: boolean) =>
      host.c.request(`/api/bookings/${id}/no-show`, {
        method: "POST",
        headers: { origin: host.c.baseUrl, "content-type": "application/json" },
        body: JSON.stringify({ who: "guest", noShow }),
      });
    expect((await mark(true)).status).toBe(200);
    await settled(
      () => keysOf(w),
      (k) => k.length >= 1,
    );
    expect((await mark(false)).status).toBe(200);
    expect((await mark(true)).status).toBe(200);
    await severalPolls();
    expect((await keysOf(w)).map((k) => k.event_id)).toEqual([id]);
    expect(await mailsAbout(`${tag} missed`)).toHaveLength(1);
  });
});
