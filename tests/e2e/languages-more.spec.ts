import { expect, test } from "@playwright/test";
import { newBookingHost, noSidewaysScroll, seriousViolations, uniqueEmail } from "./support";

/**
 * The guest's cancel and reschedule pages in the language the guest booked in (docs/decisions/099):
 * a Spanish guest books with ?lang=es on a phone, follows the confirmation's cancel link and
 * cancels in Spanish; a German guest picks a new time without JavaScript. Axe finds nothing serious.
 */

test.describe("the guest's change pages in their language", () => {
  test("a Spanish guest books, opens the cancel link and cancels in Spanish at 375 px", async ({ browser }) => {
    const host = await newBookingHost(browser, "cancelar");
    const guest = await browser.newContext({ timezoneId: "Europe/Madrid", viewport: { width: 375, height: 812 } });
    const page = await guest.newPage();
    await page.goto(`/${host.username}/${host.slug}?lang=es&tz=Europe/Madrid`);
    await page.getByTestId("slot").first().click();
    await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía Guest");
    await page.getByLabel("Correo electrónico", { exact: true }).fill(uniqueEmail("lucia"));
    await page.getByRole("button", { name: "Reservar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Reserva confirmada" })).toBeVisible();

    // The confirmation's link carries no ?lang=: the page speaks the language stored with the booking.
    await page.getByRole("link", { name: "cancelar", exact: true }).click();
    await expect(page).not.toHaveURL(/lang=/);
    await expect(page.getByRole("heading", { level: 1, name: "¿Cancelar esta reunión?" })).toBeVisible();
    await expect(page.locator("section[lang='es']")).toBeVisible();
    await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
    await expect(page.getByText(/\d{2}:\d{2} – \d{2}:\d{2}/)).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Motivo de la cancelación").fill("Me ha surgido un imprevisto");
    await page.getByRole("button", { name: "Cancelar esta reunión" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cancelada" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Tu reunión con Nora York está cancelada.");
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await guest.close();
    await host.context.close();
  });

  test("a German guest picks a new time without JavaScript", async ({ browser }) => {
    const host = await newBookingHost(browser, "verschieben");
    const guest = await browser.newContext({
      javaScriptEnabled: false,
      timezoneId: "Europe/Berlin",
      viewport: { width: 1440, height: 900 },
    });
    const page = await guest.newPage();
    await page.goto(`/${host.username}/${host.slug}?lang=de&tz=Europe/Berlin`);
    await page.getByTestId("slot").first().click();
    await page.getByLabel("Name", { exact: true }).fill("Jonas Gast");
    await page.getByLabel("E-Mail", { exact: true }).fill(uniqueEmail("jonas"));
    await page.getByRole("button", { name: "Termin buchen", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Ihr Termin ist gebucht" })).toBeVisible();

    await page.getByRole("link", { name: "Verschieben", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Neue Zeit wählen" })).toBeVisible();
    await expect(page.getByTestId("calendar-month")).toHaveText(/^[A-Z][a-zä]+ \d{4}$/);
    await expect(page.getByText("Derzeit gebucht:")).toBeVisible();
    const times = page.getByTestId("reschedule-slots").getByRole("button");
    await expect(times.first()).toHaveText(/^\d{2}:\d{2}$/);
    expect(await seriousViolations(page, { withoutJavaScript: true })).toEqual([]);

    // A time opens the confirm step, still in German, with the old and the new time side by side.
    await times.first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Neue Zeit bestätigen" })).toBeVisible();
    await expect(page.getByTestId("reschedule-compare")).toContainText("30 Minuten");
    expect(await seriousViolations(page, { withoutJavaScript: true })).toEqual([]);
    await page.getByRole("button", { name: "Neue Zeit bestätigen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Verschoben" })).toBeVisible();
    await guest.close();
    await host.context.close();
  });
});
