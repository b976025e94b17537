import { expect, test } from "@playwright/test";
import { DEMO, emailInput, passwordInput, signInButton, STRONG_PASSWORD, TEXT, uniqueEmail } from "./support";

/**
 * The app is server-rendered and its forms are plain HTML forms, so the main flows must
 * work before (or without) JavaScript.
 */
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page renders", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Wants to Scheduled?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign IN" })).toBeVisible();
    await expect(page.getByText(TEXT.footerTagline)).toBeVisible();
  });

  test("the sign-in form signs in", async ({ page }) => {
    await page.goto("/signin");
    await emailInput(page).fill(DEMO.host.email);
    await passwordInput(page).fill(DEMO.host.password);
    await signInButton(page).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("avatar-menu")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText(TEXT.signInSuccess);
    // The <details> menus open without JavaScript.
    await page.getByTestId("notification-bell").click();
    await expect(page.getByText(TEXT.hostNotification)).toBeVisible();
  });

  test("with reduced motion, the sign-in toast still leaves after its 5 s and frees the menus under it", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/signin");
    await emailInput(page).fill(DEMO.host.email);
    await passwordInput(page).fill(DEMO.host.password);
    await signInButton(page).click();
    await expect(page).toHaveURL("/");
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText(TEXT.signInSuccess);
    await expect(toast).toBeVisible();
    // Nothing moves or fades: the toast is there, then gone (no script removes it here).
    await expect(toast).toBeHidden({ timeout: 15_000 });
    await page.getByTestId("notification-bell").click();
    await expect(page.getByText(TEXT.hostNotification)).toBeVisible();
  });

  test("the guard's redirectTo survives a sign-in without JavaScript", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/signin?redirectTo=%2Fdashboard");
    await emailInput(page).fill(DEMO.host.email);
    await passwordInput(page).fill(DEMO.host.password);
    await signInButton(page).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("host-email")).toHaveText(DEMO.host.email);
  });

  test("a wrong password shows the message", async ({ page }) => {
    await page.goto("/signin");
    await emailInput(page).fill(DEMO.host.email);
    await passwordInput(page).fill("not-the-password");
    await signInButton(page).click();

    await expect(page.locator("form#signin").getByText(TEXT.badCredentials, { exact: true })).toBeVisible();
    await expect(page.getByTestId("avatar-menu")).toHaveCount(0);
    await expect(emailInput(page)).toHaveValue(DEMO.host.email);
  });

  test("the empty sign-in form is answered by the server with both required messages", async ({ page }) => {
    await page.goto("/signin");
    await signInButton(page).click();
    await expect(page.getByText(TEXT.emailRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(TEXT.passwordRequired, { exact: true })).toBeVisible();
  });

  test("sign-up with mismatched passwords keeps the name and e-mail", async ({ page }) => {
    const email = uniqueEmail("nojs-mismatch");
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("No Script");
    await emailInput(page).fill(email);
    await passwordInput(page).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(`${STRONG_PASSWORD}-typo`);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();

    await expect(page.getByText(TEXT.passwordsDiffer)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("No Script");
    await expect(emailInput(page)).toHaveValue(email);
    await expect(passwordInput(page)).toHaveValue("");
    await expect(page.getByTestId("avatar-menu")).toHaveCount(0);
  });

  test("sign-up and sign-out work", async ({ page }) => {
    const email = uniqueEmail("nojs-signup");
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("No Script");
    await emailInput(page).fill(email);
    await passwordInput(page).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("toast")).toContainText(TEXT.signUpSuccess);
    await page.getByTestId("avatar-menu").click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Sign IN" })).toBeVisible();
    await expect(page.getByTestId("avatar-menu")).toHaveCount(0);
  });
});
