import { expect, test, type Browser } from "@playwright/test";
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
 * Team workflows (docs/decisions/109) in Chromium at phone width: an owner makes a team with a
 * Round Robin event type and invites an admin; the admin opens "New workflow for {team}" on the
 * Workflows page, which offers the team's event types only, saves a workflow for it, sees it
 * listed with the team's name and opens it again. axe on the editor.
 */

async function person(browser: Browser, prefix: string, name: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name, email, password: STRONG_PASSWORD });
  return { page, email, close: () => context.close() };
}

test("a team admin builds a workflow for the team's event type", async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await person(browser, "twfowner", "Olga Owner");
  const admin = await person(browser, "twfadmin", "Ada Admin");
  const name = `Support ${Date.now().toString(36)}`;
  const slug = `twf${Date.now().toString(36)}`;

  await owner.page.goto("/dashboard/teams");
  await waitForHydration(owner.page);
  await owner.page.getByLabel("Team name").fill(name);
  await owner.page.getByLabel("Team link").fill(slug);
  await owner.page.getByRole("button", { name: "Create team" }).click();
  await expect(owner.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await waitForHydration(owner.page);
  await owner.page.getByLabel("E-mail address").fill(admin.email);
  await owner.page.getByLabel("Role").selectOption("admin");
  await owner.page.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(owner.page)).toContainText(`Invitation sent to ${admin.email}.`);

  await admin.page.goto("/dashboard/teams");
  await waitForHydration(admin.page);
  await admin.page.getByRole("button", { name: `Join ${name}` }).click();
  await expect(toast(admin.page)).toContainText(`You joined ${name}.`);

  await owner.page.reload();
  await owner.page.getByTestId("new-team-event-type").click();
  await waitForHydration(owner.page);
  await owner.page.getByRole("textbox", { name: "Title", exact: true }).fill("Support call");
  await owner.page.getByLabel("Kind").selectOption("round-robin");
  await owner.page.getByRole("button", { name: "Create event type" }).click();
  await expect(toast(owner.page)).toContainText("Event type created");

  // The admin's Workflows page offers a workflow for the team.
  const page = admin.page;
  await page.goto("/dashboard/workFlow");
  await waitForHydration(page);
  await page.getByRole("link", { name: `New workflow for ${name}` }).click();
  await expect(page.getByRole("heading", { name: `New workflow for ${name}`, level: 1 })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText("it runs for the team's event types whoever hosts the booking")).toBeVisible();
  // The team's event types only: the admin's own are not offered.
  const types = page.getByRole("group", { name: "Event types" });
  await expect(types.getByRole("checkbox")).toHaveCount(2);
  await expect(types.getByLabel("All the team's event types, also new ones")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Tell the host");
  await page.getByLabel("When", { exact: true }).selectOption("booked");
  await types.getByLabel("Support call", { exact: true }).check();
  await page.getByLabel("Send").first().selectOption("email_host");
  await page.getByLabel("Subject (e-mails)").first().fill("New team booking: {event_title}");
  await page.getByLabel("Message").first().fill("{guest_name} booked you, {host_name}.");
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save workflow" }).click();
  await expect(toast(page)).toContainText("Workflow saved.");
  const saved = page.getByRole("listitem").filter({ hasText: "Tell the host" });
  await expect(saved).toContainText(`(Team: ${name})`);
  await expect(saved).toContainText("When booked: E-mail to the booking's host");

  // Opened again, it is the team's, with its event type ticked.
  await saved.getByRole("link", { name: "Edit Tell the host" }).click();
  await expect(page.getByRole("heading", { name: "Edit workflow", level: 1 })).toBeVisible();
  await expect(page.getByText(`A workflow of ${name}`)).toBeVisible();
  await expect(page.getByRole("group", { name: "Event types" }).getByLabel("Support call")).toBeChecked();
  await owner.close();
  await admin.close();
});
