import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  dashboardDrawerLinks,
  emailInput,
  passwordInput,
  signIn,
  signInButton,
  signOut,
  submitSignIn,
  TEXT,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/** The sign-in form itself (not the provider buttons' forms). */
function signInForm(page: Page) {
  return page.locator("form#signin");
}

test.describe("sign-in", () => {
  test("the demo host signs in, sees the success toast and three notifications", async ({ page }) => {
    await page.goto("/");
    // Signed-out visitors see no bell and no account menu, only the sign-in link.
    await expect(page.getByTestId("notification-bell")).toHaveCount(0);
    await expect(page.getByTestId("avatar-menu")).toHaveCount(0);
    await page.getByRole("link", { name: "Sign IN" }).click();
    await expect(page).toHaveURL("/signin");

    await signIn(page, DEMO.host.email, DEMO.host.password);

    await expect(toast(page)).toHaveAttribute("data-type", "success");
    await expect(page).toHaveURL("/");
    const bell = page.getByTestId("notification-bell");
    await expect(bell).toHaveText("3");
    await expect(bell).toHaveAccessibleName("Notifications (3 unread)");

    const panelText = page.getByText(TEXT.hostNotification, { exact: true });
    await expect(panelText).toBeHidden();
    await bell.click();
    await expect(panelText).toBeVisible();
    await expect(page.getByText("Welcome! Set your availability and share your booking link.")).toBeVisible();
    await expect(page.getByText("New: group events now take up to four invitees.")).toBeVisible();
    // Opening the panel marks them read.
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(page.getByTestId("notification-count")).toHaveCount(0);
    // The bell toggles the panel closed again.
    await bell.click();
    await expect(panelText).toBeHidden();
  });

  test("a new user sees the broadcast notifications, none unread (they came before the account), and not the host's own", async ({
    page,
  }) => {
    const email = uniqueEmail("bell");
    await page.goto("/signup");
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("Bell Ringer");
    await emailInput(page).fill(email);
    await passwordInput(page).fill("bell-ringer-1");
    await page.getByLabel("Confirm Password", { exact: true }).fill("bell-ringer-1");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();

    const bell = page.getByTestId("notification-bell");
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(page.getByTestId("notification-count")).toHaveCount(0);
    await bell.click();
    await expect(page.getByText("Welcome! Set your availability and share your booking link.")).toBeVisible();
    await expect(page.getByText("New: group events now take up to four invitees.")).toBeVisible();
    await expect(page.getByText(TEXT.hostNotification)).toHaveCount(0);
  });

  test("a wrong password and an unknown e-mail give exactly the same inline answer", async ({ page }) => {
    await submitSignIn(page, DEMO.host.email, "not-the-password");
    await expect(signInForm(page).getByText(TEXT.badCredentials, { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/signin");
    await expect(page.getByTestId("avatar-menu")).toHaveCount(0);
    // The typed e-mail stays for the next try.
    await expect(emailInput(page)).toHaveValue(DEMO.host.email);
    const wrongPasswordErrors = await signInForm(page).getByRole("listitem").allInnerTexts();
    expect(wrongPasswordErrors).toEqual([TEXT.badCredentials]);

    await page.goto("/signin");
    const unknown = uniqueEmail("nobody");
    await submitSignIn(page, unknown, "not-the-password");
    await expect(signInForm(page).getByText(TEXT.badCredentials, { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/signin");
    await expect(page.getByTestId("avatar-menu")).toHaveCount(0);
    await expect(emailInput(page)).toHaveValue(unknown);
    expect(await signInForm(page).getByRole("listitem").allInnerTexts()).toEqual(wrongPasswordErrors);
  });

  for (const c of [
    { who: "a wrong password", email: () => DEMO.host.email },
    { who: "an unknown e-mail", email: () => uniqueEmail("nobody") },
  ]) {
    test(`${c.who} raises an error toast on the sign-in page, and only there`, async ({ page }) => {
      await submitSignIn(page, c.email(), "not-the-password");
      await expect(signInForm(page).getByText(TEXT.badCredentials, { exact: true })).toBeVisible();
      const errorToast = page.getByRole("alert").filter({ hasText: TEXT.badCredentials });
      await expect(errorToast).toBeVisible();
      await expect(errorToast).toHaveAttribute("data-testid", "toast");
      await expect(errorToast).toHaveAttribute("data-type", "error");

      // The toast belongs to that attempt: the next page must not show it again.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { name: "Wants to Scheduled?" })).toBeVisible();
      await expect(toast(page)).toHaveCount(0);
    });
  }

  test("submitting the empty form shows both required messages", async ({ page }) => {
    await page.goto("/signin");
    await waitForHydration(page);
    await signInButton(page).click();

    await expect(page.getByText(TEXT.emailRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(TEXT.passwordRequired, { exact: true })).toBeVisible();
    await expect(emailInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(passwordInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/signin");

    // Typing fixes the e-mail message while the password one stays.
    await emailInput(page).fill(DEMO.host.email);
    await expect(page.getByText(TEXT.emailRequired, { exact: true })).toHaveCount(0);
    await expect(page.getByText(TEXT.passwordRequired, { exact: true })).toBeVisible();
  });

  test("the provider buttons are disabled and Google explains why", async ({ page }) => {
    await page.goto("/signin");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    await expect(page.getByText(TEXT.googleUnavailable, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with GitHub" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Continue with Twitter" })).toBeDisabled();
  });

  test("the show/hide toggle switches the password input between hidden and plain text", async ({ page }) => {
    await page.goto("/signin");
    await waitForHydration(page);
    const password = passwordInput(page);
    await password.fill("peek-a-boo");
    await expect(password).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("peek-a-boo");
    const hide = page.getByRole("button", { name: "Hide password" });
    await expect(hide).toHaveAttribute("aria-pressed", "true");

    await hide.click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveValue("peek-a-boo");
  });
});

test.describe("guarded pages", () => {
  test("the dashboard sends a signed-out visitor to sign-in and back after signing in", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/signin?redirectTo=%2Fdashboard");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // The sign-up link carries the destination along.
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/signup?redirectTo=%2Fdashboard",
    );

    await submitSignIn(page, DEMO.host.email, DEMO.host.password);

    await expect(page).toHaveURL("/dashboard");
    await expect(toast(page)).toContainText(TEXT.signInSuccess);
    await expect(page.getByRole("heading", { name: "My Schedule Calender", exact: true })).toBeVisible();
    await expect(page.getByTestId("host-email")).toHaveText(DEMO.host.email);
  });

  test("a signed-in visitor is sent from /signin and /signup to the dashboard", async ({ page }) => {
    await signIn(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/signin");
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/signup");
    await expect(page).toHaveURL("/dashboard");
  });

  test("signing out through the account menu returns home and closes the dashboard", async ({ page }) => {
    await signIn(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/dashboard");
    await expect(page.getByTestId("host-email")).toHaveText(DEMO.host.email);

    await page.getByTestId("avatar-menu").click();
    await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await signOut(page);

    await expect(page).toHaveURL("/");
    await expect(toast(page)).toContainText(TEXT.signedOut);
    await expect(page.getByTestId("avatar-menu")).toHaveCount(0);
    await expect(page.getByTestId("notification-bell")).toHaveCount(0);

    await page.goto("/dashboard");
    await expect(page).toHaveURL("/signin?redirectTo=%2Fdashboard");
    await expect(signInForm(page)).toBeVisible();
  });
});

test.describe("dashboard drawer by role", () => {
  const cases = [
    {
      who: "user (demo host)",
      account: DEMO.host,
      profile: "Profile",
      items: [
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
      ],
    },
    {
      who: "professional",
      account: DEMO.pro,
      profile: "Profile",
      items: [
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
      ],
    },
    {
      who: "admin",
      account: DEMO.admin,
      profile: "Admin Profile",
      items: [
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
      ],
    },
  ];
  for (const c of cases) {
    test(`the ${c.who} sees the ${c.who.split(" ")[0]} drawer`, async ({ page }) => {
      await signIn(page, c.account.email, c.account.password);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "My Schedule Calender", exact: true })).toBeVisible();
      await expect(page.getByTestId("host-email")).toHaveText(c.account.email);
      await expect(dashboardDrawerLinks(page)).toHaveText(["Home", ...c.items]);
      // The profile item opens the profile page.
      await dashboardDrawerLinks(page).filter({ hasText: c.profile }).click();
      await expect(page.getByRole("heading", { name: c.profile, exact: true })).toBeVisible();
      await expect(page.getByTestId("profile-email")).toHaveText(c.account.email);
    });
  }
});
