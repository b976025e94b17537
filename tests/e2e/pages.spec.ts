import { expect, test } from "@playwright/test";
import { TEXT } from "./support";

test.describe("public pages", () => {
  test("the home page shows the hero, the sign-in link and the footer", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Scheduler: easy meeting scheduling");
    await expect(page.getByRole("heading", { level: 1, name: "Wants to Scheduled?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign IN" })).toBeVisible();
    // Signed out, "Get started" leads to sign-up.
    await page.getByRole("link", { name: "Get started" }).click();
    await expect(page).toHaveURL("/signup");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(TEXT.footerTagline, { exact: true })).toBeVisible();
    await expect(footer.getByText(`Copyright © ${new Date().getFullYear()}`)).toBeVisible();
  });

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("img", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
    // The layout (navbar, footer) is still there, and the way home works.
    await expect(page.getByRole("contentinfo").getByText(TEXT.footerTagline)).toBeVisible();
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Wants to Scheduled?" })).toBeVisible();
  });

  test("a nested unknown path is a 404 too", async ({ page }) => {
    const response = await page.goto("/dashboard-nope/deeper/still");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("img", { name: "Page not found" })).toBeVisible();
  });

  test("the not-found image itself loads", async ({ page }) => {
    await page.goto("/no-such-page");
    const img = page.getByRole("img", { name: "Page not found" });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });
});
