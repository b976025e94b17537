import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { ROOT, startServer } from "../support/server";

/**
 * Moving from the embedded database to PostgreSQL (docs/decisions/026): a host who started
 * with `npm start` exports DATA_DIR with `npm run db:export`, loads it with `npm run db:import`
 * into a fresh PostgreSQL database, and the app on it has the same people (same password
 * hashes), the same booking (same id, timestamps) and working sequences.
 */

const SESSION_SECRET = "move-secret-0123456789abcdef0123456789abcdef";

function runScript(script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000) {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} did not finish:\n${output}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Every day 00:00-24:00 UTC. */
const allDay = {
  name: "All day",
  timeZone: "UTC",
  weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
};

/** Two days ahead at 10:00 UTC: inside the booking window, past the minimum notice. */
function slotStart(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T10:00:00.000Z`;
}

async function json(res: Response, status: number) {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body);
}

describe("moving the embedded database to PostgreSQL", () => {
  let dataDir: string;
  let exportFile: string;
  let target: TestDatabase;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "move-embedded-"));
    exportFile = path.join(dataDir, "export.sql");
    target = await createTestDatabase("scheduler_move");
  });
  afterAll(async () => {
    await target?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("export, import, then the app on PostgreSQL signs the demo professional in and shows the booking", async () => {
    // 1. `npm start` on the embedded database (demo data), and a guest books the pro.
    const embedded = await startServer({ DATA_DIR: dataDir, JOBS: "off", RATE_LIMIT_FACTOR: "100" });
    let bookingId: string;
    try {
      const call = (method: string, p: string, token: string | null, body?: unknown) =>
        fetch(`${embedded.url}${p}`, {
          method,
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const { token } = await json(
        await call("POST", "/api/token", null, { email: "pro@example.com", password: "demo-pro-2026" }),
        200,
      );
      const schedule = await json(await call("POST", "/api/schedules", token, allDay), 201);
      const type = await json(
        await call("POST", "/api/event-types", token, {
          title: "Moving day call",
          slug: "moving-day",
          duration: 30,
          minimumNotice: 60,
          bookingWindowDays: 30,
          location: { type: "google-meet" },
          scheduleId: schedule._id,
        }),
        201,
      );
      const { booking } = await json(
        await call("POST", "/api/bookings", null, {
          eventTypeId: type._id,
          start: slotStart(),
          name: "Ada Mover",
          email: "ada.mover@example.test",
          timeZone: "Europe/Berlin",
        }),
        201,
      );
      bookingId = booking.id;
    } finally {
      await embedded.stop();
    }

    // 2. npm run db:export (the app is stopped).
    const exported = await runScript("scripts/db-export.ts", [exportFile], { DATA_DIR: dataDir });
    expect(exported.output).toMatch(/Exported \d+ rows of \d+ tables/);
    expect(exported.code).toBe(0);
    expect(fs.readFileSync(exportFile, "utf8")).toContain('COPY public."users"');

    // 3. npm run db:import into a fresh PostgreSQL database; a second time it is refused.
    const imported = await runScript("scripts/db-import.ts", [exportFile], { DATABASE_URL: target.url });
    expect(imported.output).toMatch(/Imported \d+ rows/);
    expect(imported.code).toBe(0);
    const again = await runScript("scripts/db-import.ts", [exportFile], { DATABASE_URL: target.url });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/the target database is not empty: .*users \(3\)/);
    expect(again.output).toContain("--force");
    const forced = await runScript("scripts/db-import.ts", [exportFile, "--force"], { DATABASE_URL: target.url });
    expect(forced.output).toBe(imported.output);
    expect(forced.code).toBe(0);

    // Ids, hashes and timestamps as they were: compare with the embedded rows in the export file.
    const pg = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      const [event] =
        await pg`select id, guest_name, start_set_at, created_at from events where guest_email = 'ada.mover@example.test'`;
      expect(event.id).toBe(bookingId);
      expect(event.guest_name).toBe("Ada Mover");
      // The exported row, read back from the file's COPY block of events.
      const file = fs.readFileSync(exportFile, "utf8");
      const lines = file.split("\n");
      const header = lines.find((l) => l.startsWith('COPY public."events" ('))!;
      const columns = /\((.*)\)/
        .exec(header)![1]
        .split(", ")
        .map((c) => c.replace(/"/g, ""));
      const values = lines.find((l) => l.startsWith(`${bookingId}\t`))!.split("\t");
      const exportedAt = (column: string) =>
        new Date(values[columns.indexOf(column)].replace(" ", "T").replace(/\+00$/, "Z")).getTime();
      // start_set_at kept (the insert trigger was off during the load), not re-stamped at import.
      expect(event.start_set_at.getTime()).toBe(exportedAt("start_set_at"));
      expect(event.created_at.getTime()).toBe(exportedAt("created_at"));
      const [pro] = await pg`select id, password_hash from users where email = 'pro@example.com'`;
      expect(file).toContain(`${pro.id}\t`);
      expect(file).toContain(pro.password_hash);
    } finally {
      await pg.end();
    }

    // 4. The app on PostgreSQL: the demo professional signs in with the same password and sees the booking.
    const server = await startServer({
      DATABASE_URL: target.url,
      SESSION_SECRET,
      JOBS: "off",
      RATE_LIMIT_FACTOR: "100",
    });
    try {
      const c = new HttpClient(server.url);
      const signin = await c.post("/signin", { email: "pro@example.com", password: "demo-pro-2026", redirectTo: "" });
      expect(signin.status).toBe(302);
      const page = await c.get("/dashboard/scheduledEvents");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Ada Mover");
      expect(html).toContain("Moving day call");
      // The booking keeps its id: its own API path answers for the host.
      const token = (await json(
        await fetch(`${server.url}/api/token`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "pro@example.com", password: "demo-pro-2026" }),
        }),
        200,
      )) as { token: string };
      const cancel = await fetch(`${server.url}/api/bookings/${bookingId}/cancel`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token.token}` },
        body: JSON.stringify({ reason: "moved" }),
      });
      expect(cancel.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 400_000);
});
