import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_SMS, FAKE_SMS_PORT } from "../../playwright.config";
import { json, person, startOwnServer, type OwnServer } from "./own-server";
import { noSidewaysScroll, openLaterDay, seriousViolations, STRONG_PASSWORD, waitForHydration } from "./support";

/**
 * Seat phones (docs/decisions/109, 111) in Chromium at phone width: a group event type with seats
 * that requires a phone, and a workflow that texts its guests when they book. A guest books a
 * seat giving a mobile number and consent; the form refuses a booking without the number (the
 * browser's required field, then the server's message for a blank one, the fields kept); the
 * fake SMS API (tests/fakes/sms-server.mjs, started by playwright.config.ts) takes the text and
 * posts its signed delivery report to the text's StatusCallback, and the host reads "delivered"
 * on the booking's timeline. The same booking without JavaScript. axe on each state.
 *
 * The spec runs its own app server on PostgreSQL (./own-server.ts) with APP_URL set (each text
 * asks for delivery reports only then) and the job runner on, pointed at the suite's fake SMS API.
 */

let server: OwnServer;
let host: { email: string; username: string };
let slug: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer("scheduler_e2e_seat_phones", { JOBS: "on", JOBS_POLL_MS: "500", ...E2E_SMS });
  const who = await person(server, "Sam Host", "seatphone-host");
  const username = `seat${Date.now().toString(36)}`;
  await server.sql`update users set role = 'professional', username = ${username} where id = ${who.id}`;
  host = { email: who.email, username };
  const schedule = await json<{ _id: string }>(
    await server.api("POST", "/api/schedules", who.token, {
      name: "All day",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "18:00" })),
    }),
    201,
  );
  slug = `workshop-${crypto.randomUUID().slice(0, 6)}`;
  const type = await json<{ _id: string; requirePhone: boolean }>(
    await server.api("POST", "/api/event-types", who.token, {
      title: "Phone workshop",
      slug,
      duration: 60,
      kind: "group",
      seats: 4,
      minimumNotice: 60,
      requirePhone: true,
      location: { type: "google-meet" },
      scheduleId: schedule._id,
    }),
    201,
  );
  expect(type.requirePhone).toBe(true);
  await json(
    await server.api("POST", "/api/workflows", who.token, {
      name: "Seat text",
      eventTypeIds: [type._id],
      trigger: "booked",
      actions: [{ type: "sms_guest", body: "Hi {guest_name}, your seat at {event_title} is booked." }],
    }),
    201,
  );
});

test.afterAll(async () => {
  await server?.stop();
});

async function textsTo(number: string): Promise<Array<{ to: string; body: string }>> {
  const res = await fetch(`http://127.0.0.1:${FAKE_SMS_PORT}/_test/messages`);
  return ((await res.json()) as Array<{ to: string; body: string }>).filter((m) => m.to === number);
}

async function phonePage(browser: Browser, js: boolean): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: { width: 375, height: 812 },
    timezoneId: "Europe/London",
  });
  return context.newPage();
}

/** Opens the booking form of a time two days on. */
async function openForm(page: Page, js: boolean): Promise<void> {
  await page.goto(`${server.url}/${host.username}/${slug}`);
  if (js) await waitForHydration(page);
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await expect(page.getByRole("heading", { name: "Enter details" })).toBeVisible();
}

/** The seat's stored number, consent and session, once the booking is in. */
async function seatOf(phone: string) {
  const [seat] = await server.sql`select event_id, sms_consent_at from booking_seats where phone = ${phone}`;
  return seat as { event_id: string; sms_consent_at: Date | null } | undefined;
}

for (const js of [true, false]) {
  test(`a guest books a seat with a required phone on a phone${js ? "" : ", without JavaScript"}; the host reads the text's delivery`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const phone = js ? "+447911123450" : "+447911123451";
    const name = js ? "Ada Seat" : "Ben Seat";
    const email = `${js ? "ada" : "ben"}-${Date.now().toString(36)}@example.test`;
    const page = await phonePage(browser, js);
    await openForm(page, js);

    const phoneField = page.getByLabel("Mobile number", { exact: true });
    await expect(phoneField).toHaveAttribute("required", "");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    const consent = page.getByRole("checkbox", { name: /Text me about this booking/ });
    await consent.check();
    const schedule = page.getByRole("button", { name: "Schedule event" });
    if (js) {
      // Left empty, the browser itself holds the form back: nothing is posted.
      await schedule.click();
      expect(await phoneField.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
      await expect(page.getByRole("heading", { name: "You are scheduled" })).toHaveCount(0);
    }
    // A blank number passes the browser's check: the server refuses it, says why at the field and keeps the rest.
    await phoneField.fill("   ");
    await schedule.click();
    const missing = "Give your mobile number: this event needs one to book.";
    await expect(page.getByText(missing)).toBeVisible();
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(consent).toBeChecked();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page, { withoutJavaScript: !js })).toEqual([]);
    expect(await seatOf(phone)).toBeUndefined();

    // Written with spaces, stored and texted in E.164.
    await page.getByLabel("Mobile number", { exact: true }).fill(js ? "+44 7911 123450" : "+44 7911 123451");
    await schedule.click();
    await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page, { withoutJavaScript: !js })).toEqual([]);
    await page.context().close();

    const seat = await seatOf(phone);
    expect(seat?.sms_consent_at).not.toBeNull();
    await expect
      .poll(async () => (await textsTo(phone)).map((m) => m.body), { timeout: 30_000 })
      .toEqual([
        expect.stringMatching(
          new RegExp(`^Hi ${name}, your seat at Phone workshop is booked\\.[\\s\\S]*Reply STOP to opt out\\.$`),
        ),
      ]);
    // The fake reports "sent", then "delivered", to the text's StatusCallback (this server's APP_URL).
    await expect
      .poll(
        async () =>
          (await server.sql`select delivery_status from sms_outbox where "to" = ${phone}`)[0]?.delivery_status,
        { timeout: 20_000 },
      )
      .toBe("delivered");

    // The host, on a phone too, opens the session's timeline from Scheduled Events.
    const hostPage = await phonePage(browser, true);
    await hostPage.goto(`${server.url}/signin`);
    await waitForHydration(hostPage);
    await hostPage.getByLabel("Email", { exact: true }).fill(host.email);
    await hostPage.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await hostPage.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(hostPage.getByTestId("avatar-menu")).toBeVisible();
    await hostPage.goto(`${server.url}/dashboard/scheduledEvents`);
    await waitForHydration(hostPage);
    await hostPage
      .getByRole("link", { name: /^Timeline of Phone workshop/ })
      .first()
      .click();
    await expect(hostPage).toHaveURL(new RegExp(`/dashboard/scheduledEvents/${seat!.event_id}/timeline$`));
    const text = hostPage
      .getByTestId("timeline")
      .getByRole("listitem")
      .filter({ hasText: `Text to ${phone}` });
    await expect(text).toContainText("sent, delivered");
    await noSidewaysScroll(hostPage);
    expect(await seriousViolations(hostPage)).toEqual([]);
    await hostPage.context().close();
  });
}
