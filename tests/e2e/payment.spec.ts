import { expect, test, type Page } from "@playwright/test";
import {
  seriousViolations,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  routeToFakeStripe,
  waitForHydration,
  signUpAs,
} from "./support";

/**
 * Card payments in Chromium. Stripe is faked at the network boundary only: Stripe.js is served
 * from tests/fakes/stripe-js.js and both the browser and the app server talk to the local fake
 * Stripe API. The app's own verification and records are real.
 */

const LIMIT = "You reached the maximum event creation limit !! Teke a package.";
const PAID = "Congrats!! Your payment completed.";

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function newUser(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name: `Payer ${prefix}`, email, password: STRONG_PASSWORD });
  await page.goto("/");
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
  return email;
}

async function createEvent(page: Page, name: string, days: number) {
  await page.goto("/one-to-one");
  await waitForHydration(page);
  await page.getByLabel("Event name", { exact: true }).fill(name);
  await page.getByLabel("Option", { exact: true }).selectOption("Google Meet");
  await page.getByLabel("Description", { exact: true }).fill("Paid plan check");
  await page.getByLabel("Date", { exact: true }).fill(dayFromNow(days));
  await page.getByLabel("Time", { exact: true }).fill("10:00");
  await page.getByLabel("Invitee e-mail").fill("guest@example.org");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL("/dashboard");
}

async function openStandard(page: Page) {
  await page.goto("/pricing");
  await waitForHydration(page);
  await page.getByRole("article", { name: "Standard", exact: true }).getByRole("link", { name: "Get started" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pay for Standard package." })).toBeVisible();
}

test.describe("paying for a package", () => {
  test("a capped user pays by card, sees the transaction id and can create a fourth event", async ({ page }) => {
    await routeToFakeStripe(page);
    await newUser(page, "pay");
    for (const n of [1, 2, 3]) await createEvent(page, `Before paying ${n}`, n + 1);
    await page.getByTestId("create-event").click();
    await expect(page).toHaveURL("/pricing");
    await expect(toast(page)).toContainText(LIMIT);

    await openStandard(page);
    const pay = page.getByRole("button", { name: "Pay 10 $" });
    await expect(pay).toBeEnabled();
    await page.getByTestId("fake-card-number").fill("4242 4242 4242 4242");
    await pay.click();
    const success = page.getByTestId("payment-success");
    await expect(success).toContainText(PAID);
    await expect(page.getByTestId("transaction-id")).toHaveText(/^pi_[0-9a-f]+$/);

    await success.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page.getByTestId("event-cap")).toHaveCount(0);
    await page.getByTestId("create-event").click();
    await expect(page).toHaveURL("/eventtype");
    await createEvent(page, "After paying", 9);
    await expect(page.getByTestId("event-card")).toHaveCount(4);

    await page.goto("/dashboard/profile");
    await expect(page.getByTestId("profile-role")).toHaveText("Professional");
    await expect(page.getByText("Professional — Standard package: no event limit.")).toBeVisible();
  });

  test("a declined card shows the provider's message in red, records nothing, and a good card then works", async ({
    page,
  }) => {
    await routeToFakeStripe(page);
    await newUser(page, "declined");
    await openStandard(page);
    await page.getByTestId("fake-card-number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay 10 $" }).click();
    const error = page.getByTestId("payment-error");
    await expect(error).toHaveText("Your card was declined.");
    await expect(error).toHaveClass(/text-red-700/);
    await expect(page.getByTestId("payment-success")).toHaveCount(0);

    // Still a free-plan user on the server.
    await page.goto("/dashboard");
    await expect(page.getByTestId("event-cap")).toBeVisible();

    await openStandard(page);
    await page.getByTestId("fake-card-number").fill("4242424242424242");
    await page.getByRole("button", { name: "Pay 10 $" }).click();
    await expect(page.getByTestId("payment-success")).toContainText(PAID);
  });

  test("the pay button waits for Stripe.js and the client secret", async ({ page }) => {
    await routeToFakeStripe(page, { delayMs: 1500 });
    await newUser(page, "slow");
    await openStandard(page);
    const pay = page.getByRole("button", { name: "Pay 10 $" });
    await expect(pay).toBeDisabled();
    await expect(pay).toBeEnabled({ timeout: 10_000 });
  });

  test("the payment page fits a phone and passes axe", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await routeToFakeStripe(page);
    await newUser(page, "phone-pay");
    await openStandard(page);
    await expect(page.getByTestId("fake-card-number")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
