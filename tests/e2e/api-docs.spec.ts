import { expect, test } from "@playwright/test";
import { DEMO, seriousViolations } from "./support";

test.describe("API reference", () => {
  test("a developer finds POST /api/token on /api/docs, gets a token and lists their events with it", async ({
    page,
    request,
  }) => {
    await page.goto("/api/docs");
    await expect(page).toHaveTitle("API reference | Scheduler");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

    await page
      .getByRole("navigation", { name: "API sections" })
      .getByRole("link", { name: /GET\s*\/event$/ })
      .click();
    await expect(page).toHaveURL(/#op-listEvents$/);
    const listEvents = page.locator("#op-listEvents");
    await expect(listEvents).toBeInViewport();
    await expect(listEvents).toContainText("The caller's events");
    await expect(listEvents.getByRole("list", { name: "Answer 200 of GET /event" })).toContainText("eventName");

    const createEvent = page.locator("#op-createEvent");
    await expect(createEvent.getByRole("list", { name: "Body of POST /events" })).toContainText("targetedEmail");
    await expect(createEvent).toContainText("413");

    // The machine-readable document the page is made from.
    const doc = await (await request.get("/api/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/event");

    // What the reference says works: a token, then the events with it.
    const tokenRes = await request.post("/api/token", {
      data: { email: DEMO.host.email, password: DEMO.host.password },
    });
    expect(tokenRes.status()).toBe(200);
    const { token } = await tokenRes.json();
    const events = await request.get(`/event?host=${encodeURIComponent(DEMO.host.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(events.status()).toBe(200);
    expect(events.headers()["x-ratelimit-limit"]).toMatch(/^\d+$/);
    expect(Array.isArray(await events.json())).toBe(true);
  });

  test("reads well on a phone, and passes axe", async ({ page }) => {
    // axe over the whole reference (about 7,300 elements, every operation's bodies and answers)
    // takes about 40 s on a slow 2-core machine, most of it in color-contrast.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/api/docs#op-createEvent");
    await expect(page.locator("#op-createEvent")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
