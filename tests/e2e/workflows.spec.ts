import { expect, test, type Page } from "@playwright/test";
import {
  dashboardDrawerLinks,
  noSidewaysScroll,
  seriousViolations,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  waitForHydration,
  signUpAs,
} from "./support";

/**
 * The Workflows page (docs/decisions/022): a host's reminders and follow-ups, with and without
 * JavaScript, on a phone; and the job runner's in-app reminder reaching the bell
 * (playwright.config.ts polls every second).
 */

const PAGE = "/dashboard/workFlow";

async function newHost(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name: `Wendy ${prefix}`, email, password: STRONG_PASSWORD });
  await page.goto("/");
  return email;
}

const checkbox = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });
const time = (page: Page, rule: string) => page.getByLabel(`${rule}: time`, { exact: true });
const unit = (page: Page, rule: string) => page.getByLabel(`${rule}: unit`, { exact: true });

test.describe("Workflows", () => {
  test("a host opens it from the drawer, sees the defaults, gets errors beside the field and saves", async ({
    page,
  }) => {
    await newHost(page, "wf");
    await page.goto("/dashboard");
    await dashboardDrawerLinks(page).filter({ hasText: "Workflows" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByRole("heading", { name: "Workflows", level: 1 })).toBeVisible();
    // Like Calendly's defaults: guests a day ahead, the host 15 minutes ahead, no follow-up.
    await expect(checkbox(page, "Reminder e-mail to guests")).toBeChecked();
    await expect(time(page, "Reminder e-mail to guests")).toHaveValue("1");
    await expect(unit(page, "Reminder e-mail to guests")).toHaveValue("days");
    await expect(checkbox(page, "Second reminder e-mail")).not.toBeChecked();
    await expect(checkbox(page, "Reminder for you")).toBeChecked();
    await expect(time(page, "Reminder for you")).toHaveValue("15");
    await expect(checkbox(page, "Follow-up e-mail to guests")).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);

    await waitForHydration(page);
    await checkbox(page, "Second reminder e-mail").check();
    await time(page, "Second reminder e-mail").fill("2");
    await unit(page, "Second reminder e-mail").selectOption("days");
    await page.getByRole("button", { name: "Save workflows" }).click();
    const error = page.getByText("The second reminder must come closer to the start than the first.");
    await expect(error).toBeVisible();
    await expect(time(page, "Second reminder e-mail")).toHaveAttribute("aria-invalid", "true");
    expect(await seriousViolations(page)).toEqual([]);

    await unit(page, "Second reminder e-mail").selectOption("hours");
    await checkbox(page, "Follow-up e-mail to guests").check();
    await page.getByLabel("Your message (optional)").fill("Thanks! The slides: https://example.org/s");
    await page.getByRole("button", { name: "Save workflows" }).click();
    await expect(toast(page)).toContainText("Workflows saved.");
    await page.reload();
    await expect(checkbox(page, "Second reminder e-mail")).toBeChecked();
    await expect(time(page, "Second reminder e-mail")).toHaveValue("2");
    await expect(unit(page, "Second reminder e-mail")).toHaveValue("hours");
    await expect(checkbox(page, "Follow-up e-mail to guests")).toBeChecked();
    await expect(page.getByLabel("Your message (optional)")).toHaveValue("Thanks! The slides: https://example.org/s");
  });

  test("fits a phone and passes axe there", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await newHost(page, "wf-phone");
    await page.goto(PAGE);
    await expect(page.getByRole("button", { name: "Save workflows" })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the host's in-app reminder appears in the bell before an event", async ({ page }) => {
    test.setTimeout(90_000);
    const email = await newHost(page, "wf-bell");
    await page.goto(PAGE);
    await waitForHydration(page);
    await time(page, "Reminder for you").fill("1");
    await page.getByRole("button", { name: "Save workflows" }).click();
    await expect(toast(page)).toContainText("Workflows saved.");

    // An event 75 seconds from now, made over the JSON API (seconds matter here): its
    // one-minute reminder is due about 15 seconds from now.
    const tokenRes = await page.request.post("/api/token", { data: { email, password: STRONG_PASSWORD } });
    const { token } = (await tokenRes.json()) as { token: string };
    const created = await page.request.post("/events", {
      headers: { authorization: `Bearer ${token}` },
      data: {
        eventName: "Bell check",
        eventType: "Google Meet",
        eventWith: "One-to-One",
        description: "Reminded in the bell.",
        targetedEmail: "guest@example.org",
        dateTime: new Date(Date.now() + 75_000).toISOString(),
      },
    });
    expect(created.status()).toBe(201);

    await page.goto("/dashboard");
    await expect(async () => {
      await page.reload();
      await waitForHydration(page);
      await page.getByTestId("notification-bell").click();
      await expect(page.getByTestId("notification-list")).toContainText(
        "Reminder: 'Bell check' with guest@example.org starts in 1 minute",
        { timeout: 1000 },
      );
    }).toPass({ timeout: 45_000, intervals: [2000] });
  });
});

test.describe("Workflows without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers errors with the input kept, then saves with a toast", async ({ page }) => {
    const email = uniqueEmail("wf-nojs");
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("Nora Script");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto(PAGE);
    await time(page, "Reminder e-mail to guests").fill("10");
    await unit(page, "Reminder e-mail to guests").selectOption("days");
    await page.getByLabel("Your message (optional)").fill("Kept while fixing");
    await page.getByRole("button", { name: "Save workflows" }).click();
    await expect(page.getByText("Choose between 5 minutes and 7 days.")).toBeVisible();
    await expect(time(page, "Reminder e-mail to guests")).toHaveValue("10");
    await expect(page.getByLabel("Your message (optional)")).toHaveValue("Kept while fixing");

    await unit(page, "Reminder e-mail to guests").selectOption("hours");
    await page.getByRole("button", { name: "Save workflows" }).click();
    await expect(toast(page)).toContainText("Workflows saved.");
    await expect(time(page, "Reminder e-mail to guests")).toHaveValue("10");
    await expect(unit(page, "Reminder e-mail to guests")).toHaveValue("hours");
  });
});

/** The workflow editor (docs/decisions/085): one workflow's trigger, event types and actions. */
async function buildWorkflow(page: Page) {
  await page.getByRole("link", { name: "New workflow" }).click();
  await expect(page.getByRole("heading", { name: "New workflow", level: 1 })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Thank-you note");
  await page.getByLabel("When", { exact: true }).selectOption("after_end");
  await page.getByLabel("Minutes before the start or after the end").fill("30");
  await page.getByLabel("All my event types, also new ones").check();
  await page.locator("#wf-a0-type").selectOption("email_guest");
  await page.locator("#wf-a0-subject").fill("Thanks for {event_title}");
  await page.locator("#wf-a0-body").fill("Hi {guest_name}, thanks for <coming>.");
  await page.locator("#wf-a1-type").selectOption("bell");
  await page.locator("#wf-a1-body").fill("{guest_name} met you");
}

test.describe("Workflow editor", () => {
  test("a host builds a workflow on a phone: variables, a preview, save; axe clean", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await newHost(page, "wf-editor");
    await page.goto(PAGE);
    await waitForHydration(page);
    await buildWorkflow(page);
    await expect(page.getByText("{reschedule_url}")).toBeVisible();
    // The e2e server sends texts (playwright.config.ts); this host has no mobile number yet.
    await expect(
      page.locator("#wf-a2-type option", { hasText: "Text to me (needs your phone number)" }),
    ).toBeDisabled();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: "Preview with a sample booking" })).toBeVisible();
    await expect(page.getByText("Hi Sam Guest, thanks for <coming>.")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Save workflow" }).click();
    await expect(toast(page)).toContainText("Workflow saved.");
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByText("Thank-you note")).toBeVisible();
    // A new workflow is on unless the host unticks it (the checkbox posts "on").
    await expect(page.getByRole("listitem").filter({ hasText: "Thank-you note" })).not.toContainText("(Off)");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("Workflow editor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("errors come back with the input kept, then it saves", async ({ page }) => {
    const email = uniqueEmail("wf-editor-nojs");
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("Nora Editor");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto(PAGE);
    await buildWorkflow(page);
    await page.locator("#wf-a0-subject").fill("");
    await page.getByRole("button", { name: "Save workflow" }).click();
    await expect(page.getByText("An e-mail needs a subject.")).toBeVisible();
    await expect(page.locator("#wf-a0-body")).toHaveValue("Hi {guest_name}, thanks for <coming>.");

    await page.locator("#wf-a0-subject").fill("Thanks for {event_title}");
    await page.getByRole("button", { name: "Save workflow" }).click();
    await expect(toast(page)).toContainText("Workflow saved.");
    await expect(page.getByText("Thank-you note")).toBeVisible();
  });
});
