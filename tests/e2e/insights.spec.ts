import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { DEMO, dashboardDrawerLinks, noSidewaysScroll, seriousViolations } from "./support";

/**
 * Insights (decision 079) in Chromium on the demo data: the demo host opens Insights from the
 * drawer at phone and desktop width (axe), filters by a range, sees the figures, the charts (SVG
 * images with their titles) and their tables, and downloads the CSV; a bad range says what to
 * change; and all of it without JavaScript.
 */

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

async function signedIn(browser: Browser, js: boolean, width: number): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: { width, height: 900 },
    timezoneId: "UTC",
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const res = await page.request.post("/signin", {
    form: { email: DEMO.host.email, password: DEMO.host.password, redirectTo: "" },
    headers: { origin: BASE_URL },
  });
  expect(res.ok()).toBe(true);
  return page;
}

async function checkPage(page: Page) {
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  for (const key of ["created", "completed", "cancelled", "rescheduled", "noShows"])
    await expect(page.getByTestId(`figure-${key}`)).toBeVisible();
  // Each chart is an image named by its title, with its table beside it.
  await expect(page.getByRole("img", { name: /Bookings per event type/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Busiest days and hours/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Lead time from booking to meeting/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /Busiest days and hours/ })).toBeAttached();
  await expect(page.getByTestId("heatmap-table").locator("tbody tr")).toHaveCount(7);
  await expect(page.getByRole("table", { name: "Bookings per event type" })).toBeVisible();
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    for (const width of [375, 1440]) {
      test(`the host filters Insights and downloads the CSV at ${width} px`, async ({ browser }) => {
        // Two pages with axe, a download and a refused range: past the 60 s default on a loaded machine.
        test.setTimeout(150_000);
        const page = await signedIn(browser, js, width);
        await page.goto("/dashboard");
        if (width < 1024) await page.locator("#dashboard-menu > summary").click();
        await dashboardDrawerLinks(page).filter({ hasText: "Insights" }).click();
        await expect(page).toHaveURL(/\/dashboard\/insights$/);
        await checkPage(page);
        await noSidewaysScroll(page);
        expect(await seriousViolations(page, { withoutJavaScript: !js })).toEqual([]);

        // A range of the form's own: the heading and the download follow it.
        await page.getByLabel("From", { exact: true }).fill(day(-60));
        await page.getByLabel("To", { exact: true }).fill(day(0));
        await page.getByRole("button", { name: "Apply" }).click();
        await expect(page).toHaveURL(new RegExp(`from=${day(-60)}&to=${day(0)}`));
        await expect(page.getByRole("heading", { name: `${day(-60)} to ${day(0)}` })).toBeVisible();
        await checkPage(page);
        await expect(page.getByTestId("export-csv")).toHaveAttribute(
          "href",
          `/api/bookings/export?from=${day(-60)}&to=${day(0)}`,
        );
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
        expect(download.suggestedFilename()).toBe(`bookings-${day(-60)}-to-${day(0)}.csv`);
        const csv = fs.readFileSync((await download.path()) as string, "utf8");
        expect(csv.replace(/^\ufeff/, "").split("\r\n")[0]).toContain("booking_id,created_at,status,start,end");
        expect(csv).toContain("utm_source,utm_medium,utm_campaign,utm_term,utm_content,ref");

        // A range over two years: the form says what to change, nothing is counted.
        await page.getByLabel("From", { exact: true }).fill("2020-01-01");
        await page.getByRole("button", { name: "Apply" }).click();
        await expect(page.getByTestId("insights-error")).toContainText("at most 731 days");
        await expect(page.getByTestId("figures")).toHaveCount(0);
        expect(await seriousViolations(page, { withoutJavaScript: !js })).toEqual([]);
        await page.context().close();
      });
    }
  });
}
