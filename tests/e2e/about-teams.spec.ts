import { expect, test, type Page } from "@playwright/test";
import { DEMO, waitForHydration, seriousViolations, signInAs } from "./support";

/** Links in the page content that go nowhere ("#" or empty), which the pages must not have. */
async function deadLinks(page: Page): Promise<string[]> {
  return page
    .getByRole("main")
    .locator("a")
    .evaluateAll((links) =>
      links
        .map((a) => a.getAttribute("href") ?? "")
        .filter((href) => href === "" || href === "#" || href.startsWith("#") || href.startsWith("javascript:")),
    );
}

test.describe("about", () => {
  test("tells the story, shows the six-member team with social names, and links to /contact", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("About | Scheduler");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Our story" })).toBeVisible();
    await expect(page.getByText(/shares a single booking link/)).toBeVisible();

    const members = page.getByTestId("team-member");
    await expect(members).toHaveCount(6);
    await expect(members.getByRole("heading", { level: 3 })).toHaveText([
      "Amara Nwosu",
      "Daniel Reyes",
      "Sofia Lindqvist",
      "Arjun Mehta",
      "Hannah Brooks",
      "Kenji Sato",
    ]);
    const amara = members.filter({ hasText: "Amara Nwosu" });
    await expect(amara.getByText("Co-founder & CEO")).toBeVisible();
    // Social names are text with a full accessible name, and never dead links.
    await expect(amara.getByRole("list", { name: "Amara Nwosu elsewhere" }).getByRole("listitem")).toHaveText([
      "Amara Nwosu on LinkedIn",
      "Amara Nwosu on X",
    ]);
    expect(await deadLinks(page)).toEqual([]);

    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL("/contact");
  });

  test("fits a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/about");
    await expect(page.getByTestId("team-member")).toHaveCount(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("/about has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByTestId("team-member")).toHaveCount(6);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("teams", () => {
  test("explains collective and round robin, both available, and invites a visitor to sign up", async ({ page }) => {
    const response = await page.goto("/teams");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Teams | Scheduler");
    await expect(page.getByRole("heading", { level: 1, name: "Scheduling for teams" })).toBeVisible();

    const collective = page.getByRole("article", { name: "Collective" });
    await expect(collective.getByText("All chosen hosts must be free.")).toBeVisible();
    await expect(collective.getByText("Available", { exact: true })).toBeVisible();
    await expect(collective.getByRole("figure")).toContainText("only at 10am and 3pm");

    const roundRobin = page.getByRole("article", { name: "Round Robin" });
    await expect(roundRobin.getByText("Any one free host takes the meeting.")).toBeVisible();
    await expect(roundRobin.getByText(/assigned fairly/)).toBeVisible();
    await expect(roundRobin.getByText("Available", { exact: true })).toBeVisible();

    expect(await deadLinks(page)).toEqual([]);
    const ctas = page.getByRole("main").getByRole("link", { name: "Create your free account" });
    await expect(ctas).toHaveCount(2);
    await waitForHydration(page);
    await ctas.first().click();
    await expect(page).toHaveURL("/signup");
  });

  test("a signed-in person is sent to the dashboard instead", async ({ page }) => {
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/teams");
    await expect(page.getByRole("main").getByRole("link", { name: "Create your free account" })).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "Go to your dashboard" }).first().click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("fits a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/teams");
    await expect(page.getByRole("article", { name: "Round Robin" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("/teams has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/teams");
    await expect(page.getByRole("heading", { level: 1, name: "Scheduling for teams" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("about and teams without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("both pages are complete in the server's HTML", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByTestId("team-member")).toHaveCount(6);
    await expect(page.getByRole("main").getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
    await page.goto("/teams");
    await expect(page.getByRole("article", { name: "Collective" })).toContainText("Available");
    await expect(
      page.getByRole("main").getByRole("link", { name: "Create your free account" }).first(),
    ).toHaveAttribute("href", "/signup");
  });
});
