import { expect, test } from "@playwright/test";
import { DEMO, seriousViolations, STRONG_PASSWORD, uniqueEmail, signInAs, signUpAs } from "./support";

test.describe("accessibility (axe)", () => {
  for (const path of ["/", "/signin", "/signup", "/no-such-page"]) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("/signin with error messages has no serious or critical violations", async ({ page }) => {
    await page.goto("/signin?redirectTo=%2Fdashboard");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email is required!!")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("/dashboard (signed in) has no serious or critical violations", async ({ page }) => {
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    // A fresh load, so the fading sign-in toast is not part of the scan.
    await page.goto("/dashboard");
    await expect(page.getByTestId("host-email")).toHaveText(DEMO.host.email);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the open notification and account menus have no serious or critical violations", async ({ page }) => {
    // A fresh account: opening the bell marks notifications read, and the demo host's unread
    // count is what the sign-in journey checks.
    await signUpAs(page, { name: "Axe Bell", email: uniqueEmail("axe-bell"), password: STRONG_PASSWORD });
    await page.goto("/");
    await expect(page.getByTestId("avatar-menu")).toBeVisible();
    await page.getByTestId("notification-bell").click();
    await page.getByTestId("avatar-menu").click();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
