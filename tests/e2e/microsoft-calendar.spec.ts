import { expect, test } from "@playwright/test";
import { FAKE_MICROSOFT_PORT } from "../../playwright.config";
import { newBookingHost, noSidewaysScroll, seriousViolations, toast, waitForHydration } from "./support";

/**
 * Microsoft 365 / Outlook (docs/decisions/064) as a host connects it, at phone width, through the
 * fake Microsoft the e2e run starts (tests/fakes/microsoft-server.mjs on E2E_PORT + 2: its
 * sign-in answers at once with a code): Dashboard > Calendars > "Connect Microsoft 365 / Outlook",
 * Microsoft's sign-in, back on the page with the account and its calendars; then Microsoft
 * revokes the sign-in, the card says "Reconnect needed", and Reconnect connects it again. axe at
 * each step.
 */

const PAGE = "/dashboard/calendars";
const FAKE = `http://127.0.0.1:${FAKE_MICROSOFT_PORT}`;

test("a host connects Microsoft 365 / Outlook at phone width, sees its calendars, and reconnects a revoked sign-in", async ({
  browser,
}) => {
  const host = await newBookingHost(browser, "mscal");
  const page = host.page;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Microsoft 365 / Outlook", level: 3 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await noSidewaysScroll(page);

  await waitForHydration(page);
  await page.getByRole("link", { name: "Connect Microsoft 365 / Outlook" }).click();
  await expect(toast(page)).toContainText("Microsoft 365 / Outlook connected.");
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  const card = page.getByTestId("calendar-connection");
  await expect(card).toContainText("host@contoso.example");
  await expect(card).toContainText("Microsoft 365 / Outlook");
  await expect(card).toContainText("Connected");
  await expect(card.getByTestId("external-calendar")).toHaveCount(3);
  await expect(card.getByTestId("external-calendar").filter({ hasText: "Holidays" })).toContainText("Read-only");
  await expect(card.getByTestId("receives-bookings")).toHaveCount(1);
  await expect(card.getByRole("switch", { name: /Check Calendar for conflicts: on/ })).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The sign-in went the PKCE way and the calendars were read with calendarView in UTC.
  const requests = (await (await page.request.get(`${FAKE}/_test/requests`)).json()) as Array<{
    method: string;
    path: string;
    query: Record<string, string>;
    headers: { prefer?: string };
    body: string;
  }>;
  const authorize = requests.find((r) => r.path === "/common/oauth2/v2.0/authorize");
  expect(authorize?.query.code_challenge_method).toBe("S256");
  const exchange = requests.find((r) => r.path === "/common/oauth2/v2.0/token" && r.body.includes("code_verifier"));
  expect(exchange).toBeTruthy();
  const views = requests.filter((r) => r.path.endsWith("/calendarView"));
  expect(views.length).toBeGreaterThan(0);
  expect(views.every((r) => r.headers.prefer === 'outlook.timezone="UTC"')).toBe(true);

  // Microsoft revokes the sign-in: the card asks to reconnect, and Reconnect brings it back.
  expect((await page.request.post(`${FAKE}/_test/revoke`)).status()).toBe(204);
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(card).toContainText("Reconnect needed");
  await expect(card.getByTestId("calendar-error")).toContainText("reconnect Microsoft 365 / Outlook");
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole("link", { name: "Reconnect host@contoso.example" }).click();
  await expect(toast(page)).toContainText("Microsoft 365 / Outlook connected.");
  await expect(card).toContainText("Connected");
  await expect(page.getByTestId("calendar-connection")).toHaveCount(1);
});
