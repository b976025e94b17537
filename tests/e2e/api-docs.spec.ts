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
    // Every operation is the same component; axe over all of them (over 7,000 elements, most of
    // the time in color-contrast) outgrew two minutes on a loaded 2-core machine. So it checks
    // the page around them and three operations that between them show every part: a path
    // parameter, query parameters, a request body, several answers.
    const checked = ["op-createEvent", "op-createTeamEventType", "op-listTeamBookings"];
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/api/docs#op-createEvent");
    await expect(page.locator("#op-createEvent")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const id of checked) await expect(page.locator(`#${id}`)).toHaveCount(1);
    const others = `article[id^="op-"]${checked.map((id) => `:not(#${id})`).join("")}`;
    expect(await seriousViolations(page, { exclude: others })).toEqual([]);
  });
});
