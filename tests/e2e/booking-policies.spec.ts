import { expect, test, type APIRequestContext } from "@playwright/test";
import { newBookingHost, noSidewaysScroll, seriousViolations, toast, waitForHydration } from "./support";

/**
 * The cancel policy (decision 077) in the browser: a host sets a 24-hour cancel notice on the
 * event type's form; the guest of a booking that starts sooner opens the cancel link on a phone
 * without JavaScript and is told plainly that it can no longer be cancelled there, with a way to
 * write to the host and no cancel button; the host still cancels it from Scheduled Events.
 */

const SHOTS = "test-results/booking-policies";
const HOUR_MS = 3_600_000;

/** The first free time of the event type that starts within the next 23 hours (the host's hours reach every day). */
async function slotWithinADay(request: APIRequestContext, eventTypeId: string): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 24 * HOUR_MS).toISOString().slice(0, 10);
  const res = await request.get(`/api/slots?eventTypeId=${eventTypeId}&start=${day(0)}&end=${day(1)}&timeZone=UTC`);
  expect(res.status(), await res.text()).toBe(200);
  const { slots } = (await res.json()) as { slots: Record<string, string[]> };
  const soon = Object.values(slots)
    .flat()
    .filter((s) => new Date(s).getTime() < Date.now() + 23 * HOUR_MS)
    .sort();
  expect(soon.length, "a free time within 23 hours").toBeGreaterThan(0);
  return soon[0];
}

test.describe("cancel and reschedule policy", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a 24-hour cancel notice: the guest's late cancel link refuses plainly (375 px, no JavaScript, axe); the host still cancels", async ({
    browser,
  }) => {
    const host = await newBookingHost(browser, "policy");
    const { page } = host;

    // The host sets the notice on the event type's form.
    await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
    await waitForHydration(page);
    await page.getByLabel("Cancel notice (minutes)").fill("1440");
    await page.getByRole("button", { name: "Save event type" }).click();
    await expect(toast(page)).toContainText("Event type saved");

    // A guest books the first time less than 24 hours away.
    const start = await slotWithinADay(page.request, host.eventTypeId);
    const res = await page.request.post("/api/bookings", {
      data: {
        eventTypeId: host.eventTypeId,
        start,
        name: "Lena Late",
        email: `lena-${Date.now()}@e2e.test`,
        timeZone: "Europe/Berlin",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const booking = ((await res.json()) as { booking: { id: string; cancelUrl: string } }).booking;

    // The guest, on a phone without JavaScript, opens the mailed cancel link.
    const guest = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    try {
      const phone = await guest.newPage();
      const link = new URL(booking.cancelUrl);
      await phone.goto(link.pathname + link.search);
      await expect(phone.getByRole("heading", { name: "Cancel this meeting?" })).toBeVisible();
      await expect(
        phone.getByText(
          "Nora York asks for at least 24 hours' notice to cancel, and this meeting starts sooner than that, so it can no longer be cancelled here.",
        ),
      ).toBeVisible();
      const write = phone.getByRole("link", { name: "Need a change anyway? Write to Nora York." });
      await expect(write).toBeVisible();
      expect(await write.getAttribute("href")).toMatch(/^mailto:.+\?subject=About%20our%20meeting%3A%20Intro%20call$/);
      await expect(phone.getByRole("button", { name: "Cancel this meeting" })).toHaveCount(0);
      await noSidewaysScroll(phone);
      expect(await seriousViolations(phone, { withoutJavaScript: true })).toEqual([]);
      await phone.screenshot({ path: `${SHOTS}/refused-375-nojs.png`, fullPage: true });

      // The host cancels it from Scheduled Events all the same.
      await page.goto("/dashboard/scheduledEvents");
      const row = page.locator(`[data-testid="scheduled-event-row"][data-id="${booking.id}"]`);
      await row.getByRole("link", { name: /^Cancel/ }).click();
      await expect(page.getByRole("dialog").getByRole("heading", { name: 'Cancel "Intro call"?' })).toBeVisible();
      await page.getByRole("button", { name: "Cancel event" }).click();
      await expect(toast(page)).toContainText("Event cancelled.");
      await expect(row).toHaveCount(0);

      // The guest's link now says it is cancelled.
      await phone.goto(link.pathname + link.search);
      await expect(phone.getByRole("heading", { name: "This meeting is already cancelled" })).toBeVisible();
    } finally {
      await guest.close();
      await host.context.close();
    }
  });
});
