import { expect, test, type Page } from "@playwright/test";
import { newBookingHost as newHost, seriousViolations, openLaterDay, uniqueEmail, waitForHydration } from "./support";

/**
 * The public booking page: a host in New York (signed up in the browser,
 * username on the profile page, schedule and event type through the JSON API with a token) and a
 * guest in Tokyo who books calendar -> day -> slot -> form -> confirmation; the host then sees
 * the booking in My Schedule at New York time. Also: phone width + axe, and no JavaScript.
 */

/** Opens an open day two days after the first (openLaterDay), its times on show. */
async function openFirstDay(page: Page) {
  await openLaterDay(page);
  await expect(page.getByTestId("slot").first()).toBeVisible();
}

/** The slot's instant from its link (?slot=2026-12-01T23:00:00+09:00). */
async function slotOf(page: Page): Promise<Date> {
  const href = (await page.getByTestId("slot").first().getAttribute("href")) ?? "";
  return new Date(new URL(href, "http://x.invalid").searchParams.get("slot") ?? "");
}

const nyTime = (d: Date) =>
  new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "America/New_York" }).format(d);
const tokyoTime = (d: Date) =>
  new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "Asia/Tokyo" }).format(d);
/** Intl's narrow no-break space before AM/PM, matched as any space. */
const spaced = (text: string) => new RegExp(text.replace(/[\s\u202f]/g, "[\\s\\u202f]"));

test.describe("Booking page", () => {
  test("a guest in Tokyo books calendar -> day -> slot -> form; the host sees it in My Schedule at New York time", async ({
    browser,
  }) => {
    const host = await newHost(browser, "booker");
    const guest = await browser.newContext({ timezoneId: "Asia/Tokyo", javaScriptEnabled: true });
    const page = await guest.newPage();
    await page.goto(`/${host.username}`);
    await page.getByTestId("host-event-type").filter({ hasText: "Intro call" }).click();
    await expect(page).toHaveURL(new RegExp(`/${host.username}/${host.slug}`));
    await waitForHydration(page);
    // The browser's zone (its tz hint cookie, or the page switching to it), not the host's.
    await expect(page.getByTestId("time-zone")).toHaveValue("Asia/Tokyo");
    await openFirstDay(page);
    const start = await slotOf(page);
    await expect(page.getByTestId("slot").first()).toHaveText(spaced(tokyoTime(start)));
    await page.getByTestId("slot").first().click();

    await expect(page.getByTestId("booking-form")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Kenji Guest");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("kenji"));
    await page.getByLabel("Notes").fill("Looking forward to it.");
    await page.getByRole("button", { name: "Schedule event" }).click();

    await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
    await expect(page.getByTestId("booked-when")).toContainText("Asia/Tokyo");
    await expect(page.getByTestId("booked-when")).toContainText(spaced(tokyoTime(start)));
    await expect(page.getByTestId("ics-link")).toHaveAttribute("href", /\/ics\?token=/);
    await expect(page.getByTestId("google-link")).toHaveAttribute(
      "href",
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
    );
    await expect(page.getByRole("link", { name: "Reschedule" })).toHaveAttribute("href", /\/reschedule\?token=/);
    await guest.close();

    // The host's My Schedule shows it at New York time.
    await host.page.goto("/dashboard");
    const card = host.page.getByTestId("event-card").filter({ hasText: "Intro call" });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(spaced(nyTime(start)));
    await expect(card).toContainText("kenji");
    await host.context.close();
  });

  test("phone width: the booking page fits and has no serious axe violations", async ({ browser }) => {
    const host = await newHost(browser, "bookphone");
    const context = await browser.newContext({
      timezoneId: "Europe/Berlin",
      viewport: { width: 375, height: 812 },
      javaScriptEnabled: true,
    });
    const page = await context.newPage();
    // A first visit straight to the page: no tz cookie yet, so its times wait hidden while the page's
    // data comes again in the browser's zone; one document load, no ?tz= in the URL (decision 091).
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await page.goto(`/${host.username}/${host.slug}`);
    await expect(page.getByTestId("time-zone")).toHaveValue("Europe/Berlin");
    await expect(page.locator("html")).not.toHaveAttribute("data-tz-pending", /.*/);
    expect(documents).toHaveLength(1);
    expect(new URL(page.url()).searchParams.get("tz")).toBeNull();
    await openFirstDay(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("slot").first().click();
    await expect(page.getByTestId("booking-form")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
    await host.context.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, timezoneId: "Europe/Berlin" });

    test("month, day, zone and slot are links and forms; the booking posts", async ({ page, browser }) => {
      const host = await newHost(browser, "booknojs");
      await page.goto(`/${host.username}/${host.slug}`);
      // No script ran, so no tz cookie: the host's zone until the guest picks one.
      await expect(page.getByTestId("time-zone")).toHaveValue("America/New_York");
      await page.getByTestId("time-zone").selectOption("Europe/Berlin");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/tz=Europe%2FBerlin/);
      await openFirstDay(page);
      await page.getByTestId("slot").first().click();
      await page.getByLabel("Name", { exact: true }).fill("No Script");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("noscript"));
      await page.getByRole("button", { name: "Schedule event" }).click();
      await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
      await expect(page.getByTestId("booked-when")).toContainText("Europe/Berlin");
      await host.context.close();
    });
  });
});
