/**
 * Team webhooks (decision 062) over real HTTP against PostgreSQL, on both app servers with their
 * job runners, with a local receiver that verifies every signature with the standardwebhooks
 * library (as webhooks.test.ts; the suite's servers allow private URLs and retry fast).
 *
 * Covered: every path of /api/teams/{id}/webhooks for owner, admin, member (403) and outsider
 * (404); a team webhook receives a member's booking, signed like a personal one, exactly once per
 * subscription (also when its maker hosts the booking and has a personal one too), and never the
 * maker's personal bookings; retries, the delivery log, Resend and the test button through the
 * team's paths; the team's and the personal paths never reach each other's subscriptions; the
 * team's webhook pages without JavaScript.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/mail-wait";
import { visibleText } from "../support/http";
import { allDayEventType, apiClient, errorOf, ok, type Account } from "./api-client";
import { at, bookAt, teamCast, teamEventType, type TeamCast } from "./team-fixtures";

const { db, call, account } = apiClient({ ipPrefix: "10.163", namePrefix: "TW" });

interface Received {
  path: string;
  id: string;
  json: { type: string; data: Record<string, unknown> };
  verified: boolean;
}

const answers = new Map<string, number[]>();
const received: Received[] = [];
const secrets = new Map<string, string>();
let receiver: http.Server;
let base: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const path = req.url ?? "/";
      const secret = secrets.get(path);
      let verified = false;
      try {
        if (secret) {
          new Webhook(secret).verify(body, req.headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      received.push({ path, id: String(req.headers["webhook-id"]), json: JSON.parse(body), verified });
      const list = answers.get(path) ?? [200];
      const status = list.length > 1 ? list.shift()! : list[0];
      res.writeHead(status, { "content-type": "text/plain" }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const at_ = (path: string) => received.filter((r) => r.path === path);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Hook {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  secret: string;
}

interface Delivery {
  id: string;
  type: string;
  status: string;
  attempts: number;
  messageId: string;
  eventId: string | null;
  attemptLog: { statusCode: number | null }[];
}

let cast: TeamCast;
let typeId: string;
const hooks = (teamId = cast.team.id) => `/api/teams/${teamId}/webhooks`;

/** A subscription to `path` on the receiver, made by `who` for the team (another with `teamId`; for themselves with `personal`). */
async function subscribe(
  who: Account,
  path: string,
  options: { events?: string[]; answer?: number[]; personal?: boolean; teamId?: string } = {},
): Promise<Hook> {
  answers.set(path, options.answer ?? [200]);
  const hook = await ok<Hook>(
    await call("POST", options.personal ? "/api/webhooks" : hooks(options.teamId), {
      token: who.token,
      json: { url: `${base}${path}`, events: options.events ?? ["booking.created"] },
    }),
    201,
  );
  secrets.set(path, hook.secret);
  return hook;
}

let day = 3;
/** A booking of the team's event type that goes to the member (after 02:00 only they are free). */
const memberBooking = () => bookAt(call, typeId, at(day++, "10:00"));

beforeAll(async () => {
  cast = await teamCast(call, db, account, "tw");
  typeId = await teamEventType(call, db, cast);
});

describe("who may call the team's webhook paths", () => {
  it("owners and admins; a member 403; an outsider 404; no token 401 — on every path", async () => {
    const hook = await subscribe(cast.admin, "/matrix");
    const test = await ok<Delivery>(await call("POST", `${hooks()}/${hook.id}/test`, { token: cast.owner.token }));
    const cells: [string, string, unknown?][] = [
      ["GET", hooks()],
      ["POST", hooks(), { url: `${base}/matrix-new`, events: ["booking.created"] }],
      ["GET", `${hooks()}/${hook.id}`],
      ["PATCH", `${hooks()}/${hook.id}`, { events: ["booking.created", "booking.cancelled"] }],
      ["POST", `${hooks()}/${hook.id}/test`],
      ["GET", `${hooks()}/${hook.id}/deliveries`],
      ["POST", `${hooks()}/${hook.id}/deliveries/${test.id}/resend`],
      ["DELETE", `${hooks()}/${hook.id}`],
    ];
    for (const [method, path, json] of cells) {
      expect((await call(method, path, { json })).status, `${method} ${path} anonymous`).toBe(401);
      const member = await call(method, path, { token: cast.member.token, json });
      expect(member.status, `${method} ${path} member`).toBe(403);
      expect((await errorOf(member)).code).toBe("forbidden");
      const outsider = await call(method, path, { token: cast.outsider.token, json });
      expect(outsider.status, `${method} ${path} outsider`).toBe(404);
      expect((await errorOf(outsider)).code).toBe("not_found");
    }
    // Refused writes changed nothing.
    expect(await ok<Hook>(await call("GET", `${hooks()}/${hook.id}`, { token: cast.owner.token }))).toMatchObject({
      events: ["booking.created"],
    });
    // Owners and admins, each on every path (the admin deletes last).
    for (const [method, path, json] of cells) {
      for (const who of method === "DELETE" ? [cast.admin] : [cast.owner, cast.admin]) {
        const res = await call(method, path, { token: who.token, json });
        expect(res.status, `${method} ${path} ${who.email}`).toBeLessThan(300);
        await res.body?.cancel();
      }
    }
    expect((await call("GET", `${hooks()}/${hook.id}`, { token: cast.owner.token })).status).toBe(404);
  });

  it("bad bodies are 400 with the field, as on /api/webhooks", async () => {
    for (const [json, field] of [
      [{ url: `${base}/x`, events: ["booking.exploded"] }, "events.0"],
      [{ url: `${base}/x`, events: [] }, "events"],
      [{ url: "not a url", events: ["booking.created"] }, "url"],
    ] as const) {
      const res = await call("POST", hooks(), { token: cast.admin.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toContain(field);
    }
  });
});

describe("delivery", () => {
  it("a team webhook receives the member's booking, signed like a personal one; the member's personal webhook too, each once", async () => {
    const team = await subscribe(cast.admin, "/team", { events: ["booking.created", "booking.cancelled"] });
    await subscribe(cast.member, "/member-own", { personal: true });
    const booking = await memberBooking();
    await eventually(
      () => at_("/team").length + at_("/member-own").length,
      (n) => n >= 2,
    );
    await pause(600); // several polls of both runners: nothing more arrives
    expect(at_("/team")).toHaveLength(1);
    expect(at_("/member-own")).toHaveLength(1);
    const [got] = at_("/team");
    expect(got.verified).toBe(true);
    expect(got.id).toMatch(/^msg_/);
    expect(got.id).not.toBe(at_("/member-own")[0].id);
    expect(got.json.type).toBe("booking.created");
    expect(got.json.data).toMatchObject({
      id: booking.id,
      eventType: { id: typeId, title: "Team panel" },
      status: "confirmed",
      host: { name: "TW tw-member", email: cast.member.email },
    });
    // The team's delivery log has it, through the team's path.
    const log = await ok<Delivery[]>(
      await call("GET", `${hooks()}/${team.id}/deliveries`, { token: cast.owner.token }),
    );
    expect(log.map((d) => [d.type, d.eventId, d.messageId])).toEqual([["booking.created", booking.id, got.id]]);

    // The admin's cancel of the member's booking reaches the team's webhook too.
    await ok(await call("POST", `/api/bookings/${booking.id}/cancel`, { token: cast.admin.token, json: {} }));
    const cancelled = await eventually(
      () => at_("/team").filter((r) => r.json.type === "booking.cancelled"),
      (r) => r.length >= 1,
    );
    expect(cancelled[0].verified).toBe(true);
    expect(cancelled[0].json.data).toMatchObject({ id: booking.id, status: "cancelled", cancelledBy: "host" });
    expect((await call("DELETE", `${hooks()}/${team.id}`, { token: cast.admin.token })).status).toBe(204);
  });

  it("exactly once per subscription when the team webhook's maker hosts the booking and has a personal one; never the maker's personal bookings", async () => {
    const team = await subscribe(cast.owner, "/by-owner");
    await subscribe(cast.owner, "/owner-own", { personal: true });
    // Early in the day the owner is free; the member is busy with an event of their own then.
    const when = at(day++, "00:30");
    await ok(
      await call("POST", "/events", {
        token: cast.member.token,
        json: {
          eventName: "Member's own",
          eventType: "Google Meet",
          eventWith: "One-to-One",
          description: "Busy.",
          targetedEmail: "someone@example.org",
          dateTime: when.replace("+00:00", "Z"),
        },
      }),
      201,
    );
    const hosted = await bookAt(call, typeId, when);
    expect((await db`select host_id from events where id = ${hosted.id}`)[0].host_id).toBe(cast.owner.id);
    const personalType = await allDayEventType(call, cast.owner.token, {
      title: "Owner's own",
      slug: `own-${crypto.randomUUID().slice(0, 6)}`,
      duration: 30,
      minimumNotice: 60,
    });
    const personal = await bookAt(call, personalType._id, at(day++, "15:00"));
    await eventually(
      () => at_("/owner-own").length,
      (n) => n >= 2,
    );
    await pause(600);
    expect(at_("/by-owner").map((r) => r.json.data.id)).toEqual([hosted.id]);
    expect(
      at_("/owner-own")
        .map((r) => r.json.data.id)
        .sort(),
    ).toEqual([hosted.id, personal.id].sort());
    const rows = await db`select subscription_id from webhook_deliveries where event_id = ${hosted.id}`;
    expect(rows.filter((r) => r.subscription_id === team.id)).toHaveLength(1);
    // The team's subscription is not the maker's personal one.
    const own = await ok<{ id: string }[]>(await call("GET", "/api/webhooks", { token: cast.owner.token }));
    expect(own.map((h) => h.id)).not.toContain(team.id);
    expect((await call("DELETE", `${hooks()}/${team.id}`, { token: cast.owner.token })).status).toBe(204);
  });

  it("retries: a receiver answering 500 twice gets the same webhook-id three times; the team's log shows each attempt; Resend and the test button", async () => {
    const hook = await subscribe(cast.admin, "/flaky", { answer: [500, 500, 200] });
    await memberBooking();
    const got = await eventually(
      () => at_("/flaky"),
      (r) => r.length >= 3,
    );
    await pause(500);
    expect(at_("/flaky")).toHaveLength(3);
    expect(new Set(got.map((r) => r.id)).size).toBe(1);
    expect(got.every((r) => r.verified)).toBe(true);
    const [delivery] = await eventually(
      async () => ok<Delivery[]>(await call("GET", `${hooks()}/${hook.id}/deliveries`, { token: cast.owner.token })),
      (d) => d[0]?.status === "delivered",
    );
    expect(delivery.attempts).toBe(3);
    expect(delivery.messageId).toBe(got[0].id);
    expect(delivery.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 200]);

    await ok(
      await call("POST", `${hooks()}/${hook.id}/deliveries/${delivery.id}/resend`, { token: cast.admin.token }),
      202,
    );
    const again = await eventually(
      () => at_("/flaky"),
      (r) => r.length >= 4,
    );
    expect(again[3].id).toBe(delivery.messageId);

    const test = await ok<Delivery>(await call("POST", `${hooks()}/${hook.id}/test`, { token: cast.admin.token }));
    expect(test).toMatchObject({ type: "webhook.test", status: "delivered" });
    expect(at_("/flaky").at(-1)).toMatchObject({ id: test.messageId, verified: true });
    expect((await call("DELETE", `${hooks()}/${hook.id}`, { token: cast.admin.token })).status).toBe(204);
  });

  it("another team's bookings never reach a team's webhook; a switched-off one sends nothing", async () => {
    const hook = await subscribe(cast.admin, "/quiet");
    const other = await teamCast(call, db, account, "tw2");
    const otherType = await teamEventType(call, db, other);
    // The other team's webhook gets its own team's booking; this team's gets nothing of it.
    await subscribe(other.admin, "/other-team", { teamId: other.team.id });
    const theirs = await bookAt(call, otherType, at(4, "10:00"));
    await eventually(
      () => at_("/other-team"),
      (r) => r.length >= 1,
    );
    expect(at_("/other-team").map((r) => r.json.data.id)).toEqual([theirs.id]);
    const settled = () =>
      eventually(
        () =>
          db`select count(*)::int as n from booking_event_deliveries d join booking_events b on b.id = d.booking_event_id
            join events e on e.id = b.event_id where d.consumer = 'webhooks' and d.delivered_at is null and e.event_type_id in (${typeId}, ${otherType})`,
        (rows) => rows[0].n === 0,
      );
    await settled();
    await pause(300);
    expect(at_("/quiet")).toHaveLength(0);

    await ok(await call("PATCH", `${hooks()}/${hook.id}`, { token: cast.admin.token, json: { active: false } }));
    await memberBooking();
    await settled();
    await pause(300);
    expect(at_("/quiet")).toHaveLength(0);
    expect(
      await db`select id from webhook_deliveries where subscription_id = ${hook.id} and type <> 'webhook.test'`,
    ).toEqual([]);
    expect((await call("DELETE", `${hooks()}/${hook.id}`, { token: cast.admin.token })).status).toBe(204);
  });
});

describe("the team's paths and the personal ones stay apart", () => {
  it("a team webhook is 404 on /api/webhooks (even to its maker); a personal one and another team's are 404 on the team's paths", async () => {
    const team = await subscribe(cast.admin, "/apart");
    const personal = await subscribe(cast.admin, "/apart-own", { personal: true });
    const other = await teamCast(call, db, account, "tw3");
    // The other team's owner is an outsider here.
    expect(
      (
        await call("POST", hooks(), {
          token: other.owner.token,
          json: { url: `${base}/apart-other`, events: ["booking.created"] },
        })
      ).status,
    ).toBe(404);
    const foreign = await ok<Hook>(
      await call("POST", hooks(other.team.id), {
        token: other.owner.token,
        json: { url: `${base}/apart-other`, events: ["booking.created"] },
      }),
      201,
    );
    for (const [method, path] of [
      ["GET", `/api/webhooks/${team.id}`],
      ["DELETE", `/api/webhooks/${team.id}`],
      ["POST", `/api/webhooks/${team.id}/test`],
      ["GET", `/api/webhooks/${team.id}/deliveries`],
      ["GET", `${hooks()}/${personal.id}`],
      ["DELETE", `${hooks()}/${personal.id}`],
      ["GET", `${hooks()}/${foreign.id}`],
      ["GET", `${hooks()}/${foreign.id}/deliveries`],
      ["GET", `${hooks()}/not-a-uuid`],
    ] as const) {
      expect((await call(method, path, { token: cast.admin.token })).status, `${method} ${path}`).toBe(404);
    }
    const teamList = await ok<{ id: string; secret?: string }[]>(
      await call("GET", hooks(), { token: cast.owner.token }),
    );
    expect(teamList.map((h) => h.id)).toContain(team.id);
    expect(teamList.map((h) => h.id)).not.toContain(personal.id);
    expect(teamList.every((h) => h.secret === undefined)).toBe(true);
    const ownList = await ok<{ id: string }[]>(await call("GET", "/api/webhooks", { token: cast.admin.token }));
    expect(ownList.map((h) => h.id)).toEqual([personal.id]);
  });
});

describe("the team's webhook pages", () => {
  const postForm = (a: Account, path: string, pairs: [string, string][]) =>
    a.c.request(path, {
      method: "POST",
      body: new URLSearchParams(pairs).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.c.baseUrl },
    });

  it("an admin adds one without JavaScript (secret shown once) and reads its log; a member 403, an outsider 404", async () => {
    const list = `/dashboard/teams/${cast.team.id}/webhooks`;
    const settings = visibleText(await (await cast.admin.c.get(`/dashboard/teams/${cast.team.id}`)).text());
    expect(settings).toContain("Webhooks");
    expect(settings).toContain("Team bookings");
    expect(visibleText(await (await cast.member.c.get(`/dashboard/teams/${cast.team.id}`)).text())).not.toContain(
      "Team bookings",
    );

    const bad = await postForm(cast.admin, list, [
      ["intent", "create"],
      ["url", "not a url"],
      ["events", "booking.created"],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('value="not a url"');

    answers.set("/page", [200]);
    const res = await postForm(cast.admin, list, [
      ["intent", "create"],
      ["url", `${base}/page`],
      ["events", "booking.created"],
      ["active", "on"],
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    const secret = /value="(whsec_[^"]+)"/.exec(html)?.[1];
    expect(secret).toBeTruthy();
    secrets.set(
      "/page",
      secret!
        .replace(/&#x2B;|&#43;/g, "+")
        .replace(/&#x2F;|&#47;/g, "/")
        .replace(/&#x3D;|&#61;/g, "="),
    );
    const [row] = (
      await ok<{ id: string; url: string }[]>(await call("GET", hooks(), { token: cast.owner.token }))
    ).filter((h) => h.url === `${base}/page`);
    const page = visibleText(await (await cast.owner.c.get(list)).text());
    expect(page).toContain(`${base}/page`);
    expect(page).toContain("tw team webhooks");
    expect(page).not.toContain("whsec_");

    const booking = await memberBooking();
    await eventually(
      () => at_("/page"),
      (r) => r.length >= 1,
    );
    expect(at_("/page")[0].verified).toBe(true);
    const detail = await eventually(
      async () => (await cast.owner.c.get(`${list}/${row.id}`)).text(),
      (text) => text.includes("delivered"),
    );
    expect(detail).toContain("booking.created");
    expect(detail).toContain(at_("/page")[0].id);

    // The booking's timeline names the team's webhook to its managers, not to the member who hosts it.
    const forAdmin = await eventually(
      async () =>
        visibleText(await (await cast.admin.c.get(`/dashboard/scheduledEvents/${booking.id}/timeline`)).text()),
      (text) => text.includes("booking.created to"),
    );
    expect(forAdmin).toContain(`booking.created to ${base}/page`);
    const forMember = visibleText(
      await (await cast.member.c.get(`/dashboard/scheduledEvents/${booking.id}/timeline`)).text(),
    );
    expect(forMember).toContain("booking.created to the team's webhook");
    expect(forMember).not.toContain(`${base}/page`);

    expect((await cast.member.c.get(list)).status).toBe(403);
    expect((await cast.member.c.get(`${list}/${row.id}`)).status).toBe(403);
    expect((await cast.outsider.c.get(list)).status).toBe(404);
    expect((await cast.outsider.c.get(`${list}/${row.id}`)).status).toBe(404);
    expect(
      (
        await postForm(cast.member, list, [
          ["intent", "delete"],
          ["id", row.id],
        ])
      ).status,
    ).toBe(403);
    expect((await postForm(cast.outsider, `${list}/${row.id}`, [["intent", "test"]])).status).toBe(404);
    // A team webhook is not on its maker's personal pages.
    expect((await cast.admin.c.get(`/dashboard/webhooks/${row.id}`)).status).toBe(404);

    const deleted = await postForm(cast.owner, list, [
      ["intent", "delete"],
      ["id", row.id],
    ]);
    expect(deleted.status).toBe(302);
    expect((await call("GET", `${hooks()}/${row.id}`, { token: cast.owner.token })).status).toBe(404);
  });
});
