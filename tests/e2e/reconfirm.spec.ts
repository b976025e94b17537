import crypto from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import { json, person, startOwnServer, type OwnServer } from "./own-server";
import { noSidewaysScroll, seriousViolations, waitForHydration } from "./support";

/**
 * Reconfirmation (decision 086) in Chromium: the guest opens the "Please confirm" link of their
 * mail on a phone, reads the meeting and the deadline, and confirms with the button; with
 * JavaScript and without it, with axe.
 *
 * The spec runs its own app server on PostgreSQL (./own-server.ts) with the job runner on: the
 * test moves the booking's time to ask to now, the job asks, and the link is read from the mail
 * in the outbox.
 */

let server: OwnServer;
let host: { token: string };
let typeId: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startOwnServer("scheduler_e2e_reconfirm", { JOBS: "on", JOBS_POLL_MS: "500" });
  const who = await person(server, "Rita Host", "reconfirm-host");
  await server.sql`update users set role = 'professional' where id = ${who.id}`;
  host = who;
  const schedule = await json<{ _id: string }>(
    await server.api("POST", "/api/schedules", host.token, {
      name: "All day",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
    }),
    201,
  );
  const type = await json<{ _id: string; reconfirmHours: number }>(
    await server.api("POST", "/api/event-types", host.token, {
      title: "Checked call",
      slug: `checked-${crypto.randomUUID().slice(0, 6)}`,
      duration: 30,
      minimumNotice: 60,
      location: { type: "google-meet" },
      reconfirmHours: 24,
      scheduleId: schedule._id,
    }),
    201,
  );
  expect(type.reconfirmHours).toBe(24);
  typeId = type._id;
});

test.afterAll(async () => {
  await server?.stop();
});

/** A guest's booking three days ahead at the hour (UTC), asked now: the link of its "Please confirm" mail. */
async function askedBooking(tag: string, hour: string): Promise<{ id: string; link: string }> {
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const email = `gina-${tag}@example.test`;
  const { booking } = await json<{ booking: { id: string } }>(
    await server.api("POST", "/api/bookings", undefined, {
      eventTypeId: typeId,
      start: `${day}T${hour}:00:00+00:00`,
      name: "Gina Guest",
      email,
      timeZone: "UTC",
    }),
    201,
  );
  // The time to ask comes now, as the job runner's clock would find it 24 hours before.
  await server.sql`update events set reconfirm_due_at = now() - interval '1 second' where id = ${booking.id}`;
  let text = "";
  await expect
    .poll(
      async () => {
        const [mail] = await server.sql`
          select text from mail_outbox where "to" = ${email} and subject like 'Please confirm:%'`;
        text = (mail?.text as string | undefined) ?? "";
        return text;
      },
      { timeout: 20_000, intervals: [250], message: `no "Please confirm" mail to ${email}` },
    )
    .not.toBe("");
  const link = /(http\S+\/confirm\?token=\S+)/.exec(text)?.[1];
  expect(link, text).toBeDefined();
  return { id: booking.id, link: link! };
}

async function phonePage(browser: Browser, js: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: { width: 375, height: 812 },
    timezoneId: "UTC",
  });
  return context.newPage();
}

for (const js of [true, false]) {
  test(`the guest confirms from the mail's link on a phone${js ? "" : ", without JavaScript"}`, async ({ browser }) => {
    test.setTimeout(90_000);
    const booking = await askedBooking(`${js ? "a" : "b"}${Date.now().toString(36)}`, js ? "10" : "11");
    const page = await phonePage(browser, js);

    await page.goto(booking.link);
    if (js) await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Please confirm your meeting", level: 1 })).toBeVisible();
    await expect(page.getByText("Checked call").first()).toBeVisible();
    await expect(page.getByText("Rita Host asks every guest to confirm they are still coming.")).toContainText(
      "if it is not confirmed by then, the booking is cancelled.",
    );
    await noSidewaysScroll(page);
    expect(await seriousViolations(page, { withoutJavaScript: !js })).toEqual([]);
    // Opening the link confirmed nothing.
    const [before] = await server.sql`select reconfirm_state from events where id = ${booking.id}`;
    expect(before.reconfirm_state).toBe("asked");

    await page.getByRole("button", { name: "Yes, I will be there" }).click();
    await expect(page.getByRole("heading", { name: "Confirmed", level: 1 })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Thank you: your meeting is confirmed.");
    const [after] = await server.sql`select reconfirm_state, status from events where id = ${booking.id}`;
    expect(after).toMatchObject({ reconfirm_state: "confirmed", status: "confirmed" });
    await noSidewaysScroll(page);
    expect(await seriousViolations(page, { withoutJavaScript: !js })).toEqual([]);

    // The link again, later: nothing more to do.
    await page.goto(booking.link);
    await expect(page.getByRole("status")).toContainText("This meeting is already confirmed.");
    await page.context().close();
  });
}
