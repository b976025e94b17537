import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { BASE_URL } from "../../playwright.config";
import {
  emailInput,
  noSidewaysScroll,
  passwordInput,
  seriousViolations,
  signInButton,
  signOut,
  signUpAs,
  STRONG_PASSWORD,
  TEXT,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/** The code the authenticator app shows `steps` periods from now (the set-up's code is used once). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test.describe("two-factor authentication (decision 066)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("set up from the QR code's secret on the profile page, then sign in with a code", async ({ page }) => {
    const email = uniqueEmail("totp");
    await signUpAs(page, { name: "Tina Totp", email, password: STRONG_PASSWORD });
    await page.goto("/dashboard/profile");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Set up authenticator app" }).click();

    const qr = page.getByRole("img", { name: "QR code of the authenticator-app secret" });
    await expect(qr).toBeVisible();
    await expect(qr.locator("svg")).toHaveCount(1);
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    await page.getByLabel("Code from the app").fill(await codeAt(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await expect(page.getByText(/On\. 10 recovery codes left\./)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    await signOut(page);
    await page.goto("/signin");
    await waitForHydration(page);
    await emailInput(page).fill(email);
    await passwordInput(page).fill(STRONG_PASSWORD);
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/signin\/second-factor$/);
    await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    const code = page.getByLabel("Code from your authenticator app, or a recovery code");
    await code.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right", { exact: false }).first()).toBeVisible();
    await code.fill(await codeAt(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(toast(page)).toContainText(TEXT.signInSuccess);
    await expect(page.getByTestId("avatar-menu")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the second step of sign-in works", async ({ page }) => {
      const email = uniqueEmail("totp-nojs");
      await signUpAs(page, { name: "Noah Nojs", email, password: STRONG_PASSWORD });
      // The JSON API with the browser's session (same origin), as the profile page's form would do.
      const origin = new URL(BASE_URL).origin;
      const setup = await page.request.post("/api/me/totp", { headers: { origin } });
      expect(setup.status()).toBe(200);
      const { secret } = (await setup.json()) as { secret: string };
      const enabled = await page.request.post("/api/me/totp/enable", {
        headers: { origin },
        data: { code: await codeAt(secret) },
      });
      expect(enabled.status()).toBe(200);
      await page.context().clearCookies();

      await page.goto("/signin?redirectTo=/dashboard/profile");
      await emailInput(page).fill(email);
      await passwordInput(page).fill(STRONG_PASSWORD);
      await signInButton(page).click();
      await expect(page).toHaveURL(/\/signin\/second-factor$/);
      // (axe needs scripts: the same page is checked with JavaScript in the test above.)
      await noSidewaysScroll(page);
      await page.getByLabel("Code from your authenticator app, or a recovery code").fill(await codeAt(secret, 1));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/dashboard\/profile$/);
      await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    });
  });
});
