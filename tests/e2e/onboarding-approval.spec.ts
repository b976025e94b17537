import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startFakeSmtp, type FakeSmtp } from "../support/smtp";
import { seriousViolations, STRONG_PASSWORD, toast, openLaterDay, uniqueEmail, waitForHydration } from "./support";
import { freePort } from "../support/server";

/**
 * A new host's start, bookings that require approval, and "Forgot password?" (decisions 040,
 * 041) in Chromium. This file runs its own app server with a local SMTP server, so the mails
 * (the approval request, the reset link) are read as a person would get them.
 */

let app: { url: string; child: ChildProcess };
let smtp: FakeSmtp;
const at = (path: string) => `${app.url}${path}`;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startFakeSmtp();
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      // Mailed links are built from APP_URL alone (decision 063): the address the spec opens.
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: ":memory:",
      SEED_DEMO: "0",
      SMTP_URL: smtp.url,
      RATE_LIMIT_FACTOR: "100",
      JOBS_POLL_MS: "300",
      WEB_CONCURRENCY: "1",
    },
    stdio: "ignore",
  });
  app = { url: `http://127.0.0.1:${port}`, child };
  await expect
    .poll(async () => (await fetch(at("/healthz")).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
      intervals: [200],
    })
    .toBe(200);
});

test.afterAll(async () => {
  app?.child.kill("SIGTERM");
  await smtp?.stop();
});

/** A received message's text with quoted-printable undone (its parts are text and HTML). */
const plain = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first message to `address` whose text says `says`, waited for (the outbox sends it within a poll). */
async function mailTo(address: string, says: string): Promise<string> {
  const find = () =>
    smtp
      .to(address)
      .map((m) => plain(m.raw))
      .find((text) => text.includes(says));
  await expect.poll(() => find() !== undefined, { timeout: 10_000 }).toBe(true);
  return find() ?? "";
}

async function signUpHost(browser: Browser, name: string) {
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await context.newPage();
  const email = uniqueEmail("newhost");
  await page.goto(at("/signup"));
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
  return { page, email, close: () => context.close() };
}

/** A guest books the first open time of a later day (openLaterDay) of `url`. */
async function guestBooks(page: Page, url: string, guest: string) {
  await page.goto(url);
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await expect(page.getByTestId("booking-form")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(guest);
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("guest"));
}

test("a new host signs up and books their own 30 Minute Meeting from a guest's browser; then approves a pending request", async ({
  browser,
}) => {
  const host = await signUpHost(browser, "Nia Newhost");
  await host.page.goto(at("/dashboard"));
  const checklist = host.page.getByTestId("onboarding-checklist");
  await expect(checklist).toContainText("1 of 4 done");
  await expect(host.page.getByTestId("checklist-username")).toContainText("/nia-newhost");
  expect(await seriousViolations(host.page)).toEqual([]);

  await host.page.goto(at("/dashboard/eventTypes"));
  const view = host.page.getByTestId("view-booking-page");
  await expect(view).toHaveAttribute("href", "/nia-newhost/30min");

  // The guest: open the link, a time, name and e-mail, confirm.
  const guestContext = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const guest = await guestContext.newPage();
  await guestBooks(guest, at("/nia-newhost/30min"), "Gil Guest");
  await guest.getByRole("button", { name: "Schedule event" }).click();
  await expect(guest.getByRole("heading", { name: "You are scheduled" })).toBeVisible();

  await host.page.goto(at("/dashboard"));
  await expect(checklist).toContainText("2 of 4 done");

  // Requires approval, from the event type's form.
  await host.page.goto(at("/dashboard/eventTypes"));
  await host.page.getByRole("link", { name: "Edit 30 Minute Meeting" }).click();
  await host.page.getByLabel("Requires approval").check();
  await host.page.getByRole("button", { name: "Save event type" }).click();
  await expect(toast(host.page)).toContainText("Event type saved");

  await guestBooks(guest, at("/nia-newhost/30min"), "Pia Pending");
  await expect(guest.getByTestId("requires-approval")).toBeVisible();
  await guest.getByRole("button", { name: "Request booking" }).click();
  await expect(guest.getByRole("heading", { name: "Request received" })).toBeVisible();
  await expect(guest.getByTestId("awaiting-approval")).toContainText("Nia Newhost has not confirmed it yet");
  await expect(guest.getByTestId("ics-link")).toHaveCount(0);
  const request = await mailTo(host.email, "Pia Pending asks to book");
  expect(request).toMatch(/Approve: http\S+\/approval\?token=/);
  // The mailed link's page at phone width: it asks, it does not act on opening.
  const approveUrl = /Approve: (http\S+)/.exec(request)?.[1] ?? "";
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const linkPage = await phone.newPage();
  await linkPage.goto(approveUrl);
  await expect(linkPage.getByRole("heading", { name: "Pia Pending asks for this time" })).toBeVisible();
  await expect(linkPage.getByRole("button", { name: "Approve" })).toBeVisible();
  expect(await linkPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(linkPage)).toEqual([]);
  await phone.close();

  await host.page.goto(at("/dashboard/scheduledEvents?tab=pending"));
  const row = host.page.getByTestId("scheduled-event-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Pia Pending");
  await expect(row.getByTestId("event-status")).toHaveText("Pending");
  expect(await seriousViolations(host.page)).toEqual([]);
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(toast(host.page)).toContainText("Booking approved");
  await expect(host.page.getByTestId("scheduled-event-row")).toHaveCount(0);
  await host.page.goto(at("/dashboard/scheduledEvents"));
  await expect(
    host.page.getByTestId("scheduled-event-row").filter({ hasText: "Pia Pending" }).getByTestId("event-status"),
  ).toHaveText("Confirmed");
  await guestContext.close();
  await host.close();
});

test("forgot password at phone width, without JavaScript: the mailed link sets a new password", async ({ browser }) => {
  const host = await signUpHost(browser, "Rex Reset");
  await host.close();
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(at("/signin"));
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(host.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("reset-sent")).toContainText(`If an account exists for ${host.email}`);
  const mail = await mailTo(host.email, "reset the password of your Scheduler account");
  const link = /(http[^\s"<]+\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? "";
  expect(link).not.toBe("");

  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-passphrase");
  await page.getByLabel("Confirm new password", { exact: true }).fill("a-brand-new-passphrase");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(at("/signin"));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  // Used once: the link now says so.
  await page.goto(link);
  await expect(page.getByTestId("reset-gone")).toBeVisible();
  await context.close();

  // With JavaScript at phone width: axe on both pages, and the new password signs in.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const p = await phone.newPage();
  await p.goto(at("/forgot-password"));
  expect(await seriousViolations(p)).toEqual([]);
  await p.goto(link);
  expect(await seriousViolations(p)).toEqual([]);
  await p.goto(at("/signin"));
  await waitForHydration(p);
  await p.getByLabel("Email", { exact: true }).fill(host.email);
  await p.getByLabel("Password", { exact: true }).fill("a-brand-new-passphrase");
  await p.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(p.getByTestId("avatar-menu")).toBeVisible();
  await phone.close();
});
