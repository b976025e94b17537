import { expect, test } from "@playwright/test";
import { newBookingHost, noSidewaysScroll, seriousViolations, uniqueEmail, waitForHydration } from "./support";

/**
 * The guest's language, dark mode, a recurring series and Insights together (decisions 088, 106,
 * 108, 079): a Spanish guest on a phone whose system is dark books a 4-week series in Spanish;
 * the host sees the 4 bookings in Insights and in the CSV export.
 */

const DAY_MS = 86_400_000;

test("a Spanish guest books a 4-week series on a phone in dark mode; the host sees it in Insights and the export", async ({
  browser,
}) => {
  // Two pages with axe, a series of four and Insights: past the 60 s default on a loaded machine.
  test.setTimeout(150_000);
  const host = await newBookingHost(browser, "serie");
  const { page } = host;
  await page.goto(`/dashboard/eventTypes/${host.eventTypeId}`);
  await waitForHydration(page);
  await page.getByLabel(/Let guests book a recurring series/).check();
  await page.getByRole("button", { name: "Save event type" }).click();
  await expect(page).toHaveURL("/dashboard/eventTypes");

  const guest = await browser.newContext({
    colorScheme: "dark",
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    viewport: { width: 375, height: 812 },
  });
  const g = await guest.newPage();
  const day = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
  await g.goto(`/${host.username}/${host.slug}?lang=es&tz=Europe/Madrid&month=${day.slice(0, 7)}&date=${day}`);
  await expect(g.locator('[lang="es"]').first()).toBeAttached();
  // No theme chosen: the system's dark one, by CSS alone.
  const background = await g.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe("rgb(23, 23, 23)");
  await g.getByTestId("slot").first().click();
  await expect(g.getByTestId("booking-form")).toBeVisible();
  await expect(g.getByText("Repetir", { exact: true })).toBeVisible();
  await g.getByLabel("Frecuencia").selectOption({ label: "Cada semana" });
  await g.getByLabel("Número de reuniones (si se repite)").selectOption({ label: "4 reuniones" });
  expect(await seriousViolations(g)).toEqual([]);
  await noSidewaysScroll(g);
  const email = uniqueEmail("serie-guest");
  await g.getByLabel("Nombre", { exact: true }).fill("Lucía Serie");
  await g.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await g.getByTestId("booking-form").getByRole("button", { name: "Reservar" }).click();

  await expect(g.getByRole("heading", { name: "Una serie periódica de 4 reuniones" })).toBeVisible();
  const dates = g.getByTestId("series-date");
  await expect(dates).toHaveCount(4);
  // Intl's Spanish dates, a week apart at the same time.
  const texts = await dates.allInnerTexts();
  for (const text of texts) expect(text).toMatch(/^\d\. \S+, \d{1,2} de \S+ de \d{4}/);
  expect(new Set(texts.map((t) => t.split(", ").at(-1))).size).toBe(1);
  expect(await seriousViolations(g)).toEqual([]);
  await noSidewaysScroll(g);
  await guest.close();

  // The host's Insights count the four bookings made today, and the export lists them.
  await page.goto("/dashboard/insights");
  await expect(page.getByTestId("figure-created")).toContainText("4");
  const href = await page.getByTestId("export-csv").getAttribute("href");
  const csv = await (await page.request.get(href ?? "")).text();
  const rows = csv.split("\r\n").filter((line) => line.includes(email));
  expect(rows).toHaveLength(4);
  await host.context.close();
});
