import { describe, expect, it } from "vitest";
import { HttpClient } from "../support/http";
import { runServerExpectingExit, startServer } from "../support/server";

describe("start-up configuration", () => {
  it("refuses to start in production on a server database without SESSION_SECRET, saying why", async () => {
    const { code, output } = await runServerExpectingExit({
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
    });
    expect(code).toBe(1);
    expect(output).toContain("SESSION_SECRET");
    expect(output).toContain("is required in production");
  });

  it("refuses a malformed DATABASE_URL and a short secret", async () => {
    const { code, output } = await runServerExpectingExit({ DATABASE_URL: "mysql://nope", SESSION_SECRET: "short" });
    expect(code).toBe(1);
    expect(output).toContain("DATABASE_URL");
    expect(output).toContain("at least 32 characters");
  });
});

describe("the embedded database (PGlite)", () => {
  it("starts with demo data, signs the demo admin in, and stops cleanly on SIGTERM", async () => {
    const server = await startServer({ DATA_DIR: ":memory:", RATE_LIMIT_FACTOR: "100" });
    try {
      const c = new HttpClient(server.url);
      expect(server.output()).toContain("admin@example.com");
      const res = await c.post("/signin", {
        email: "admin@example.com",
        password: "demo-admin-2026",
        redirectTo: "",
      });
      expect(res.status).toBe(302);
      const dash = await c.get("/dashboard");
      expect(dash.status).toBe(200);
      expect(await dash.text()).toContain("Admin Profile");
      // Broadcast notifications are visible to everyone; the host's own one is not shown to the admin.
      const home = await (await c.get("/")).text();
      expect(home).toContain("Welcome! Set your availability");
      expect(home).not.toContain("Project kickoff");
      // Each demo host has a bookable event type: free times on its booking page and in the JSON API.
      for (const [username, slug, title] of [
        ["pro", "30min", "30 Minute Meeting"],
        ["host", "intro", "Intro call"],
      ]) {
        const page = await c.get(`/${username}/${slug}`);
        expect(page.status, `/${username}/${slug}`).toBe(200);
        expect(await page.text()).toContain(title);
        const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
        const slots = await c.get(
          `/api/slots?username=${username}&slug=${slug}&start=${day(1)}&end=${day(14)}&timeZone=America/New_York`,
        );
        expect(slots.status).toBe(200);
        const free = Object.values(((await slots.json()) as { slots: Record<string, string[]> }).slots).flat();
        expect(free.length, `free times of /${username}/${slug}`).toBeGreaterThan(50);
      }
    } finally {
      const code = await server.stop("SIGTERM");
      expect(code).toBe(0);
    }
    // startServer waits up to 60 s for a cold embedded start on a busy machine: the test's budget covers it.
  }, 400_000);
});
