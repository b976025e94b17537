import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

/**
 * Debian's Radicale (a real CalDAV server) on a free loopback port, with a throw-away htpasswd
 * and storage folder: the CalDAV server of the calendar tests. `scripts/ensure-radicale.sh`
 * installs it when missing; without it the tests fail with this message, never skip.
 */

export const RADICALE_BIN = process.env.RADICALE_BIN ?? "/usr/bin/radicale";

export interface Radicale {
  url: string;
  port: number;
  /** Makes a calendar collection `/<user>/<name>/` (MKCALENDAR); answers its URL. */
  makeCalendar(user: string, name: string, displayName?: string): Promise<string>;
  /** PUTs an iCalendar object into a calendar; answers its URL. */
  put(calendarUrl: string, fileName: string, ics: string, user?: string): Promise<string>;
  remove(objectUrl: string, user?: string): Promise<void>;
  /** The calendar's objects: file name -> text. */
  objects(calendarUrl: string, user?: string): Promise<Map<string, string>>;
  stop(): Promise<void>;
  /** Starts it again on the same port and folder (after stop). */
  start(): Promise<void>;
}

export const RADICALE_PASSWORD = "app-password-1";

function auth(user: string): string {
  return "Basic " + Buffer.from(`${user}:${RADICALE_PASSWORD}`).toString("base64");
}

export async function startRadicale(users: string[] = ["host"]): Promise<Radicale> {
  if (!fs.existsSync(RADICALE_BIN)) {
    throw new Error(
      `Radicale is missing (${RADICALE_BIN}): run scripts/ensure-radicale.sh (apt-get install -y radicale) first.`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "radicale-"));
  fs.writeFileSync(path.join(dir, "users"), users.map((u) => `${u}:${RADICALE_PASSWORD}`).join("\n") + "\n");
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = plain",
      "delay = 0",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "collections")}`,
      "[rights]",
      "type = owner_only",
      "[logging]",
      "level = warning",
      "[web]",
      "type = none",
    ].join("\n"),
  );
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = "";

  async function start() {
    child = spawn(RADICALE_BIN, ["--config", path.join(dir, "config")], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.on("data", (d) => (log += d));
    child.stderr!.on("data", (d) => (log += d));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`radicale exited with ${child.exitCode}:\n${log}`);
      try {
        await fetch(`${url}/`, { method: "OPTIONS" });
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`radicale did not start:\n${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  async function stop() {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGTERM");
    await exited;
  }

  await start();
  return {
    url,
    port,
    async makeCalendar(user, name, displayName = name) {
      const target = `${url}/${user}/${name}/`;
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>${displayName}</D:displayname>
<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>`;
      const res = await fetch(target, {
        method: "MKCALENDAR",
        headers: { authorization: auth(user), "content-type": "application/xml" },
        body,
      });
      if (res.status !== 201) throw new Error(`MKCALENDAR ${target}: ${res.status} ${await res.text()}`);
      return target;
    },
    async put(calendarUrl, fileName, ics, user = users[0]) {
      const target = calendarUrl + fileName;
      const res = await fetch(target, {
        method: "PUT",
        headers: { authorization: auth(user), "content-type": "text/calendar; charset=utf-8" },
        body: ics,
      });
      if (res.status !== 201 && res.status !== 204) throw new Error(`PUT ${target}: ${res.status} ${await res.text()}`);
      return target;
    },
    async remove(objectUrl, user = users[0]) {
      const res = await fetch(objectUrl, { method: "DELETE", headers: { authorization: auth(user) } });
      if (res.status >= 300 && res.status !== 404) throw new Error(`DELETE ${objectUrl}: ${res.status}`);
    },
    async objects(calendarUrl, user = users[0]) {
      // The storage folder is the server's truth: one .ics file per object.
      const folder = path.join(
        dir,
        "collections",
        "collection-root",
        ...new URL(calendarUrl).pathname.split("/").filter(Boolean),
      );
      const out = new Map<string, string>();
      if (!fs.existsSync(folder)) return out;
      for (const file of fs.readdirSync(folder)) {
        if (file.startsWith(".")) continue;
        out.set(file, fs.readFileSync(path.join(folder, file), "utf8"));
      }
      void user;
      return out;
    },
    stop,
    start,
  };
}
