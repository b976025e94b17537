import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  noSidewaysScroll,
  seriousViolations,
  STRONG_PASSWORD,
  submitSignUp,
  TEXT,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * The dashboard Teams area (decision 057) in Chromium: create a team (the form's errors first),
 * invite with a role, the invitee accepts from their Teams page; at phone width with axe, and
 * the same without JavaScript (axe needs scripts: checked in the first run only).
 */

async function signUp(
  browser: Browser,
  prefix: string,
  name: string,
  js: boolean,
): Promise<{ page: Page; email: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await page.goto("/signup");
  if (js) {
    await submitSignUp(page, { name, email, password: STRONG_PASSWORD });
  } else {
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
  }
  await expect(toast(page)).toContainText(TEXT.signUpSuccess);
  return { page, email, close: () => context.close() };
}

for (const js of [true, false]) {
  test.describe(js ? "Teams area" : "Teams area without JavaScript", () => {
    test.describe.configure({ timeout: 90_000 });

    test("create (errors first), invite as admin, accept; phone width, axe clean", async ({ browser }) => {
      const owner = await signUp(browser, js ? "ntowner" : "ntownernojs", "Tess Owner", js);
      const invitee = await signUp(browser, js ? "ntinvitee" : "ntinviteenojs", "Ivan Invitee", js);
      const name = `Support ${js ? "A" : "B"}`;
      const slug = `nt${Date.now().toString(36)}${js ? "a" : "b"}`;

      await owner.page.goto("/dashboard/teams");
      if (js) await waitForHydration(owner.page);
      await expect(owner.page.getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();
      await noSidewaysScroll(owner.page);
      if (js) expect(await seriousViolations(owner.page)).toEqual([]);

      // A reserved link: the field says so, the typed name stays.
      await owner.page.getByLabel("Team name").fill(name);
      await owner.page.getByLabel("Team link").fill("dashboard");
      await owner.page.getByRole("button", { name: "Create team" }).click();
      await expect(owner.page.getByText("This link is reserved: pick another one.")).toBeVisible();
      await expect(owner.page.getByLabel("Team link")).toHaveAttribute("aria-invalid", "true");
      await expect(owner.page.getByLabel("Team name")).toHaveValue(name);
      if (js) expect(await seriousViolations(owner.page)).toEqual([]);

      await owner.page.getByLabel("Team link").fill(slug);
      await owner.page.getByRole("button", { name: "Create team" }).click();
      await expect(toast(owner.page)).toContainText(`Team ${name} created.`);
      await expect(owner.page.getByRole("heading", { name, level: 1 })).toBeVisible();

      if (js) await waitForHydration(owner.page);
      await owner.page.getByLabel("E-mail address").fill(invitee.email);
      await owner.page.getByLabel("Role", { exact: true }).selectOption("admin");
      await owner.page.getByRole("button", { name: "Send invitation" }).click();
      await expect(toast(owner.page)).toContainText(`Invitation sent to ${invitee.email}.`);
      await expect(owner.page.getByTestId("team-invitation").filter({ hasText: invitee.email })).toContainText("Admin");
      await noSidewaysScroll(owner.page);
      if (js) expect(await seriousViolations(owner.page)).toEqual([]);

      await invitee.page.goto("/dashboard/teams");
      if (js) await waitForHydration(invitee.page);
      await expect(invitee.page.getByTestId("invitation-to-me")).toContainText(`${name} invites you as an admin.`);
      await invitee.page.getByRole("button", { name: `Join ${name}` }).click();
      await expect(toast(invitee.page)).toContainText(`You joined ${name}.`);
      await expect(invitee.page.getByRole("heading", { name, level: 1 })).toBeVisible();
      // An admin sees the invite form and the members with their roles.
      await expect(invitee.page.getByRole("button", { name: "Send invitation" })).toBeVisible();
      await expect(invitee.page.getByTestId("team-member").filter({ hasText: "Tess Owner" })).toContainText("Owner");
      if (js) expect(await seriousViolations(invitee.page)).toEqual([]);

      // The team's public page lists both.
      await invitee.page.goto(`/team/${slug}`);
      await expect(invitee.page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(invitee.page.getByTestId("team-member")).toHaveCount(2);
      await noSidewaysScroll(invitee.page);
      if (js) expect(await seriousViolations(invitee.page)).toEqual([]);
      await owner.close();
      await invitee.close();
    });
  });
}
