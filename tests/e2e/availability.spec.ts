import { expect, test, type Page } from "@playwright/test";
import {
  dashboardDrawerLinks,
  emailInput,
  passwordInput,
  seriousViolations,
  STRONG_PASSWORD,
  TEXT,
  toast,
  uniqueEmail,
  waitForHydration,
  noSidewaysScroll,
  signUpAs,
} from "./support";

const PAGE = "/dashboard/availability";
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

async function signUpFresh(page: Page, prefix: string): Promise<void> {
  await signUpAs(page, { name: "Avery Avail", email: uniqueEmail(prefix), password: STRONG_PASSWORD });
  await page.goto("/");
}

const time = (page: Page, day: string, row: number, edge: "start" | "end") =>
  page.getByLabel(`${day} interval ${row} ${edge}`, { exact: true });

/** Monday 10:00-12:00 and 13:00-18:00, copied to Tuesday..Friday, and a day off on 2030-01-07. */
async function setWorkweek(page: Page) {
  await time(page, "Monday", 1, "start").fill("10:00");
  await time(page, "Monday", 1, "end").fill("12:00");
  await page.getByRole("button", { name: "Add interval on Monday" }).click();
  await expect(time(page, "Monday", 2, "start")).toHaveValue("13:00");
  await time(page, "Monday", 2, "end").fill("18:00");
  await page.getByRole("button", { name: "Copy Monday to all weekdays" }).click();
  await expect(time(page, "Friday", 2, "end")).toHaveValue("18:00");
  await page.getByLabel("Date", { exact: true }).fill("2030-01-07");
  await page.getByLabel("Unavailable all day").check();
  await page.getByRole("button", { name: "Add override" }).click();
  await expect(page.getByTestId("override-row")).toHaveText(/Mon, Jan 7, 2030\s*Unavailable all day/);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(toast(page)).toContainText("Schedule saved");
}

async function expectWorkweek(page: Page) {
  for (const day of WEEKDAYS) {
    await expect(time(page, day, 1, "start"), day).toHaveValue("10:00");
    await expect(time(page, day, 1, "end"), day).toHaveValue("12:00");
    await expect(time(page, day, 2, "start"), day).toHaveValue("13:00");
    await expect(time(page, day, 2, "end"), day).toHaveValue("18:00");
  }
  await expect(page.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
  await expect(page.getByTestId("override-row")).toHaveText(/Mon, Jan 7, 2030\s*Unavailable all day/);
}

test.describe("Availability", () => {
  test("from the drawer: set Mon–Fri hours with copy, add a day off, save, reload; an overlap is refused", async ({
    page,
  }) => {
    await signUpFresh(page, "avail");
    await page.goto("/dashboard");
    await dashboardDrawerLinks(page).filter({ hasText: "Availability" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByRole("heading", { name: "Availability", level: 1 })).toBeVisible();
    const row = page.getByTestId("schedule-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Default");
    await expect(row.getByTestId("schedule-summary")).toHaveText("Mon–Fri, 9:00 am – 5:00 pm");

    await row.getByRole("link", { name: "Working hours" }).click();
    await expect(page.getByRole("heading", { name: "Working hours", level: 1 })).toBeVisible();
    await waitForHydration(page);
    await setWorkweek(page);
    await page.reload();
    await expectWorkweek(page);

    await page.getByRole("link", { name: "All schedules" }).click();
    await expect(page.getByTestId("schedule-summary")).toHaveText("Mon–Fri, 10:00 am – 12:00 pm, 1:00 pm – 6:00 pm");
    await expect(page.getByTestId("schedule-overrides")).toHaveText("1 date override");

    await page.getByRole("link", { name: "Working hours" }).click();
    await time(page, "Tuesday", 2, "start").fill("11:00");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText("Intervals on Tuesday overlap.")).toBeVisible();
    // What was typed is still there, and nothing was stored. Reloading asks first (unsaved changes).
    await expect(time(page, "Tuesday", 2, "start")).toHaveValue("11:00");
    page.once("dialog", (dialog) => {
      expect(dialog.type()).toBe("beforeunload");
      void dialog.accept();
    });
    await page.reload();
    await expect(time(page, "Tuesday", 2, "start")).toHaveValue("13:00");
  });

  test("a new schedule becomes the default; the default cannot be deleted, another one can (modal as URL)", async ({
    page,
  }) => {
    await signUpFresh(page, "avail-default");
    // Sign-up's 30 Minute Meeting uses the first schedule (decision 041): without it, that schedule can go.
    await page.goto("/dashboard/eventTypes");
    await page.getByRole("link", { name: "Delete 30 Minute Meeting" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete event type" }).click();
    await expect(toast(page)).toContainText("Event type deleted");
    await page.goto(PAGE);
    await page.getByRole("button", { name: "New schedule" }).click();
    await expect(toast(page)).toContainText("Schedule created");
    await expect(page.getByRole("heading", { name: "New schedule", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(/delete=1/);
    await expect(page.getByRole("dialog", { name: "Delete “New schedule”?" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Make default" }).click();
    await expect(toast(page)).toContainText("Default schedule changed");
    await expect(page.getByText("It can't be deleted")).toBeVisible();

    await page.getByRole("link", { name: "All schedules" }).click();
    await page.getByRole("link", { name: "Working hours" }).click();
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete schedule" }).click();
    await expect(toast(page)).toContainText("Schedule deleted");
    await expect(page.getByTestId("schedule-row")).toHaveCount(1);
    await expect(page.getByTestId("schedule-row")).toContainText("New schedule");
  });

  test("an added override is saved at once; leaving with unsaved hours asks first (phone, axe)", async ({ page }) => {
    await signUpFresh(page, "avail-unsaved");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(PAGE);
    await page.getByRole("link", { name: "Working hours" }).click();
    await waitForHydration(page);
    await time(page, "Monday", 1, "start").fill("07:00");
    await page.getByLabel("Date", { exact: true }).fill("2030-02-04");
    await page.getByLabel("Unavailable all day").check();
    await page.getByRole("button", { name: "Add override" }).click();
    await expect(toast(page)).toContainText("Date override saved");
    await expect(page.getByTestId("unsaved-changes")).toHaveText("You have unsaved changes. Press Save to keep them.");
    await expect(time(page, "Monday", 1, "start")).toHaveValue("07:00");
    expect(await seriousViolations(page)).toEqual([]);

    // A link elsewhere asks; staying keeps the typed hours.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "All schedules" }).click();
    await expect.poll(() => asked).toEqual(["Leave without saving your changes?"]);
    await expect(page.getByRole("heading", { name: "Working hours", level: 1 })).toBeVisible();
    await expect(time(page, "Monday", 1, "start")).toHaveValue("07:00");

    // Leaving: the override was saved on its own, the hours were not.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("link", { name: "All schedules" }).click();
    await expect(page.getByTestId("schedule-overrides")).toHaveText("1 date override");
    await expect(page.getByTestId("schedule-summary")).toHaveText("Mon–Fri, 9:00 am – 5:00 pm");
  });

  test("fits a phone and passes axe", async ({ page }) => {
    await signUpFresh(page, "avail-phone");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(PAGE);
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Working hours" }).click();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add interval on Monday" }).click();
    await expect(time(page, "Monday", 2, "start")).toBeVisible();
    await time(page, "Monday", 2, "start").fill("16:00");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText("Intervals on Monday overlap.")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The schedule's zone is searched by city, as on the booking page, and saved with the hours.
    await time(page, "Monday", 2, "start").fill("17:30");
    await time(page, "Monday", 2, "end").fill("18:00");
    const zone = page.getByTestId("time-zone-search");
    await expect(zone).toHaveAccessibleName("Time zone");
    await zone.click();
    await zone.fill("lisbon");
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('[role="option"][data-zone="Europe/Lisbon"]').click();
    await expect(zone).toHaveValue("Europe/Lisbon");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(toast(page)).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("time-zone-search")).toHaveValue("Europe/Lisbon");
  });
});

test.describe("Availability without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same week is set and saved with plain form posts", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("Nora NoJS");
    await emailInput(page).fill(uniqueEmail("avail-nojs"));
    await passwordInput(page).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(toast(page)).toContainText(TEXT.signUpSuccess);

    await page.goto(PAGE);
    await page.getByRole("link", { name: "Working hours" }).click();
    await setWorkweek(page);
    await page.goto(page.url());
    await expectWorkweek(page);
  });
});
