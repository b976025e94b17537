import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  noSidewaysScroll,
  seriousViolations,
  STRONG_PASSWORD,
  submitSignUp,
  TEXT,
  toast,
  openLaterDay,
  uniqueEmail,
  waitForHydration,
  setUsername,
} from "./support";

/**
 * Teams (decisions 020 and 057) in Chromium: an owner creates a named team on the Teams page and
 * invites a member on its settings page, the member signs up and accepts, the owner creates a Collective event type from the /eventtype chooser picking
 * the member, a guest books it and both hosts see the meeting in My Schedule; a Round Robin
 * shares two bookings between owner and member; the Teams pages and the team page at phone width
 * with axe; create, invite, accept and leave without JavaScript.
 */

interface Person {
  name: string;
  email: string;
  context: BrowserContext;
  page: Page;
  username?: string;
  /** The browser runs scripts (false: the no-JavaScript tests). */
  js: boolean;
}

async function signUp(
  browser: Browser,
  prefix: string,
  name: string,
  options: { username?: boolean; javaScriptEnabled?: boolean } = {},
): Promise<Person> {
  const context = await browser.newContext({
    timezoneId: "Europe/Berlin",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await page.goto("/signup");
  if (options.javaScriptEnabled === false) {
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
  } else {
    await submitSignUp(page, { name, email, password: STRONG_PASSWORD });
  }
  await expect(toast(page)).toContainText(TEXT.signUpSuccess);
  let username: string | undefined;
  if (options.username) {
    username = `tm${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    await setUsername(page, username, options.javaScriptEnabled !== false);
  }
  return { name, email, context, page, username, js: options.javaScriptEnabled ?? true };
}

/** The owner's named team (decision 057), created on the Teams page on first use: its settings URL. */
const teamUrls = new Map<Person, string>();
async function teamOf(owner: Person): Promise<string> {
  const known = teamUrls.get(owner);
  if (known) return known;
  await owner.page.goto("/dashboard/teams");
  if (owner.js) await waitForHydration(owner.page);
  await owner.page.getByLabel("Team name").fill(teamName(owner));
  await owner.page.getByLabel("Team link").fill(`t${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`);
  await owner.page.getByRole("button", { name: "Create team" }).click();
  await expect(toast(owner.page)).toContainText(`Team ${teamName(owner)} created.`);
  await expect(owner.page).toHaveURL(/\/dashboard\/teams\/[0-9a-f-]{36}$/);
  const url = new URL(owner.page.url()).pathname;
  teamUrls.set(owner, url);
  return url;
}

const teamName = (owner: Person) => `${owner.name.split(" ")[0]}'s team`;

/** Invites on the team's settings page (the old Team page moved there). */
async function invite(owner: Person, email: string) {
  await owner.page.goto(await teamOf(owner));
  if (owner.js) await waitForHydration(owner.page);
  await owner.page.getByLabel("E-mail address").fill(email);
  await owner.page.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(owner.page)).toContainText(`Invitation sent to ${email}.`);
  await expect(owner.page.getByTestId("team-invitation").filter({ hasText: email })).toContainText("Invited");
}

async function accept(member: Person, team: string) {
  await member.page.goto("/dashboard/teams");
  if (member.js) await waitForHydration(member.page);
  const invitation = member.page.getByTestId("invitation-to-me").filter({ hasText: team });
  await invitation.getByRole("button", { name: `Join ${team}` }).click();
  await expect(toast(member.page)).toContainText(`You joined ${team}.`);
  await member.page.goto("/dashboard/teams");
  await expect(member.page.getByTestId("my-team").filter({ hasText: team })).toContainText("Member");
}

/** Creates a team event type from the /eventtype chooser with the member as host; its booking path. */
async function teamEventType(
  owner: Person,
  card: "Collective" | "Round Robin",
  title: string,
  member: Person,
): Promise<string> {
  await owner.page.goto("/eventtype");
  await waitForHydration(owner.page);
  await owner.page.getByRole("link", { name: `Create a ${card} event` }).click();
  await expect(owner.page).toHaveURL(
    `/dashboard/eventTypes/new?kind=${card === "Collective" ? "collective" : "round-robin"}`,
  );
  await waitForHydration(owner.page);
  await expect(owner.page.getByLabel("Kind")).toHaveValue(card === "Collective" ? "collective" : "round-robin");
  await owner.page.getByLabel("Title").fill(title);
  // Without a member the form says what is missing.
  await owner.page.getByRole("button", { name: "Create event type" }).click();
  await expect(owner.page.getByText("Pick at least one team member to host with you.").last()).toBeVisible();
  await owner.page.getByLabel(`${member.name} (${member.email})`).check();
  await owner.page.getByRole("button", { name: "Create event type" }).click();
  await expect(toast(owner.page)).toContainText("Event type created");
  const created = owner.page.getByTestId("event-type-card").filter({ hasText: title });
  await expect(created.getByTestId("event-type-hosts")).toHaveText("2 hosts");
  const path = await created.getByTestId("event-type-path").textContent();
  return (path ?? "").trim();
}

async function bookFirstSlot(browser: Browser, path: string, guestName: string): Promise<{ host: string }> {
  const context = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  await page.goto(path);
  await waitForHydration(page);
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await page.getByLabel("Name", { exact: true }).fill(guestName);
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("teamguest"));
  await page.getByRole("button", { name: "Schedule event" }).click();
  await expect(page.getByRole("heading", { name: "You are scheduled" })).toBeVisible();
  const host = ((await page.getByTestId("booked-host").textContent()) ?? "").trim();
  await context.close();
  return { host };
}

async function scheduleCards(person: Person, title: string) {
  await person.page.goto("/dashboard");
  return person.page.getByTestId("event-card").filter({ hasText: title });
}

test.describe("Teams", () => {
  // Two sign-ups, an invitation, an event type and bookings: more steps than one page.
  test.describe.configure({ timeout: 120_000 });

  test("invite, accept, a Collective event type with the member; a guest books; both hosts see it", async ({
    browser,
  }) => {
    const owner = await signUp(browser, "owner", "Olive Owner", { username: true });
    const member = await signUp(browser, "member", "Mika Member");
    await invite(owner, member.email);
    await accept(member, "Olive's team");
    await owner.page.goto(await teamOf(owner));
    await expect(owner.page.getByLabel("Role of Mika Member", { exact: true })).toHaveValue("member");

    const path = await teamEventType(owner, "Collective", "Panel interview", member);
    // It belongs to the team and books at the team's URL (decision 059); the maker's old link leads there.
    expect(path).toMatch(/^\/team\/[a-z0-9-]+\/panel-interview$/);
    await owner.page.goto(`/${owner.username}/panel-interview`);
    await expect(owner.page).toHaveURL(path);
    await bookFirstSlot(browser, path, "Gus Guest");
    for (const host of [owner, member]) {
      const card = await scheduleCards(host, "Panel interview");
      await expect(card).toHaveCount(1);
      await expect(card).toContainText("teamguest");
    }
    await owner.context.close();
    await member.context.close();
  });

  test("Round Robin: two bookings go one to each host; the confirmation names the assigned host", async ({
    browser,
  }) => {
    const owner = await signUp(browser, "rrowner", "Rita Owner", { username: true });
    const member = await signUp(browser, "rrmember", "Remy Member");
    await invite(owner, member.email);
    await accept(member, "Rita's team");
    const path = await teamEventType(owner, "Round Robin", "Sales demo", member);
    const first = await bookFirstSlot(browser, path, "First Guest");
    const second = await bookFirstSlot(browser, path, "Second Guest");
    expect([first.host, second.host].sort()).toEqual(["Remy Member", "Rita Owner"]);
    for (const host of [owner, member]) await expect(await scheduleCards(host, "Sales demo")).toHaveCount(1);
    await owner.context.close();
    await member.context.close();
  });

  test("the Teams pages at phone width: no sideways scroll, no serious axe violations, remove asks first", async ({
    browser,
  }) => {
    const owner = await signUp(browser, "phoneowner", "Pia Owner");
    const member = await signUp(browser, "phonemember", "Paul Member");
    await invite(owner, member.email);
    await invite(owner, uniqueEmail("pending-person"));
    await accept(member, "Pia's team");
    const settings = await teamOf(owner);
    await owner.page.goto(settings);
    const slug = ((await owner.page.getByRole("link", { name: /^\/team\// }).textContent()) ?? "").trim();
    for (const person of [owner, member]) {
      await person.page.setViewportSize({ width: 375, height: 812 });
      for (const [path, heading] of [
        ["/dashboard/teams", "Teams"],
        [settings, "Pia's team"],
        [slug, "Pia's team"],
      ]) {
        await person.page.goto(path);
        await expect(person.page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
        await noSidewaysScroll(person.page);
        expect(await seriousViolations(person.page)).toEqual([]);
      }
    }
    await owner.page.goto(settings);
    await owner.page.screenshot({ path: "tests/.tmp/team-settings-phone.png", fullPage: true });
    await owner.page.goto(slug);
    await owner.page.screenshot({ path: "tests/.tmp/team-page-phone.png", fullPage: true });
    await owner.page.setViewportSize({ width: 1440, height: 900 });
    await owner.page.screenshot({ path: "tests/.tmp/team-page-desktop.png", fullPage: true });
    await owner.page.goto(settings);
    await owner.page.screenshot({ path: "tests/.tmp/team-settings-desktop.png", fullPage: true });
    await owner.page.setViewportSize({ width: 375, height: 812 });
    // Remove is a URL modal.
    await waitForHydration(owner.page);
    await owner.page.getByRole("link", { name: "Remove Paul Member" }).click();
    await expect(owner.page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.page.getByRole("button", { name: "Remove from team" }).click();
    await expect(toast(owner.page)).toContainText("Paul Member is no longer on the team.");
    await expect(owner.page.getByTestId("team-member").filter({ hasText: member.email })).toHaveCount(0);
    await owner.context.close();
    await member.context.close();
  });

  test.describe("without JavaScript", () => {
    test("invite, accept and leave are plain forms", async ({ browser }) => {
      const owner = await signUp(browser, "nojsowner", "Nell Owner", { javaScriptEnabled: false });
      const member = await signUp(browser, "nojsmember", "Nico Member", { javaScriptEnabled: false });
      await invite(owner, member.email);
      await accept(member, "Nell's team");
      await member.page.getByRole("link", { name: "Settings of Nell's team" }).click();
      await member.page.getByRole("link", { name: "Leave team" }).click();
      await expect(member.page).toHaveURL(/\?leave=1/);
      await member.page.getByRole("button", { name: "Leave team" }).click();
      await expect(toast(member.page)).toContainText("You left Nell's team.");
      await owner.page.goto(await teamOf(owner));
      await expect(owner.page.getByTestId("team-member")).toHaveCount(1);
      await owner.context.close();
      await member.context.close();
    });

    test("an owner sets a member's attributes on a phone (a URL modal and a plain form, axe); the member sees them and cannot edit", async ({
      browser,
    }) => {
      const owner = await signUp(browser, "attrowner", "Ada Owner", { javaScriptEnabled: false });
      const member = await signUp(browser, "attrmember", "Max Member", { javaScriptEnabled: false });
      await invite(owner, member.email);
      await accept(member, "Ada's team");
      const settings = await teamOf(owner);
      for (const person of [owner, member]) await person.page.setViewportSize({ width: 375, height: 812 });

      await owner.page.goto(settings);
      const row = owner.page.getByTestId("team-member").filter({ hasText: member.email });
      await row.getByRole("link", { name: "Attributes of Max Member" }).click();
      await expect(owner.page).toHaveURL(/\?attributes=[0-9a-f-]{36}$/);
      const dialog = owner.page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: "Attributes of Max Member" })).toBeVisible();
      // The suggested names wait in the empty rows; a bad name is answered in the dialog.
      const names = dialog.getByLabel("Name");
      const values = dialog.getByLabel("Value");
      await expect(names.nth(0)).toHaveValue("region");
      await expect(names.nth(1)).toHaveValue("language");
      await expect(names.nth(2)).toHaveValue("segment");
      await noSidewaysScroll(owner.page);
      expect(await seriousViolations(owner.page, { withoutJavaScript: true })).toEqual([]);
      await values.nth(0).fill("emea");
      await values.nth(1).fill("de");
      await names.nth(3).fill("Tier!");
      await values.nth(3).fill("gold");
      await dialog.getByRole("button", { name: "Save attributes" }).click();
      await expect(owner.page.getByRole("dialog").getByText('"Tier!": a name is a lower-case letter')).toBeVisible();
      await expect(owner.page.getByRole("dialog").getByLabel("Value").nth(0)).toHaveValue("emea");
      await owner.page.getByRole("dialog").getByLabel("Name").nth(3).fill("tier");
      await owner.page.getByRole("dialog").getByRole("button", { name: "Save attributes" }).click();
      await expect(toast(owner.page)).toContainText("Attributes saved");
      await expect(owner.page.getByRole("dialog")).toHaveCount(0);
      const saved = owner.page.getByTestId("team-member").filter({ hasText: member.email });
      await expect(saved.getByTestId("member-attributes")).toContainText("region: emea");
      await expect(saved.getByTestId("member-attributes")).toContainText("language: de");
      await expect(saved.getByTestId("member-attributes")).toContainText("tier: gold");
      await owner.page.screenshot({ path: "tests/.tmp/team-attributes-phone.png", fullPage: true });

      // The member reads them, with no button to change them.
      await member.page.getByRole("link", { name: "Settings of Ada's team" }).click();
      const mine = member.page.getByTestId("team-member").filter({ hasText: member.email });
      await expect(mine.getByTestId("member-attributes")).toContainText("region: emea");
      await expect(member.page.getByRole("link", { name: /^Attributes of/ })).toHaveCount(0);
      await noSidewaysScroll(member.page);
      expect(await seriousViolations(member.page, { withoutJavaScript: true })).toEqual([]);
      await owner.context.close();
      await member.context.close();
    });
  });
});
