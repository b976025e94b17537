import { expect, test } from "@playwright/test";
import { FAKE_SMS_PORT } from "../../playwright.config";
import {
  newBookingHost,
  noSidewaysScroll,
  openLaterDay,
  seriousViolations,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * Texts in workflows (decision 090) in Chromium: a host builds a workflow with an SMS step on a
 * phone (preview, axe), a guest books giving a mobile number and consent, and the fake SMS API
 * (tests/fakes/sms-server.mjs, started by playwright.config.ts) receives the text, in E.164 and
 * ending with the STOP line. A guest who does not tick the consent gets no text.
 */

interface SentText {
  to: string;
  body: string;
}

async function textsTo(number: string): Promise<SentText[]> {
  const res = await fetch(`http://127.0.0.1:${FAKE_SMS_PORT}/_test/messages`);
  return ((await res.json()) as SentText[]).filter((m) => m.to === number);
}

test("a host adds a text step to a workflow on a phone; a guest who agrees gets the text, one who does not gets none", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await newBookingHost(browser, "sms-wf");
  const { page } = host;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/dashboard/workFlow/new");
  await waitForHydration(page);
  // Texts to guests work; a text to the host waits for their mobile number.
  await expect(page.getByTestId("sms-note")).toContainText("Texts to guests are available.");
  await expect(page.locator("#wf-a0-type option", { hasText: "Text to me (needs your phone number)" })).toBeDisabled();
  await page.getByLabel("Name", { exact: true }).fill("Text on booking");
  await page.getByLabel("When", { exact: true }).selectOption("booked");
  await page.getByLabel("Intro call", { exact: true }).check();
  await page.getByLabel("Send").first().selectOption("sms_guest");
  await page.getByLabel("Message").first().fill("Hi {guest_name}, you are booked for {event_title}.");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview with a sample booking" });
  await expect(preview).toContainText("Text to the guest");
  await expect(preview).toContainText("Reply STOP to opt out.");
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByLabel("On", { exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Save workflow" }).click();
  await expect(toast(page)).toContainText("Workflow saved.");
  // Saved on, as the editor showed it.
  const saved = page.getByRole("listitem").filter({ hasText: "Text on booking" });
  await expect(saved).toContainText("When booked: Text to the guest");
  await expect(saved).not.toContainText("(Off)");

  // Two guests in Madrid give a mobile number written the local way; the first does not agree to
  // texts, the second does. The booked trigger is handled in booking order, so once the second's
  // text is there the first's booking was handled too.
  const guest = await browser.newContext({ viewport: { width: 375, height: 812 }, timezoneId: "Europe/Madrid" });
  const booking = await guest.newPage();
  for (const [index, who] of [
    { name: "Nico Quiet", phone: "+34 612 34 56 79", consent: false },
    { name: "Sofia Texter", phone: "+34 612 34 56 78", consent: true },
  ].entries()) {
    await booking.goto(`/${host.username}/${host.slug}`);
    await waitForHydration(booking);
    await openLaterDay(booking);
    await booking.getByTestId("slot").nth(index).click();
    await booking.getByLabel("Name", { exact: true }).fill(who.name);
    await booking.getByLabel("Email", { exact: true }).fill(uniqueEmail(who.name.split(" ")[0].toLowerCase()));
    await booking.getByLabel("Mobile number (optional)").fill(who.phone);
    if (who.consent) {
      await booking.getByRole("checkbox", { name: /Text me about this booking/ }).check();
      expect(await seriousViolations(booking)).toEqual([]);
    }
    await booking.getByRole("button", { name: "Schedule event" }).click();
    await expect(booking.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
  }

  await expect
    .poll(async () => (await textsTo("+34612345678")).map((m) => m.body), { timeout: 30_000 })
    .toEqual([
      expect.stringMatching(/^Hi Sofia Texter, you are booked for Intro call\.[\s\S]*Reply STOP to opt out\.$/),
    ]);
  expect(await textsTo("+34612345679")).toEqual([]);
  await guest.close();
  await host.context.close();
});
