import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarFetch,
  CalendarFetchError,
  checkCalendarUrl,
  isPrivateAddress,
  type Resolver,
} from "./calendar-fetch.server";

describe("the calendar fetch guard", () => {
  it("knows private, loopback, link-local and mapped addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("takes http, https and webcal addresses only, without credentials", () => {
    expect(checkCalendarUrl("webcal://example.com/a.ics").href).toBe("https://example.com/a.ics");
    expect(() => checkCalendarUrl("file:///etc/passwd")).toThrow(CalendarFetchError);
    expect(() => checkCalendarUrl("https://u:p@example.com/")).toThrow(/own fields/);
    expect(() => checkCalendarUrl("not a url")).toThrow(CalendarFetchError);
  });

  let server: http.Server;
  let base = "";
  // /slow never answers (until the end): only the fetch's own deadline can end a request to it.
  const held: http.ServerResponse[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/big") return res.end("x".repeat(5000));
      if (req.url === "/slow") return void held.push(res);
      if (req.url === "/hop") return res.writeHead(302, { location: "/ok" }).end();
      res.end("fine");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const res of held) res.destroy();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it("refuses a loopback server unless allowed, by address and by name", async () => {
    const strict = calendarFetch({ allowPrivate: false, timeoutMs: 2000, maxBytes: 1000 });
    await expect(strict(`${base}/ok`)).rejects.toMatchObject({ problem: "refused" });
    await expect(strict(base.replace("127.0.0.1", "localhost") + "/ok")).rejects.toMatchObject({ problem: "refused" });
    const open = calendarFetch({ allowPrivate: true, timeoutMs: 2000, maxBytes: 1000 });
    expect(await (await open(`${base}/hop`)).text()).toBe("fine");
  });

  it("stops at the size limit and the deadline", async () => {
    const f = calendarFetch({ allowPrivate: true, timeoutMs: 300, maxBytes: 1000 });
    await expect(f(`${base}/big`)).rejects.toMatchObject({ problem: "too-large" });
    await expect(f(`${base}/slow`)).rejects.toMatchObject({ problem: "timeout" });
    expect(held).toHaveLength(1);
  });
});

describe("connecting to the address that was checked (decision 063)", () => {
  let server: http.Server;
  let port = 0;
  const seen: { host?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ host: req.headers.host });
      res.end(`${"y".repeat(3000)}`);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("a name that resolves to a private IPv6 form of 127.0.0.1 is refused before any connection", async () => {
    for (const address of ["::ffff:7f00:1", "::7f00:1", "64:ff9b::7f00:1", "2002:7f00:1::1", "fd00::1", "fe80::1"]) {
      const resolve: Resolver = (_host, _options, callback) => callback(null, [{ address, family: 6 }]);
      const guarded = calendarFetch({ allowPrivate: false, timeoutMs: 2000, maxBytes: 1000, resolve });
      await expect(guarded(`http://hooks.example.test:${port}/x`), address).rejects.toMatchObject({
        problem: "refused",
      });
    }
    expect(seen).toEqual([]);
  });

  it("the socket connects to the address the lookup checked, and the request keeps the name for Host", async () => {
    // The name resolves (once, in the guard) to the test server; a second resolution that would
    // answer otherwise is never made: the resolver counts its calls.
    let calls = 0;
    const resolve: Resolver = (_host, _options, callback) => {
      calls += 1;
      callback(null, [{ address: "127.0.0.1", family: 4 }]);
    };
    const open = calendarFetch({ allowPrivate: true, timeoutMs: 2000, maxBytes: 1000, truncate: true, resolve });
    const res = await open(`http://hooks.example.test:${port}/x`, { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBe(1000);
    expect(calls).toBe(1);
    expect(seen.at(-1)?.host).toBe(`hooks.example.test:${port}`);
  });
});
