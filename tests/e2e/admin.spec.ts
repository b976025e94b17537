import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  DEMO,
  seriousViolations,
  signOut,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  waitForHydration,
  signInAs,
  signUpAs,
} from "./support";

/**
 * The admin dashboard, as the demo admin. Every test makes its own data (a fresh user, a
 * package, a host's event) and leaves the demo data as it found it: other files rely on the
 * demo pro staying professional and on the three catalogue packages, so the professional
 * removal itself is covered by the integration suite; here its modal is opened and cancelled.
 */

const TEXT = {
  promoted: "This user is promoted as admin",
  demoted: "This admin is demoted as user",
  packageUpdated: "Package updated Successfully",
  packageDeleted: "Package Deleted Successfully",
};

const ADMIN_PAGES = [
  { path: "/dashboard/manageUser", heading: "Manage User" },
  { path: "/dashboard/manageEvent", heading: "Manage All Event" },
  { path: "/dashboard/scheduledEvents", heading: "Scheduled Events" },
  { path: "/dashboard/packages", heading: "Packages" },
  { path: "/dashboard/professionalCollections", heading: "Professional Collections" },
  { path: "/dashboard/auditLog", heading: "Audit Log" },
];

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Signs up a fresh account in its own browser context (so `page` stays the admin's). */
async function freshUser(
  browser: Browser,
  prefix: string,
  after?: (page: Page) => Promise<void>,
  email = uniqueEmail(prefix),
) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const name = `Fresh ${prefix} ${Date.now().toString(36)}`;
  await signUpAs(page, { name, email, password: STRONG_PASSWORD });
  await page.goto("/");
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
  if (after) await after(page);
  await context.close();
  return { email, name };
}

function userRow(page: Page, email: string) {
  return page.locator(`[data-testid="user-row"][data-email="${email}"]`);
}

test.describe("admin dashboard", () => {
  test("an admin promotes a freshly signed-up user and demotes them again", async ({ page, browser }) => {
    // An address with no hyphen or dot before its @ offers a table cell no place to wrap.
    const user = await freshUser(
      browser,
      "promote",
      undefined,
      `promote${uniqueEmail("").replace(/\W/g, "")}@e2e.test`,
    );
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto(`/dashboard/manageUser?q=${encodeURIComponent(user.email)}`);
    await waitForHydration(page);
    const row = userRow(page, user.email);
    await expect(row).toContainText(user.name);
    await expect(row.getByTestId("role")).toHaveText("User");

    // Make Admin asks first (decision 082); Cancel changes nothing.
    await row.getByRole("button", { name: /Make Admin/ }).click();
    const confirm = page.getByRole("alertdialog", { name: `Make ${user.name} an admin?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Make Admin" })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row.getByTestId("role")).toHaveText("User");

    await row.getByRole("button", { name: /Make Admin/ }).click();
    await confirm.getByRole("button", { name: "Make Admin" }).click();
    await expect(toast(page)).toContainText(TEXT.promoted);
    await expect(row.getByTestId("role")).toHaveText("Admin");
    await expect(confirm).toHaveCount(0);
    // The search is kept after the change.
    await expect(page).toHaveURL(/q=/);

    // The whole list keeps inside its column, with admins' wider "Remove Admin" and long e-mail addresses.
    await page.goto("/dashboard/manageUser");
    await expect(page.getByRole("button", { name: /Remove Admin/ }).first()).toBeVisible();
    const [tableRight, columnRight] = await page
      .locator("table")
      .evaluate((t) => [t.getBoundingClientRect().right, t.parentElement!.getBoundingClientRect().right]);
    expect(tableRight).toBeLessThanOrEqual(columnRight);
    await page.goto(`/dashboard/manageUser?q=${encodeURIComponent(user.email)}`);
    await waitForHydration(page);

    await row.getByRole("button", { name: /Remove Admin/ }).click();
    await expect(toast(page)).toContainText(TEXT.demoted);
    await expect(row.getByTestId("role")).toHaveText("User");
  });

  test("an admin creates, updates and deletes a package, and /pricing follows", async ({ page }) => {
    const name = `E2E Plan ${Date.now().toString(36)}`;
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/dashboard/packages");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Create Packages" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Package" });
    await expect(dialog).toBeVisible();
    // Focus moves into the modal once it has opened as a real modal.
    await expect(dialog.getByLabel("Package name")).toBeFocused();
    // The browser checks the price before anything is sent.
    await dialog.getByLabel("Package name").fill(name);
    await dialog.getByLabel("Price ($ per month)").fill("9.999");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.getByText("Use at most 2 decimals (cents).")).toBeVisible();
    await dialog.getByLabel("Price ($ per month)").fill("15");
    await dialog.getByLabel("Access type").fill("Unlimited events and two calendars");
    await dialog.getByLabel("Calendars").fill("2");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page)).toContainText(TEXT.packageUpdated);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const row = page.locator(`[data-testid="package-row"][data-name="${name}"]`);
    await expect(row.getByTestId("package-price")).toContainText("$15/month");

    await page.goto("/pricing");
    await expect(page.getByTestId("package-card").filter({ hasText: name })).toContainText("$15/Month");

    await page.goto("/dashboard/packages");
    await waitForHydration(page);
    await row.getByRole("link", { name: `Update ${name}` }).click();
    const update = page.getByRole("dialog", { name: `Update Package ${name}` });
    await expect(update.getByLabel("Price ($ per month)")).toHaveValue("15");
    await update.getByLabel("Price ($ per month)").fill("Free");
    await update.getByRole("button", { name: "Update" }).click();
    await expect(toast(page)).toContainText(TEXT.packageUpdated);
    await expect(row.getByTestId("package-price")).toHaveText(/Free$/);

    await row.getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Do you want to delete "${name}" package ?` });
    await expect(confirm).toContainText("If you delete it will completely delete from database.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText(TEXT.packageDeleted);
    await expect(row).toHaveCount(0);
    await page.goto("/pricing");
    await expect(page.getByTestId("package-card")).toHaveCount(3);
  });

  test("the professional removal asks first, and Cancel keeps the record", async ({ page }) => {
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/dashboard/professionalCollections");
    await waitForHydration(page);
    const row = page.locator(`[data-testid="professional-row"][data-email="${DEMO.pro.email}"]`);
    await expect(row).toContainText("Standard");
    await row.getByRole("link", { name: /^Remove/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Are you sure to delete .+\?$/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "delete" })).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row).toBeVisible();
    await expect(page).toHaveURL("/dashboard/professionalCollections");
  });

  test("an admin cancels a host's event from Manage All Event", async ({ page, browser }) => {
    const eventName = `Admin cancels ${Date.now().toString(36)}`;
    const host = await freshUser(browser, "host", async (hostPage) => {
      await hostPage.goto("/one-to-one");
      await waitForHydration(hostPage);
      await hostPage.getByLabel("Event name", { exact: true }).fill(eventName);
      await hostPage.getByLabel("Option", { exact: true }).selectOption("Google Meet");
      await hostPage.getByLabel("Description", { exact: true }).fill("To be cancelled by an admin.");
      await hostPage.getByLabel("Date", { exact: true }).fill(dayFromNow(9));
      await hostPage.getByLabel("Time", { exact: true }).fill("11:00");
      await hostPage.getByLabel("Invitee e-mail").fill("guest@example.org");
      await hostPage.getByRole("button", { name: "Create event" }).click();
      await expect(hostPage).toHaveURL("/dashboard");
    });
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/dashboard/manageEvent");
    await waitForHydration(page);
    await page.getByLabel("Host name or e-mail").fill(host.email);
    await page.getByLabel("When").selectOption("upcoming");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/when=upcoming/);
    const row = page.locator(`[data-testid="admin-event-row"][data-name="${eventName}"]`);
    await expect(row).toContainText(host.email);
    await expect(row.getByTestId("event-status")).toHaveText("Confirmed");

    await row.getByRole("link", { name: `Cancel ${eventName}` }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel "${eventName}"?` });
    await dialog.getByRole("button", { name: "Cancel event" }).click();
    await expect(toast(page)).toContainText("The event is cancelled and its invitees are told.");
    await expect(row.getByTestId("event-status")).toHaveText("Cancelled");
    await expect(row.getByRole("link", { name: /^Cancel/ })).toHaveCount(0);

    await page.goto("/dashboard/scheduledEvents");
    await expect(page.getByRole("heading", { name: "Scheduled Events", level: 1 })).toBeVisible();
    await expect(page.locator(`[data-testid="scheduled-event-row"][data-name="${eventName}"]`)).toHaveCount(0);
  });

  test("on a phone every admin page fits the screen and passes axe", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    for (const { path, heading } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // And with a modal open.
    await page.goto("/dashboard/packages?create");
    await expect(page.getByRole("dialog", { name: "Add Package" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("admin dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Make Admin and Remove Admin work as plain forms", async ({ page, browser }) => {
    const user = await freshUser(browser, "nojs-promote");
    await page.goto("/signin");
    await page.getByLabel("Email", { exact: true }).fill(DEMO.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto("/dashboard/manageUser");
    await page.getByLabel("Search by name or e-mail").fill(user.email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=/);
    const row = userRow(page, user.email);
    await row.getByRole("button", { name: /Make Admin/ }).click();
    await page
      .getByRole("alertdialog", { name: `Make ${user.name} an admin?` })
      .getByRole("button", { name: "Make Admin" })
      .click();
    await expect(toast(page)).toContainText(TEXT.promoted);
    await expect(row.getByTestId("role")).toHaveText("Admin");
    await row.getByRole("button", { name: /Remove Admin/ }).click();
    await expect(toast(page)).toContainText(TEXT.demoted);
    await expect(row.getByTestId("role")).toHaveText("User");
  });
});

test("a signed-in user who is no admin gets 403 on the admin pages", async ({ page }) => {
  await signUpAs(page, { name: "Not Admin", email: uniqueEmail("not-admin"), password: STRONG_PASSWORD });
  await page.goto("/");
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
  for (const path of [
    "/dashboard/manageUser",
    "/dashboard/packages",
    "/dashboard/manageEvent",
    "/dashboard/professionalCollections",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
  }
  await signOut(page);
});
