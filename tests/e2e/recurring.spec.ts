import { expect, test } from "@playwright/test";
import {
  newBookingHost,
  noSidewaysScroll,
  openLaterDay,
  seriousViolations,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * Recurring series (decision 106): the host lets guests book a weekly series in the event type
 * form; a guest on a phone books 4 weekly meetings and sees the 4 dates on the confirmation,
 * one week apart at the same time (axe clean, no sideways scroll).
 */

test("a guest on a phone books a 4-week series and sees its 4 dates", async ({ browser }) => {
  const host = await newBookingHost(browser, "recurring");
  const { page } = host;
  await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
  await waitForHydration(page);
  await page.getByLabel(/Let guests book a recurring series/).check();
  await page.getByRole("button", { name: "Save event type" }).click();
  await expect(page).toHaveURL("/dashboard/eventTypes");

  const guest = await browser.newContext({ timezoneId: "America/New_York", viewport: { width: 375, height: 812 } });
  const g = await guest.newPage();
  await g.goto(`/${host.username}/${host.slug}`);
  await openLaterDay(g);
  await g.getByTestId("slot").first().click();
  await expect(g.getByTestId("booking-form")).toBeVisible();
  await g.getByLabel("How often").selectOption({ label: "Every week" });
  await g.getByLabel(/Number of meetings/).selectOption("4");
  expect(await seriousViolations(g)).toEqual([]);
  await noSidewaysScroll(g);
  await g.getByLabel("Name", { exact: true }).fill("Rita Repeat");
  await g.getByLabel("Email", { exact: true }).fill(uniqueEmail("recurring-guest"));
  await g.getByRole("button", { name: "Schedule event" }).click();
  await expect(g.getByRole("heading", { name: "You are scheduled" })).toBeVisible();

  const dates = g.getByTestId("series-date");
  await expect(dates).toHaveCount(4);
  const texts = await dates.allInnerTexts();
  // "1. Tuesday, December 8, 2026, 9:00 AM – 9:30 AM": a week apart, the same time.
  const parsed = texts.map((t) => {
    const m = /^(\d)\. \w+, (\w+ \d+, \d{4}), (.+)$/.exec(t.trim());
    expect(m, t).not.toBeNull();
    return { index: Number(m![1]), day: Date.parse(`${m![2]} 12:00 UTC`), time: m![3] };
  });
  expect(parsed.map((p) => p.index)).toEqual([1, 2, 3, 4]);
  for (let i = 1; i < 4; i++) {
    expect(parsed[i].day - parsed[i - 1].day).toBe(7 * 86_400_000);
    expect(parsed[i].time).toBe(parsed[0].time);
  }
  expect(await seriousViolations(g)).toEqual([]);
  await noSidewaysScroll(g);
  await guest.close();
  await host.context.close();
});
