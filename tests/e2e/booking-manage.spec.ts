import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO, seriousViolations, waitForHydration } from "./support";

/**
 * The guest's cancel and reschedule links: a booking made through the
 * JSON API for the demo professional, then its mailed links opened in the browser without an
 * account, at desktop and phone width, with and without JavaScript.
 */

const SHOTS = "test-results/booking-manage";
const DAY_MS = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

interface Booking {
  id: string;
  start: string;
  cancelUrl: string;
  rescheduleUrl: string;
}

let eventTypeId: string | null = null;
let dayOffset = 9;

/** A schedule-backed event type of the demo professional (made once per run). */
async function eventType(request: APIRequestContext): Promise<string> {
  if (eventTypeId) return eventTypeId;
  const tokenRes = await request.post("/api/token", { data: { email: DEMO.pro.email, password: DEMO.pro.password } });
  expect(tokenRes.status()).toBe(200);
  const { token } = (await tokenRes.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const schedule = await request.post("/api/schedules", {
    headers,
    data: {
      name: "Guest links e2e",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "18:00" })),
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  const scheduleId = ((await schedule.json()) as { _id: string })._id;
  const type = await request.post("/api/event-types", {
    headers,
    data: {
      title: "Portfolio review",
      slug: `review-${Date.now()}`,
      duration: 30,
      slotInterval: 30,
      minimumNotice: 60,
      bookingWindowDays: 60,
      location: { type: "google-meet" },
      scheduleId,
    },
  });
  expect(type.status(), await type.text()).toBe(201);
  eventTypeId = ((await type.json()) as { _id: string })._id;
  return eventTypeId;
}

/** Books the first free slot of a day no other test here uses, as a guest in Berlin. */
async function book(request: APIRequestContext): Promise<Booking> {
  const id = await eventType(request);
  dayOffset += 1;
  const date = dateIn(dayOffset);
  const slots = await request.get(`/api/slots?eventTypeId=${id}&start=${date}&end=${date}&timeZone=Europe/Berlin`);
  expect(slots.status()).toBe(200);
  const list = ((await slots.json()) as { slots: Record<string, string[]> }).slots[date] ?? [];
  expect(list.length).toBeGreaterThan(2);
  const res = await request.post("/api/bookings", {
    data: {
      eventTypeId: id,
      start: list[0],
      name: "Nora Guest",
      email: `nora-${Date.now()}@e2e.test`,
      timeZone: "Europe/Berlin",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { booking: Booking }).booking;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe("cancel link", () => {
  test("opens the booking without an account and cancels it", async ({ page, request }) => {
    const booking = await book(request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(pathOf(booking.cancelUrl));
    await expect(page.getByRole("heading", { level: 1, name: "Cancel this meeting?" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Portfolio review" })).toBeVisible();
    await expect(page.getByText("Confirmed")).toBeVisible();
    await expect(page.getByText("Europe/Berlin")).toBeVisible();
    await noSeriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/cancel-1440.png`, fullPage: true });

    await waitForHydration(page);
    await page.getByLabel("Reason for cancelling").fill("Travel plans changed");
    await page.getByRole("button", { name: "Cancel this meeting" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cancelled" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("is cancelled");
    await noSeriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/cancelled-1440.png`, fullPage: true });

    // The link again: it says so, and offers no button.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "This meeting is already cancelled" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel this meeting" })).toHaveCount(0);
  });

  test("a wrong token is the plain not-found page", async ({ page, request }) => {
    const booking = await book(request);
    const res = await page.goto(`/booking/${booking.id}/cancel?token=not-the-token`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
    await expect(page.getByText("Portfolio review")).toHaveCount(0);
  });
});

test.describe("cancel link without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("at phone width: cancels with a plain form post", async ({ page, request }) => {
    const booking = await book(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(pathOf(booking.cancelUrl));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/cancel-375.png`, fullPage: true });
    await page.getByLabel("Reason for cancelling").fill("Sorry, double-booked");
    await page.getByRole("button", { name: "Cancel this meeting" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cancelled" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book another time" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/cancelled-375.png`, fullPage: true });
  });
});

/** The pick step's free times: buttons of the GET form under the day's heading. */
const timeButtons = (page: Page) => page.getByTestId("reschedule-slots").getByRole("button");

/** The booking's time as its reschedule page says it now (read afresh over HTTP, in the guest's zone). */
async function bookedNow(request: APIRequestContext, booking: Booking): Promise<string> {
  const html = await (await request.get(pathOf(booking.rescheduleUrl))).text();
  const found = /data-testid="now-booked">([^<]+)</.exec(html)?.[1];
  expect(found, "the page names the booked time").toBeTruthy();
  return found ?? "";
}

test.describe("reschedule link", () => {
  test("at phone width: picks a zone, a day and a time, then confirms old → new with a reason", async ({
    page,
    request,
  }) => {
    // Two steps, a zone search and four axe runs.
    test.slow();
    const booking = await book(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(pathOf(booking.rescheduleUrl));
    await expect(page.getByRole("heading", { level: 1, name: "Pick a new time" })).toBeVisible();
    await expect(timeButtons(page).first()).toBeVisible();
    const before = await bookedNow(request, booking);
    await expect(page.getByTestId("now-booked")).toHaveText(before);
    await noSeriousViolations(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/reschedule-375.png`, fullPage: true });

    // The booking page's searchable zone picker: the times follow the zone chosen.
    await waitForHydration(page);
    const search = page.getByTestId("time-zone-search");
    await search.click();
    await search.fill("Tokyo");
    await page.locator('[role="option"][data-zone="Asia/Tokyo"]').click();
    await expect(page).toHaveURL(/tz=Asia%2FTokyo/);

    // The next day, in the month calendar the booking page has (its month first, when it is the next one).
    const next = dateIn(dayOffset + 1);
    if ((await page.locator(`[data-testid="calendar-day"][data-date="${next}"]`).count()) === 0)
      await page.getByRole("link", { name: "Next month" }).click();
    await page.locator(`[data-testid="calendar-day"][data-date="${next}"]`).click();
    await expect(page).toHaveURL(new RegExp(`date=${next}`));
    // The focus follows to the day's times.
    await expect(page.getByTestId("slots-heading")).toBeFocused();
    const choice = timeButtons(page).nth(1);
    const label = (await choice.textContent())?.trim() ?? "";
    // By keyboard: the time is a button like any other.
    await choice.focus();
    await page.keyboard.press("Enter");

    // The confirm step: nothing moved yet; old and new, zone and duration, the policy.
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your new time" })).toBeVisible();
    const compare = page.getByTestId("reschedule-compare");
    await expect(compare).toContainText("Now");
    await expect(compare).toContainText("New");
    await expect(compare).toContainText(label);
    await expect(compare).toContainText("Asia/Tokyo (GMT+9)");
    await expect(compare).toContainText("30 minutes");
    await expect(page.getByTestId("reschedule-policy")).toBeVisible();
    await noSeriousViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/reschedule-confirm-375.png`, fullPage: true });
    // Still at its old time until the guest confirms.
    expect(await bookedNow(request, booking)).toBe(before);
    await page.getByLabel("Reason for rescheduling").fill("A clash with a school run");
    await page.getByRole("button", { name: "Confirm new time" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rescheduled" })).toBeVisible();
    await expect(page.getByText(label, { exact: false }).first()).toBeVisible();
    await noSeriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/rescheduled-375.png`, fullPage: true });
  });

  test("at desktop width, without JavaScript: a zone by select, a time, the confirm, then the move", async ({
    browser,
    request,
  }) => {
    const booking = await book(request);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(pathOf(booking.rescheduleUrl));
    await page.screenshot({ path: `${SHOTS}/reschedule-1440.png`, fullPage: true });
    await page.getByLabel("Time zone").selectOption("America/New_York");
    await page.getByRole("button", { name: "Show times in this zone" }).click();
    await expect(page).toHaveURL(/tz=America%2FNew_York/);
    await timeButtons(page).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your new time" })).toBeVisible();
    await expect(page).toHaveURL(/start=/);
    await expect(page.getByTestId("reschedule-compare")).toContainText(/America\/New York \(E[SD]T\)/);
    await page.getByLabel("Reason for rescheduling").fill("Travelling that day");
    await page.getByRole("button", { name: "Confirm new time" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rescheduled" })).toBeVisible();
    await context.close();
  });

  test("a time taken between the pick and the confirm: told so, back to pick, the reason kept, nothing moved", async ({
    page,
    request,
  }) => {
    const booking = await book(request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(pathOf(booking.rescheduleUrl));
    await waitForHydration(page);
    const before = await bookedNow(request, booking);
    const chosen = timeButtons(page).first();
    const start = (await chosen.getAttribute("value")) ?? "";
    await chosen.click();
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your new time" })).toBeVisible();
    await page.getByLabel("Reason for rescheduling").fill("Dentist moved");
    // Someone else books that very time meanwhile.
    const other = await request.post("/api/bookings", {
      data: {
        eventTypeId: eventTypeId,
        start,
        name: "Quick Guest",
        email: `quick-${Date.now()}@e2e.test`,
        timeZone: "UTC",
      },
    });
    expect(other.status(), await other.text()).toBe(201);
    await page.getByRole("button", { name: "Confirm new time" }).click();
    await expect(page.getByRole("alert")).toContainText("That time was just taken. Pick another time.");
    await expect(page.getByRole("heading", { level: 1, name: "Pick a new time" })).toBeVisible();
    await expect(timeButtons(page).first()).toBeVisible();
    await noSeriousViolations(page);
    // The booking kept its time.
    expect(await bookedNow(request, booking)).toBe(before);
    // The next pick's confirm step has the reason typed before.
    await timeButtons(page).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your new time" })).toBeVisible();
    await expect(page.getByLabel("Reason for rescheduling")).toHaveValue("Dentist moved");
  });
});

test.describe("booking chrome", () => {
  for (const width of [375, 1440]) {
    test(`at ${width} px the cancel and reschedule pages have no site navbar or footer, say "Powered by", and carry a description (noindex)`, async ({
      browser,
      request,
    }) => {
      const booking = await book(request);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const url of [booking.cancelUrl, booking.rescheduleUrl]) {
        await page.goto(pathOf(url));
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
        await expect(page.getByRole("contentinfo")).toHaveCount(0);
        await expect(page.getByText("Powered by")).toBeVisible();
        await expect(page.getByRole("link", { name: "Scheduler", exact: true })).toHaveAttribute("href", "/");
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /meeting you booked/);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
          "content",
          /your meeting \| Scheduler$/,
        );
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
        await noSeriousViolations(page);
      }
      await context.close();
    });
  }
});
