import { expect, test } from "@playwright/test";
import { newBookingHost, openLaterDay, seriousViolations, uniqueEmail, waitForHydration } from "./support";

/**
 * Routing forms (decision 074) in Chromium: a lead fills a host's form on a phone (375 px, axe),
 * lands on the booking page with the answers filled in, and books; without JavaScript the form
 * still routes.
 */

async function makeForm(host: Awaited<ReturnType<typeof newBookingHost>>): Promise<string> {
  const res = await host.context.request.post("/api/routing-forms", {
    headers: { authorization: `Bearer ${host.token}` },
    data: {
      name: "Find your meeting",
      fields: [
        { id: "name", label: "Your name", type: "short_text", required: true },
        { id: "email", label: "E-mail", type: "short_text", required: true },
        { id: "size", label: "Team size", type: "number", required: true },
      ],
      routes: [
        {
          conditions: { all: [{ field: "size", op: "gte", value: 10 }] },
          action: { type: "event-type", eventTypeId: host.eventTypeId },
        },
      ],
      fallback: { type: "message", message: "Small teams start with our guide: we will e-mail it to you." },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("a lead on a phone is routed to the booking page with the answers filled in, and books", async ({ browser }) => {
  const host = await newBookingHost(browser, "rf-e2e");
  const formId = await makeForm(host);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, timezoneId: "America/New_York" });
  const page = await context.newPage();
  await page.goto(`/forms/${formId}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Find your meeting" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const email = uniqueEmail("lead");
  await page.getByLabel("Your name").fill("Lena Lead");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Team size").fill("25");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/${host.username}/${host.slug}\\?`));
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await expect(page.getByLabel("Name", { exact: false }).first()).toHaveValue("Lena Lead");
  await expect(page.getByLabel("Email", { exact: false }).first()).toHaveValue(email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Schedule event" }).click();
  await expect(page).toHaveURL(/\/booked\//);
  await context.close();
  // The host sees the response as booked.
  const list = await host.context.request.get(`/api/routing-forms/${formId}/responses`, {
    headers: { authorization: `Bearer ${host.token}` },
  });
  const rows = (await list.json()) as Array<{ booking: unknown }>;
  expect(rows[0].booking).not.toBeNull();
  await host.context.close();
});

test("without JavaScript the form routes: a message, or the booking page", async ({ browser }) => {
  const host = await newBookingHost(browser, "rf-nojs");
  const formId = await makeForm(host);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`/forms/${formId}`);
  await page.getByLabel("Your name").fill("Noah");
  await page.getByLabel("E-mail").fill("noah@example.test");
  await page.getByLabel("Team size").fill("3");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("routing-message")).toHaveText(
    "Small teams start with our guide: we will e-mail it to you.",
  );
  await page.goto(`/forms/${formId}`);
  await page.getByLabel("Your name").fill("Noah");
  await page.getByLabel("E-mail").fill("noah@example.test");
  await page.getByLabel("Team size").fill("30");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/${host.username}/${host.slug}\\?.*name=Noah`));
  await context.close();
  await host.context.close();
});
