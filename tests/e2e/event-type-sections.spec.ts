import { expect, test, type Page } from "@playwright/test";
import {
  noSidewaysScroll,
  seriousViolations,
  signUpAs,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForHydration,
} from "./support";

/** The event type form's sections (decision 096): anchors, the current one, the ones with errors. */

const NEW = "/dashboard/eventTypes/new";
const SECTIONS = ["Basics", "When", "Where", "Questions", "Limits", "Advanced"];

const nav = (page: Page) => page.getByRole("navigation", { name: "Sections of the form" });
const link = (page: Page, name: string) => nav(page).getByRole("link", { name, exact: true });

test.describe("event type form sections", () => {
  test("on a desktop: a sticky list of anchors, the section in view is current, an error's section is marked", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpAs(page, { name: "Sela Sections", email: uniqueEmail("sections"), password: STRONG_PASSWORD });
    await page.goto(NEW);
    await waitForHydration(page);
    await expect(nav(page).getByRole("link")).toHaveText(SECTIONS);
    await expect(link(page, "Basics")).toHaveAttribute("aria-current", "location");

    await link(page, "Limits").click();
    await expect(page).toHaveURL(/#limits$/);
    await expect(page.getByLabel("Daily limit (optional)")).toBeInViewport();
    await expect(link(page, "Limits")).toHaveAttribute("aria-current", "location");
    await expect(link(page, "Basics")).not.toHaveAttribute("aria-current", /.*/);
    // Sticky: still on screen far down the form.
    await expect(nav(page)).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);

    // One form: a field of Basics and one of Advanced, the second refused; Advanced is marked.
    await page.getByLabel("Title").fill("Sectioned call");
    await page.getByLabel("Redirect after booking (optional)").fill("http://example.com/thanks");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(nav(page).getByRole("link", { name: "Advanced (has errors)" })).toBeVisible();
    await expect(page.getByTestId("section-errors")).toContainText("Check the fields marked in: Advanced.");
    await page.getByLabel("Redirect after booking (optional)").fill("https://example.com/thanks");
    await page.getByLabel("Daily limit (optional)").fill("3");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(page).toHaveURL("/dashboard/eventTypes");
    await expect(page.getByText("Sectioned call").first()).toBeVisible();
    await page.screenshot({ path: "/work/shots/formphoto/e2e-sections-list-1440.png" });
  });

  test("on a phone: a row of anchors that scrolls sideways inside itself, the page never does", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpAs(page, { name: "Pho Sections", email: uniqueEmail("sections-phone"), password: STRONG_PASSWORD });
    await page.goto(NEW);
    await waitForHydration(page);
    await noSidewaysScroll(page);
    await expect(link(page, "Basics")).toBeVisible();
    await link(page, "Where").click();
    await expect(page).toHaveURL(/#where$/);
    await expect(page.getByLabel("Location")).toBeInViewport();
    await link(page, "Advanced").scrollIntoViewIfNeeded();
    await link(page, "Advanced").click();
    await expect(page).toHaveURL(/#advanced$/);
    await expect(page.getByRole("heading", { name: "Advanced", level: 2 })).toBeInViewport();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("event type form sections without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("anchors jump, a refused field's section is named, and every section's fields save together", async ({
    page,
  }) => {
    await page.goto("/signup");
    const email = uniqueEmail("sections-nojs");
    await page.getByLabel("Name", { exact: true }).fill("Nora NoScript");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto(NEW);
    await link(page, "Questions").click();
    await expect(page).toHaveURL(/#questions$/);
    await expect(page.getByRole("heading", { name: "Questions", level: 2 })).toBeInViewport();

    await page.getByLabel("Title").fill("No script sections");
    await page.getByLabel("Buffer before (minutes)").fill("10");
    await page.getByLabel("Weekly limit (optional)").fill("4");
    await page.getByLabel("Redirect after booking (optional)").fill("http://example.com/thanks");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(nav(page).getByRole("link", { name: "Advanced (has errors)" })).toBeVisible();
    await expect(page.getByTestId("section-errors")).toContainText("Advanced");
    // The other sections kept what was typed.
    await expect(page.getByLabel("Weekly limit (optional)")).toHaveValue("4");

    await page.getByLabel("Redirect after booking (optional)").fill("");
    await page.getByRole("button", { name: "Create event type" }).click();
    await expect(page).toHaveURL("/dashboard/eventTypes");
    await page.getByRole("link", { name: "Edit No script sections" }).click();
    await expect(page.getByLabel("Buffer before (minutes)")).toHaveValue("10");
    await expect(page.getByLabel("Weekly limit (optional)")).toHaveValue("4");
  });
});
