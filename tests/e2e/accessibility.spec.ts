import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { AXE_RUN_OPTIONS, DEMO, seriousViolations, STRONG_PASSWORD, uniqueEmail, signInAs, signUpAs } from "./support";

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

  test("the check finds what a full axe run finds on a page with serious violations", async ({ page }) => {
    // The check reads violations only (AXE_RUN_OPTIONS, decision 119): it must report every node a
    // run that keeps all result types reports.
    expect(AXE_RUN_OPTIONS).toEqual({ resultTypes: ["violations"] });
    await page.goto("/");
    await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
      <h1>Broken on purpose</h1>
      <p style="color:#aaa;background:#fff">Pale text one</p><p style="color:#bbb;background:#fff">Pale text two</p>
      <img src="/favicon.ico"><img src="/favicon.ico">
      <button></button><input type="text"><a href="/"></a>
      </main></body></html>`);
    const found = await seriousViolations(page);
    const full = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .setLegacyMode(true)
      .analyze();
    const serious = full.violations
      .filter((v) => v.impact === "critical" || v.impact === "serious")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
    expect(found.map((v) => v.id).sort()).toEqual(["button-name", "color-contrast", "image-alt", "label", "link-name"]);
    expect(found.find((v) => v.id === "color-contrast")?.targets).toHaveLength(2);
    expect(found.find((v) => v.id === "image-alt")?.targets).toHaveLength(2);
    expect(found).toEqual(serious);
  });
});
