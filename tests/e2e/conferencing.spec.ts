import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { startFakeZoom, type FakeZoom } from "../fakes/zoom";
import {
  openLaterDay,
  seriousViolations,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  waitForHydration,
  setUsername,
} from "./support";
import { freePort } from "../support/server";

/**
 * Conferencing apps (decision 065) in Chromium: a host connects Zoom from the Calendars page's
 * Video section through a fake Zoom (its consent page sends the browser straight back), sets it
 * as an event type's location, and a guest who books sees the Zoom join link on the confirmation
 * page at phone width, axe clean. This file runs its own app server pointed at the fake Zoom.
 */

let app: { url: string; child: ChildProcess };
let zoom: FakeZoom;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  zoom = await startFakeZoom();
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: ":memory:",
      SEED_DEMO: "0",
      RATE_LIMIT_FACTOR: "100",
      JOBS_POLL_MS: "300",
      WEB_CONCURRENCY: "1",
      CALENDAR_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
      ZOOM_CLIENT_ID: "zoom-client",
      ZOOM_CLIENT_SECRET: "zoom-secret",
      ZOOM_OAUTH_BASE: zoom.url,
      ZOOM_API_BASE: zoom.url,
    },
    stdio: "ignore",
  });
  app = { url: `http://127.0.0.1:${port}`, child };
  await expect
    .poll(async () => (await fetch(`${app.url}/healthz`).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
      intervals: [200],
    })
    .toBe(200);
});

test.afterAll(async () => {
  app?.child.kill("SIGTERM");
  await zoom?.stop();
});

test("connect Zoom, make it the location, and a guest sees the Zoom join link (375 px, axe)", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: app.url, timezoneId: "America/New_York" });
  const page = await context.newPage();
  const email = uniqueEmail("zoomhost");
  // The sign-up form's own POST (as signUpAs does), to this file's server.
  const signedUp = await page.request.post("/signup", {
    form: { name: "Zed Host", email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, redirectTo: "" },
    headers: { origin: app.url },
  });
  expect(signedUp.ok()).toBe(true);
  const username = `zm${Date.now().toString(36)}`;
  await setUsername(page, username);

  // The Video section: Connect Zoom goes through Zoom's consent and back.
  await page.goto("/dashboard/calendars");
  const card = page.getByTestId("video-zoom");
  await card.getByRole("button", { name: "Connect Zoom" }).click();
  await expect(toast(page)).toContainText("Zoom connected.");
  await expect(page.getByTestId("video-zoom")).toContainText("Connected: host@zoom.example");
  await expect(page.getByTestId("video-zoom")).toContainText("Default");
  expect(await seriousViolations(page)).toEqual([]);

  // The event type's location: Zoom.
  const api = context.request;
  const { token } = (await (await api.post("/api/token", { data: { email, password: STRONG_PASSWORD } })).json()) as {
    token: string;
  };
  const headers = { authorization: `Bearer ${token}` };
  const schedule = await api.post("/api/schedules", {
    headers,
    data: {
      name: "Office",
      timeZone: "America/New_York",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" })),
    },
  });
  const type = await api.post("/api/event-types", {
    headers,
    data: {
      title: "Zoom call",
      slug: "zoom-call",
      duration: 30,
      minimumNotice: 60,
      location: { type: "zoom" },
      scheduleId: ((await schedule.json()) as { _id: string })._id,
    },
  });
  expect(type.status()).toBe(201);

  // A guest books at phone width and sees the Zoom link.
  const guest = await browser.newContext({ baseURL: app.url, viewport: { width: 375, height: 812 } });
  const booking = await guest.newPage();
  await booking.goto(`/${username}/zoom-call`);
  await waitForHydration(booking);
  await openLaterDay(booking);
  await booking.getByTestId("slot").first().click();
  await booking.getByLabel("Name", { exact: true }).fill("Gail Guest");
  await booking.getByLabel("Email", { exact: true }).fill(uniqueEmail("gail"));
  await booking.getByRole("button", { name: "Schedule event" }).click();
  await expect(booking.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
  // The meeting is made by the job runner within moments; the page looks again by itself.
  await expect(booking.getByTestId("join-link")).toHaveAttribute("href", /^https:\/\/zoom\.example\/j\/\d+/, {
    timeout: 20_000,
  });
  await expect(booking.getByTestId("booked-location")).toContainText("Zoom: https://zoom.example/j/");
  await expect(booking.getByTestId("booked-location")).toContainText("Passcode: 729301");
  expect(await booking.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(booking)).toEqual([]);
  expect(zoom.requests.filter((r) => r.method === "POST" && r.path === "/v2/users/me/meetings")).toHaveLength(1);
  await guest.close();
  await context.close();
});
