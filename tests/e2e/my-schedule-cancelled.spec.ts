import { expect, test, type Page } from "@playwright/test";
import { seriousViolations, STRONG_PASSWORD, uniqueEmail } from "./support";

/**
 * My Schedule with a cancelled event (decision 029): a "Cancelled" badge, no Update and no Join
 * Meeting (Delete stays, to remove it from the list), at phone and desktop width, axe clean, and
 * the same without JavaScript. The event is cancelled through Scheduled Events' Cancel.
 */

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Signs up, creates a one-to-one event and cancels it on Scheduled Events, all as plain form posts; the event's id. */
async function hostWithCancelledEvent(page: Page, prefix: string, name: string): Promise<string> {
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill(`Host ${prefix}`);
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail(prefix));
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
  await page.goto("/one-to-one");
  await page.getByLabel("Event name", { exact: true }).fill(name);
  await page.getByLabel("Option", { exact: true }).selectOption("Google Meet");
  await page.getByLabel("Description", { exact: true }).fill("Planning");
  await page.getByLabel("Date", { exact: true }).fill(dayFromNow(9));
  await page.getByLabel("Time", { exact: true }).fill("10:00");
  await page.getByLabel("Invitee e-mail").fill("guest@example.org");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL("/dashboard");
  const id = ((await page.getByRole("link", { name: "Delete" }).first().getAttribute("id")) ?? "").replace(
    /^delete-/,
    "",
  );
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await page.goto(`/dashboard/scheduledEvents?cancel=${id}`);
  await page.getByRole("button", { name: "Cancel event" }).click();
  await expect(page.getByTestId("toast")).toContainText("Event cancelled.");
  return id;
}

async function expectCancelledCard(page: Page, id: string, name: string) {
  await page.goto("/dashboard");
  const card = page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card.getByTestId("cancelled-badge")).toHaveText("Cancelled");
  await expect(card.getByRole("link", { name: "Update" })).toHaveCount(0);
  await expect(card.getByRole("link", { name: "Join Meeting" })).toHaveCount(0);
  await expect(card.locator(`#delete-${id}`)).toBeVisible();
}

test("My Schedule: a cancelled event has a badge and no Update/Join, at 375 px and 1440 px, axe clean", async ({
  page,
}) => {
  const name = "Cancelled planning";
  const id = await hostWithCancelledEvent(page, "cnl-js", name);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectCancelledCard(page, id, name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("My Schedule: the cancelled event's badge, no Update/Join; Delete removes it", async ({ page }) => {
    const name = "Cancelled no-script";
    const id = await hostWithCancelledEvent(page, "cnl-nojs", name);
    await expectCancelledCard(page, id, name);
    await page.locator(`#delete-${id}`).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
  });
});
