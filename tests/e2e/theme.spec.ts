import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { DEMO, noSidewaysScroll, seriousViolations, signIn, timesSettled } from "./support";

/**
 * Dark mode (decision 108): the system's setting by default with no script, a System / Light /
 * Dark choice remembered in a cookie the server reads (so the first HTML is already dark), and
 * axe-clean screens in the dark theme at phone and desktop widths. With JavaScript the choice
 * applies at once, without a reload (decision 117); without it the form posts and comes back.
 */

const DARK_SURFACE = "rgb(23, 23, 23)";
const LIGHT_SURFACE = "rgb(255, 255, 255)";

const surfaceOf = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test.describe("dark from the system's setting", () => {
  test.use({ colorScheme: "dark" });

  for (const width of [375, 1440]) {
    test(`the home page, a booking page and the dashboard are dark and pass axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });

      await page.goto("/");
      // No class on <html>: the stylesheet follows prefers-color-scheme by itself.
      expect(await page.locator("html").getAttribute("class")).not.toMatch(/\b(dark|light)\b/);
      expect(await surfaceOf(page)).toBe(DARK_SURFACE);
      expect(await seriousViolations(page)).toEqual([]);
      await noSidewaysScroll(page);

      await page.goto("/host/intro");
      await timesSettled(page);
      expect(await surfaceOf(page)).toBe(DARK_SURFACE);
      expect(await seriousViolations(page)).toEqual([]);

      await signIn(page, DEMO.host.email, DEMO.host.password);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await surfaceOf(page)).toBe(DARK_SURFACE);
      expect(await seriousViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
    });
  }
});

test.describe("the theme toggle without JavaScript", () => {
  test.use({ javaScriptEnabled: false, colorScheme: "light" });

  test("the footer's Dark, Light and System buttons post, come back to the page and keep the choice", async ({
    page,
    context,
    browser,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/pricing");
    const theme = page.getByRole("contentinfo").getByRole("group", { name: "Theme" });
    await expect(theme.getByRole("button", { name: "system" })).toHaveAttribute("aria-pressed", "true");
    expect(await surfaceOf(page)).toBe(LIGHT_SURFACE);

    await theme.getByRole("button", { name: "dark" }).click();
    await expect(page).toHaveURL("/pricing");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(theme.getByRole("button", { name: "dark" })).toHaveAttribute("aria-pressed", "true");
    expect(await surfaceOf(page)).toBe(DARK_SURFACE);
    await noSidewaysScroll(page);

    // Remembered on the next page.
    await page.goto("/about");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);

    // The page the choice came back to, as it was served, passes axe at phone width (axe itself
    // needs scripts: the same cookie in a context that runs them).
    const withScripts = await browser.newContext({
      javaScriptEnabled: true,
      viewport: { width: 375, height: 812 },
      colorScheme: "light",
    });
    await withScripts.addCookies(await context.cookies());
    const checked = await withScripts.newPage();
    await checked.goto("/about");
    await expect(checked.locator("html")).toHaveClass(/\bdark\b/);
    expect(await seriousViolations(checked)).toEqual([]);
    await withScripts.close();

    await page.getByRole("contentinfo").getByRole("button", { name: "system" }).click();
    await expect(page).toHaveURL("/about");
    expect(await page.locator("html").getAttribute("class")).not.toMatch(/\bdark\b/);
    expect(await surfaceOf(page)).toBe(LIGHT_SURFACE);
  });
});

test.describe("the theme toggle with JavaScript", () => {
  test.use({ colorScheme: "light" });

  test("at phone width the choice applies at once, before the server answers, without a reload, and is kept", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/pricing");
    const theme = page.getByRole("contentinfo").getByRole("group", { name: "Theme" });
    await expect(theme.getByRole("button", { name: "system" })).toHaveAttribute("aria-pressed", "true");
    expect(await surfaceOf(page)).toBe(LIGHT_SURFACE);
    // A mark on this document: a reload or a navigation would lose it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // The server's answer is held back: the page is dark before it comes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const posted: string[] = [];
    await page.route("**/theme", async (route) => {
      posted.push(route.request().postData() ?? "");
      await held;
      await route.continue();
    });
    await theme.getByRole("button", { name: "dark" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await surfaceOf(page)).toBe(DARK_SURFACE);
    await expect(theme.getByRole("button", { name: "dark" })).toHaveAttribute("aria-pressed", "true");
    await expect(theme.getByRole("button", { name: "system" })).toHaveAttribute("aria-pressed", "false");
    expect(posted).toEqual(["theme=dark"]);
    const answered = page.waitForResponse((r) => r.url().endsWith("/theme"));
    release();
    expect((await answered).status()).toBe(200);
    await page.unroute("**/theme");

    await expect(page).toHaveURL(/\/pricing$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // The cookie was set: the next page's first HTML is already dark.
    const response = await page.goto("/about");
    expect((await response?.text()) ?? "").toMatch(/<html lang="en" class="h-full dark">/);
    expect(await surfaceOf(page)).toBe(DARK_SURFACE);

    // Back to the system's (light) setting, at once too.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const cleared = page.waitForResponse((r) => r.url().endsWith("/theme"));
    await page.getByRole("contentinfo").getByRole("button", { name: "system" }).click();
    expect(await page.locator("html").getAttribute("class")).not.toMatch(/\b(dark|light)\b/);
    expect(await surfaceOf(page)).toBe(LIGHT_SURFACE);
    expect((await cleared).status()).toBe(200);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect((await context.cookies()).find((c) => c.name === "theme")).toBeUndefined();
    await context.clearCookies({ name: "theme" });
  });
});

test.describe("no flash of the wrong theme", () => {
  test.use({ colorScheme: "light" });

  test("with the cookie set, the first response's HTML already has the dark class", async ({ page, context }) => {
    await context.addCookies([{ name: "theme", value: "dark", url: BASE_URL }]);
    const response = await page.goto("/about");
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/<html lang="en" class="h-full dark">/);
    // Dark although the system is light: the choice wins.
    expect(await surfaceOf(page)).toBe(DARK_SURFACE);
    await context.clearCookies({ name: "theme" });
  });

  test("the user menu's toggle turns a signed-in page light although the system is dark", async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await signIn(page, DEMO.pro.email, DEMO.pro.password);
    await page.goto("/dashboard");
    expect(await surfaceOf(page)).toBe(DARK_SURFACE);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByTestId("avatar-menu").click();
    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "light" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    // With scripts, at once and in the same document (decision 117).
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await surfaceOf(page)).toBe(LIGHT_SURFACE);
    expect(await seriousViolations(page)).toEqual([]);
    await context.clearCookies({ name: "theme" });
  });
});
