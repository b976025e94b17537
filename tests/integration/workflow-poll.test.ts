/**
 * The workflow job's poll (docs/decisions/103) with two app servers on one PostgreSQL database,
 * polling every 200 ms: each due message goes out once; the poll reads only events marked due,
 * so every change that makes something due must mark them: a move, a new workflow, an edited
 * offset, a guest added later; a cancelled booking gets nothing. Changes are written straight to
 * the database, as any code path might write them.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import postgres from "postgres";
import { HttpClient, uniqueEmail } from "../support/http";
import { startServer } from "../support/server";
import { settled, severalPolls, twoJobServers } from "./job-servers";

const PASSWORD = "correct-horse-battery";
const MIN = 60_000;
const DAY = 86_400_000;
const jobs = twoJobServers("scheduler_wfpoll");

/** A host whose default workflows are off: only the test's own workflows send. */
async function newHost(prefix: string) {
  const c = new HttpClient(jobs.servers[0].url, { "x-forwarded-for": `10.188.${Math.floor(Math.random() * 250)}.1` });
  const email = uniqueEmail(prefix);
  const res = await c.post("/signup", { name: `Host ${prefix}`, email, password: PASSWORD, confirmPassword: PASSWORD });
  expect(res.status).toBe(302);
  const [u] = await jobs.db`select id from users where email = ${email}`;
  await jobs.db`update workflows set active = false where user_id = ${u.id}`;
  return u.id as string;
}

/** A workflow for all of the host's events with one guest e-mail. */
async function workflow(hostId: string, o: { trigger: string; offset: number; subject: string }) {
  const [w] = await jobs.db`insert into workflows (user_id, name, trigger, offset_minutes, active, all_event_types)
    values (${hostId}, 'Mine', ${o.trigger}, ${o.offset}, true, true) returning id`;
  await jobs.db`insert into workflow_actions (workflow_id, position, type, subject, body)
    values (${w.id}, 0, 'email_guest', ${o.subject}, 'See you {start_time}.')`;
  return w.id as string;
}

/** A booking starting `startsIn` from now, made two days ago; without `guest`, nobody to e-mail. */
async function booking(hostId: string, title: string, startsIn: number, guest: string | null = "gus@example.org") {
  const starts = new Date(Date.now() + startsIn);
  const [e] = await jobs.db`
    insert into events (host_id, event_name, event_type, event_with, description, starts_at, ends_at, guest_email, guest_name, booking_token_hash)
    values (${hostId}, ${title}, 'Google Meet', ${guest ? "One-to-One" : "Group"}, '', ${starts}, ${new Date(starts.getTime() + MIN)},
            ${guest}, ${guest ? "Gus" : null}, ${guest ? crypto.randomUUID() : null})
    returning id`;
  await jobs.db`update events set start_set_at = ${new Date(Date.now() - 2 * DAY)} where id = ${e.id}`;
  return e.id as string;
}

const keysOf = (workflowId: string) =>
  jobs.db<{ event_id: string; starts_at: Date }[]>`
    select d.event_id, d.starts_at from workflow_deliveries d join workflow_actions a on a.id = d.action_id
    where a.workflow_id = ${workflowId} order by d.sent_at`;
const mailsAbout = (subject: string) =>
  jobs.db<{ to: string; event_id: string }[]>`select "to", event_id from mail_outbox where subject = ${subject}`;

describe("the workflow poll with two jobs.servers", () => {
  it("sends each due message once, and takes turns through one lease", async () => {
    const host = await newHost("poll-once");
    const tag = `Once-${Date.now()}`;
    const w = await workflow(host, { trigger: "before_start", offset: 120, subject: `${tag} soon` });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await booking(host, `${tag}-${i}`, 5 * MIN + i * 70_000));
    await settled(
      () => keysOf(w),
      (k) => k.length >= 30,
    );
    await severalPolls();
    expect((await keysOf(w)).map((k) => k.event_id).sort()).toEqual([...ids].sort());
    const mails = await mailsAbout(`${tag} soon`);
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((m) => m.event_id)).size).toBe(30);
    const [lease] = await jobs.db`select next_run_at, last_run_at from job_leases where name = 'workflows'`;
    expect(lease).toBeDefined();
    // Nothing left to look at for these bookings until after their start (the workflow has no follow-up).
    const left = await jobs.db`select id from events where id in ${jobs.db(ids)} and workflow_check_at is not null`;
    expect(left).toEqual([]);
    // The job's bookkeeping is not a change of the booking: updated_at is as it was written.
    const touched = await jobs.db`select id from events where id in ${jobs.db(ids)} and updated_at <> created_at`;
    expect(touched).toEqual([]);
  });

  it("a move makes the message due again for the new start; a cancelled booking gets nothing", async () => {
    const host = await newHost("poll-move");
    const tag = `Move-${Date.now()}`;
    const w = await workflow(host, { trigger: "before_start", offset: 60, subject: `${tag} soon` });
    const moved = await booking(host, `${tag}-moved`, 30 * MIN);
    await settled(
      () => keysOf(w),
      (k) => k.length >= 1,
    );
    // Moved to 40 minutes from now: due again for the new start, once.
    const newStart = new Date(Date.now() + 40 * MIN);
    await jobs.db`update events set starts_at = ${newStart}, ends_at = ${new Date(newStart.getTime() + MIN)} where id = ${moved}`;
    await jobs.db`update events set start_set_at = ${new Date(Date.now() - DAY)} where id = ${moved}`;
    await settled(
      () => keysOf(w),
      (k) => k.length >= 2,
    );
    // Cancelled, then its offset made larger: nothing for it, while a confirmed one gets it.
    const cancelled = await booking(host, `${tag}-cancelled`, 3 * 60 * MIN);
    const kept = await booking(host, `${tag}-kept`, 3 * 60 * MIN + 10 * MIN);
    await severalPolls();
    await jobs.db`update events set status = 'cancelled' where id = ${cancelled}`;
    await jobs.db`update workflows set offset_minutes = 240 where id = ${w}`;
    await settled(
      () => keysOf(w),
      (k) => k.length >= 3,
    );
    await severalPolls();
    const keys = await keysOf(w);
    expect(keys.map((k) => k.event_id)).toEqual([moved, moved, kept]);
    expect(keys[1]!.starts_at.getTime()).toBe(newStart.getTime());
    expect(await mailsAbout(`${tag} soon`)).toHaveLength(3);
  });

  it("a new workflow applies to bookings made before it; a guest added later is reached", async () => {
    const host = await newHost("poll-new");
    const tag = `New-${Date.now()}`;
    const early = await booking(host, `${tag}-early`, 20 * MIN);
    const group = await booking(host, `${tag}-group`, 25 * MIN, null);
    await severalPolls();
    const w = await workflow(host, { trigger: "before_start", offset: 60, subject: `${tag} soon` });
    await settled(
      () => keysOf(w),
      (k) => k.length >= 1,
    );
    await severalPolls();
    expect((await keysOf(w)).map((k) => k.event_id)).toEqual([early]);
    // The group event had nobody to e-mail; an invitee added now gets the message.
    await jobs.db`insert into event_invitees (event_id, position, email) values (${group}, 1, 'ines@example.org')`;
    await settled(
      () => keysOf(w),
      (k) => k.length >= 2,
    );
    await severalPolls();
    expect((await keysOf(w)).map((k) => k.event_id)).toEqual([early, group]);
    expect((await mailsAbout(`${tag} soon`)).map((m) => m.to).sort()).toEqual(["gus@example.org", "ines@example.org"]);
  });

  // Last: it stops the file's servers to play the job's part itself, then starts two again.
  it("a workflow saved while the job holds a booking marked due still reaches it: the mark waits for the job", async () => {
    const host = await newHost("poll-race");
    const tag = `Race-${Date.now()}`;
    await Promise.all(jobs.servers.map((s) => s.stop()));
    const event = await booking(host, tag, 30 * MIN);
    const checkAt = async () =>
      (await jobs.db`select workflow_check_at from events where id = ${event}`)[0].workflow_check_at as Date | null;
    expect(await checkAt()).toEqual(new Date(0));
    const job = postgres(jobs.database.url, { max: 1, onnotice: () => {} });
    let saved: Promise<string> | undefined;
    try {
      // The job's transaction: the booking's row locked, as deliverForEvent locks it...
      await job.begin(async (tx) => {
        await tx`select id from events where id = ${event} for no key update`;
        // ...while the host saves a timed workflow on another connection: the save either
        // finished (it passed the row by) or waits for the lock.
        const save = workflow(host, { trigger: "before_start", offset: 60, subject: `${tag} soon` });
        saved = save;
        let done = false;
        save.then(
          () => (done = true),
          () => (done = true),
        );
        await settled(
          async () =>
            done ||
            (
              await jobs.db`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`
            ).length > 0,
          (v) => v,
        );
        // The job read the host's workflows before that save: nothing due, nothing to look at again.
        await tx`update events set workflow_check_at = null where id = ${event}`;
      });
      await saved;
    } finally {
      await job.end();
    }
    // The save's mark came after the job's write, so the next poll looks at the booking again.
    expect(await checkAt()).toEqual(new Date(0));
    jobs.servers = await Promise.all([startServer(jobs.env()), startServer(jobs.env())]);
    await settled(
      () => mailsAbout(`${tag} soon`),
      (m) => m.length >= 1,
    );
    await severalPolls();
    expect(await mailsAbout(`${tag} soon`)).toHaveLength(1);
  }, 400_000);
});
