import { expect, test, type Page } from "@playwright/test";
import { newBookingHost, noSidewaysScroll, seriousViolations, toast, waitForHydration } from "./support";
import { RADICALE_PASSWORD, startRadicale, type Radicale } from "../support/radicale";

/**
 * Calendars (docs/decisions/035) as a host and a guest would use them, against Debian's
 * Radicale: the host connects a CalDAV account on Dashboard > Calendars at phone width, a busy
 * event there removes the slot from the booking page, a guest books another time and the event
 * appears in the host's calendar. axe on the page; the connect form without JavaScript keeps
 * the input and says what went wrong.
 */

const PAGE = "/dashboard/calendars";
let radicale: Radicale;
let work = "";

test.beforeAll(async () => {
  radicale = await startRadicale(["host"]);
  work = await radicale.makeCalendar("host", "work", "Work");
});
test.afterAll(async () => {
  await radicale?.stop();
});

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const busyEvent = (uid: string, start: Date, minutes: number) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//e2e//EN\r\nBEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(new Date(start.getTime() + minutes * 60_000))}\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;

/** The instants of the day's slot links on a booking page. */
async function slotInstants(page: Page): Promise<number[]> {
  const hrefs = await page.getByTestId("slot").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((h) => new Date(new URL(h, "http://x.invalid").searchParams.get("slot") ?? "").getTime());
}

test("a host connects CalDAV at phone width; a busy event removes the slot; a guest books and it lands in the calendar", async ({
  browser,
}) => {
  const host = await newBookingHost(browser, "cal");
  const page = host.page;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Calendars", level: 1 })).toBeVisible();
  await expect(page.getByText("No calendars connected yet")).toBeVisible();
  await expect(page.getByText("Outlook and Office 365 connect through their ICS address")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await waitForHydration(page);
  await page.getByLabel("Server address").fill(`${radicale.url}/`);
  await page.getByLabel("User name").fill("host");
  await page.getByLabel("App password").fill(RADICALE_PASSWORD);
  await page.getByRole("button", { name: "Connect account" }).click();
  await expect(toast(page)).toContainText("Calendar account connected.");
  const card = page.getByTestId("calendar-connection");
  await expect(card).toContainText("host at 127.0.0.1");
  await expect(card.getByTestId("external-calendar")).toContainText("Work");
  await expect(card.getByTestId("receives-bookings")).toBeVisible();
  await expect(card.getByRole("switch", { name: /Check Work for conflicts: on/ })).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The first two free slots of the host's event type; the first becomes busy in the calendar.
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const slots = await (
    await page.request.get(`/api/slots?eventTypeId=${host.eventTypeId}&start=${from}&end=${from}&timeZone=UTC`)
  ).json();
  const [first, second] = (slots.slots[from] as string[]).map((s) => new Date(s));
  await radicale.put(work, "dentist.ics", busyEvent("dentist", first, 30));
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(toast(page)).toContainText("Synced.");

  const guest = await browser.newContext({ timezoneId: "UTC" });
  const guestPage = await guest.newPage();
  await guestPage.goto(`/${host.username}/${host.slug}?tz=UTC&date=${from}&month=${from.slice(0, 7)}`);
  await expect(guestPage.getByTestId("slot").first()).toBeVisible();
  const offered = await slotInstants(guestPage);
  expect(offered).not.toContain(first.getTime());
  expect(offered).toContain(second.getTime());

  await guestPage.getByTestId("slot").nth(offered.indexOf(second.getTime())).click();
  await expect(guestPage.getByTestId("booking-form")).toBeVisible();
  await guestPage.getByLabel("Name", { exact: true }).fill("Gia Guest");
  await guestPage.getByLabel("Email", { exact: true }).fill("gia@example.test");
  await guestPage.getByRole("button", { name: "Schedule event" }).click();
  await expect(guestPage.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
  const bookingId = /booked\/([0-9a-f-]{36})/.exec(guestPage.url())?.[1] ?? "";
  expect(bookingId).not.toBe("");
  await expect
    .poll(async () => (await radicale.objects(work)).get(`${bookingId}.ics`) ?? "", { timeout: 20_000 })
    .toContain(`DTSTART:${stamp(second)}`);
  expect((await radicale.objects(work)).get(`${bookingId}.ics`)).toContain("Gia Guest");
  await guest.close();

  // Desktop width: the same page reads well (checked by eye once; here: no sideways scroll, axe).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(PAGE);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await host.context.close();
});

test("without JavaScript, a refused password is said beside the form and the input is kept", async ({ browser }) => {
  const host = await newBookingHost(browser, "calnojs");
  const state = await host.context.storageState();
  await host.context.close();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const page = await context.newPage();
  await page.goto(PAGE);
  await page.getByLabel("Server address").fill(`${radicale.url}/`);
  await page.getByLabel("User name").fill("host");
  await page.getByLabel("App password").fill("not-the-password");
  await page.getByRole("button", { name: "Connect account" }).click();
  await expect(page.getByText("The server refused the password.").first()).toBeVisible();
  await expect(page.getByLabel("Server address")).toHaveValue(`${radicale.url}/`);
  await expect(page.getByLabel("User name")).toHaveValue("host");
  await expect(page.getByLabel("Server address")).toHaveAttribute("aria-invalid", "true");
  await context.close();
});
