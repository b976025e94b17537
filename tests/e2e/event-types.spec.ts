import { expect, test, type Page } from "@playwright/test";
import {
  dashboardDrawerLinks,
  emailInput,
  passwordInput,
  seriousViolations,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  noSidewaysScroll,
  waitForHydration,
  signUpAs,
  setUsername,
} from "./support";

const PAGE = "/dashboard/eventTypes";

/** A fresh host (without JavaScript signed up through the form, else with its POST: signUpAs), with a username (booking links need one). */
async function freshHost(page: Page, prefix: string, javaScript = true): Promise<string> {
  const email = uniqueEmail(prefix);
  if (javaScript) {
    await signUpAs(page, { name: "Evan Types", email, password: STRONG_PASSWORD });
  } else {
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("Evan NoScript");
    await emailInput(page).fill(email);
    await passwordInput(page).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();
  }
  const username = `et${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await setUsername(page, username, javaScript);
  return username;
}

function card(page: Page, title: string) {
  return page
    .getByTestId("event-type-card")
    .filter({ has: page.getByTestId("event-type-title").getByText(title, { exact: true }) });
}

test.describe("Event types", () => {
  test("create a 30-minute one-to-one, see its link, turn it off and on, edit it to 45 minutes, delete it in the modal", async ({
    page,
  }) => {
    const username = await freshHost(page, "etypes");
    await page.goto("/dashboard");
    await dashboardDrawerLinks(page).filter({ hasText: "Event Types" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByRole("heading", { name: "Event Types", level: 1 })).toBeVisible();
    // Sign-up gave the host a first event type (decision 041).
    await expect(card(page, "30 Minute Meeting")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await waitForHydration(page);
    await page.getByRole("link", { name: "New event type" }).first().click();
    await expect(page).toHaveURL(`${PAGE}/new`);
    await waitForHydration(page);
    // A field error first: the rules of POST /api/event-types answer per field.
    await page.getByLabel("Title").fill("Intro call");
    await page.getByLabel("Duration (minutes)").fill("3");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(page.getByText("duration: a whole number of minutes from 5 to 720.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("Intro call");
    await page.getByLabel("Duration (minutes)").fill("30");
    await expect(page.getByLabel("Kind")).toHaveValue("one-to-one");
    await page.getByRole("button", { name: "Create event type" }).click();

    await expect(page).toHaveURL(PAGE);
    await expect(toast(page)).toContainText("Event type created");
    const intro = card(page, "Intro call");
    await expect(intro.getByTestId("event-type-duration")).toHaveText("30 min");
    await expect(intro.getByText("One-to-One")).toBeVisible();
    await expect(intro.getByTestId("event-type-link")).toHaveValue(new RegExp(`/${username}/intro-call$`));
    await expect(intro.getByTestId("event-type-path")).toHaveText(`/${username}/intro-call`);
    await expect(intro.getByRole("button", { name: /Copy the booking link/ })).toBeVisible();

    const toggle = intro.getByTestId("event-type-toggle");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toast(page)).toContainText("Event type turned off");
    await expect(intro.getByTestId("event-type-toggle")).toHaveAttribute("aria-checked", "false");
    await intro.getByTestId("event-type-toggle").click();
    await expect(toast(page).last()).toContainText("Event type turned on");
    await expect(intro.getByTestId("event-type-toggle")).toHaveAttribute("aria-checked", "true");

    await intro.getByRole("link", { name: "Edit Intro call" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit “Intro call”");
    await page.getByLabel("Duration (minutes)").fill("45");
    await page.getByRole("button", { name: "Save event type" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(toast(page)).toContainText("Event type saved");
    await expect(card(page, "Intro call").getByTestId("event-type-duration")).toHaveText("45 min");

    await card(page, "Intro call").getByRole("link", { name: "Delete Intro call" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete “Intro call”?" });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete event type" }).click();
    await expect(toast(page)).toContainText("Event type deleted");
    await expect(card(page, "Intro call")).toHaveCount(0);
    await expect(page.getByTestId("event-type-card")).toHaveCount(1);
  });

  test("at phone width: no sideways scroll on the list, the form and the modal; axe clean", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await freshHost(page, "etypes-phone");
    await page.goto(`${PAGE}/new?kind=group`);
    await expect(page.getByLabel("Kind")).toHaveValue("group");
    await page.getByLabel("Title").fill("Team workshop with a rather long title for a small screen");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(page.getByText("A group event type needs seats (2 or more).")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(/^Seats/).fill("6");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(card(page, "Team workshop with a rather long title for a small screen")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    const id = await page.getByTestId("event-type-card").first().getAttribute("data-event-type-id");
    await page.goto(`${PAGE}?delete=${id}`);
    await expect(page.getByRole("dialog")).toBeVisible();
    await noSidewaysScroll(page);
  });
});

test.describe("Event types without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("create one with the plain form, errors answered by the server, and turn it off", async ({ page }) => {
    const username = await freshHost(page, "etypes-nojs", false);
    await page.goto(`${PAGE}/new`);
    await page.getByLabel("Title").fill("No script call");
    await page.getByLabel("Location").selectOption("in-person");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(page.getByText("Give the meeting's address.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("No script call");
    await page.getByLabel("Address, phone number or link").fill("1 Main Street");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(page).toHaveURL(PAGE);
    const created = card(page, "No script call");
    await expect(created.getByTestId("event-type-link")).toHaveValue(new RegExp(`/${username}/no-script-call$`));
    await expect(created.getByText("In Person Meeting: 1 Main Street")).toBeVisible();
    // On, as the box was ticked, also after the refused first try.
    await expect(created.getByTestId("event-type-toggle")).toHaveAttribute("aria-checked", "true");
    await created.getByTestId("event-type-toggle").click();
    await expect(card(page, "No script call").getByTestId("event-type-toggle")).toHaveAttribute(
      "aria-checked",
      "false",
    );
  });
});
