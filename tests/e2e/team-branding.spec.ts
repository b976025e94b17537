import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { seriousViolations, signUpAs, STRONG_PASSWORD, toast, uniqueEmail, waitForHydration } from "./support";

/**
 * A team's logo and colour (decision 112): its owner sets both on the team's settings page, with
 * JavaScript and without, and the team's public page shows them.
 */

async function logo(): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 160, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
    .png()
    .toBuffer();
}

async function ownerWithTeam(page: Page, js: boolean): Promise<{ name: string; slug: string }> {
  await signUpAs(page, { name: "Tess Team", email: uniqueEmail("tbrand"), password: STRONG_PASSWORD });
  const name = `Brand crew ${js ? "A" : "B"}`;
  const slug = `tb${Date.now().toString(36)}${js ? "a" : "b"}`;
  await page.goto("/dashboard/teams");
  if (js) await waitForHydration(page);
  await page.getByLabel("Team name").fill(name);
  await page.getByLabel("Team link").fill(slug);
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  return { name, slug };
}

for (const js of [true, false]) {
  test.describe(`a team's logo and colour ${js ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js });

    test("the owner uploads a logo (a text file is refused) and sets a colour; the team page shows both", async ({
      page,
    }) => {
      const team = await ownerWithTeam(page, js);
      if (js) await waitForHydration(page);
      await page.getByLabel("Choose a logo").setInputFiles({
        name: "notes.png",
        mimeType: "image/png",
        buffer: Buffer.from("not a picture at all"),
      });
      await page.getByRole("button", { name: "Upload logo" }).click();
      await expect(page).toHaveURL(/\/dashboard\/teams\/[0-9a-f-]+\/logo$/);
      await expect(page.locator("#logo-error")).toHaveText("That file is not a JPEG, PNG or WebP image.");

      await page
        .getByLabel("Choose a logo")
        .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logo() });
      await page.getByRole("button", { name: "Upload logo" }).click();
      await expect(page).toHaveURL(/\/dashboard\/teams\/[0-9a-f-]+#team-logo$/);
      await expect(toast(page)).toContainText("Logo saved");
      await expect(page.getByTestId("team-logo")).toBeVisible();

      await page.getByRole("textbox", { name: "Brand colour" }).fill("#0f766e");
      await page.getByRole("button", { name: "Save colour" }).click();
      await expect(toast(page)).toBeVisible();
      if (js) expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/team/${team.slug}`);
      const shown = page.getByRole("img", { name: `${team.name} logo` });
      await expect(shown).toBeVisible();
      expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.locator("section[data-brand]").getAttribute("style")).toContain("--c-accent:15 118 110");
      if (js) expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
