import { expect, test, type Page } from "@playwright/test";
import { newBookingHost, noSidewaysScroll, seriousViolations, toast, uniqueEmail } from "./support";

/**
 * The host moves a guest's booking outside their hours only with the override (decision 089):
 * My Schedule's Update on a booking opens Scheduled Events' reschedule, the override asks for a
 * date, a time and a tick, and the booking moves; at phone width with axe, and again without
 * JavaScript.
 */

const SHOTS = "test-results/host-reschedule";
const DAY_MS = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const row = (page: Page, id: string) => page.locator(`[data-testid="scheduled-event-row"][data-id="${id}"]`);

async function book(page: Page, eventTypeId: string, start: string) {
  const res = await page.request.post("/api/bookings", {
    data: { eventTypeId, start, name: "Gus Guest", email: uniqueEmail("gus"), timeZone: "Europe/Berlin" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { booking: { id: string } }).booking;
}

test.describe("The host's reschedule outside their hours", () => {
  test.describe.configure({ timeout: 120_000 });

  test("from My Schedule's Update, on a phone, with and without JavaScript", async ({ browser }) => {
    const host = await newBookingHost(browser, "override");
    const { page } = host;
    // 15:00 UTC is 10:00 or 11:00 in New York, inside the host's 09:00-17:00.
    const first = await book(page, host.eventTypeId, `${dateIn(3)}T15:00:00Z`);
    const second = await book(page, host.eventTypeId, `${dateIn(4)}T15:00:00Z`);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/dashboard");
    // The soonest is the first booking.
    const card = page.getByTestId("event-card").first();
    await card.getByRole("link", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/dashboard\/scheduledEvents\?reschedule=/);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: 'Reschedule "Intro call"' })).toBeVisible();
    // The free times come first; the override is a step of its own.
    await dialog.getByText("Another time, outside your available hours").click();
    const id = new URL(page.url()).searchParams.get("reschedule") ?? "";
    expect(id).toBe(first.id);
    await dialog.getByLabel("Date").fill(dateIn(5));
    await dialog.getByLabel(/^Time \(/).fill("06:30");
    await dialog.getByLabel("Message to your guests").fill("Early, sorry: the only time I have.");
    await expect(dialog.getByLabel(/move it anyway/)).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/override-375.png`, fullPage: true });
    await dialog.getByLabel(/move it anyway/).check();
    await dialog.getByRole("button", { name: "Move outside my hours" }).click();
    await expect(toast(page)).toContainText("Moved to");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row(page, id)).toContainText(/6:30[\s\u202f]AM/);

    // Without JavaScript: the same form, a plain post.
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      timezoneId: "America/New_York",
      storageState: await host.context.storageState(),
      viewport: { width: 375, height: 812 },
    });
    try {
      const plain = await noJs.newPage();
      const other = second.id;
      await plain.goto(`/dashboard/scheduledEvents?reschedule=${other}`);
      const modal = plain.getByRole("dialog");
      await modal.getByText("Another time, outside your available hours").click();
      await modal.getByLabel("Date").fill(dateIn(6));
      await modal.getByLabel(/^Time \(/).fill("20:00");
      await modal.getByLabel(/move it anyway/).check();
      expect(await seriousViolations(plain, { withoutJavaScript: true })).toEqual([]);
      await modal.getByRole("button", { name: "Move outside my hours" }).click();
      await expect(plain.getByText(/Moved to/).first()).toBeVisible();
      await expect(row(plain, other)).toContainText(/8:00[\s\u202f]PM/);
    } finally {
      await noJs.close();
    }
    await host.context.close();
  });
});
