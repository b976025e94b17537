import { expect, test, type Page } from "@playwright/test";
import {
  dashboardDrawerLinks,
  emailInput,
  passwordInput,
  seriousViolations,
  signIn,
  signInButton,
  signOut,
  STRONG_PASSWORD,
  TEXT,
  toast,
  uniqueEmail,
  waitForHydration,
  signUpAs,
} from "./support";

const PROFILE = "/dashboard/profile";

/** A fresh account (the demo ones are shared by other tests), signed in, on its profile page. */
async function signUpAndOpenProfile(page: Page, name = "Paula Profile") {
  const email = uniqueEmail("profile");
  await signUpAs(page, { name, email, password: STRONG_PASSWORD });
  await page.goto(PROFILE);
  await waitForHydration(page);
  return email;
}

function zoneSelect(page: Page) {
  return page.getByLabel("Time zone", { exact: true });
}

/** The searchable zone field (once scripts run): type the city, pick the zone. */
async function chooseZone(page: Page, zone: string) {
  // The picker's own field (a native select is a combobox too, until the picker has loaded).
  const search = page.getByTestId("time-zone-search");
  await expect(search).toHaveAccessibleName("Time zone");
  await search.click();
  await search.fill(zone.split("/").pop()?.replaceAll("_", " ") ?? zone);
  await page.locator(`[role="option"][data-zone="${zone}"]`).click();
  await expect(search).toHaveValue(zone.replaceAll("_", " "));
}

test.describe("profile", () => {
  // The browser's zone; the tz client-hint cookie carries it to the server at sign-up.
  test.use({ timezoneId: "Asia/Tokyo" });

  test("opens from the drawer; name and time zone change; the browser's zone is one click away", async ({ page }) => {
    const email = uniqueEmail("profile-drawer");
    await signUpAs(page, { name: "Dana Drawer", email, password: STRONG_PASSWORD });
    await page.goto("/dashboard");
    await dashboardDrawerLinks(page).filter({ hasText: "Profile" }).click();

    await expect(page).toHaveURL(PROFILE);
    await expect(page.getByRole("heading", { name: "Profile", exact: true, level: 1 })).toBeVisible();
    await expect(page.getByTestId("profile-email")).toHaveText(email);
    await expect(page.getByTestId("profile-role")).toHaveText("User");
    await expect(page.getByTestId("profile-plan")).toContainText("Free plan — up to 3 upcoming events.");
    await expect(page.getByTestId("profile-plan").getByRole("link")).toHaveAttribute("href", "/pricing");
    // Sign-up stored the browser's zone, so there is nothing to suggest.
    await expect(zoneSelect(page)).toHaveValue("Asia/Tokyo");
    await expect(page.getByTestId("browser-zone-hint")).toHaveCount(0);

    await waitForHydration(page);
    const name = page.getByLabel("Name", { exact: true });
    // Checked in the browser before anything is sent.
    await name.fill("");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    await name.fill("Dana Renamed");
    await chooseZone(page, "America/Chicago");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(toast(page)).toContainText("Profile saved.");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Dana Renamed");
    await expect(zoneSelect(page)).toHaveValue("America/Chicago");

    // The browser (Tokyo) now disagrees with the profile (Chicago).
    const hint = page.getByTestId("browser-zone-hint");
    await expect(hint).toContainText("Your browser says Asia/Tokyo; your profile says America/Chicago.");
    await waitForHydration(page);
    await hint.getByRole("button", { name: "Use Asia/Tokyo" }).click();
    await expect(toast(page)).toContainText("Time zone set to Asia/Tokyo.");
    await expect(zoneSelect(page)).toHaveValue("Asia/Tokyo");
    await expect(page.getByTestId("browser-zone-hint")).toHaveCount(0);
  });

  test("a username is checked as it is typed, previews the booking link, and is saved", async ({ page, baseURL }) => {
    await signUpAndOpenProfile(page);
    const username = page.getByLabel("Username", { exact: true });
    const preview = page.getByTestId("booking-link-preview");
    // A new account has a username suggested from its name (decision 041), its link a real link.
    await expect(page.getByTestId("booking-link")).toHaveAttribute("href", new RegExp(`^${baseURL}/[a-z]`));

    await username.fill("admin");
    await username.blur();
    await expect(page.getByText("That username is reserved.")).toBeVisible();
    await username.fill("9lives");
    await expect(page.getByText("Start with a letter.")).toBeVisible();

    const handle = `paula-${Date.now().toString(36)}`;
    await username.fill(handle.toUpperCase());
    await expect(preview).toHaveText(`${baseURL}/${handle}`);
    await page.getByRole("button", { name: "Save username" }).click();
    await expect(toast(page)).toContainText("Username saved. Your booking link is updated.");
    await page.reload();
    await expect(page.getByLabel("Username", { exact: true })).toHaveValue(handle);
    await expect(page.getByTestId("booking-link-preview")).toHaveText(`${baseURL}/${handle}`);
  });

  test("a username typed before the page's scripts ran is previewed and saved with the first click", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("profile");
    await signUpAs(page, { name: "Early Typist", email, password: STRONG_PASSWORD });
    // The page's scripts are held until the name is typed, as on a slow phone.
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/.*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(PROFILE, { waitUntil: "commit" });
    const handle = `early-${Date.now().toString(36)}`;
    await page.getByLabel("Username", { exact: true }).fill(handle);
    release();
    await waitForHydration(page);
    // The scripts see what was typed: the preview follows it before any key is pressed again.
    await expect(page.getByTestId("booking-link-preview")).toHaveText(`${baseURL}/${handle}`);
    await page.getByRole("button", { name: "Save username" }).click();
    await expect(toast(page)).toContainText("Username saved. Your booking link is updated.");
    await page.reload();
    await expect(page.getByLabel("Username", { exact: true })).toHaveValue(handle);
  });

  test("changing the password: a wrong current one is refused, then the new one signs in", async ({ page }) => {
    const email = await signUpAndOpenProfile(page);
    const newPassword = "n3w-Passw0rd!";
    const current = page.getByLabel("Current password", { exact: true });
    const fresh = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm new password", { exact: true });
    const submit = page.getByRole("button", { name: "Change password" });

    await current.fill("not-my-password");
    await fresh.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(page.getByText("That is not your current password.")).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");

    await current.fill(STRONG_PASSWORD);
    await fresh.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(toast(page)).toContainText("Password changed. Other sessions were signed out.");
    // This browser stays signed in, and the form is empty again.
    await expect(page.getByTestId("profile-email")).toHaveText(email);
    await expect(page.getByLabel("Current password", { exact: true })).toHaveValue("");

    await signOut(page);
    await page.goto("/signin");
    await waitForHydration(page);
    await emailInput(page).fill(email);
    await passwordInput(page).fill(STRONG_PASSWORD);
    await signInButton(page).click();
    await expect(page.getByText(TEXT.badCredentials, { exact: true }).first()).toBeVisible();
    await signIn(page, email, newPassword);
  });

  test("sign out everywhere ends this session too", async ({ page }) => {
    await signUpAndOpenProfile(page);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL("/signin");
    await expect(toast(page)).toContainText("You are signed out on every device.");
    await page.goto(PROFILE);
    await expect(page).toHaveURL("/signin?redirectTo=%2Fdashboard%2Fprofile");
  });

  test("fits a 375 px phone without sideways scrolling, with the hint and errors shown", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpAndOpenProfile(page);
    await chooseZone(page, "Pacific/Port_Moresby");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(toast(page)).toContainText("Profile saved.");
    await expect(page.getByTestId("browser-zone-hint")).toBeVisible();
    await page.getByLabel("Username", { exact: true }).fill("a-very-long-username-for-tests");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Enter your current password.")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("has no serious or critical axe violations, with errors shown", async ({ page }) => {
    await signUpAndOpenProfile(page);
    // A zone other than the browser's, so the hint is part of the scan.
    await chooseZone(page, "UTC");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(toast(page)).toContainText("Profile saved.");
    await page.goto(PROFILE); // a fresh load, so the fading toast is not scanned
    await expect(page.getByTestId("browser-zone-hint")).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the Routing Forms placeholder shows its heading and the way back", async ({ page }) => {
    await signUpAndOpenProfile(page);
    // Event Types, Scheduled Events and Workflows are real pages now (event-types.spec.ts,
    // scheduled-events.spec.ts, workflows.spec.ts); Routing Forms is the one placeholder left.
    await page.goto("/dashboard/routingForms");
    await expect(page.getByRole("heading", { name: "Routing Forms", exact: true, level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Back to My Schedule" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("profile without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the details form answers errors from the server, keeps the input, then saves", async ({ page }) => {
    const email = uniqueEmail("profile-nojs");
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("Noah Script");
    await emailInput(page).fill(email);
    await passwordInput(page).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto(PROFILE);
    const name = page.getByLabel("Name", { exact: true });
    // Blank after trimming: only the server can say so here (no browser validation either).
    await name.fill("   ");
    await zoneSelect(page).selectOption("Europe/Oslo");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    // The zone the person picked is still picked.
    await expect(zoneSelect(page)).toHaveValue("Europe/Oslo");

    await name.fill("Noah NoScript");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(toast(page)).toContainText("Profile saved.");
    await expect(page).toHaveURL(PROFILE);
    await expect(name).toHaveValue("Noah NoScript");
    await expect(zoneSelect(page)).toHaveValue("Europe/Oslo");
  });
});
