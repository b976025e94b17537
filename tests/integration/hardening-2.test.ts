/**
 * The second hardening round (issue 41, docs/decisions/063-hardening-second-round.md), over real
 * HTTP on PostgreSQL: each test failed on the code before its fix.
 */
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { runServerExpectingExit, startServer, type RunningServer } from "../support/server";
import { servers, ownServerEnv } from "./context";
import { allDayEventType, apiClient, at, ok, tokenOf, type Account } from "./api-client";
import { changedTables, snapshot } from "./db-snapshot";

const { db, call, account } = apiClient({ ipPrefix: "10.63", namePrefix: "Hardening" });

let host: Account;
let username: string;
let slug: string;
let typeId: string;

/** Runs the refused calls and checks that not one row changed. */
async function unchanged(refused: () => Promise<void>) {
  const before = await snapshot(db);
  await refused();
  expect(changedTables(before, await snapshot(db))).toEqual([]);
}

beforeAll(async () => {
  host = await account("host", "professional");
  username = `hard${crypto.randomUUID().slice(0, 8)}`;
  slug = "intro";
  await db`update users set username = ${username} where id = ${host.id}`;
  const type = await allDayEventType(call, host.token, {
    title: "Intro",
    slug,
    duration: 30,
    minimumNotice: 0,
    bookingWindowDays: 30,
  });
  typeId = type._id;
});

describe("the booking form's single-use link", () => {
  it("link=%00 (and other tokens the JSON path refuses) answers 400 with a message, nothing stored", async () => {
    for (const link of ["\u0000", "a\u0000b", "x".repeat(101)]) {
      await unchanged(async () => {
        const res = await host.c.request(`/${username}/${slug}`, {
          method: "POST",
          body: new URLSearchParams({
            link,
            name: "Ada",
            email: "ada-link@example.test",
            slot: at(4, "10:00"),
            tz: "UTC",
          }),
          headers: { "content-type": "application/x-www-form-urlencoded", origin: host.c.baseUrl },
        });
        const html = await res.text();
        expect(res.status, html.slice(0, 300)).toBe(400);
        expect(html).toContain("This single-use link is not valid.");
      });
    }
    // An off event type: the link was the only way in, and a bad one is a 404 (no query with it).
    await db`update event_types set active = false where id = ${typeId}`;
    try {
      const res = await host.c.request(`/${username}/${slug}`, {
        method: "POST",
        body: new URLSearchParams({ link: "\u0000", name: "Ada", email: "a@example.test", slot: at(4, "10:00") }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: host.c.baseUrl },
      });
      expect(res.status).toBe(404);
    } finally {
      await db`update event_types set active = true where id = ${typeId}`;
    }
  });
});

describe("nested or array keys for a scalar field", () => {
  it("the event type form with title[0]=x or title.a=x: 400 with the form again, nothing stored", async () => {
    for (const key of ["title[0]", "title.a", "duration[1]", "location.type[0]"]) {
      await unchanged(async () => {
        const body = new URLSearchParams({
          title: "Intro",
          slug: "",
          duration: "30",
          kind: "one-to-one",
          "location.type": "video",
          minimumNotice: "0",
          minimumNoticeUnit: "minutes",
          bookingWindowDays: "30",
        });
        body.delete(key.replace(/(\[\d+\]|\.a)$/, ""));
        body.append(key, "x");
        const res = await host.c.request("/dashboard/eventTypes/new", {
          method: "POST",
          body,
          headers: { "content-type": "application/x-www-form-urlencoded", origin: host.c.baseUrl },
        });
        const html = await res.text();
        expect(res.status, `${key}: ${html.slice(0, 300)}`).toBe(400);
        expect(html, key).toContain("Send this field once, as plain text.");
      });
    }
  });
});

describe("Cache-Control of personal answers", () => {
  it("signed-in pages and JSON answers are private, no-store; public pages keep their caching", async () => {
    for (const path of ["/dashboard", "/dashboard/profile", "/dashboard/eventTypes", "/", `/${username}/${slug}`]) {
      const res = await host.c.get(path);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    for (const path of ["/api/event-types", "/api/schedules", "/events"]) {
      const res = await call("GET", path, { token: host.token });
      await res.arrayBuffer();
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // A JSON refusal to a visitor says the same; the public home page stays cacheable.
    const refused = await call("GET", "/api/event-types");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    const home = await call("GET", "/");
    await home.arrayBuffer();
    expect(home.headers.get("cache-control")).toMatch(/^public/);
    const openapi = await call("GET", "/api/openapi.json", { token: host.token });
    await openapi.arrayBuffer();
    expect(openapi.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("slow clients", () => {
  let server: RunningServer | null = null;
  beforeAll(async () => {
    // Short limits (the defaults are 20 s and 60 s), so the test waits a moment, not a minute.
    server = await startServer(
      ownServerEnv({
        JOBS: "off",
        HTTP_HEADERS_TIMEOUT_MS: "600",
        HTTP_REQUEST_TIMEOUT_MS: "1500",
      }),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Writes `head` then dribbles `drip` one byte every 100 ms (each byte resets no timer) and
   * resolves with what the server answered when it closed the connection; rejects after 15 s.
   */
  function dribble(head: string, drip: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(server!.port, "127.0.0.1");
      let answer = "";
      let i = 0;
      const timer = setInterval(() => {
        if (i < drip.length && socket.writable) socket.write(drip[i++]);
      }, 100);
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`still open after 15 s; answer so far: ${answer}`));
      }, 15_000);
      socket.on("connect", () => socket.write(head));
      socket.on("data", (d) => (answer += d.toString("latin1")));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve(answer);
      });
    });
  }

  it("a head sent a byte at a time is cut with 408; so is a body, however it trickles", async () => {
    const endless = "x".repeat(1_000);
    expect(await dribble("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", endless)).toMatch(/^HTTP\/1\.1 408/);
    const body = `name=${"a".repeat(400)}`;
    const head =
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server!.port}\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\n" +
      `Content-Length: ${body.length}\r\nOrigin: ${server!.url}\r\n\r\n`;
    expect(await dribble(head, body)).toMatch(/^HTTP\/1\.1 408/);
    // A client at ordinary speed is served as before.
    const res = await fetch(`${server!.url}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe("a reschedule with a wrong token", () => {
  it("answers 404 before the host's calendar is called; the right token does call it", async () => {
    let hits = 0;
    const feed = http.createServer((_req, res) => {
      hits += 1;
      res
        .writeHead(200, { "content-type": "text/calendar" })
        .end("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n");
    });
    await new Promise<void>((r) => feed.listen(0, "127.0.0.1", r));
    try {
      const base = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
      const connection = await ok<{ id: string }>(
        await call("POST", "/api/calendars", { token: host.token, json: { type: "ics", url: `${base}/feed.ics` } }),
        201,
      );
      // The job runner leaves it alone for a day: every read from here on comes from a request.
      await db`update calendar_connections set next_sync_at = now() + interval '1 day' where id = ${connection.id}`;
      const { booking } = await ok<{ booking: { id: string; rescheduleUrl: string } }>(
        await call("POST", "/api/bookings", {
          json: {
            eventTypeId: typeId,
            start: at(6, "10:00"),
            name: "G",
            email: "g-resched@example.test",
            timeZone: "UTC",
          },
        }),
        201,
      );
      const before = hits;
      const wrong = "x".repeat(43);
      const json = await call("POST", `/api/bookings/${booking.id}/reschedule?token=${wrong}`, {
        json: { start: at(6, "11:00") },
      });
      expect(json.status).toBe(404);
      const page = await host.c.post(`/booking/${booking.id}/reschedule?token=${wrong}`, { start: at(6, "11:00") });
      expect(page.status).toBe(404);
      expect(hits).toBe(before);
      const right = await call(
        "POST",
        `/api/bookings/${booking.id}/reschedule?token=${tokenOf(booking.rescheduleUrl)}`,
        {
          json: { start: at(6, "11:00") },
        },
      );
      expect(right.status).toBe(200);
      expect(hits).toBeGreaterThan(before);
    } finally {
      await new Promise<void>((r) => feed.close(() => r()));
    }
  });
});

describe("Origin, Host and X-Forwarded-* (a proxy in front)", () => {
  const forms: [string, Record<string, string>][] = [
    ["/signin", { email: "nobody@example.test", password: "wrong-password-1" }],
    ["/forgot-password", { email: "nobody@example.test" }],
    ["/contact", { name: "A", email: "a@example.test", subject: "Hi", message: "Hello there, a message." }],
  ];

  it("a form post with APP_URL's origin and the upstream Host is served (no 500, no 403)", async () => {
    for (const [path, fields] of forms) {
      const res = await rawRequest(servers()[0], "POST", path, {
        headers: {
          host: "app-upstream.internal:8080",
          origin: servers()[0],
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": `10.63.200.${forms.findIndex(([p]) => p === path) + 1}`,
        },
        body: new URLSearchParams(fields).toString(),
      });
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      expect(res.status, path).not.toBe(403);
    }
  });

  it("no combination of Origin, Host and X-Forwarded-* answers 500; another origin is 403", async () => {
    const app = servers()[0];
    const appHost = new URL(app).host;
    const origins = [app, "https://evil.example", "null", "not a url", undefined];
    const hosts = [appHost, "evil.example", "app-upstream.internal:8080", "[::1", "a b"];
    const forwarded: Record<string, string>[] = [
      {},
      { "x-forwarded-host": "evil.example" },
      { "x-forwarded-host": appHost, "x-forwarded-proto": "https" },
      { "x-forwarded-host": "[bad", "x-forwarded-proto": "gopher" },
      { "x-forwarded-proto": "ht tp", "x-forwarded-port": "99999" },
      { "x-forwarded-host": "a b, c", "x-forwarded-for": "not-an-ip" },
    ];
    let n = 0;
    for (const [path, fields] of forms) {
      for (const origin of origins) {
        for (const host of hosts) {
          for (const extra of forwarded) {
            n += 1;
            const headers: Record<string, string> = {
              host,
              "content-type": "application/x-www-form-urlencoded",
              "x-forwarded-for": `10.63.${100 + (n >> 8)}.${n & 255}`,
              ...extra,
            };
            if (origin !== undefined) headers.origin = origin;
            // Each sign-in at its own made-up account: the account's slowing (decision 063) stays out of it.
            const body = new URLSearchParams({
              ...fields,
              ...("email" in fields ? { email: `nobody-${n}@example.test` } : {}),
            });
            const res = await rawRequest(app, "POST", path, { headers, body: body.toString() });
            const label = `${path} origin=${origin} host=${host} ${JSON.stringify(extra)}: ${res.text.slice(0, 160)}`;
            expect(res.status, label).toBeLessThan(500);
            if (origin !== undefined && origin !== app) expect(res.status, label).toBe(403);
          }
        }
      }
    }
  }, 120_000);
});

describe("absolute links come from APP_URL only", () => {
  it("a reset link and a booking's links ignore a forged Host and X-Forwarded-Host", async () => {
    const app = servers()[0];
    for (const forged of [{ host: "evil.example" }, { "x-forwarded-host": "evil.example" }] as Record<
      string,
      string
    >[]) {
      const res = await rawRequest(app, "POST", "/api/password-reset", {
        headers: {
          ...forged,
          "content-type": "application/json",
          "x-forwarded-for": `10.63.250.${Object.keys(forged)[0].length}`,
        },
        body: JSON.stringify({ email: host.email }),
      });
      expect(res.status, res.text).toBeLessThan(300);
      const booked = await rawRequest(app, "POST", "/api/bookings", {
        headers: { ...forged, "content-type": "application/json", "x-forwarded-for": "10.63.251.1" },
        body: JSON.stringify({
          eventTypeId: typeId,
          start: at(7, Object.keys(forged)[0] === "host" ? "08:00" : "08:30"),
          name: "Forged",
          email: "forged-host@example.test",
          timeZone: "UTC",
        }),
      });
      expect(booked.status, booked.text).toBe(201);
      const links = JSON.parse(booked.text) as { booking: { cancelUrl: string; rescheduleUrl: string } };
      expect(new URL(links.booking.cancelUrl).origin).toBe(app);
      expect(new URL(links.booking.rescheduleUrl).origin).toBe(app);
    }
    const mails = await db<{ text: string }[]>`
      select text from mail_outbox where "to" in (${host.email}, 'forged-host@example.test')`;
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) expect(mail.text).not.toContain("evil.example");
    expect(mails.map((m) => m.text).join("\n")).toContain(`${app}/reset-password/`);
  });

  it("without APP_URL (not production), links use http://localhost:PORT, never the request's Host", async () => {
    const plain = await startServer(
      ownServerEnv({
        JOBS: "off",
        NODE_ENV: "test",
        APP_URL: "",
      }),
    );
    try {
      const res = await rawRequest(plain.url, "POST", "/api/bookings", {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example", "content-type": "application/json" },
        body: JSON.stringify({
          eventTypeId: typeId,
          start: at(7, "09:00"),
          name: "Plain",
          email: "plain-host@example.test",
          timeZone: "UTC",
        }),
      });
      expect(res.status, res.text).toBe(201);
      const { booking } = JSON.parse(res.text) as { booking: { cancelUrl: string } };
      expect(new URL(booking.cancelUrl).origin).toBe(`http://localhost:${plain.port}`);
    } finally {
      await plain.stop();
    }
  }, 400_000);

  it("production on a server database without APP_URL refuses to start, saying why", async () => {
    const { code, output } = await runServerExpectingExit(
      ownServerEnv({
        APP_URL: "",
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain("APP_URL: is required in production on a PostgreSQL server");
  });
});

describe("mail from a request goes through the outbox", () => {
  let hung: net.Server;
  let app: RunningServer | null = null;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    // An SMTP server that takes the connection and never says a word.
    hung = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((r) => hung.listen(0, "127.0.0.1", r));
    app = await startServer(
      ownServerEnv({
        JOBS: "off",
        SMTP_URL: `smtp://127.0.0.1:${(hung.address() as AddressInfo).port}`,
      }),
    );
  });
  const invitee = `invitee-${crypto.randomUUID().slice(0, 8)}@example.test`;
  afterAll(async () => {
    await app?.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((r) => hung.close(() => r()));
    // The database is the worker's, shared with the other files: the invitation this server
    // queued (and may hold a claim on) must not sit in their outbox.
    await db`delete from mail_outbox where "to" = ${invitee}`;
  });

  it("a team invitation is answered with the mail queued, not after a hung SMTP server's timeout", async () => {
    const team = await ok<{ id: string }>(
      await call("POST", "/api/teams", {
        token: host.token,
        json: { name: "Hung", slug: `hung-${crypto.randomUUID().slice(0, 8)}` },
        server: app!.url,
      }),
      201,
    );
    await ok(
      await call("POST", `/api/teams/${team.id}/invitations`, {
        token: host.token,
        json: { email: invitee, role: "member" },
        server: app!.url,
      }),
      201,
    );
    // Written to the outbox for the job runner (off here), not tried in the request: queued, no error.
    const rows = await db<{ status: string; error: string | null; attempts: number }[]>`
      select status, error, attempts from mail_outbox where "to" = ${invitee}`;
    expect(rows).toEqual([{ status: "queued", error: null, attempts: 0 }]);
  });
});
