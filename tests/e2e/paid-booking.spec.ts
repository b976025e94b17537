import { expect, test, type Browser } from "@playwright/test";
import Stripe from "stripe";
import { BASE_URL, E2E_STRIPE, FAKE_STRIPE_PORT } from "../../playwright.config";
import {
  newBookingHost,
  noSidewaysScroll,
  openLaterDay,
  seriousViolations,
  signUpAs,
  STRONG_PASSWORD,
  uniqueEmail,
  routeToFakeStripe,
  waitForHydration,
} from "./support";

/**
 * Paid bookings (docs/decisions/107) in Chromium. Stripe is faked at the network boundary only:
 * Stripe.js is tests/fakes/stripe-js.js (its Payment Element a plain input), the browser and the
 * app talk to the local fake Stripe API, and the test plays Stripe's signed webhook. The host
 * prices the event type in its form; a guest on a phone books, pays in the Payment Element, and
 * the booking is confirmed once the webhook arrives. Without JavaScript the payment step says
 * the card needs it and keeps the hold. A round-robin event type (docs/decisions/120) takes its
 * price in the same form and is paid for the same way on its team's booking page. A group event
 * type (docs/decisions/123) takes its price in the form too, and each guest pays for their seat.
 */

const signer = new Stripe("sk_test_signer_only");
const FAKE = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;

/** Stripe's signed `payment_intent.succeeded` for this intent, as the test plays it. */
async function playWebhook(baseURL: string | undefined, intent: Record<string, unknown>) {
  const body = JSON.stringify({
    id: `evt_e2e_${String(intent.id)}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: intent },
  });
  return fetch(`${baseURL}/stripe/webhook`, {
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
}

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

/**
 * A guest on a phone in Madrid opens `path`, sees `price`, books the first slot of a later day,
 * reaches the payment step (hold notice, axe, no sideways scroll), pays in the fake Payment Element
 * and waits: only Stripe's signed webhook, which the test then plays, confirms the booking. Answers
 * the PaymentIntent the browser paid; `landsOn`, where the page's link leads first (a team's page).
 */
async function guestPaysOnPhone(
  browser: Browser,
  baseURL: string | undefined,
  guest: { path: string; price: string; name: string; landsOn?: RegExp },
): Promise<Record<string, unknown>> {
  const context = await browser.newContext({ timezoneId: "Europe/Madrid", viewport: { width: 375, height: 812 } });
  const g = await context.newPage();
  await routeToFakeStripe(g);
  await g.goto(guest.path);
  if (guest.landsOn) await expect(g).toHaveURL(guest.landsOn);
  await expect(g.getByTestId("event-price")).toHaveText(guest.price);
  await openLaterDay(g);
  await g.getByTestId("slot").first().click();
  await g.getByLabel("Name", { exact: true }).fill(guest.name);
  await g.getByLabel("Email", { exact: true }).fill(uniqueEmail("paying-guest"));
  await g.getByRole("button", { name: "Schedule event" }).click();

  await expect(g).toHaveURL(/\/booking\/[0-9a-f-]+\/pay\?token=/);
  await expect(g.getByRole("heading", { name: `Pay ${guest.price} to confirm` })).toBeVisible();
  await expect(g.getByTestId("hold-notice")).toContainText("We hold this time for you until");
  const pay = g.getByRole("button", { name: `Pay ${guest.price}` });
  await expect(pay).toBeEnabled();
  expect(await seriousViolations(g)).toEqual([]);
  await noSidewaysScroll(g);

  await g.getByTestId("fake-card-number").fill("4242 4242 4242 4242");
  await pay.click();
  // Paid at Stripe, but only the webhook confirms: the page waits.
  await expect(g.getByTestId("payment-processing")).toBeVisible();
  const intent = await confirmedIntent();
  expect(intent.status).toBe("succeeded");
  expect((await playWebhook(baseURL, intent)).status).toBe(200);
  await expect(g.getByRole("heading", { name: "You are scheduled" })).toBeVisible({ timeout: 15_000 });
  await context.close();
  return intent;
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

    await guestPaysOnPhone(browser, baseURL, {
      path: `/${host.username}/${host.slug}`,
      price: "€25.00",
      name: "Paula Payer",
    });
  });

  test("a round-robin event type takes a price in its form; a guest on a phone pays on the team's page", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(BASE_URL).origin;
    const host = await newBookingHost(browser, "paid-rr");
    const auth = { authorization: `Bearer ${host.token}` };
    // The host's team, with a member who joined and hosts all day.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await memberPage.goto("/");
    const memberEmail = uniqueEmail("paid-rr-member");
    await signUpAs(memberPage, { name: "Mia Member", email: memberEmail, password: STRONG_PASSWORD });
    const teamRes = await host.context.request.post("/api/teams", {
      headers: auth,
      data: { name: "Paid sales", slug: `paid${Date.now().toString(36)}` },
    });
    expect(teamRes.status()).toBe(201);
    const team = (await teamRes.json()) as { id: string };
    const invited = await host.context.request.post(`/api/teams/${team.id}/invitations`, {
      headers: auth,
      data: { email: memberEmail },
    });
    expect(invited.status()).toBe(201);
    const invitation = (await invited.json()) as { id: string };
    const accepted = await memberPage.request.post("/dashboard/teams", {
      form: { intent: "accept", id: invitation.id },
      headers: { origin },
    });
    expect(accepted.ok()).toBe(true);
    const members = (await (
      await host.context.request.get(`/api/teams/${team.id}/members`, { headers: auth })
    ).json()) as Array<{ userId: string; email: string }>;
    const memberId = members.find((m) => m.email === memberEmail)!.userId;
    const schedules = (await (await memberPage.request.get("/api/schedules")).json()) as Array<{
      _id: string;
      isDefault: boolean;
    }>;
    const opened = await memberPage.request.put(`/api/schedules/${schedules.find((s) => s.isDefault)!._id}`, {
      headers: { origin, "content-type": "application/json" },
      data: JSON.stringify({
        name: "Working hours",
        timeZone: "UTC",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
        overrides: [],
        isDefault: true,
      }),
    });
    expect(opened.ok()).toBe(true);
    await memberContext.close();
    const created = await host.context.request.post("/api/event-types", {
      headers: auth,
      data: {
        title: "Sales call",
        slug: "sales-call",
        duration: 30,
        minimumNotice: 60,
        bookingWindowDays: 60,
        location: { type: "google-meet" },
        scheduleId: host.scheduleId,
        kind: "round-robin",
        hosts: [memberId],
      },
    });
    expect(created.status()).toBe(201);
    const typeId = ((await created.json()) as { _id: string })._id;

    // The host prices it in the form, which says whose time the payment holds.
    const { page } = host;
    await page.goto(`/dashboard/eventTypes/${typeId}`);
    await waitForHydration(page);
    await expect(page.getByText("The assigned host's time is held while the guest pays")).toBeVisible();
    await page.getByLabel("Currency", { exact: true }).selectOption("usd");
    await page.getByLabel("Price (optional)").fill("30.00");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save event type" }).click();
    await expect(page).toHaveURL("/dashboard/eventTypes");
    await host.context.close();

    // Its link under the host's name leads to the team's page.
    await guestPaysOnPhone(browser, baseURL, {
      path: `/${host.username}/sales-call`,
      landsOn: /\/team\/paid[0-9a-z]+\/sales-call/,
      price: "$30.00",
      name: "Rita Roundrobin",
    });
  });

  test("a group takes a price in its form; a guest on a phone pays for a seat; Stripe's webhook confirms it", async ({
    browser,
    baseURL,
  }) => {
    const host = await newBookingHost(browser, "paid-seat");
    const created = await host.context.request.post("/api/event-types", {
      headers: { authorization: `Bearer ${host.token}` },
      data: {
        title: "Paid workshop",
        slug: "paid-workshop",
        kind: "group",
        seats: 3,
        duration: 60,
        minimumNotice: 60,
        bookingWindowDays: 60,
        location: { type: "google-meet" },
        scheduleId: host.scheduleId,
      },
    });
    expect(created.status()).toBe(201);
    const typeId = ((await created.json()) as { _id: string })._id;
    const { page } = host;
    await page.goto(`/dashboard/eventTypes/${typeId}`);
    await waitForHydration(page);
    await expect(page.getByText("Each guest pays for their seat")).toBeVisible();
    await page.getByLabel("Currency", { exact: true }).selectOption("eur");
    await page.getByLabel("Price (optional)").fill("12.00");
    await page.getByRole("button", { name: "Save event type" }).click();
    await expect(page).toHaveURL("/dashboard/eventTypes");
    await host.context.close();

    const intent = await guestPaysOnPhone(browser, baseURL, {
      path: `/${host.username}/paid-workshop`,
      price: "€12.00",
      name: "Sara Seat",
    });
    // The seat's own PaymentIntent, paid at Stripe; only the webhook confirmed the seat.
    expect((intent.metadata as Record<string, string>).seatId).toBeTruthy();
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
