import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "tests/.tmp/e2e-data";

/**
 * The specs `npm test` runs in a second Playwright run of their own (E2E_PART=tail, its own port,
 * data directory and browser) at the end of its second lane, beside the end of the first run
 * (E2E_PART=main, every other spec): that lane ends minutes before the e2e suite otherwise, one
 * core idle meanwhile (docs/decisions/134). Without E2E_PART, one run takes every spec.
 */
export const TAIL_SPECS = ["booking-manage.spec.ts", "events.spec.ts", "workflows.spec.ts"];
const E2E_PART = process.env.E2E_PART ?? "all";
if (!["all", "main", "tail"].includes(E2E_PART)) throw new Error(`E2E_PART=${E2E_PART}: all, main or tail`);
const tailGlobs = TAIL_SPECS.map((file) => `**/${file}`);
/** The local fake Stripe API (tests/fakes/stripe-server.mjs); the browser's fake Stripe.js talks to it too. */
export const FAKE_STRIPE_PORT = PORT + 1;
export const E2E_STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_e2e_fake",
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_fake",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e_fake",
  STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
};
/** The local fake Microsoft (tests/fakes/microsoft-server.mjs): sign-in and Graph (docs/decisions/064). */
export const FAKE_MICROSOFT_PORT = PORT + 2;
export const E2E_MICROSOFT = {
  MICROSOFT_CLIENT_ID: "e2e-microsoft-client",
  MICROSOFT_CLIENT_SECRET: "e2e-microsoft-secret",
  MICROSOFT_LOGIN_BASE: `http://127.0.0.1:${FAKE_MICROSOFT_PORT}`,
  MICROSOFT_GRAPH_BASE: `http://127.0.0.1:${FAKE_MICROSOFT_PORT}`,
};
/** The local OpenID provider (tests/fakes/oidc-provider.mjs) for single sign-on (decision 069). */
export const FAKE_OIDC_PORT = PORT + 3;
export const E2E_SSO_DOMAIN = "sso.e2e.test";
export const E2E_OIDC = {
  OIDC_ISSUER: `http://127.0.0.1:${FAKE_OIDC_PORT}`,
  OIDC_CLIENT_ID: "scheduler",
  OIDC_CLIENT_SECRET: "scheduler-secret",
  OIDC_DOMAINS: E2E_SSO_DOMAIN,
};

/** The local fake SMS API (tests/fakes/sms-server.mjs, Twilio's Messages shape: decision 090). */
export const FAKE_SMS_PORT = PORT + 4;
export const E2E_SMS = {
  SMS_API_BASE: `http://127.0.0.1:${FAKE_SMS_PORT}`,
  SMS_ACCOUNT_SID: "ACe2e0000000000000000000000000000",
  SMS_AUTH_TOKEN: "e2e-sms-token",
  SMS_FROM: "+15005550006",
};

/**
 * Chromium's --disable-features for the e2e browser (docs/decisions/133). Chromium 15x loads the
 * address bar's pop-up, a WebUI page in a renderer of its own, into every window, headless too: a
 * third of the suite's Chromium CPU, and no test uses the address bar. Chromium reads only the last
 * --disable-features it is given, so this one repeats the features Playwright's launcher disables;
 * it states them only in its code, where this reads them, failing loudly if they move.
 */
function disabledChromiumFeatures(): string {
  const require = createRequire(import.meta.url);
  const bundle = path.join(path.dirname(require.resolve("playwright-core/package.json")), "lib/coreBundle.js");
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(fs.readFileSync(bundle, "utf8"));
  const playwrights = [...(list?.[1] ?? "").replace(/\/\/.*$/gm, "").matchAll(/"(\w+)"/g)].map((m) => m[1]);
  if (!playwrights.includes("PaintHolding")) {
    throw new Error(`playwright.config.ts: Playwright's disabled Chromium features are no longer in ${bundle}`);
  }
  return [...playwrights, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"].join(",");
}

/**
 * e2e runs the production build on a fresh embedded database with the demo data, exactly
 * what `npm start` gives a newcomer. Chromium is Debian's (/usr/bin/chromium).
 */
export default defineConfig({
  testDir: "tests/e2e",
  ...(E2E_PART === "main" ? { testIgnore: tailGlobs } : E2E_PART === "tail" ? { testMatch: tailGlobs } : {}),
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // A test's limit catches a hang, nothing else (docs/decisions/128): the longest journeys take
  // 20-40 s on an idle 2-core machine and three times that beside the integration suite in CI,
  // where one reached 60 s; a hung step still fails within three minutes.
  timeout: 180_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    // A trace records the page after every step (DOM snapshots and screencast frames): about a
    // third of the suite's CPU time on two cores, measured with and without (docs/decisions/083).
    // CI keeps none (its log is what is read there); elsewhere a failed test keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    // One browser context for a worker's tests, reset between them (cookies, storage, cache,
    // extra pages, routes and init scripts; a test that sets other context options gets its own):
    // a new context and its first page cost Chromium several CPU-seconds each (docs/testing.md).
    reuseContext: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--disable-features=${disabledChromiumFeatures()}`,
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: [
    {
      command: `node tests/fakes/stripe-server.mjs ${FAKE_STRIPE_PORT}`,
      url: `http://127.0.0.1:${FAKE_STRIPE_PORT}/_test/requests`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node tests/fakes/microsoft-server.mjs ${FAKE_MICROSOFT_PORT}`,
      url: `http://127.0.0.1:${FAKE_MICROSOFT_PORT}/_test/requests`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        FAKE_MICROSOFT_CLIENT_ID: E2E_MICROSOFT.MICROSOFT_CLIENT_ID,
        FAKE_MICROSOFT_CLIENT_SECRET: E2E_MICROSOFT.MICROSOFT_CLIENT_SECRET,
      },
    },
    {
      command: `node tests/fakes/oidc-provider.mjs ${FAKE_OIDC_PORT} ${BASE_URL}/auth/sso/callback`,
      url: `http://127.0.0.1:${FAKE_OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node tests/fakes/sms-server.mjs ${FAKE_SMS_PORT} ${E2E_SMS.SMS_ACCOUNT_SID} ${E2E_SMS.SMS_AUTH_TOKEN}`,
      url: `http://127.0.0.1:${FAKE_SMS_PORT}/_test/messages`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node server.mjs`,
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      // Migrating and seeding a fresh embedded database: on a loaded 2-core machine over a minute.
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        SEED_DEMO: "1",
        RATE_LIMIT_FACTOR: "100",
        ADMIN_EMAILS: "boss@e2e.test",
        // The job runner looks every second, so a reminder reaches the bell quickly (workflows.spec.ts).
        JOBS_POLL_MS: "1000",
        // The webhook receiver of webhooks.spec.ts listens on 127.0.0.1.
        ALLOW_PRIVATE_WEBHOOK_URLS: "true",
        // Calendars (docs/decisions/035): the spec's Radicale listens on loopback.
        CALENDAR_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
        ALLOW_PRIVATE_CALENDAR_URLS: "true",
        CALENDAR_SYNC_SECONDS: "5",
        ...E2E_STRIPE,
        ...E2E_MICROSOFT,
        ...E2E_OIDC,
        ...E2E_SMS,
      },
    },
  ],
});
