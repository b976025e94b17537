import { expect, test } from "@playwright/test";
import Stripe from "stripe";
import { E2E_STRIPE, FAKE_STRIPE_PORT } from "../../playwright.config";
import {
  newBookingHost,
  noSidewaysScroll,
  openLaterDay,
  seriousViolations,
  uniqueEmail,
  useFakeStripe,
  waitForHydration,
} from "./support";

/**
 * Paid bookings (docs/decisions/107) in Chromium. Stripe is faked at the network boundary only:
 * Stripe.js is tests/fakes/stripe-js.js (its Payment Element a plain input), the browser and the
 * app talk to the local fake Stripe API, and the test plays Stripe's signed webhook. The host
 * prices the event type in its form; a guest on a phone books, pays in the Payment Element, and
 * the booking is confirmed once the webhook arrives. Without JavaScript the payment step says
 * the card needs it and keeps the hold.
 */

const signer = new Stripe("sk_test_signer_only");
const FAKE = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;

/** The PaymentIntent the browser confirmed last (the fake's request log). */
async function confirmedIntent(): Promise<Record<string, unknown>> {
  const requests = (await (await fetch(`${FAKE}/_test/requests`)).json()) as Array<{ method: string; path: string }>;
  const confirm = requests.filter((r) => r.method === "POST" && /\/confirm$/.test(r.path)).at(-1);
  const id = confirm?.path.split("/")[3] ?? "";
  const res = await fetch(`${FAKE}/v1/payment_intents/${id}`, {
    headers: { authorization: `Bearer ${E2E_STRIPE.STRIPE_SECRET_KEY}` },
  });
  return (await res.json()) as Record<string, unknown>;
}

test.describe("paid bookings", () => {
  test("the host sets a price; a guest on a phone pays in the Payment Element; Stripe's webhook confirms", async ({
    browser,
    baseURL,
  }) => {
    const host = await newBookingHost(browser, "paid");
    const { page } = host;
    await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
    await waitForHydration(page);
    // The price is typed as guests read it, in the currency's units (docs/decisions/116).
    const price = page.getByLabel("Price (optional)");
    await page.getByLabel("Currency", { exact: true }).selectOption("eur");
    await price.fill("25.005");
    await price.blur();
    await expect(page.getByText("EUR prices have at most 2 decimals (e.g. 25.00).")).toBeVisible();
    await expect(price).toHaveAttribute("aria-invalid", "true");
    expect(await seriousViolations(page)).toEqual([]);
    await price.fill("25.00");
    await expect(page.getByText("EUR prices have at most 2 decimals (e.g. 25.00).")).toHaveCount(0);
    await page.getByLabel("Refund when a paid booking is cancelled").selectOption("until");
    await page.getByLabel("Refund deadline (hours before the start)").fill("24");
    await page.getByRole("button", { name: "Save event type" }).click();
    await expect(page).toHaveURL("/dashboard/eventTypes");
    await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
    await expect(page.getByLabel("Price (optional)")).toHaveValue("25.00");
    await host.context.close();

    const guest = await browser.newContext({ timezoneId: "Europe/Madrid", viewport: { width: 375, height: 812 } });
    const g = await guest.newPage();
    await useFakeStripe(g);
    await g.goto(`/${host.username}/${host.slug}`);
    await expect(g.getByTestId("event-price")).toHaveText("€25.00");
    await openLaterDay(g);
    await g.getByTestId("slot").first().click();
    await g.getByLabel("Name", { exact: true }).fill("Paula Payer");
    await g.getByLabel("Email", { exact: true }).fill(uniqueEmail("paid-guest"));
    await g.getByRole("button", { name: "Schedule event" }).click();

    await expect(g).toHaveURL(/\/booking\/[0-9a-f-]+\/pay\?token=/);
    await expect(g.getByRole("heading", { name: "Pay €25.00 to confirm" })).toBeVisible();
    await expect(g.getByTestId("hold-notice")).toContainText("We hold this time for you until");
    const pay = g.getByRole("button", { name: "Pay €25.00" });
    await expect(pay).toBeEnabled();
    expect(await seriousViolations(g)).toEqual([]);
    await noSidewaysScroll(g);

    await g.getByTestId("fake-card-number").fill("4242 4242 4242 4242");
    await pay.click();
    // Paid at Stripe, but only the webhook confirms: the page waits.
    await expect(g.getByTestId("payment-processing")).toBeVisible();
    const intent = await confirmedIntent();
    expect(intent.status).toBe("succeeded");
    const body = JSON.stringify({
      id: "evt_e2e",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent },
    });
    const hook = await fetch(`${baseURL}/stripe/webhook`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({
          payload: body,
          secret: E2E_STRIPE.STRIPE_WEBHOOK_SECRET,
        }),
      },
    });
    expect(hook.status).toBe(200);
    await expect(g.getByRole("heading", { name: "You are scheduled" })).toBeVisible({ timeout: 15_000 });
    await guest.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, timezoneId: "Europe/Berlin" });

    test("the payment step says the card needs JavaScript and keeps the hold", async ({ browser }) => {
      const host = await newBookingHost(browser, "paid-nojs");
      const put = await host.context.request.put(`/api/event-types/${host.eventTypeId}`, {
        headers: { authorization: `Bearer ${host.token}` },
        data: {
          title: "Intro call",
          slug: host.slug,
          duration: 30,
          minimumNotice: 60,
          location: { type: "google-meet" },
          scheduleId: host.scheduleId,
          price: { amount: 4000, currency: "usd" },
        },
      });
      expect(put.status()).toBe(200);
      await host.context.close();

      const guest = await browser.newContext({ javaScriptEnabled: false, timezoneId: "Europe/Berlin" });
      const page = await guest.newPage();
      await page.goto(`/${host.username}/${host.slug}`);
      await openLaterDay(page);
      await page.getByTestId("slot").first().click();
      await page.getByLabel("Name", { exact: true }).fill("Nils NoScript");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("paid-nojs"));
      await page.getByRole("button", { name: "Schedule event" }).click();
      await expect(page).toHaveURL(/\/booking\/[0-9a-f-]+\/pay\?token=/);
      await expect(page.getByRole("heading", { name: "Pay $40.00 to confirm" })).toBeVisible();
      await expect(page.getByTestId("needs-javascript")).toContainText("needs JavaScript");
      await expect(page.getByTestId("hold-notice")).toContainText("We hold this time for you");
      await guest.close();
    });
  });
});
