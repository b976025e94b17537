import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  noSidewaysScroll,
  seriousViolations,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  signUpAs,
  setUsername,
} from "./support";

/**
 * The host's Scheduled Events page and group seats (decision 021): a host in New York sees a
 * Berlin guest's booking at New York time, reschedules it in the modal, cancels another and
 * finds it under Cancelled; two guests take seats of one group slot on the booking page and each
 * cancels only their own seat with their own link; phone width with axe; the host's cancel
 * without JavaScript, through the booking's own page (decision 097).
 */

const SHOTS = "test-results/scheduled-events";
const PATH = "/dashboard/scheduledEvents";
const DAY_MS = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const nyTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "America/New_York" }).format(new Date(iso));
/** Intl's narrow no-break space before AM/PM, matched as any space. */
const spaced = (text: string) => new RegExp(text.replace(/[\s\u202f]/g, "[\\s\\u202f]"));

interface Host {
  page: Page;
  username: string;
  token: string;
  one: { id: string; slug: string };
  group: { id: string; slug: string };
}

/** A new host in New York (signed in, with a username), a 08:00-18:00 UTC schedule, a one-to-one and a 4-seat group event type. */
async function newHost(browser: Browser, prefix: string): Promise<Host> {
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name: "Hana Host", email, password: STRONG_PASSWORD });
  const api = context.request;
  const username = `se${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const tokenRes = await api.post("/api/token", { data: { email, password: STRONG_PASSWORD } });
  expect(tokenRes.status()).toBe(200);
  const { token } = (await tokenRes.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  // The booking link's username, set where a host sets it.
  await setUsername(page, username);
  const schedule = await api.post("/api/schedules", {
    headers,
    data: {
      name: "Office",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "18:00" })),
    },
  });
  expect(schedule.status()).toBe(201);
  const scheduleId = ((await schedule.json()) as { _id: string })._id;
  const make = async (data: Record<string, unknown>) => {
    const res = await api.post("/api/event-types", {
      headers,
      data: { duration: 30, minimumNotice: 60, bookingWindowDays: 60, scheduleId, ...data },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { id: ((await res.json()) as { _id: string })._id, slug: data.slug as string };
  };
  const one = await make({ title: "Strategy call", slug: "strategy", location: { type: "google-meet" } });
  const group = await make({
    title: "Team workshop",
    slug: "workshop",
    kind: "group",
    seats: 4,
    duration: 60,
    location: { type: "in-person", value: "Hall B" },
  });
  return { page, username, token, one, group };
}

async function book(page: Page, eventTypeId: string, start: string, name: string) {
  const res = await page.request.post("/api/bookings", {
    data: { eventTypeId, start, name, email: uniqueEmail(name.split(" ")[0].toLowerCase()), timeZone: "Europe/Berlin" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { booking: { id: string; start: string } }).booking;
}

const row = (page: Page, id: string) => page.locator(`[data-testid="scheduled-event-row"][data-id="${id}"]`);

test.describe("Scheduled Events", () => {
  // Each test signs a host up and books through the API first; the machine is shared.
  test.describe.configure({ timeout: 120_000 });

  test("a guest's booking in Upcoming at New York time; reschedule in the modal; cancel another; it is under Cancelled", async ({
    browser,
  }) => {
    const host = await newHost(browser, "sched");
    const { page } = host;
    const moving = await book(page, host.one.id, `${dateIn(3)}T14:00:00+00:00`, "Nora Guest");
    const going = await book(page, host.one.id, `${dateIn(4)}T15:00:00+00:00`, "Otto Guest");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Scheduled Events" }).first().click();
    await expect(page).toHaveURL(PATH);
    await expect(page.getByRole("link", { name: /Upcoming/ })).toHaveAttribute("aria-current", "page");
    await expect(row(page, moving.id)).toContainText("Nora Guest");
    await expect(row(page, moving.id)).toContainText(spaced(`${nyTime(moving.start)} –`));
    // A Google Meet location without a link of the host's own is our video room, named as such (decision 028).
    await expect(row(page, moving.id)).toContainText("Location: Video room");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/upcoming-1440.png` });

    // Reschedule: the modal lists that day's free times in New York time; 16:00 UTC is 11:00 AM.
    await row(page, moving.id)
      .getByRole("link", { name: /^Reschedule/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: 'Reschedule "Strategy call"' })).toBeVisible();
    const target = `${dateIn(3)}T16:00:00.000Z`;
    // The month calendar, then the day's times; a time is a step, not the move itself.
    await expect(dialog.getByRole("grid")).toBeVisible();
    await expect(dialog.getByRole("link", { name: spaced(nyTime(target)), exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/reschedule-1440.png` });
    await dialog.getByRole("link", { name: spaced(nyTime(target)), exact: true }).click();
    await expect(dialog.getByRole("heading", { name: "Move it to this time?" })).toBeVisible();
    await expect(dialog.getByTestId("reschedule-change")).toContainText(spaced(nyTime(target)));
    await expect(row(page, moving.id)).toContainText(spaced(`${nyTime(moving.start)} –`));
    await dialog.getByLabel("Message to your guests").fill("Sorry, something came up.");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/reschedule-confirm-1440.png` });
    await dialog.getByRole("button", { name: "Reschedule", exact: true }).click();
    await expect(toast(page)).toContainText("Moved to");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row(page, moving.id)).toContainText(spaced(`${nyTime(target)} –`));

    // Cancel the other with a reason: gone from Upcoming, kept under Cancelled.
    await row(page, going.id)
      .getByRole("link", { name: /^Cancel/ })
      .click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: 'Cancel "Strategy call"?' })).toBeVisible();
    await page.getByLabel("Reason for cancelling").fill("Travelling that week");
    await page.getByRole("button", { name: "Cancel event" }).click();
    await expect(toast(page)).toContainText("Event cancelled.");
    await expect(row(page, going.id)).toHaveCount(0);
    await page.getByRole("link", { name: /Cancelled/ }).click();
    await expect(page).toHaveURL(`${PATH}?tab=cancelled`);
    await expect(row(page, going.id)).toContainText("Cancelled");
    await expect(row(page, going.id)).toContainText("Otto Guest");
  });

  test("two guests take seats of one group slot; each cancels only their own seat with their own link", async ({
    browser,
  }) => {
    const host = await newHost(browser, "seats");
    const date = dateIn(5);
    const slots = await host.page.request.get(
      `/api/slots?eventTypeId=${host.group.id}&start=${date}&end=${date}&timeZone=Europe/Berlin`,
    );
    const slot = ((await slots.json()) as { slots: Record<string, string[]> }).slots[date][0];
    const guests = [] as { page: Page; cancel: string }[];
    for (const name of ["Ada Seat", "Ben Seat"]) {
      const context = await browser.newContext({ timezoneId: "Europe/Berlin" });
      const page = await context.newPage();
      await page.goto(
        `/${host.username}/${host.group.slug}?${new URLSearchParams({ date, slot, tz: "Europe/Berlin" })}`,
      );
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail(name.split(" ")[0].toLowerCase()));
      await page.getByRole("button", { name: "Schedule event" }).click();
      await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
      const cancel = (await page.getByRole("link", { name: "cancel", exact: true }).getAttribute("href")) ?? "";
      expect(cancel).toMatch(/\/booking\/[0-9a-f-]+\/cancel\?token=/);
      guests.push({ page, cancel });
    }
    expect(guests[0].cancel).not.toBe(guests[1].cancel);

    await host.page.goto(PATH);
    await expect(host.page.getByTestId("seats-used")).toHaveText("2 of 4 seats taken");

    // Ada cancels her seat: Ben's stays.
    const [ada, ben] = guests;
    await ada.page.goto(ada.cancel);
    await ada.page.getByRole("button", { name: "Cancel this meeting" }).click();
    await expect(ada.page.getByRole("heading", { name: "Cancelled" })).toBeVisible();
    await ben.page.reload();
    await expect(ben.page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
    await host.page.reload();
    await expect(host.page.getByTestId("seats-used")).toHaveText("1 of 4 seats taken");
    await expect(host.page.getByTestId("seat")).toHaveCount(1);
    await expect(host.page.getByTestId("seat")).toContainText("Ben Seat");

    // Ben cancels his: the session goes with its last seat.
    await ben.page.goto(ben.cancel);
    await ben.page.getByRole("button", { name: "Cancel this meeting" }).click();
    await expect(ben.page.getByRole("heading", { name: "Cancelled" })).toBeVisible();
    await host.page.goto(`${PATH}?tab=cancelled`);
    await expect(host.page.locator('[data-testid="scheduled-event-row"][data-name="Team workshop"]')).toHaveCount(1);
  });

  test("at phone width: stacked rows, tabs and the cancel modal, no sideways scroll, axe clean", async ({
    browser,
  }) => {
    const host = await newHost(browser, "phone");
    const { page } = host;
    const booking = await book(page, host.one.id, `${dateIn(6)}T10:00:00+00:00`, "Pia Phone");
    await book(page, host.group.id, `${dateIn(6)}T12:00:00+00:00`, "Gus Group");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(PATH);
    await expect(row(page, booking.id)).toBeVisible();
    await noSidewaysScroll(page);
    // Every tab shows whole, none scrolled out of the strip.
    const tabs = page.getByRole("navigation", { name: "Scheduled events" }).getByRole("link");
    await expect(tabs).toHaveCount(4);
    const strip = await page.getByRole("navigation", { name: "Scheduled events" }).boundingBox();
    for (const box of await Promise.all((await tabs.all()).map((t) => t.boundingBox()))) {
      expect(box && strip && box.x >= strip.x && box.x + box.width <= strip.x + strip.width + 0.5).toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/upcoming-375.png`, fullPage: true });
    await row(page, booking.id)
      .getByRole("link", { name: /^Cancel/ })
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cancel-375.png` });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("link", { name: /Past/ }).click();
    await expect(page.getByRole("heading", { name: "Nothing in the past yet" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The booking's own page, from its name in the list.
    await page.goto(PATH);
    await row(page, booking.id)
      .getByRole("link", { name: /^Details of Strategy call/ })
      .click();
    await expect(page).toHaveURL(`${PATH}/${booking.id}`);
    await expect(page.getByRole("heading", { name: "Strategy call", level: 1 })).toBeVisible();
    await expect(page.getByTestId("booking-guests")).toContainText("Pia Phone");
    await expect(page.getByTestId("booking-when")).toContainText(spaced(`${nyTime(booking.start)} –`));
    await expect(page.getByTestId("booking-actions").getByRole("link", { name: "Reschedule" })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/booking-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/booking-1440.png`, fullPage: true });
  });

  test("without JavaScript the host cancels through the URL modal", async ({ browser }) => {
    const host = await newHost(browser, "nojs");
    const booking = await book(host.page, host.one.id, `${dateIn(7)}T09:00:00+00:00`, "Nico Script");
    // The same signed-in host in a browser without JavaScript.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      timezoneId: "America/New_York",
      storageState: await host.page.context().storageState(),
    });
    const page = await context.newPage();
    await page.goto(PATH);
    // Through the booking's own page, whose Cancel is the list's modal.
    await row(page, booking.id)
      .getByRole("link", { name: /^Details of/ })
      .click();
    await expect(page).toHaveURL(`${PATH}/${booking.id}`);
    await expect(page.getByTestId("booking-guests")).toContainText("Nico Script");
    await page.getByTestId("booking-actions").getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`cancel=${booking.id}`));
    await page.getByLabel("Reason for cancelling").fill("x".repeat(10));
    await page.getByRole("button", { name: "Cancel event" }).click();
    await expect(page).toHaveURL(PATH);
    await expect(row(page, booking.id)).toHaveCount(0);
    await page.goto(`${PATH}?tab=cancelled`);
    await expect(row(page, booking.id)).toContainText("Nico Script");
  });
});
