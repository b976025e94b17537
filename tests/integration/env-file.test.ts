/**
 * `.env` (issue 40): the server reads the file (ENV_FILE names it here; `.env` in the working
 * directory by default) for what the environment does not set, and a real environment variable
 * wins. Seen through APP_URL, which /robots.txt's Sitemap line is made from.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";
import { ownServerEnv } from "./context";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-file-"));
const file = path.join(dir, ".env");
fs.writeFileSync(file, ["# a comment", "APP_URL=https://from-dotenv.example", ""].join("\n"));
const started: RunningServer[] = [];

afterAll(async () => {
  for (const s of started) await s.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sitemapLine(env: Record<string, string>): Promise<string | undefined> {
  const server = await startServer(ownServerEnv({ ENV_FILE: file, ...env }));
  started.push(server);
  const text = await (await fetch(`${server.url}/robots.txt`)).text();
  return text.split("\n").find((l) => l.startsWith("Sitemap:"));
}

describe(".env", () => {
  it("gives the server what the environment does not set", async () => {
    // APP_URL: "" starts the server without one in its environment (tests/support/server.ts).
    expect(await sitemapLine({ APP_URL: "" })).toBe("Sitemap: https://from-dotenv.example/sitemap.xml");
  }, 90_000);

  it("never overrides a real environment variable", async () => {
    expect(await sitemapLine({ APP_URL: "https://from-environment.example" })).toBe(
      "Sitemap: https://from-environment.example/sitemap.xml",
    );
  }, 90_000);
});
