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
 * Booking options (decision 087): the host offers 15 and 60 minutes besides the default 30 and
 * hides the event type from their page; a guest on a phone picks 60 minutes (axe clean, no
 * sideways scroll) and books an hour. Without JavaScript, a guest of an event type with a
 * redirect after booking lands on the host's URL with the booking's details.
 */

/** "9:00 AM" → minutes since midnight. */
function minutesOf(label: string): number {
  const m = /(\d{1,2}):(\d{2})\s*([AP]M)/.exec(label);
  if (!m) throw new Error(`no time in ${label}`);
  return ((Number(m[1]) % 12) + (m[3] === "PM" ? 12 : 0)) * 60 + Number(m[2]);
}

test.describe.serial("Booking options", () => {
  test("the host offers several lengths and hides the type; a guest on a phone books 60 minutes", async ({
    browser,
  }) => {
    const host = await newBookingHost(browser, "options");
    const { page } = host;
    await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
    await waitForHydration(page);
    await page.getByLabel("Also offer (optional)").fill("15, 60");
    await page.getByRole("button", { name: "Save event type" }).click();
    await expect(page).toHaveURL("/dashboard/eventTypes");
    const card = page.getByTestId("event-type-card").filter({ hasText: "Intro call" });
    await card.getByRole("switch", { name: /listed on your page/ }).click();
    await expect(card.getByTestId("event-type-hidden")).toHaveText("Hidden");
    await expect(card.getByTestId("event-type-hidden-toggle")).toHaveAttribute("aria-checked", "false");
    expect(await seriousViolations(page)).toEqual([]);

    const guest = await browser.newContext({ timezoneId: "Europe/Madrid", viewport: { width: 375, height: 812 } });
    const g = await guest.newPage();
    // Hidden: not on the host's page, still booked by its link.
    await g.goto(`/${host.username}`);
    await expect(g.getByRole("link", { name: /Intro call/ })).toHaveCount(0);
    await g.goto(`/${host.username}/${host.slug}`);
    const picker = g.getByTestId("duration-picker");
    await expect(picker.getByRole("link")).toHaveText(["30 min", "15 min", "60 min"]);
    await expect(picker.getByRole("link", { name: "30 min" })).toHaveAttribute("aria-current", "true");
    await picker.getByRole("link", { name: "60 min" }).click();
    await expect(picker.getByRole("link", { name: "60 min" })).toHaveAttribute("aria-current", "true");
    await expect(g).toHaveURL(/[?&]duration=60/);
    expect(await seriousViolations(g)).toEqual([]);
    await noSidewaysScroll(g);

    await openLaterDay(g);
    // The picked length stays on the chosen day's times.
    await expect(g.getByTestId("slot").first()).toHaveAttribute("href", /duration=60/);
    await g.getByTestId("slot").first().click();
    await expect(g.getByTestId("booking-form")).toBeVisible();
    const [from, to] = ((await g.getByTestId("chosen-slot").innerText()).split(",")[0] ?? "").split("–");
    expect(minutesOf(to) - minutesOf(from)).toBe(60);
    expect(await seriousViolations(g)).toEqual([]);
    await noSidewaysScroll(g);
    await g.getByLabel("Name", { exact: true }).fill("Hana Hour");
    await g.getByLabel("Email", { exact: true }).fill(uniqueEmail("options-guest"));
    await g.getByRole("button", { name: "Schedule event" }).click();
    await expect(g.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
    expect(await seriousViolations(g)).toEqual([]);
    await guest.close();

    await host.context.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, timezoneId: "Europe/Berlin" });

    test("a booking goes on to the host's own page with the booking's details", async ({ browser, baseURL }) => {
      const host = await newBookingHost(browser, "options-redirect");
      const thanks = `${baseURL}/about?from=booking`;
      const put = await host.context.request.put(`/api/event-types/${host.eventTypeId}`, {
        headers: { authorization: `Bearer ${host.token}` },
        data: {
          title: "Intro call",
          slug: host.slug,
          duration: 30,
          durations: [30, 60],
          minimumNotice: 60,
          location: { type: "google-meet" },
          scheduleId: host.scheduleId,
          redirectUrl: thanks,
          redirectPassDetails: true,
        },
      });
      expect(put.status()).toBe(200);
      await host.context.close();

      const guest = await browser.newContext({ javaScriptEnabled: false, timezoneId: "Europe/Berlin" });
      const page = await guest.newPage();
      await page.goto(`/${host.username}/${host.slug}`);
      await page.getByTestId("duration-picker").getByRole("link", { name: "60 min" }).click();
      await openLaterDay(page);
      await page.getByTestId("slot").first().click();
      const email = uniqueEmail("options-nojs");
      await page.getByLabel("Name", { exact: true }).fill("Nils NoScript");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Schedule event" }).click();
      await expect(page).toHaveURL(/\/about\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get("from")).toBe("booking");
      expect(url.searchParams.get("guestEmail")).toBe(email);
      expect(url.searchParams.get("guestName")).toBe("Nils NoScript");
      expect(url.searchParams.get("duration")).toBe("60");
      expect(url.searchParams.get("eventTypeSlug")).toBe(host.slug);
      expect(url.searchParams.get("bookingId")).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(url.searchParams.get("end") ?? "") - Date.parse(url.searchParams.get("start") ?? "")).toBe(
        3_600_000,
      );
      await guest.close();
    });
  });
});
