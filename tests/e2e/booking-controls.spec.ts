import { expect, test, type Page } from "@playwright/test";
import {
  newBookingHost,
  noSidewaysScroll,
  seriousViolations,
  openLaterDay,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * Booking controls (decision 039): a host adds booking questions on the event type page and
 * makes a single-use link; a guest on a phone answers the questions through the link (axe clean,
 * no sideways scroll), the link then says it has been used, and the host sees the answers. The
 * same form without JavaScript: a missing answer comes back with the input kept, then it books.
 */

async function openFirstSlot(page: Page) {
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await expect(page.getByTestId("booking-form")).toBeVisible();
}

test.describe.serial("Booking controls", () => {
  let bookingPath = "";

  test("the host adds questions and a single-use link; a guest on a phone answers them through it", async ({
    browser,
  }) => {
    const host = await newBookingHost(browser, "controls");
    const { page } = host;
    bookingPath = `/${host.username}/${host.slug}`;
    await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
    await waitForHydration(page);
    await page.getByTestId("add-question").click();
    await page.getByLabel("Question 1", { exact: true }).fill("What should we cover?");
    await page.getByTestId("question-row").first().getByLabel("Required", { exact: true }).check();
    await page.getByTestId("add-question").click();
    await page.getByLabel("Question 2", { exact: true }).fill("Your team");
    await page.getByTestId("question-row").nth(1).getByLabel("Answer type").selectOption("single_choice");
    await page.getByTestId("question-row").nth(1).getByLabel("Choices (one per line)").fill("Sales\nSupport");
    await page.getByRole("button", { name: "Save event type" }).click();
    await expect(page).toHaveURL("/dashboard/eventTypes");

    await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
    await expect(page.getByLabel("Question 1", { exact: true })).toHaveValue("What should we cover?");
    await page.getByTestId("create-link").click();
    await expect(page.getByTestId("single-use-link")).toHaveCount(1);
    await expect(page.getByTestId("link-state")).toHaveText("Unused");
    expect(await seriousViolations(page)).toEqual([]);
    const linkUrl = await page.getByTestId("link-url").inputValue();
    expect(linkUrl).toContain(`${bookingPath}?link=`);

    const guest = await browser.newContext({ timezoneId: "Europe/Berlin", viewport: { width: 375, height: 812 } });
    const g = await guest.newPage();
    await g.goto(new URL(linkUrl).pathname + new URL(linkUrl).search);
    await openFirstSlot(g);
    await expect(g.getByLabel("What should we cover?")).toBeVisible();
    expect(await seriousViolations(g)).toEqual([]);
    await noSidewaysScroll(g);
    await g.getByLabel("Name", { exact: true }).fill("Grace Guest");
    await g.getByLabel("Email", { exact: true }).fill(uniqueEmail("controls-guest"));
    await g.getByLabel("What should we cover?").fill("Our roadmap");
    await g.getByLabel("Support").check();
    await g.getByRole("button", { name: "Schedule event" }).click();
    await expect(g.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
    // The confirmation repeats what the guest answered.
    await expect(g.getByTestId("booked-answer")).toHaveText([
      "What should we cover?: Our roadmap",
      "Your team: Support",
    ]);
    expect(await seriousViolations(g)).toEqual([]);
    await noSidewaysScroll(g);
    await g.goto(new URL(linkUrl).pathname + new URL(linkUrl).search);
    await expect(g.getByTestId("link-used")).toContainText("This link has been used.");
    await guest.close();

    await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
    await expect(page.getByTestId("link-state")).toHaveText("Used");
    await page.goto("/dashboard/scheduledEvents");
    await expect(page.getByText("What should we cover?: Our roadmap")).toBeVisible();
    await expect(page.getByText("Your team: Support")).toBeVisible();
    await host.context.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, timezoneId: "Europe/Berlin" });

    test("a missing answer comes back with the input kept; prefilled fields stay; then it books", async ({ page }) => {
      await page.goto(`${bookingPath}?name=${encodeURIComponent("Nora NoScript")}`);
      await openFirstSlot(page);
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Nora NoScript");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("controls-nojs"));
      await page.getByLabel("Sales").check();
      // Blank to the server (trimmed), filled to the browser's own check: the server's answer is tested.
      await page.getByLabel("What should we cover?").fill("   ");
      await page.getByRole("button", { name: "Schedule event" }).click();
      await expect(page.getByText('Answer "What should we cover?".')).toBeVisible();
      await expect(page.getByLabel("Sales")).toBeChecked();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Nora NoScript");
      await page.getByLabel("What should we cover?").fill("Pricing");
      await page.getByRole("button", { name: "Schedule event" }).click();
      await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
      await expect(page.getByTestId("booked-answer")).toHaveText([
        "What should we cover?: Pricing",
        "Your team: Sales",
      ]);
    });

    test("the questions editor adds, moves and removes rows with plain buttons", async ({ browser }) => {
      const host = await newBookingHost(browser, "controls-nojs");
      const noScript = await browser.newContext({
        javaScriptEnabled: false,
        storageState: await host.context.storageState(),
      });
      const page = await noScript.newPage();
      await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
      await page.getByTestId("add-question").click();
      await page.getByLabel("Question 1", { exact: true }).fill("First");
      await page.getByTestId("add-question").click();
      await expect(page.getByLabel("Question 1", { exact: true })).toHaveValue("First");
      await page.getByLabel("Question 2", { exact: true }).fill("Second");
      await page.getByRole("button", { name: "Move question 2 up" }).click();
      await expect(page.getByLabel("Question 1", { exact: true })).toHaveValue("Second");
      await page.getByRole("button", { name: "Remove question 2" }).click();
      await expect(page.getByTestId("question-row")).toHaveCount(1);
      await page.getByRole("button", { name: "Save event type" }).click();
      await expect(page).toHaveURL("/dashboard/eventTypes");
      const saved = await host.context.request.get(`/api/event-types/${host.eventTypeId}`, {
        headers: { authorization: `Bearer ${host.token}` },
      });
      expect(((await saved.json()) as { questions: Array<{ label: string }> }).questions.map((q) => q.label)).toEqual([
        "Second",
      ]);
      await noScript.close();
      await host.context.close();
    });
  });
});
