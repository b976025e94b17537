import { expect, test } from "@playwright/test";
import { BASE_URL, E2E_SSO_DOMAIN } from "../../playwright.config";
import {
  DEMO,
  noSidewaysScroll,
  seriousViolations,
  signInAs,
  signUpAs,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * Deactivating people and single sign-on (decisions 068, 069) in Chromium: a person signs in
 * with SSO through the local OpenID provider (playwright.config.ts starts it) and is created
 * just in time; an admin deactivates a person whose open tab then loses access (its next
 * navigation lands on sign-in with the deactivated message) and reactivates them; Manage User,
 * Provisioning and the sign-in page at phone width, with axe.
 */

const origin = new URL(BASE_URL).origin;

test("a first-time person signs in with SSO through the identity provider, at phone width", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto("/signin");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Sign in with SSO" })).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // A password for an SSO domain is refused with a pointer to SSO.
  const email = uniqueEmail("ann").replace(/@.*$/, `@${E2E_SSO_DOMAIN}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText(`Addresses at ${E2E_SSO_DOMAIN} sign in with single sign-on.`).first()).toBeVisible();

  await page.getByRole("button", { name: "Sign in with SSO" }).click();
  // The identity provider's own page.
  await expect(page.getByRole("heading", { name: "Fake identity provider" })).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(new URL(BASE_URL).port);
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("host-email")).toHaveText(email);
  await context.close();
});

test("an admin deactivates a person: their open tab's next navigation lands on sign-in, saying why", async ({
  browser,
}) => {
  // The person, signed in with a password, with the dashboard open on a desktop.
  const theirs = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const tab = await theirs.newPage();
  await tab.goto("/");
  const email = uniqueEmail("leaver");
  const name = `Leaver ${Date.now().toString(36)}`;
  await signUpAs(tab, { name, email, password: STRONG_PASSWORD });
  await tab.goto("/dashboard");
  await waitForHydration(tab);
  await expect(tab.getByTestId("host-email")).toHaveText(email);

  // The admin, at phone width too.
  const admins = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const admin = await admins.newPage();
  await admin.goto("/");
  await signInAs(admin, DEMO.admin.email, DEMO.admin.password);
  await admin.goto(`/dashboard/manageUser?q=${encodeURIComponent(email)}`);
  await waitForHydration(admin);
  const row = admin.getByTestId("user-row").filter({ hasText: email });
  await expect(row.getByTestId("status")).toHaveText("Active");
  await row.getByRole("button", { name: `Deactivate: ${name}` }).click();
  await expect(toast(admin)).toContainText("is deactivated");
  await expect(row.getByTestId("status")).toHaveText("Deactivated");
  await expect(admin.getByTestId("held-bookings")).toContainText(`Upcoming bookings of ${name}`);
  await noSidewaysScroll(admin);
  expect(await seriousViolations(admin)).toEqual([]);

  // The open tab: the next navigation (a client-side one) lands on sign-in with the reason.
  await tab.getByRole("link", { name: "Event Types", exact: true }).click();
  await expect(tab).toHaveURL(/\/signin\?reason=deactivated$/);
  await expect(tab.getByTestId("signin-notice")).toHaveText(
    "This account is deactivated. Ask your admin to reactivate it.",
  );
  expect(await seriousViolations(tab)).toEqual([]);
  // Signing in again says the same.
  await tab.getByLabel("Email").fill(email);
  await tab.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await tab.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(tab.getByText("This account is deactivated.").first()).toBeVisible();

  // Reactivated: they can sign in again.
  await row.getByRole("button", { name: `Reactivate: ${name}` }).click();
  await expect(row.getByTestId("status")).toHaveText("Active");
  const back = await tab.request.post("/signin", {
    form: { email, password: STRONG_PASSWORD, redirectTo: "" },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(back.status()).toBe(302);
  await theirs.close();
  await admins.close();
});

test("Provisioning shows the SCIM address and makes a token shown once, at 375 and 1440 px", async ({ browser }) => {
  for (const width of [375, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/dashboard/provisioning");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Provisioning", exact: true })).toBeVisible();
    await expect(page.getByTestId("scim-url")).toHaveText(`${BASE_URL}/scim/v2`);
    await page.getByRole("button", { name: /SCIM token|Make a new token/ }).click();
    await expect(page.getByTestId("scim-token")).toHaveValue(/^scim_[\w-]{40,}$/);
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    // Shown once: a reload does not show it again.
    await page.goto("/dashboard/provisioning");
    await expect(page.getByTestId("scim-token")).toHaveCount(0);
    await context.close();
  }
});
