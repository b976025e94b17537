import { expect, test } from "@playwright/test";
import {
  emailInput,
  noSidewaysScroll,
  passwordInput,
  seriousViolations,
  STRONG_PASSWORD,
  submitSignUp,
  TEXT,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * A new host's first minute: sign-up lands on the home page's welcome with the booking link ready,
 * and My Schedule copies it.
 */
test.describe("welcome after sign-up", () => {
  test("sign-up → the welcome with the link → My Schedule copies it (phone, axe)", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/signup");
    await submitSignUp(page, { name: "Wren Welcome", email: uniqueEmail("welcome"), password: STRONG_PASSWORD });
    await expect(toast(page)).toContainText(TEXT.signUpSuccess);
    await expect(page).toHaveURL("/");
    const welcome = page.getByTestId("welcome");
    await expect(welcome.getByRole("heading", { name: "Your booking link is ready" })).toBeVisible();
    const url = await welcome.getByLabel("Booking link", { exact: true }).inputValue();
    expect(url).toMatch(/^http:\/\/[^/]+\/wren-welcome[-\d]*\/30min$/);
    await expect(welcome.getByTestId("onboarding-checklist")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await welcome.getByRole("link", { name: "Go to My Schedule" }).click();
    await expect(page).toHaveURL("/dashboard");
    await waitForHydration(page);
    const card = page.getByTestId("booking-link-card");
    await card.getByRole("button", { name: "Copy link" }).click();
    await expect(card.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(card.getByRole("link", { name: "Open booking page" })).toHaveAttribute("href", new URL(url).pathname);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the welcome shows the link to select, open and share", async ({ page }) => {
      await page.goto("/signup");
      await page.getByLabel("Name", { exact: true }).fill("Nell Welcome");
      await emailInput(page).fill(uniqueEmail("welcome-nojs"));
      await passwordInput(page).fill(STRONG_PASSWORD);
      await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(toast(page)).toContainText(TEXT.signUpSuccess);
      await expect(page).toHaveURL("/");
      const welcome = page.getByTestId("welcome");
      await expect(welcome.getByLabel("Booking link", { exact: true })).toHaveValue(/\/nell-welcome[-\d]*\/30min$/);
      await expect(welcome.getByRole("link", { name: "Share by e-mail" })).toHaveAttribute(
        "href",
        /^mailto:\?subject=/,
      );
      await expect(welcome.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    });
  });
});
