import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  emailInput,
  passwordInput,
  signIn,
  signInButton,
  toast,
  waitForHydration,
  seriousViolations,
  routeToFakeStripe,
  signInAs,
} from "./support";

const ADMIN_CANT_PAY = "Admin can't make payment";
const ACCESS_TYPE = "Connect to Google, Office 365, Outlook, and iCloud calendars";

function card(page: Page, name: "Basic" | "Standard" | "Enterprise") {
  return page.getByRole("article", { name, exact: true });
}

function getStarted(page: Page, name: "Basic" | "Standard" | "Enterprise") {
  return card(page, name).getByRole("link", { name: "Get started" });
}

async function paymentPath(page: Page, name: "Basic" | "Standard" | "Enterprise"): Promise<string> {
  const href = await getStarted(page, name).getAttribute("href");
  expect(href).toMatch(/^\/payment\/[0-9a-f-]{36}$/);
  return href!;
}

test.describe("pricing", () => {
  test("shows the three packages from the database, cheapest first, with prices, cut access text and labelled features", async ({
    page,
  }) => {
    const response = await page.goto("/pricing");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Pricing | Scheduler");
    await expect(page.getByRole("heading", { level: 1, name: "Monthly Pricing" })).toBeVisible();

    const cards = page.getByTestId("package-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(["Basic", "Standard", "Enterprise"]);
    await expect(page.getByTestId("package-price")).toHaveText(["Free", "$10/Month", "$20/Month"]);

    const standard = card(page, "Standard");
    // 30 characters and an ellipsis on screen; the whole text in the title and for screen readers.
    await expect(standard.getByText("Connect to Google, Office 365,...", { exact: true })).toBeVisible();
    await expect(standard.getByTitle(ACCESS_TYPE)).toContainText(ACCESS_TYPE);
    await expect(standard.getByText("Recommended")).toBeVisible();
    await expect(card(page, "Basic").getByText("Recommended")).toHaveCount(0);

    const basicFeatures = card(page, "Basic").locator("dl > div");
    await expect(basicFeatures).toHaveText([
      /Active events\s*3/,
      /Calendars\s*1/,
      /Group events\s*Unlimited/,
      /Notifications\s*Only on site/,
      /One-to-one events\s*Unlimited/,
    ]);
    await expect(card(page, "Enterprise").locator("dl > div")).toContainText([
      /Calendars\s*10/,
      /Notifications\s*On site and Email/,
    ]);
  });

  test("three columns on a large screen, one on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/pricing");
    const wide = await Promise.all(
      ["Basic", "Standard", "Enterprise"].map((n) => card(page, n as "Basic").boundingBox()),
    );
    expect(new Set(wide.map((b) => Math.round(b!.x))).size).toBe(3);
    expect(wide[0]!.x).toBeLessThan(wide[1]!.x);
    expect(wide[1]!.x).toBeLessThan(wide[2]!.x);

    await page.setViewportSize({ width: 375, height: 812 });
    const narrow = await Promise.all(
      ["Basic", "Standard", "Enterprise"].map((n) => card(page, n as "Basic").boundingBox()),
    );
    expect(new Set(narrow.map((b) => Math.round(b!.x))).size).toBe(1);
    expect(narrow[0]!.y).toBeLessThan(narrow[1]!.y);
    expect(narrow[1]!.y).toBeLessThan(narrow[2]!.y);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("a visitor's Get started goes through sign-in and comes back to the payment page", async ({ page }) => {
    await page.goto("/pricing");
    await waitForHydration(page);
    const path = await paymentPath(page, "Standard");
    await getStarted(page, "Standard").click();
    await expect(page).toHaveURL(`/signin?${new URLSearchParams({ redirectTo: path })}`);

    await signIn(page, DEMO.host.email, DEMO.host.password);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: "Pay for Standard package." })).toBeVisible();
  });

  test("a user sees the package summary beside the card form", async ({ page }) => {
    await routeToFakeStripe(page);
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/pricing");
    await waitForHydration(page);
    await getStarted(page, "Enterprise").click();

    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle("Pay for Enterprise | Scheduler");
    await expect(page.getByRole("heading", { level: 1, name: "Pay for Enterprise package." })).toBeVisible();
    const summary = page.getByRole("complementary", { name: "Monthly Billing" });
    await expect(summary.getByTestId("total-charge")).toHaveText("20 $");
    await expect(summary.getByTestId("package-type")).toHaveText("Enterprise");
    await expect(summary).toContainText(/Total Charge\s*20 \$/);
    await expect(page.getByLabel("Name on card")).toHaveValue("Hugo Host");
    await expect(page.getByTestId("fake-card-number")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay 20 $" })).toBeEnabled();
    await page.getByRole("link", { name: "← Back to pricing" }).click();
    await expect(page).toHaveURL("/pricing");
  });

  test("the free package's Get started leads to the dashboard (signed in) or sign-up, never to a 0 $ payment", async ({
    page,
  }) => {
    await page.goto("/pricing");
    await waitForHydration(page);
    await getStarted(page, "Basic").click();
    await expect(page).toHaveURL("/signup");
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/pricing");
    await waitForHydration(page);
    await getStarted(page, "Basic").click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: /^Pay for/ })).toHaveCount(0);
  });

  test("an admin's Get started shows the error toast and stays on /pricing", async ({ page }) => {
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/pricing");
    await waitForHydration(page);
    await getStarted(page, "Standard").click();

    await expect(toast(page)).toContainText(ADMIN_CANT_PAY);
    await expect(toast(page)).toHaveAttribute("data-type", "error");
    await expect(page).toHaveURL("/pricing");
    await expect(page.getByRole("heading", { level: 1, name: "Monthly Pricing" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Pay for/ })).toHaveCount(0);
  });

  test("an unknown or malformed payment id is a 404 page", async ({ page }) => {
    await signIn(page, DEMO.host.email, DEMO.host.password);
    for (const path of ["/payment/abc", "/payment/00000000-0000-4000-8000-000000000000"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
    }
  });

  test("/pricing has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByTestId("package-card")).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("/payment/{id} has no serious or critical axe violations", async ({ page }) => {
    await routeToFakeStripe(page);
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/pricing");
    const standard = await paymentPath(page, "Standard");
    // The free plan's card no longer links to a payment page; both paid ones do.
    const enterprise = await paymentPath(page, "Enterprise");
    for (const path of [standard, enterprise]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: /^Pay for/ })).toBeVisible();
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});

test.describe("pricing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server keeps an admin on /pricing with the error toast", async ({ page }) => {
    await page.goto("/signin");
    await emailInput(page).fill(DEMO.admin.email);
    await passwordInput(page).fill(DEMO.admin.password);
    await signInButton(page).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto("/pricing");
    await getStarted(page, "Enterprise").click();
    await expect(page).toHaveURL("/pricing");
    await expect(toast(page)).toContainText(ADMIN_CANT_PAY);
    await expect(page.getByTestId("package-price")).toHaveText(["Free", "$10/Month", "$20/Month"]);
  });

  test("a visitor's Get started leads to sign-in and back to the payment page", async ({ page }) => {
    await page.goto("/pricing");
    const path = await paymentPath(page, "Standard");
    await getStarted(page, "Standard").click();
    await expect(page).toHaveURL(`/signin?${new URLSearchParams({ redirectTo: path })}`);
    await emailInput(page).fill(DEMO.pro.email);
    await passwordInput(page).fill(DEMO.pro.password);
    await signInButton(page).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: "Pay for Standard package." })).toBeVisible();
  });
});
