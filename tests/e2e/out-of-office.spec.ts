import { expect, test, type Browser, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import {
  noSidewaysScroll,
  seriousViolations,
  signUpAs,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * Out of office (decision 061) in Chromium at phone width: a host on a team adds an absence
 * (the form's error first), their booking page says they are away until the day they are back
 * and links to their teammate's event type with the same slug, and deleting the absence takes
 * the notice away. Once with JavaScript and axe, once without JavaScript.
 */

const ZONE = "America/New_York";
const origin = new URL(BASE_URL).origin;

interface Person {
  page: Page;
  email: string;
  username: string;
  close: () => Promise<void>;
}

/** A signed-up person in a New York phone browser with the username given (sign-up gives them a "30min" event type). */
async function person(browser: Browser, prefix: string, name: string, js: boolean): Promise<Person> {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    timezoneId: ZONE,
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  await page.goto("/");
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name, email, password: STRONG_PASSWORD });
  const username = `${prefix}${Date.now().toString(36)}`;
  const saved = await page.request.post("/dashboard/profile", {
    form: { intent: "username", username },
    headers: { origin },
  });
  expect(saved.ok()).toBe(true);
  return { page, email, username, close: () => context.close() };
}

/** Today's date in New York and the date `days` later ("YYYY-MM-DD"). */
function nyDate(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "Tuesday, December 1": how the booking page writes a date. */
function dayLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    Date.UTC(y, m - 1, d),
  );
}

for (const js of [true, false]) {
  test.describe(js ? "Out of office" : "Out of office without JavaScript", () => {
    test.describe.configure({ timeout: 90_000 });

    test("add an absence with a teammate; the booking page says away and links to them; delete it", async ({
      browser,
    }) => {
      const host = await person(browser, js ? "oohost" : "oohostnojs", "Hana Host", js);
      const mate = await person(browser, js ? "oomate" : "oomatenojs", "Milo Mate", js);

      // One team for both (the Teams pages' own paths, as the browser sends them).
      const team = await host.page.request.post("/api/teams", {
        data: { name: "Front desk", slug: `oot${Date.now().toString(36)}${js ? "a" : "b"}` },
        headers: { origin },
      });
      expect(team.status()).toBe(201);
      const teamId = ((await team.json()) as { id: string }).id;
      const invited = await host.page.request.post(`/api/teams/${teamId}/invitations`, {
        data: { email: mate.email },
        headers: { origin },
      });
      expect(invited.status()).toBe(201);
      const invitationId = ((await invited.json()) as { id: string }).id;
      const accepted = await mate.page.request.post("/dashboard/teams", {
        form: { intent: "accept", id: invitationId },
        headers: { origin },
      });
      expect(accepted.ok()).toBe(true);

      // From the Teams area to Out of office.
      await host.page.goto("/dashboard/teams");
      await host.page.getByRole("link", { name: "Out of office" }).click();
      await expect(host.page.getByRole("heading", { name: "Out of office", level: 1 })).toBeVisible();
      if (js) await waitForHydration(host.page);
      await expect(host.page.getByText("No absences planned")).toBeVisible();
      await noSidewaysScroll(host.page);
      if (js) expect(await seriousViolations(host.page)).toEqual([]);

      // The end before the start: the field says so, the rest stays.
      const back = nyDate(3);
      await host.page.getByLabel("Away from").fill(`${nyDate(0)}T00:00`);
      await host.page.getByLabel("Back on").fill(`${nyDate(-1)}T00:00`);
      await host.page.getByLabel("Reason (optional)").fill("Holidays");
      await host.page.getByLabel("Send guests to (optional)").selectOption({ label: `Milo Mate (${mate.email})` });
      await host.page.getByRole("button", { name: "Add absence" }).click();
      await expect(host.page.getByText("The end must be after the start.")).toBeVisible();
      await expect(host.page.getByLabel("Back on")).toHaveAttribute("aria-invalid", "true");
      await expect(host.page.getByLabel("Reason (optional)")).toHaveValue("Holidays");
      if (js) expect(await seriousViolations(host.page)).toEqual([]);

      await host.page.getByLabel("Back on").fill(`${back}T00:00`);
      await host.page.getByRole("button", { name: "Add absence" }).click();
      await expect(toast(host.page)).toContainText("Absence added: no one can book you during it.");
      const row = host.page.getByTestId("absence");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Away now");
      await expect(row).toContainText("Holidays");
      await expect(row).toContainText("Guests are sent to Milo Mate.");
      await noSidewaysScroll(host.page);
      if (js) expect(await seriousViolations(host.page)).toEqual([]);

      // A guest on the host's booking page.
      const guest = await browser.newContext({
        javaScriptEnabled: js,
        timezoneId: ZONE,
        viewport: { width: 375, height: 812 },
      });
      const visit = await guest.newPage();
      await visit.goto(`/${host.username}/30min`);
      const away = visit.getByTestId("host-away");
      await expect(away).toContainText(`Hana Host is away until ${dayLabel(back)}`);
      await noSidewaysScroll(visit);
      if (js) expect(await seriousViolations(visit)).toEqual([]);
      await away.getByRole("link", { name: "Book with Milo Mate" }).click();
      await expect(visit).toHaveURL(new RegExp(`/${mate.username}/30min$`));
      await expect(visit.getByTestId("booking-host")).toHaveText("Milo Mate");
      // The host's own page says it too, with the teammate's page.
      await visit.goto(`/${host.username}`);
      await expect(visit.getByTestId("host-away")).toContainText(`Hana Host is away until ${dayLabel(back)}`);
      await expect(visit.getByRole("link", { name: "Book with Milo Mate" })).toHaveAttribute(
        "href",
        `/${mate.username}`,
      );

      // Deleted: the booking page no longer says away.
      await host.page.getByRole("button", { name: /^Delete the absence from/ }).click();
      await expect(toast(host.page)).toContainText("Absence deleted.");
      await expect(host.page.getByTestId("absence")).toHaveCount(0);
      await visit.goto(`/${host.username}/30min`);
      await expect(visit.getByTestId("booking-host")).toHaveText("Hana Host");
      await expect(visit.getByTestId("host-away")).toHaveCount(0);

      await guest.close();
      await host.close();
      await mate.close();
    });
  });
}
