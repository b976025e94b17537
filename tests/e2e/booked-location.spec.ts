import { expect, test } from "@playwright/test";
import { newBookingHost, seriousViolations, openLaterDay, uniqueEmail, waitForHydration } from "./support";

/**
 * The confirmation page shows where the meeting is and, for a video meeting, a join link
 * (docs/decisions/028), at phone and desktop widths, with no serious axe violations.
 */

test("the confirmation page shows the place and the join link at 375 px and 1440 px, axe clean", async ({
  browser,
}) => {
  const host = await newBookingHost(browser, "where");
  const guest = await browser.newContext({
    timezoneId: "Asia/Tokyo",
    viewport: { width: 375, height: 812 },
    javaScriptEnabled: true,
  });
  const page = await guest.newPage();
  await page.goto(`/${host.username}/${host.slug}`);
  await waitForHydration(page);
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await page.getByLabel("Name", { exact: true }).fill("Aiko Guest");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("aiko"));
  await page.getByRole("button", { name: "Schedule event" }).click();
  await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();

  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // A Google Meet location without a link of the host's own is the site's video room.
    await expect(page.getByTestId("booked-location")).toContainText("Video room: ");
    const join = page.getByTestId("join-link");
    await expect(join).toBeVisible();
    await expect(join).toHaveAttribute("href", /\/Scheduler-[0-9a-f]+$/);
    const box = await join.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await guest.close();
  await host.context.close();
});
