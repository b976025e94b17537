/**
 * /api/workflows (decision 085) against real HTTP and PostgreSQL: the owner's CRUD, others get
 * 404, bad input 400, SMS actions 409 on a server without a transport, every account's default
 * workflows, and a "booked" workflow whose e-mail carries the guest's name HTML-escaped.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleText } from "../support/http";
import { allDayEventType, apiClient, at, errorOf, ok, type Account } from "./api-client";

const { db, call, account } = apiClient({ ipPrefix: "10.185", namePrefix: "Wf" });

let host: Account;
let other: Account;
let typeId: string;

type Workflow = {
  id: string;
  name: string;
  trigger: string;
  offsetMinutes: number;
  active: boolean;
  allEventTypes: boolean;
  eventTypeIds: string[];
  actions: Array<{ type: string; subject: string; body: string }>;
};

const slug = () => `wf-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  host = await account("host", "professional", { professionalDays: 30 });
  other = await account("other");
  const type = await allDayEventType(call, host.token, {
    title: "Intro call",
    slug: slug(),
    duration: 30,
    location: { type: "google-meet" },
  });
  typeId = type._id as string;
});

const thanks = () => ({
  name: "Thank you",
  eventTypeIds: [typeId],
  trigger: "booked",
  actions: [
    { type: "email_guest", subject: "Booked: {event_title}", body: "Hi {guest_name},\n\nSee you {start_time}." },
    { type: "bell", body: "{guest_name} booked {event_title}" },
  ],
});

describe("/api/workflows", () => {
  it("every account starts with decision 022's reminders as default workflows", async () => {
    const list = await ok<Workflow[]>(await call("GET", "/api/workflows", { token: other.token }));
    expect(
      list.map((w) => [w.name, w.trigger, w.offsetMinutes, w.active, w.allEventTypes, w.actions[0]!.type]),
    ).toEqual([
      ["Email reminder to invitees", "before_start", 1440, true, true, "email_guest"],
      ["Follow-up email to invitees", "after_end", 60, false, true, "email_guest"],
      ["Reminder in my bell", "before_start", 15, true, true, "bell"],
      ["Second email reminder to invitees", "before_start", 60, false, true, "email_guest"],
    ]);
  });

  it("creates, reads, replaces and deletes the owner's workflow; anyone else gets 404", async () => {
    const created = await ok<Workflow>(
      await call("POST", "/api/workflows", { token: host.token, json: thanks() }),
      201,
    );
    expect(created).toMatchObject({ name: "Thank you", trigger: "booked", offsetMinutes: 0, active: true });
    expect(created.eventTypeIds).toEqual([typeId]);
    expect(created.actions.map((a) => a.type)).toEqual(["email_guest", "bell"]);

    expect(await ok<Workflow>(await call("GET", `/api/workflows/${created.id}`, { token: host.token }))).toEqual(
      created,
    );
    const list = await ok<Workflow[]>(await call("GET", "/api/workflows", { token: host.token }));
    expect(list.map((w) => w.id)).toContain(created.id);

    for (const [method, json] of [
      ["GET", undefined],
      ["PUT", thanks()],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(method, `/api/workflows/${created.id}`, { token: other.token, json });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
    expect((await call("GET", "/api/workflows/not-a-uuid", { token: host.token })).status).toBe(404);
    expect((await call("GET", "/api/workflows")).status).toBe(401);

    const replaced = await ok<Workflow>(
      await call("PUT", `/api/workflows/${created.id}`, {
        token: host.token,
        json: { ...thanks(), name: "Before", trigger: "before_start", offsetMinutes: 120, active: false },
      }),
    );
    expect(replaced).toMatchObject({ id: created.id, name: "Before", trigger: "before_start", offsetMinutes: 120 });
    expect(replaced.active).toBe(false);

    expect((await call("DELETE", `/api/workflows/${created.id}`, { token: host.token })).status).toBe(204);
    expect((await call("GET", `/api/workflows/${created.id}`, { token: host.token })).status).toBe(404);
  });

  it("bad input is 400 with the field; an SMS action without a transport is 409 sms_unavailable", async () => {
    const bad = async (json: unknown, field: string) => {
      const res = await call("POST", "/api/workflows", { token: host.token, json });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}).join(" ")).toContain(field);
    };
    await bad({ ...thanks(), trigger: "whenever" }, "trigger");
    await bad({ ...thanks(), offsetMinutes: 30 }, "offsetMinutes");
    await bad({ ...thanks(), trigger: "before_start", offsetMinutes: 60 * 24 * 31 }, "offsetMinutes");
    await bad({ ...thanks(), actions: [] }, "actions");
    await bad({ ...thanks(), actions: [{ type: "email_guest", body: "No subject" }] }, "subject");
    await bad({ ...thanks(), actions: [{ type: "fax", body: "x" }] }, "actions");
    await bad({ ...thanks(), name: "" }, "name");
    await bad({ ...thanks(), eventTypeIds: ["nope"] }, "eventTypeIds");
    // Someone else's event type is not the caller's to attach.
    const theirs = await allDayEventType(call, other.token, { title: "Theirs", slug: slug(), duration: 30 });
    await bad({ ...thanks(), eventTypeIds: [theirs._id] }, "eventTypeIds");

    const sms = await call("POST", "/api/workflows", {
      token: host.token,
      json: { ...thanks(), actions: [{ type: "sms_guest", body: "See you {start_time}" }] },
    });
    expect(sms.status).toBe(409);
    const error = await errorOf(sms);
    expect(error.code).toBe("sms_unavailable");
    expect(error.message).toContain("no SMS transport");
  });

  it("a booked workflow mails the guest once, the guest's name escaped in the HTML, and rings the host's bell", async () => {
    const created = await ok<Workflow>(
      await call("POST", "/api/workflows", { token: host.token, json: thanks() }),
      201,
    );
    const name = `<img src=x onerror=alert(1)> & "Bo"`;
    const email = `bo-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const { booking } = await ok<{ booking: { _id?: string; id?: string } }>(
      await call("POST", "/api/bookings", {
        json: { eventTypeId: typeId, start: at(4, "10:00"), name, email, timeZone: "Asia/Tokyo" },
      }),
      201,
    );
    expect(booking).toBeTruthy();
    const mails = async () =>
      db<{ subject: string; text: string; html: string; event_id: string }[]>`
        select subject, text, html, event_id from mail_outbox where "to" = ${email} and subject like 'Booked: %'`;
    const deadline = Date.now() + 15_000;
    while ((await mails()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const [mail] = await mails();
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("Booked: Intro call");
    expect(mail!.text).toContain(`Hi ${name},`);
    expect(mail!.text).toMatch(/See you \w{3}, \w{3} \d+, \d{4}, 7:00 PM Tokyo/);
    expect(mail!.html).toContain("Hi &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Bo&quot;,");
    expect(mail!.html).not.toContain("<img");
    const [{ n }] = await db<{ n: number }[]>`
      select count(*)::int as n from workflow_deliveries d join workflow_actions a on a.id = d.action_id
      where a.workflow_id = ${created.id} and d.event_id = ${mail!.event_id}`;
    expect(n).toBe(2);
    const bell = await db<{ notification: string }[]>`
      select notification from notifications where user_id = ${host.id} and event_id = ${mail!.event_id} and notification like '%booked Intro call'`;
    expect(bell).toHaveLength(1);
    // The booking's timeline shows the message.
    const timeline = await host.c.get(`/dashboard/scheduledEvents/${mail!.event_id}/timeline`);
    expect(timeline.status).toBe(200);
    const timelineText = await timeline.text();
    expect(timelineText).toContain("Booked: Intro call");
    expect(visibleText(timelineText)).toContain('Workflow "Thank you": email_guest');
    await call("DELETE", `/api/workflows/${created.id}`, { token: host.token });
  });
});
