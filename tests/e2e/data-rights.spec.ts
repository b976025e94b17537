import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { DEMO, STRONG_PASSWORD, noSidewaysScroll, seriousViolations, signInAs, signUpAs, uniqueEmail } from "./support";

/**
 * The audit log (decision 070) and data rights (decision 071) in the browser: an admin filters the
 * log and exports it as CSV; a person downloads their data and deletes their account, on a phone,
 * with axe, and without JavaScript.
 */

async function filterByActor(page: Page, actor: string, action: string) {
  await page.getByLabel("Actor (e-mail or id)").fill(actor);
  await page.getByLabel("Action").selectOption(action);
  await page.getByRole("button", { name: "Filter" }).click();
}

test.describe("audit log", () => {
  test("an admin filters the log and exports what the filter shows as CSV", async ({ page }) => {
    // Someone fails to sign in, then signs in: two entries about them.
    const email = uniqueEmail("audited");
    await signUpAs(page, { name: "Audited Person", email, password: STRONG_PASSWORD });
    await page.context().clearCookies();
    const failed = await page.request.post("/signin", {
      form: { email, password: "not-the-password", redirectTo: "" },
      headers: { origin: new URL(BASE_URL).origin },
      maxRedirects: 0,
    });
    expect(failed.status()).toBe(401);
    await signInAs(page, email, STRONG_PASSWORD);
    await page.context().clearCookies();

    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit Log" }).click();
    await expect(page).toHaveURL("/dashboard/auditLog");
    await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();

    await filterByActor(page, email, "auth.sign_in_failed");
    await expect(page).toHaveURL(/action=auth.sign_in_failed/);
    const rows = page.getByTestId("audit-entry");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("auth.sign_in_failed");
    await expect(rows.first()).toContainText(email);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("audit-log.csv");
    const csv = fs
      .readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe("at,actor_id,actor_email,action,target_type,target_id,ip,user_agent,before,after");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain("auth.sign_in_failed");
    expect(csv[1]).toContain(email);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("the page fits and passes axe, with entries and the erase form's error", async ({ page }) => {
      await signInAs(page, DEMO.admin.email, DEMO.admin.password);
      await page.goto("/dashboard/auditLog");
      await expect(page.getByTestId("audit-entry").first()).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel("Guest's e-mail").fill(DEMO.host.email);
      await page.getByRole("button", { name: "Erase guest" }).click();
      await expect(page.getByText("This e-mail belongs to an account").first()).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

    test("the filter works and fits a phone", async ({ page }) => {
      await signInAs(page, DEMO.admin.email, DEMO.admin.password);
      await page.goto("/dashboard/auditLog");
      await filterByActor(page, DEMO.admin.email, "auth.sign_in");
      await expect(page).toHaveURL(/actor=/);
      await expect(page.getByTestId("audit-entry").first()).toContainText("auth.sign_in");
      await noSidewaysScroll(page);
    });
  });
});

test.describe("your data", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test("a person downloads their data and deletes their account from the profile, on a phone without JavaScript", async ({
    page,
  }) => {
    const email = uniqueEmail("leaving");
    await signUpAs(page, { name: "Leaving Person", email, password: STRONG_PASSWORD });
    await page.goto("/dashboard/profile");
    await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
    await noSidewaysScroll(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as {
      tables: { users: { email: string }[]; event_types: unknown[] };
    };
    expect(data.tables.users[0].email).toBe(email);
    expect(data.tables.event_types.length).toBeGreaterThan(0);

    // A wrong password keeps the account, and says so.
    const form = page.getByRole("region", { name: "Delete account" });
    await form.getByLabel("Your password").fill("not-my-password");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("That did not match")).toBeVisible();

    await form.getByLabel("Your password").fill(STRONG_PASSWORD);
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Your account is deleted.")).toBeVisible();

    // Gone: the password no longer signs in.
    const again = await page.request.post("/signin", {
      form: { email, password: STRONG_PASSWORD, redirectTo: "" },
      headers: { origin: new URL(BASE_URL).origin },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(401);
  });
});

test.describe("your data on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the profile's data sections fit and pass axe, the refused deletion too", async ({ page }) => {
    const email = uniqueEmail("data-axe");
    await signUpAs(page, { name: "Data Axe", email, password: STRONG_PASSWORD });
    await page.goto("/dashboard/profile");
    await expect(page.getByRole("link", { name: "Download my data" })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    const form = page.getByRole("region", { name: "Delete account" });
    await form.getByLabel("Your password").fill("not-my-password");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("That did not match")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
