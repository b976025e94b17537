// `npm run lighthouse`: Lighthouse (mobile, its default) on /, /pricing, /signin, /signup, a demo
// booking page (/pro/30min) and the dashboard (signed in as the demo professional), RUNS times
// each (default 3), and prints the median score per category as one JSON line on stdout.
// Progress goes to stderr.
//
// With no URL it starts the production build itself (building first when there is none) on a
// throw-away embedded database with the demo data, and stops it at the end. With a URL
// (`npm run lighthouse -- http://localhost:3000`, or LIGHTHOUSE_URL) it measures that server,
// which must have the demo accounts.
//
// Options (environment): CHROME_PATH (default /usr/bin/chromium), RUNS (default 3),
// LIGHTHOUSE_REPORTS (a folder: every run's full JSON report is written there),
// LIGHTHOUSE_PAGES (names to measure, e.g. "home,booking"; default all).
// Not part of `npm test`: a full run takes a few minutes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  ensureAppBuild,
  freePort,
  HOST,
  numberFromEnv,
  ROOT,
  stopChild,
  tempDir,
  waitForHealth,
} from "../bench/lib/harness.mjs";

const DEMO_PRO = { email: "pro@example.com", password: "demo-pro-2026" };
const PAGES = [
  { name: "home", path: "/" },
  { name: "pricing", path: "/pricing" },
  { name: "signin", path: "/signin" },
  { name: "signup", path: "/signup" },
  { name: "booking", path: "/pro/30min" },
  { name: "dashboard", path: "/dashboard", signedIn: true },
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const log = (message) => process.stderr.write(`[lighthouse] ${message}\n`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Signs in through the sign-in form and returns the session cookie ("name=value"). */
async function sessionCookie(base) {
  const body = new URLSearchParams({ email: DEMO_PRO.email, password: DEMO_PRO.password, redirectTo: "/dashboard" });
  const res = await fetch(`${base}/signin`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`sign-in as ${DEMO_PRO.email} gave no session cookie (HTTP ${res.status})`);
  return cookie;
}

async function main() {
  const runs = numberFromEnv("RUNS", 3, 1);
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  const given = process.argv[2] || process.env.LIGHTHOUSE_URL;
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const { default: lighthouse } = await import("lighthouse");
  const { default: puppeteer } = await import("puppeteer-core");

  let app = null;
  let tmp = null;
  let browser = null;
  const stop = async () => {
    await browser?.close();
    browser = null;
    await stopChild(app, "app server", log);
    app = null;
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    tmp = null;
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => stop().finally(() => process.exit(130)));

  try {
    let base = given?.replace(/\/$/, "");
    if (!base) {
      ensureAppBuild(log);
      tmp = tempDir("lighthouse");
      const port = await freePort();
      base = `http://${HOST}:${port}`;
      const env = {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: path.join(tmp, "data"),
        SEED_DEMO: "1",
        RATE_LIMIT_FACTOR: "1000",
      };
      delete env.DATABASE_URL;
      log(`starting the app server on ${base} (embedded database, demo data)`);
      app = spawn(process.execPath, ["server.mjs"], { cwd: ROOT, env, stdio: ["ignore", 2, 2] });
      await waitForHealth(base, app);
    }
    const cookie = await sessionCookie(base);

    browser = await puppeteer.launch({
      executablePath: chromePath,
      headless: true,
      args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      defaultViewport: null,
    });
    const [name, value] = cookie.split(/=(.*)/s);
    const result = {};
    const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
    const unknown = only?.filter((name) => !PAGES.some((p) => p.name === name)) ?? [];
    if (unknown.length)
      throw new Error(
        `LIGHTHOUSE_PAGES: no page ${unknown.join(", ")} (pages: ${PAGES.map((p) => p.name).join(", ")})`,
      );
    for (const page of only ? PAGES.filter((p) => only.includes(p.name)) : PAGES) {
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
      for (let i = 0; i < runs; i += 1) {
        const flags = {
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
          disableStorageReset: Boolean(page.signedIn),
        };
        // A trace Chromium failed to record (NO_NAVSTART and the like) is tried again, twice at most.
        let lhr = null;
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          // Chromium does not send a Cookie given as an extra header: the session goes into the
          // cookie store before a signed-in run, and Lighthouse leaves the store alone then
          // (disableStorageReset); the other runs reset it (anonymous visitors).
          if (page.signedIn)
            await browser.setCookie({
              name,
              value,
              domain: new URL(base).hostname,
              path: "/",
              httpOnly: true,
              sameSite: "Lax",
            });
          const tab = await browser.newPage();
          try {
            lhr = (await lighthouse(`${base}${page.path}`, flags, undefined, tab)).lhr;
          } finally {
            await tab.close();
          }
          if (!lhr.runtimeError) break;
          log(`${page.path} run ${i + 1}: ${lhr.runtimeError.code}${attempt < 3 ? ", trying again" : ""}`);
        }
        if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (reports) fs.writeFileSync(path.join(reports, `${page.name}-${i + 1}.json`), JSON.stringify(lhr, null, 1));
        if (page.signedIn && new URL(lhr.finalDisplayedUrl).pathname !== page.path)
          throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}: not signed in`);
        for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        const failed = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== "informative" &&
              a.scoreDisplayMode !== "manual",
          )
          .map((a) => a.id);
        log(
          `${page.path} run ${i + 1}: ${CATEGORIES.map((c) => scores[c].at(-1)).join("/")}${failed.length ? ` (below 0.9: ${failed.join(", ")})` : ""}`,
        );
      }
      result[page.name] = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])]));
    }
    process.stdout.write(`${JSON.stringify({ lighthouse: "mobile", runs, median: result })}\n`);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
