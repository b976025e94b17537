import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  noSidewaysScroll,
  openLaterDay,
  seriousViolations,
  signUpAs,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * A team's own event types (decision 059) in Chromium at phone width: an owner creates a team
 * and invites a member, the member accepts, the owner makes a Round Robin event type on the
 * team's page, a guest books it from /team/{slug}, and the owner reassigns the booking to the
 * other host from Scheduled Events. axe on every page with scripts; the same
 * journey once more without JavaScript (axe needs scripts: checked in the first run only).
 * And an owner prices a Collective event type in its form's Payment section (docs/decisions/120):
 * typed back on its edit page, shown on its booking page.
 */

async function person(browser: Browser, prefix: string, name: string, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name, email, password: STRONG_PASSWORD });
  return { page, email, close: () => context.close() };
}

async function checked(page: Page, js: boolean) {
  await noSidewaysScroll(page);
  if (js) expect(await seriousViolations(page)).toEqual([]);
}

for (const js of [true, false]) {
  test.describe(js ? "Team event types" : "Team event types without JavaScript", () => {
    test.describe.configure({ timeout: 120_000 });

    test("create a team, invite, accept, make a Round Robin type, a guest books it from /team/{slug}, reassign", async ({
      browser,
    }) => {
      const owner = await person(browser, js ? "tetowner" : "tetownernojs", "Olga Owner", js);
      const member = await person(browser, js ? "tetmember" : "tetmembernojs", "Milo Member", js);
      const name = `Helpdesk ${js ? "A" : "B"}`;
      const slug = `tet${Date.now().toString(36)}${js ? "a" : "b"}`;

      // The owner creates the team and invites the member.
      await owner.page.goto("/dashboard/teams");
      if (js) await waitForHydration(owner.page);
      await owner.page.getByLabel("Team name").fill(name);
      await owner.page.getByLabel("Team link").fill(slug);
      await owner.page.getByRole("button", { name: "Create team" }).click();
      await expect(toast(owner.page)).toContainText(`Team ${name} created.`);
      await expect(owner.page.getByRole("heading", { name, level: 1 })).toBeVisible();
      if (js) await waitForHydration(owner.page);
      await owner.page.getByLabel("E-mail address").fill(member.email);
      await owner.page.getByRole("button", { name: "Send invitation" }).click();
      await expect(toast(owner.page)).toContainText(`Invitation sent to ${member.email}.`);

      // The member accepts from their Teams page.
      await member.page.goto("/dashboard/teams");
      if (js) await waitForHydration(member.page);
      await member.page.getByRole("button", { name: `Join ${name}` }).click();
      await expect(toast(member.page)).toContainText(`You joined ${name}.`);
      // A member reads the team's event types but makes none.
      await expect(member.page.getByRole("heading", { name: "Event types", exact: true, level: 2 })).toBeVisible();
      await expect(member.page.getByTestId("new-team-event-type")).toHaveCount(0);

      // The owner makes a Round Robin event type on the team's page.
      await owner.page.reload();
      await expect(owner.page.getByTestId("team-member")).toHaveCount(2);
      await checked(owner.page, js);
      await owner.page.getByTestId("new-team-event-type").click();
      await expect(owner.page.getByRole("heading", { name: "New team event type", level: 1 })).toBeVisible();
      if (js) await waitForHydration(owner.page);
      await checked(owner.page, js);
      await owner.page.getByRole("textbox", { name: "Title", exact: true }).fill("Support call");
      await owner.page.getByLabel("Kind").selectOption("round-robin");
      const hosts = owner.page.getByTestId("team-hosts-picker");
      // New: every member hosts, each with a weight and a priority.
      await expect(hosts.getByRole("checkbox")).toHaveCount(2);
      for (const box of await hosts.getByRole("checkbox").all()) await expect(box).toBeChecked();
      await hosts.getByLabel(/Weight of Milo Member/).fill("60");
      await owner.page.getByRole("button", { name: "Create event type" }).click();
      await expect(toast(owner.page)).toContainText("Event type created");
      const card = owner.page.getByTestId("team-event-type-card").filter({ hasText: "Support call" });
      await expect(card).toContainText("Round Robin");
      await expect(card).toContainText("Milo Member");
      await expect(card.getByRole("link", { name: `/team/${slug}/support-call` })).toBeVisible();
      await checked(owner.page, js);

      // A guest books it from the team's page.
      const guest = await browser.newContext({
        javaScriptEnabled: js,
        viewport: { width: 375, height: 812 },
        timezoneId: "UTC",
      });
      const page = await guest.newPage();
      await page.goto(`/team/${slug}`);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId("team-member")).toHaveCount(2);
      await checked(page, js);
      await page.getByTestId("team-event-type").filter({ hasText: "Support call" }).click();
      await expect(page).toHaveURL(new RegExp(`/team/${slug}/support-call`));
      await expect(page.getByTestId("booking-host")).toHaveText(name);
      if (js) await waitForHydration(page);
      await checked(page, js);
      await openLaterDay(page);
      await page.getByTestId("slot").first().click();
      await expect(page.getByTestId("booking-form")).toBeVisible();
      await page.getByLabel("Name", { exact: true }).fill("Gus Guest");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("tetguest"));
      await checked(page, js);
      await page.getByRole("button", { name: "Schedule event" }).click();
      await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/team/${slug}/support-call/booked/`));
      await checked(page, js);

      await guest.close();

      // The owner reassigns it to the other host from the team's view of Scheduled Events.
      await owner.page.goto("/dashboard/scheduledEvents");
      if (js) await waitForHydration(owner.page);
      await owner.page.getByLabel("Bookings of").selectOption({ label: `Team: ${name}` });
      await owner.page.getByRole("button", { name: "Show", exact: true }).click();
      await expect(owner.page).toHaveURL(/[?&]team=/);
      const row = owner.page.getByRole("row").filter({ hasText: "Support call" });
      await expect(row.getByTestId("event-host")).toHaveText(/^Host: (Olga Owner|Milo Member)$/);
      const first = (await row.getByTestId("event-host").textContent())!.replace("Host: ", "").trim();
      const other = first === "Olga Owner" ? "Milo Member" : "Olga Owner";
      await checked(owner.page, js);
      await row.getByRole("link", { name: /^Reassign Support call/ }).click();
      const dialog = owner.page.getByRole("dialog", { name: "Reassign Support call" });
      await expect(dialog.getByTestId("current-host")).toHaveText(`Hosted by ${first}`);
      await checked(owner.page, js);
      await dialog.getByRole("button", { name: "Reassign", exact: true }).click();
      await expect(toast(owner.page)).toContainText(`Reassigned to ${other}. The guest and both hosts are told.`);
      await expect(row.getByTestId("event-host")).toHaveText(`Host: ${other}`);
      await checked(owner.page, js);

      await owner.close();
      await member.close();
    });
  });
}

test("an owner prices a team's event type in its form at phone width; its booking page shows the price", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await person(browser, "tetpriced", "Petra Owner", true);
  const name = "Paid desk";
  const slug = `tetp${Date.now().toString(36)}`;
  await owner.page.goto("/dashboard/teams");
  await waitForHydration(owner.page);
  await owner.page.getByLabel("Team name").fill(name);
  await owner.page.getByLabel("Team link").fill(slug);
  await owner.page.getByRole("button", { name: "Create team" }).click();
  await expect(toast(owner.page)).toContainText(`Team ${name} created.`);

  await owner.page.getByTestId("new-team-event-type").click();
  await expect(owner.page.getByRole("heading", { name: "New team event type", level: 1 })).toBeVisible();
  await waitForHydration(owner.page);
  await owner.page.getByRole("textbox", { name: "Title", exact: true }).fill("Paid consult");
  await owner.page.getByLabel("Kind").selectOption("collective");
  const payment = owner.page.getByRole("group", { name: "Payment" });
  await expect(payment).toContainText("Every host's time is held while the guest pays");
  // Typed as a person types it (decision 116), with a refund deadline.
  await payment.getByLabel("Price (optional)").fill("25,00");
  await payment.getByLabel("Refund when a paid booking is cancelled").selectOption("until");
  await payment.getByLabel("Refund deadline (hours before the start)").fill("24");
  await payment.getByLabel("Currency").selectOption("eur");
  await checked(owner.page, true);
  await owner.page.getByRole("button", { name: "Create event type" }).click();
  await expect(toast(owner.page)).toContainText("Event type created");

  // Its edit page types the price back; the booking page shows it.
  await owner.page.getByRole("link", { name: "Edit Paid consult" }).click();
  await expect(owner.page.getByRole("heading", { name: "Edit “Paid consult”", level: 1 })).toBeVisible();
  const saved = owner.page.getByRole("group", { name: "Payment" });
  await expect(saved.getByLabel("Price (optional)")).toHaveValue("25.00");
  await expect(saved.getByLabel("Currency")).toHaveValue("eur");
  await expect(saved.getByLabel("Refund deadline (hours before the start)")).toHaveValue("24");
  await checked(owner.page, true);
  await owner.page.goto(`/team/${slug}/paid-consult`);
  await expect(owner.page.getByTestId("event-price")).toContainText("€25.00");
  await checked(owner.page, true);
  await owner.close();
});
