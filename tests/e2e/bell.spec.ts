import { expect, test, type Page } from "@playwright/test";
import {
  newBookingHost,
  noSidewaysScroll,
  seriousViolations,
  uniqueEmail,
  waitForHydration,
  type BookingHost,
} from "./support";

/**
 * The bell (decision 084): each entry says when it came and leads to its booking; a booking
 * request is approved or declined from it.
 */

/** An event type of the host's that requires approval, and a guest's request for it: the request's guest name. */
async function requestFor(host: BookingHost, guest: string): Promise<void> {
  const api = host.context.request;
  const headers = { authorization: `Bearer ${host.token}` };
  const slug = `vetted-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const type = await api.post("/api/event-types", {
    headers,
    data: {
      title: "Vetted call",
      slug,
      duration: 30,
      minimumNotice: 60,
      bookingWindowDays: 60,
      location: { type: "google-meet" },
      scheduleId: host.scheduleId,
      requiresApproval: true,
    },
  });
  expect(type.status(), await type.text()).toBe(201);
  const typeId = ((await type.json()) as { _id: string })._id;
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const free = await api.get(`/api/slots?eventTypeId=${typeId}&start=${date}&end=${date}&timeZone=UTC`);
  const starts = ((await free.json()) as { slots: Record<string, string[]> }).slots[date] ?? [];
  expect(starts.length).toBeGreaterThan(0);
  const booked = await api.post("/api/bookings", {
    data: { eventTypeId: typeId, start: starts[0], name: guest, email: uniqueEmail("bell-guest"), timeZone: "UTC" },
  });
  expect(booked.status(), await booked.text()).toBe(201);
}

const entry = (page: Page, guest: string) =>
  page
    .getByTestId("notification-list")
    .getByRole("listitem")
    .filter({ hasText: `Vetted call with ${guest}` });

test.describe("the bell", () => {
  test("a request's entry says when, approves from the bell (phone, axe), then leads to the booking", async ({
    browser,
  }) => {
    const host = await newBookingHost(browser, "bell-answer");
    const page = host.page;
    await requestFor(host, "Ria Request");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications (1 unread)");
    await page.getByTestId("notification-bell").click();
    const request = entry(page, "Ria Request");
    await expect(request).toContainText("Booking request (approve or decline): Vetted call with Ria Request");
    await expect(request.locator("time")).toHaveText(/just now|min ago/);
    await expect(request.getByRole("link", { name: /^Decline: / })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await request.getByRole("button", { name: /^Approve: / }).click();
    await expect(page).toHaveURL("/dashboard/scheduledEvents?tab=pending");
    await expect(page.getByText("Booking approved. Your guest got the invitation.")).toBeVisible();

    // Answered: the entry only leads to the booking now.
    await page.getByTestId("notification-bell").click();
    await expect(entry(page, "Ria Request").getByRole("button", { name: /^Approve: / })).toHaveCount(0);
    await entry(page, "Ria Request")
      .getByRole("link", { name: /Vetted call with Ria Request/ })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/scheduledEvents\/[0-9a-f-]+\/timeline$/);
    await expect(page.getByRole("main")).toContainText("Vetted call");
    await host.context.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Decline from the bell opens the Pending tab's dialog for the reason, and declines", async ({ page }) => {
      const host = await newBookingHost(page.context().browser()!, "bell-decline");
      await requestFor(host, "Dan Decline");
      const state = await host.context.storageState();
      await host.context.close();
      await page.context().addCookies(state.cookies);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/dashboard");
      await page.getByTestId("notification-bell").click();
      await entry(page, "Dan Decline")
        .getByRole("link", { name: /^Decline: / })
        .click();
      await expect(page).toHaveURL(/\/dashboard\/scheduledEvents\?tab=pending&decline=/);
      const dialog = page.getByRole("dialog", { name: 'Decline "Vetted call"?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("textbox").fill("Out that day");
      await dialog.getByRole("button", { name: "Decline" }).click();
      await expect(page.getByText("Request declined. The time is free again and your guest was told.")).toBeVisible();
    });
  });
});
