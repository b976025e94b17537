import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import {
  emailInput,
  newBookingHost,
  noSidewaysScroll,
  passwordInput,
  seriousViolations,
  STRONG_PASSWORD,
  uniqueEmail,
} from "./support";

/**
 * Dashboard > Webhooks (decision 037): a host adds a webhook on the page, a guest books, the
 * signed booking.created reaches a local receiver (checked with the standardwebhooks library)
 * and shows in the delivery log; on a phone, axe clean; and the form without JavaScript.
 */

interface Hit {
  body: string;
  headers: Record<string, string>;
}
const hits: Hit[] = [];
let receiver: http.Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      hits.push({ body, headers: req.headers as Record<string, string> });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe("webhooks on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("add a webhook, book, see the signed delivery in the log", async ({ browser }) => {
    const host = await newBookingHost(browser, "hooks");
    const page = host.page;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/dashboard/webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByText("No webhooks yet")).toBeVisible();
    await noSeriousViolations(page);
    await noSidewaysScroll(page);

    await page.getByLabel("Endpoint URL").fill(`${receiverUrl}/e2e`);
    await expect(page.getByRole("checkbox", { name: /Booking created/ })).toBeChecked();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByTestId("new-secret")).toBeVisible();
    const secret = await page.getByTestId("new-secret-value").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByTestId("webhook-row")).toContainText(`${receiverUrl}/e2e`);
    await noSeriousViolations(page);
    await noSidewaysScroll(page);

    // A guest books (through the JSON API: the booking page has specs of its own).
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = await page.request.get(
      `/api/slots?eventTypeId=${host.eventTypeId}&start=${date}&end=${date}&timeZone=UTC`,
    );
    const start = ((await slots.json()) as { slots: Record<string, string[]> }).slots[date][0];
    const booked = await page.request.post("/api/bookings", {
      data: {
        eventTypeId: host.eventTypeId,
        start,
        name: "Hook Guest",
        email: `hook-${Date.now()}@e2e.test`,
        timeZone: "UTC",
      },
    });
    expect(booked.status()).toBe(201);

    await expect.poll(() => hits.filter((h) => h.body.includes("booking.created")).length, { timeout: 15_000 }).toBe(1);
    const hit = hits.find((h) => h.body.includes("booking.created"))!;
    expect(new Webhook(secret).verify(hit.body, hit.headers)).toMatchObject({ type: "booking.created" });

    await page.getByRole("link", { name: `Deliveries and settings of ${receiverUrl}/e2e` }).click();
    await expect(page.getByRole("heading", { name: "Webhook deliveries" })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("delivery-status").first()).toHaveText("delivered", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const row = page.getByTestId("delivery-row").first();
    await expect(row.getByTestId("delivery-type")).toHaveText("booking.created");
    await expect(row.getByTestId("delivery-code")).toHaveText("200");
    await row.getByText("Request body and attempts").click();
    await expect(row.getByLabel("Request body")).toContainText('"type": "booking.created"');
    await expect(row).toContainText(hit.headers["webhook-id"]);
    await noSeriousViolations(page);
    await noSidewaysScroll(page);

    // The booking's timeline, from Scheduled Events: the change, its consumers, the mails, the webhook.
    const { booking } = (await booked.json()) as { booking: { id: string } };
    await page.goto("/dashboard/scheduledEvents");
    await page
      .getByRole("link", { name: /^Timeline of Intro call/ })
      .first()
      .click();
    await expect(page).toHaveURL(`/dashboard/scheduledEvents/${booking.id}/timeline`);
    await expect(page.getByRole("heading", { name: "Booking timeline", level: 1 })).toBeVisible();
    await expect(page.getByTestId("timeline")).toContainText(`booking.created to ${receiverUrl}/e2e`);
    await expect(page.getByTestId("timeline")).toContainText("Booking created");
    await noSeriousViolations(page);
    await noSidewaysScroll(page);
    await host.context.close();
  });
});

test.describe("webhooks without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form adds a webhook, keeps the input on an error, and the test button sends a test", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("Nojs Hook");
    await emailInput(page).fill(uniqueEmail("nojs-hook"));
    await passwordInput(page).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page).not.toHaveURL(/\/signup/);
    await page.goto("/dashboard/webhooks");

    await page.getByLabel("Endpoint URL").fill("ftp://example.com/x");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Give an https:// URL.")).toBeVisible();
    await expect(page.getByLabel("Endpoint URL")).toHaveValue("ftp://example.com/x");

    await page.getByLabel("Endpoint URL").fill(`${receiverUrl}/nojs`);
    await page.getByRole("checkbox", { name: /Booking rescheduled/ }).uncheck();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByTestId("new-secret-value")).toHaveValue(/^whsec_/);
    const row = page.getByTestId("webhook-row");
    await expect(row).toContainText("Booking created");
    await expect(row).not.toContainText("Booking rescheduled");

    await row.getByRole("button", { name: /Send a test/ }).click();
    await expect(page.getByRole("heading", { name: "Webhook deliveries" })).toBeVisible();
    await expect(page.getByTestId("delivery-type").first()).toHaveText("webhook.test");
    await expect(page.getByTestId("delivery-status").first()).toHaveText("delivered");
    expect(hits.some((h) => h.body.includes("webhook.test"))).toBe(true);
  });
});
