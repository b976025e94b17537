import { expect, test } from "@playwright/test";
import {
  newBookingHost,
  seriousViolations,
  STRONG_PASSWORD,
  openLaterDay,
  uniqueEmail,
  waitForHydration,
  signUpAs,
} from "./support";

/**
 * The guest's confirmation: weekday in the date, Google, Outlook.com and Office 365 links besides
 * the .ics; once cancelled, a cancelled state (no check mark) and "Book another time".
 * The navbar's menus: one open at a time, Escape and a click outside close them (focus back on
 * the button), a navigation closes them, aria-expanded says their state, and on a phone the
 * notification panel stays on screen.
 */

test("the confirmation has the weekday and calendar links; cancelled, it says so and offers another time", async ({
  browser,
}) => {
  const host = await newBookingHost(browser, "confirm");
  const guest = await browser.newContext({ timezoneId: "Europe/Berlin", viewport: { width: 1440, height: 900 } });
  const page = await guest.newPage();
  await page.goto(`/${host.username}/${host.slug}`);
  await waitForHydration(page);
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await page.getByLabel("Name", { exact: true }).fill("Cora Guest");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("cora"));
  await page.getByRole("button", { name: "Schedule event" }).click();
  await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
  await expect(page.getByTestId("booked-when")).toContainText(
    /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \w+ \d{1,2}, 20\d\d/,
  );
  await expect(page.getByTestId("outlook-link")).toHaveAttribute(
    "href",
    /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?.*subject=Intro\+call/,
  );
  await expect(page.getByTestId("office365-link")).toHaveAttribute(
    "href",
    /^https:\/\/outlook\.office\.com\/calendar\/0\/deeplink\/compose\?/,
  );
  await expect(page.getByTestId("join-link")).toBeVisible();
  await expect(page.getByText("Powered by")).toBeVisible();
  const booked = page.url();

  await page.getByRole("link", { name: "cancel" }).click();
  await page.getByRole("button", { name: "Cancel this meeting" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cancelled" })).toBeVisible();
  await page.goto(booked);
  await expect(page.getByRole("heading", { name: "This booking is cancelled" })).toBeVisible();
  await expect(page.locator("svg.text-green-600")).toHaveCount(0);
  await expect(page.getByTestId("ics-link")).toHaveCount(0);
  const again = page.getByRole("link", { name: "Book another time" });
  await expect(again).toHaveAttribute("href", `/${host.username}/${host.slug}`);
  expect(await seriousViolations(page)).toEqual([]);
  await again.click();
  await expect(page.getByTestId("slot").first()).toBeVisible();
  await guest.close();
  await host.context.close();
});

test.describe("navbar menus", () => {
  test.beforeEach(async ({ page }) => {
    await signUpAs(page, { name: "Menu Tester", email: uniqueEmail("menus"), password: STRONG_PASSWORD });
    await page.goto("/");
    await waitForHydration(page);
  });

  test("Escape and an outside click close them, they never stack, a navigation closes them", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const bell = page.getByTestId("notification-bell");
    const account = page.getByTestId("avatar-menu");
    await expect(bell).toHaveAttribute("aria-expanded", "false");
    await bell.click();
    await expect(bell).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(bell).toHaveAttribute("aria-expanded", "false");
    await expect(bell).toBeFocused();

    await bell.click();
    await account.click();
    await expect(account).toHaveAttribute("aria-expanded", "true");
    await expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(await seriousViolations(page)).toEqual([]);

    await page.mouse.click(700, 600);
    await expect(account).toHaveAttribute("aria-expanded", "false");

    await account.click();
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeHidden();
    // The app's pages have no marketing footer.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });

  test("on a phone the notification panel stays on screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId("notification-bell").click();
    const panel = page.locator("details[data-menu][open] > div").first();
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
