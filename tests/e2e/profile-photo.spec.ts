import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { seriousViolations, signUpAs, STRONG_PASSWORD, uniqueEmail, waitForHydration, setUsername } from "./support";

/**
 * The profile photo (decision 095): chosen with the file picker, shown on the host's booking page;
 * a host's own logo (decision 117) beside it, shown in the photo's place.
 */

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
}

async function hostWithUsername(page: import("@playwright/test").Page, name: string): Promise<string> {
  await signUpAs(page, { name, email: uniqueEmail("photo"), password: STRONG_PASSWORD });
  const username = `ph${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await setUsername(page, username);
  return username;
}

test.describe("profile photo", () => {
  test("uploaded on the profile, it shows on the public and booking pages; a text file is refused", async ({
    page,
  }) => {
    const username = await hostWithUsername(page, "Fiona Photo");
    await page.goto("/dashboard/profile#photo");
    await waitForHydration(page);
    await page.getByLabel("Choose a photo").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("these are my notes, not a picture"),
    });
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile\/photo$/);
    await expect(page.locator("#photo-error")).toHaveText("That file is not a JPEG, PNG or WebP image.");

    await page.getByLabel("Choose a photo").setInputFiles({
      name: "me.jpg",
      mimeType: "image/jpeg",
      buffer: await photo(),
    });
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile#photo$/);
    await expect(page.getByTestId("profile-photo")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/${username}`);
    const onHome = page.getByRole("img", { name: "Fiona Photo" });
    await expect(onHome).toBeVisible();
    expect(await onHome.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page
      .getByRole("link", { name: /30 Minute Meeting/ })
      .first()
      .click();
    await expect(page.getByTestId("booking-host")).toHaveText("Fiona Photo");
    const onBooking = page.getByTestId("host-photo");
    await expect(onBooking).toHaveAttribute("alt", "Fiona Photo");
    await expect
      .poll(() => onBooking.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await page.screenshot({ path: "/work/shots/formphoto/e2e-booking-photo.png" });

    await page.goto("/dashboard/profile#photo");
    await page.getByRole("button", { name: "Remove photo" }).click();
    await expect(page.getByTestId("profile-photo")).toHaveCount(0);
    await page.goto(`/${username}`);
    await expect(page.getByRole("img", { name: "Fiona Photo" })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the plain form uploads the photo", async ({ page }) => {
      await page.goto("/signup");
      await page.getByLabel("Name", { exact: true }).fill("Nico Photo");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("photo-nojs"));
      await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(page.getByTestId("avatar-menu")).toBeVisible();
      await page.goto("/dashboard/profile");
      await page
        .getByLabel("Choose a photo")
        .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await photo() });
      await page.getByRole("button", { name: "Upload photo" }).click();
      await expect(page.getByTestId("profile-photo")).toBeVisible();
    });
  });

  test("a logo of one's own at phone width: uploaded on the profile, it takes the photo's place on the booking page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const username = await hostWithUsername(page, "Lars Logo");
    await page.goto("/dashboard/profile#logo");
    await waitForHydration(page);
    const wide = await sharp({ create: { width: 600, height: 200, channels: 4, background: "#b41e1e" } })
      .png()
      .toBuffer();
    await page.getByLabel("Choose a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: wide });
    await page.getByRole("button", { name: "Upload logo" }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile#logo$/);
    await expect(page.getByTestId("host-logo")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/${username}`);
    const onHome = page.getByRole("img", { name: "Lars Logo logo" });
    await expect(onHome).toBeVisible();
    await page
      .getByRole("link", { name: /30 Minute Meeting/ })
      .first()
      .click();
    const onBooking = page.getByTestId("team-logo");
    await expect(onBooking).toHaveAttribute("alt", "Lars Logo logo");
    await expect
      .poll(() => onBooking.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/dashboard/profile#logo");
    await page.getByRole("button", { name: "Remove logo" }).click();
    await expect(page.getByTestId("host-logo")).toHaveCount(0);
    await page.goto(`/${username}`);
    await expect(page.getByRole("img", { name: "Lars Logo logo" })).toHaveCount(0);
  });
});
