import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, signIn } from "./support";

/** Serious and critical axe violations, summarised so a failure says what and where. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

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
    await signIn(page, DEMO.host.email, DEMO.host.password);
    // A fresh load, so the fading sign-in toast is not part of the scan.
    await page.goto("/dashboard");
    await expect(page.getByTestId("profile-email")).toHaveText(DEMO.host.email);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the open notification and account menus have no serious or critical violations", async ({ page }) => {
    await signIn(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/");
    await page.getByTestId("notification-bell").click();
    await page.getByTestId("avatar-menu").click();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
