import { expect, test } from "@playwright/test";
import {
  CONFIGURED_ADMIN_EMAIL,
  dashboardDrawerLinks,
  emailInput,
  passwordInput,
  STRONG_PASSWORD,
  submitSignIn,
  submitSignUp,
  TEXT,
  toast,
  uniqueEmail,
} from "./support";

test.describe("sign-up", () => {
  test("a new visitor signs up, is signed in and sees their e-mail on the dashboard", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

    await submitSignUp(page, { name: "Erin Example", email, password: STRONG_PASSWORD });

    await expect(toast(page)).toContainText(TEXT.signUpSuccess);
    await expect(toast(page)).toHaveAttribute("data-type", "success");
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("avatar-menu")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign IN" })).toHaveCount(0);

    // The account menu names the new person.
    await page.getByTestId("avatar-menu").click();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();

    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "My Schedule Calender", exact: true })).toBeVisible();
    await expect(page.getByTestId("host-email")).toHaveText(email);
    // A fresh sign-up is an ordinary user: the user drawer.
    await expect(dashboardDrawerLinks(page)).toHaveText([
      "Home",
      "My Schedule",
      "Profile",
      "Event Types",
      "Availability",
      "Calendars",
      "Teams",
      "Scheduled Events",
      "Routing Forms",
      "Insights",
      "Workflows",
      "Webhooks",
      "API Tokens",
    ]);
    await dashboardDrawerLinks(page).filter({ hasText: "Profile" }).click();
    await expect(page.getByTestId("profile-email")).toHaveText(email);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Erin Example");
  });

  test("sign-up returns to redirectTo", async ({ page }) => {
    const email = uniqueEmail("signup-redirect");
    await page.goto(`/signup?${new URLSearchParams({ redirectTo: "/dashboard" })}`);
    await submitSignUp(page, { name: "Redirected", email, password: STRONG_PASSWORD });
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("host-email")).toHaveText(email);
  });

  test("mismatched passwords are refused with a message and the typed name and e-mail stay", async ({ page }) => {
    const email = uniqueEmail("mismatch");
    await submitSignUp(page, {
      name: "Mia Match",
      email,
      password: STRONG_PASSWORD,
      confirmPassword: `${STRONG_PASSWORD}-typo`,
    });

    await expect(page.getByText(TEXT.passwordsDiffer)).toBeVisible();
    await expect(page.getByLabel("Confirm Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/signup");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Mia Match");
    await expect(emailInput(page)).toHaveValue(email);
    await expect(page.getByTestId("avatar-menu")).toHaveCount(0);

    // No account was created: signing in with that address fails like an unknown one.
    await page.goto("/signin");
    await submitSignIn(page, email, STRONG_PASSWORD);
    await expect(page.getByText(TEXT.badCredentials, { exact: true }).first()).toBeVisible();
  });

  test("a password shorter than 8 characters is refused", async ({ page }) => {
    const email = uniqueEmail("short");
    await submitSignUp(page, { name: "Shorty", email, password: "short7!" });
    await expect(page.getByText("Use at least 8 characters.")).toBeVisible();
    await expect(passwordInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/signup");
    await expect(emailInput(page)).toHaveValue(email);
  });

  test("signing up twice with the same e-mail is refused", async ({ page, browser }) => {
    const email = uniqueEmail("twice");
    await submitSignUp(page, { name: "First", email, password: STRONG_PASSWORD });
    await expect(toast(page)).toContainText(TEXT.signUpSuccess);

    const other = await browser.newContext();
    const second = await other.newPage();
    try {
      await second.goto("/signup");
      await submitSignUp(second, { name: "Second", email: email.toUpperCase(), password: STRONG_PASSWORD });
      await expect(second.getByText("An account with this email already exists. Sign in instead.")).toBeVisible();
      await expect(second).toHaveURL("/signup");
      await expect(second.getByTestId("avatar-menu")).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test("an address listed in ADMIN_EMAILS becomes an admin and lands on the admin dashboard", async ({ page }) => {
    await submitSignUp(page, { name: "The Boss", email: CONFIGURED_ADMIN_EMAIL, password: STRONG_PASSWORD });

    await expect(page).toHaveURL("/dashboard");
    await expect(toast(page)).toContainText(TEXT.signUpSuccess);
    await expect(page.getByRole("heading", { name: "My Schedule Calender" })).toBeVisible();
    await expect(page.getByTestId("host-email")).toHaveText(CONFIGURED_ADMIN_EMAIL);
    await expect(dashboardDrawerLinks(page)).toHaveText([
      "Home",
      "My Schedule",
      "Admin Profile",
      "Manage User",
      "Provisioning",
      "Manage Event",
      "Scheduled Events",
      "Packages",
      "Professional Collections",
      "Contact Messages",
      "Audit Log",
      "API Tokens",
    ]);
    await page.getByTestId("avatar-menu").click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByText("Admin", { exact: true })).toBeVisible();
  });
});
