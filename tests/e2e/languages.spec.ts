import { expect, test } from "@playwright/test";
import { newBookingHost, seriousViolations, uniqueEmail, waitForHydration } from "./support";

/**
 * A Spanish guest (decision 088): a browser that asks for Spanish (Accept-Language from its
 * locale) books on a phone, with JavaScript and without it; every word of the page, the form and
 * the confirmation is Spanish, dates come from Intl in Spanish and times on a 24-hour clock; axe
 * finds nothing serious.
 */

const spanishDay = /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+$/;

test.describe("a Spanish guest", () => {
  test("books on a phone (375 px) in Spanish, axe clean", async ({ browser }) => {
    const host = await newBookingHost(browser, "idioma");
    const guest = await browser.newContext({
      locale: "es-ES",
      timezoneId: "Europe/Madrid",
      viewport: { width: 375, height: 812 },
    });
    const page = await guest.newPage();
    await page.goto(`/${host.username}/${host.slug}`);
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Todos los tipos de reunión" })).toBeVisible();
    await expect(page.getByTestId("calendar-month")).toHaveText(/^[a-z]+ de \d{4}$/);
    await expect(page.getByRole("heading", { name: spanishDay })).toBeVisible();
    await expect(page.getByTestId("slot").first()).toHaveText(/^\d{2}:\d{2}$/);
    expect(await seriousViolations(page)).toEqual([]);

    // The 12-hour clock, chosen once, is remembered by the next page.
    await page.getByRole("link", { name: "12 h" }).click();
    await expect(page.getByTestId("slot").first()).toHaveText(/[ap]\.\s?m\./);
    await page.goto(`/${host.username}/${host.slug}`);
    await expect(page.getByTestId("slot").first()).toHaveText(/[ap]\.\s?m\./);
    await page.getByRole("link", { name: "24 h" }).click();
    await expect(page.getByTestId("slot").first()).toHaveText(/^\d{2}:\d{2}$/);

    await page.getByTestId("slot").first().click();
    await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía Guest");
    await page.getByLabel("Correo electrónico", { exact: true }).fill(uniqueEmail("lucia"));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Reservar", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Reserva confirmada" })).toBeVisible();
    await expect(page.getByText("¿Necesitas cambiar algo?")).toBeVisible();
    await expect(page.getByTestId("booked-when")).toContainText(/\d{2}:\d{2} – \d{2}:\d{2}/);
    expect(await seriousViolations(page)).toEqual([]);
    await guest.close();
  });

  test("books without JavaScript with ?lang=es", async ({ browser }) => {
    const host = await newBookingHost(browser, "sinjs");
    const guest = await browser.newContext({
      javaScriptEnabled: false,
      timezoneId: "Europe/Madrid",
      viewport: { width: 375, height: 812 },
    });
    const page = await guest.newPage();
    await page.goto(`/${host.username}/${host.slug}?lang=es&tz=Europe/Madrid`);
    await expect(page.getByRole("link", { name: "Todos los tipos de reunión" })).toBeVisible();
    await expect(page.getByRole("heading", { name: spanishDay })).toBeVisible();
    // Every link keeps the language.
    await page.getByTestId("slot").first().click();
    await expect(page).toHaveURL(/lang=es/);
    await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
    // The server answers a blank name in Spanish, the input kept.
    const email = uniqueEmail("sinjs");
    await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
    await page.getByLabel("Nombre", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Reservar", exact: true }).click();
    await expect(page.getByText("Escribe tu nombre.")).toBeVisible();
    await expect(page.getByLabel("Correo electrónico", { exact: true })).toHaveValue(email);
    expect(await seriousViolations(page, { withoutJavaScript: true })).toEqual([]);

    await page.getByLabel("Nombre", { exact: true }).fill("Pablo Guest");
    await page.getByRole("button", { name: "Reservar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Reserva confirmada" })).toBeVisible();
    expect(await seriousViolations(page, { withoutJavaScript: true })).toEqual([]);
    await guest.close();
  });
});
