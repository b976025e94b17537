/**
 * The hostile tester's findings, one by one (docs/decisions/023-input-rules.md), over real HTTP on
 * PostgreSQL: each answered 500 before. Now every one is a 4xx with a clear message (the JSON
 * error shape on JSON paths) and leaves the database exactly as it was.
 *
 * Covered: NUL in every free-text field of the JSON API and of the forms (token e-mail, booking
 * name/notes, event, review, package, event type, schedule, workflow message, token label);
 * far-future dates on events, bookings and reschedules (JSON, the guest's and the host's
 * reschedule forms, the event form); %00 in PUT /users/admin|user/{email}; TRACE and PROPFIND;
 * a repeated title on the event type form; a bad percent escape and an unknown /api/ path;
 * a javascript: video link.
 */
import crypto from "node:crypto";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { allDayEventType, apiClient, at, dateIn, errorOf, ok, tokenOf, type Account } from "./api-client";
import { rawRequest } from "../support/http";
import { servers } from "./context";
import { changedTables, snapshot } from "./db-snapshot";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.61", namePrefix: "Hostile" });

const NUL = "\u0000";
const FAR = "9999-12-31T23:59:59Z";

let host: Account;
let admin: Account;
let typeId: string;
let booking: { id: string; rescheduleUrl: string; cancelUrl: string };
let eventId: string;

/** Runs the refused calls and checks that not one row changed. */
async function unchanged(refused: () => Promise<void>) {
  const before = await snapshot(db);
  await refused();
  expect(changedTables(before, await snapshot(db))).toEqual([]);
}

async function expect400(res: Response, field?: string) {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(400);
  if (field) {
    const body = JSON.parse(text) as { error: { code: string; fields?: Record<string, string[]> } };
    expect(body.error.code).toBe("invalid_input");
    expect(Object.keys(body.error.fields ?? {}), text).toContain(field);
  }
  return text;
}

beforeAll(async () => {
  host = await account("host", "professional");
  admin = await account("admin", "admin");
  const type = await allDayEventType(call, host.token, {
    title: "Intro",
    slug: `hostile-${crypto.randomUUID().slice(0, 8)}`,
    duration: 30,
    minimumNotice: 0,
    bookingWindowDays: 30,
  });
  typeId = type._id;
  const made = await ok<{ booking: { id: string; rescheduleUrl: string; cancelUrl: string } }>(
    await call("POST", "/api/bookings", {
      json: {
        eventTypeId: typeId,
        start: at(4, "10:00"),
        name: "Guest",
        email: "guest-hostile@example.test",
        timeZone: "UTC",
      },
    }),
    201,
  );
  booking = made.booking;
  const event = await ok(
    await call("POST", "/events", {
      token: host.token,
      json: {
        eventName: "Mine",
        eventType: "Phone Call",
        eventWith: "One-to-One",
        description: "d",
        targetedEmail: "x@example.test",
        dateTime: at(6, "12:00"),
      },
    }),
    201,
  );
  eventId = event._id;
});

describe("NUL in free text", () => {
  it("JSON bodies: 400 invalid_input naming the field, nothing stored", async () => {
    await unchanged(async () => {
      await expect400(
        await call("POST", "/api/token", { json: { email: `a${NUL}@example.test`, password: "x" } }),
        "email",
      );
      await expect400(
        await call("POST", "/api/token", {
          json: { email: host.email, password: "correct-horse-battery", label: `CI${NUL}` },
        }),
        "label",
      );
      const guest = { eventTypeId: typeId, start: at(5, "10:00"), email: "g@example.test", timeZone: "UTC" };
      await expect400(await call("POST", "/api/bookings", { json: { ...guest, name: `Ada${NUL}` } }), "name");
      await expect400(
        await call("POST", "/api/bookings", { json: { ...guest, name: "Ada", notes: `hi${NUL}` } }),
        "notes",
      );
      const event = {
        eventName: "E",
        eventType: "Phone Call",
        eventWith: "One-to-One",
        description: "d",
        targetedEmail: "x@example.test",
        dateTime: at(7, "12:00"),
      };
      await expect400(
        await call("POST", "/events", { token: host.token, json: { ...event, eventName: `E${NUL}` } }),
        "eventName",
      );
      await expect400(
        await call("POST", "/events", { token: host.token, json: { ...event, description: `d${NUL}` } }),
        "description",
      );
      await expect400(
        await call("PUT", `/event/${eventId}`, { token: host.token, json: { ...event, eventName: `E${NUL}` } }),
        "eventName",
      );
      await expect400(
        await call("POST", "/reviews", { token: host.token, json: { name: `N${NUL}`, rating: 5, review: "ok" } }),
        "name",
      );
      await expect400(
        await call("POST", "/reviews", { token: host.token, json: { name: "N", rating: 5, review: `ok${NUL}` } }),
        "review",
      );
      const pkg = {
        name: `Gold${NUL}`,
        price: 10,
        accessType: "a",
        activeEvent: "1",
        calender: 1,
        goupEvent: "1",
        notificationStatus: "on",
        oneToOne: "1",
      };
      const res = await call("POST", "/packages", { token: admin.token, json: pkg });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await errorOf(res))).toMatch(/control characters/);
      await expect400(
        await call("POST", "/api/event-types", {
          token: host.token,
          json: { title: `T${NUL}`, slug: "t-nul", duration: 30 },
        }),
        "title",
      );
      await expect400(
        await call("POST", "/api/schedules", { token: host.token, json: { name: `S${NUL}`, timeZone: "UTC" } }),
        "name",
      );
    });
  });

  it("forms: 400 with the message beside the field, nothing stored", async () => {
    await unchanged(async () => {
      const label = await host.c.post("/dashboard/apiTokens", { intent: "create", label: `CI${NUL}` });
      expect(label.status).toBe(400);
      expect(await label.text()).toContain("The label may not contain control characters");
      const flow = await host.c.post("/dashboard/workFlow", {
        guestEmailOn: "on",
        guestEmailAmount: "1",
        guestEmailUnit: "days",
        hostInAppOn: "on",
        hostInAppAmount: "15",
        hostInAppUnit: "minutes",
        secondGuestEmailAmount: "1",
        secondGuestEmailUnit: "hours",
        followUpOn: "on",
        followUpAmount: "1",
        followUpUnit: "hours",
        followUpMessage: `Thanks${NUL}`,
      });
      expect(flow.status).toBe(400);
      expect(await flow.text()).toContain("The message may not contain control characters");
      const type = await host.c.post("/dashboard/eventTypes/new", {
        title: `Intro${NUL}`,
        slug: "",
        duration: "30",
        kind: "one-to-one",
        "location.type": "video",
        minimumNotice: "0",
        minimumNoticeUnit: "minutes",
        bookingWindowDays: "30",
      });
      expect(type.status).toBe(400);
      expect(await type.text()).toContain("The title may not contain control characters");
      const page = await host.c.post("/one-to-one", {
        eventName: `E${NUL}`,
        eventType: "Phone Call",
        description: "d",
        date: dateIn(9),
        time: "10:00",
        duration: "30",
        targetedEmail: "x@example.test",
      });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("The event name may not contain control characters");
    });
  });
});

describe("far-future dates", () => {
  it("events, bookings and reschedules over JSON: 400 naming the field and the two-year window", async () => {
    await unchanged(async () => {
      const event = {
        eventName: "E",
        eventType: "Phone Call",
        eventWith: "One-to-One",
        description: "d",
        targetedEmail: "x@example.test",
        dateTime: FAR,
      };
      const created = await expect400(await call("POST", "/events", { token: host.token, json: event }), "dateTime");
      expect(created).toMatch(/two years/);
      await expect400(await call("PUT", `/event/${eventId}`, { token: host.token, json: event }), "dateTime");
      await expect400(
        await call("POST", "/api/bookings", {
          json: { eventTypeId: typeId, start: FAR, name: "Ada", email: "g@example.test", timeZone: "UTC" },
        }),
        "start",
      );
      await expect400(
        await call("POST", `/api/bookings/${booking.id}/reschedule?token=${tokenOf(booking.rescheduleUrl)}`, {
          json: { start: FAR },
        }),
        "start",
      );
      await expect400(
        await call("POST", `/api/bookings/${booking.id}/reschedule`, {
          token: host.token,
          json: { start: "+275760-09-13T00:00:00Z" },
        }),
        "start",
      );
    });
  });

  it("the guest's and the host's reschedule forms and the event form: 400 with the window in the message", async () => {
    await unchanged(async () => {
      const guest = await host.c.post(`/booking/${booking.id}/reschedule?token=${tokenOf(booking.rescheduleUrl)}`, {
        start: FAR,
      });
      expect(guest.status).toBe(400);
      expect(await guest.text()).toMatch(/two years/);
      const hostForm = await host.c.post(`/dashboard/scheduledEvents?reschedule=${booking.id}`, {
        intent: "reschedule",
        eventId: booking.id,
        start: FAR,
      });
      expect(hostForm.status).toBe(400);
      expect(await hostForm.text()).toMatch(/two years/);
      const page = await host.c.post("/one-to-one", {
        eventName: "E",
        eventType: "Phone Call",
        description: "d",
        date: "9999-12-31",
        time: "23:00",
        duration: "30",
        targetedEmail: "x@example.test",
      });
      expect(page.status).toBe(400);
      expect(await page.text()).toMatch(/two years/);
    });
  });
});

describe("the request itself", () => {
  it("%00 in the e-mail of PUT /users/admin|user/{email}: 400 in the JSON shape", async () => {
    await unchanged(async () => {
      for (const path of ["/users/admin/a%00b@example.test", "/users/user/a%00b@example.test"]) {
        const res = await call("PUT", path, { token: admin.token });
        expect(res.status, path).toBe(400);
        expect((await errorOf(res)).code).toBe("bad_request");
      }
    });
  });

  it("TRACE and PROPFIND: 405 with Allow (JSON on a JSON path)", async () => {
    for (const [method, path] of [
      ["TRACE", "/"],
      ["TRACE", "/api/event-types"],
      ["TRACE", "/event/x"],
      ["PROPFIND", "/api/event-types"],
      ["PROPFIND", "/dashboard"],
    ]) {
      const res = await rawRequest(servers()[0], method, path, {
        headers: { authorization: `Bearer ${host.token}`, "x-forwarded-for": freshIp() },
      });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toContain("GET");
      if (path !== "/" && path !== "/dashboard")
        expect((JSON.parse(res.text) as { error: { code: string } }).error.code).toBe("method_not_allowed");
    }
  });

  it("a bad percent escape is a 400 and an unknown /api/ path a 404, both in the JSON shape", async () => {
    const escape = await call("GET", "/event/%ZZ", { token: host.token });
    expect(escape.status).toBe(400);
    expect((await errorOf(escape)).code).toBe("bad_request");
    const unknown = await call("GET", "/api/nothing-here");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("not_found");
    // The readable API reference under /api stays a page.
    expect((await call("GET", "/api/docs")).headers.get("content-type")).toMatch(/text\/html/);
  });

  it("a repeated title on the event type form: the first value counts, the page answers (no 500)", async () => {
    await unchanged(async () => {
      const body = new URLSearchParams([
        ["title", "First"],
        ["title", "Second"],
        ["slug", ""],
        ["duration", "3"],
        ["kind", "one-to-one"],
        ["location.type", "video"],
      ]);
      const res = await host.c.request("/dashboard/eventTypes/new", {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: host.c.baseUrl },
      });
      const html = await res.text();
      expect(res.status, html.slice(0, 200)).toBe(400);
      expect(html).toContain('value="First"');
      expect(html).toContain("duration: a whole number of minutes from 5 to 720.");
    });
  });

  it("a large body answered before it is read does not stall the kept-alive connection's next request", async () => {
    // Found by the fuzz suite: a 401/415/redirect answered before a ~1 MB body was read left the
    // connection paused, and the next request on it never got an answer.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const base = servers()[0];
      const body = Buffer.alloc(900_000, "a");
      const sendOn = (method: string, path: string, headers: Record<string, string>, data?: Buffer) =>
        new Promise<number>((resolve, reject) => {
          const url = new URL(base);
          const req = http.request(
            {
              agent,
              host: url.hostname,
              port: url.port,
              method,
              path,
              headers: { "x-forwarded-for": freshIp(), ...headers },
            },
            (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode ?? 0));
            },
          );
          req.setTimeout(5_000, () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)));
          req.on("error", reject);
          req.end(data);
        });
      expect(
        await sendOn(
          "POST",
          "/events",
          { "content-type": "application/json", "content-length": String(body.length) },
          body,
        ),
      ).toBe(401);
      expect(await sendOn("GET", "/healthz", {})).toBe(200);
      expect(
        await sendOn(
          "POST",
          "/contact",
          { "content-type": "text/plain", "content-length": String(body.length), origin: base },
          body,
        ),
      ).toBe(415);
      expect(await sendOn("GET", "/healthz", {})).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("javascript: as an event type's video link: 400 on location.value", async () => {
    await unchanged(async () => {
      const text = await expect400(
        await call("POST", "/api/event-types", {
          token: host.token,
          json: {
            title: "X",
            slug: "js-link",
            duration: 30,
            location: { type: "video", value: "javascript:alert(1)" },
          },
        }),
        "location.value",
      );
      expect(text).toContain("http:// or https://");
      const form = await host.c.post("/dashboard/eventTypes/new", {
        title: "X",
        slug: "js-link",
        duration: "30",
        kind: "one-to-one",
        "location.type": "video",
        "location.value": "javascript:alert(1)",
        minimumNotice: "0",
        minimumNoticeUnit: "minutes",
        bookingWindowDays: "30",
      });
      expect(form.status).toBe(400);
    });
  });
});
