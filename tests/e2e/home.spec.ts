import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  DEMO,
  emailInput,
  passwordInput,
  signInButton,
  submitSignIn,
  toast,
  uniqueEmail,
  waitForHydration,
  seriousViolations,
  signInAs,
  newBookingHost,
} from "./support";

const SECTION_HEADINGS = [
  "We make it easy to get started",
  "Scheduling for any meeting type",
  "The right product for the work you do",
  "Do more of what you do best",
  "Customer Review",
];
const REVIEW_ADDED = "Review added Successfully";

function giveReview(page: Page): Locator {
  return page.getByRole("link", { name: "Give Review" });
}

function reviewDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Give Review" });
}

function reviewCards(page: Page): Locator {
  return page.getByTestId("review-card");
}

function uniqueText(prefix: string): string {
  return `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Fills the open review form and submits it. */
async function submitReview(dialog: Locator, fields: { rating: string; review: string; imageUrl?: string }) {
  if (fields.imageUrl !== undefined) await dialog.getByLabel("Image URL (optional)").fill(fields.imageUrl);
  await dialog.getByLabel("Rating").selectOption(fields.rating);
  await dialog.getByLabel("Review", { exact: true }).fill(fields.review);
  await dialog.getByRole("button", { name: "Submit" }).click();
}

test.describe("home page", () => {
  // The sections rise into place for 1.5 s after the page shows; a click aimed while the target
  // still moves can land where it was a frame before on a busy machine. The motion has its own test.
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("a visitor sees every section, in order, with the reviews last, and no Give Review", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Wants to Scheduled?" })).toBeVisible();
    await expect(
      main.getByText("The fastest and easiest way to schedule any meeting or other collaboration."),
    ).toBeVisible();
    await expect(main.getByText("Trusted by more than 100000 users worldwide")).toBeVisible();
    // Every section heading, in the product's order, the Customer Review section last.
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(SECTION_HEADINGS);

    for (const card of ["Create simple rules", "Share your link", "Get booked"]) {
      await expect(main.getByRole("heading", { level: 3, name: card })).toBeVisible();
    }
    // Four meeting types, all available (one word per concept: One-to-One).
    const types = main.getByRole("region", { name: "Scheduling for any meeting type" }).getByRole("listitem");
    await expect(types).toHaveCount(4);
    for (const [name, badge] of [
      ["One-to-One", "Available"],
      ["Group", "Available"],
      ["Collective", "Available"],
      ["Round Robin", "Available"],
    ]) {
      await expect(types.filter({ has: page.getByRole("heading", { name, exact: true }) })).toContainText(badge);
    }
    // Six solutions, each with a working "Learn more".
    const solutions = main.getByRole("region", { name: "The right product for the work you do" });
    for (const name of ["Sales", "Marketing", "Customer Success", "Revenue Operations", "Recruiting", "IT"]) {
      await expect(solutions.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
      await expect(solutions.getByText(`Learn more about ${name}`, { exact: true })).toBeVisible();
    }
    await expect(solutions.getByText("Reminders that cut no-shows")).toBeHidden();
    await solutions.getByText("Learn more about Sales", { exact: true }).click();
    await expect(solutions.getByText("Reminders that cut no-shows")).toBeVisible();
    // The three "do more" blocks.
    for (const block of ["Workflow management", "On-demand scheduling", "The courteous approach"]) {
      await expect(main.getByText(block, { exact: true })).toBeVisible();
    }
    // The partner strip has one accessible name; the logos themselves are decorative.
    await expect(main.getByRole("img", { name: /^Logos of Lumora, Kestrel/ })).toBeVisible();

    // Reviews from the database, with their stars.
    const maya = reviewCards(page).filter({ hasText: "Maya Chen" });
    // The reviewer's address is masked, never published whole.
    await expect(maya).toContainText("m***@example.org");
    await expect(maya).not.toContainText("maya@example.org");
    await expect(maya.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    const tom = reviewCards(page).filter({ hasText: "Tom Okafor" });
    await expect(tom.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(tom.locator('[data-filled="true"]')).toHaveCount(4);
    await expect(tom.locator('[data-filled="false"]')).toHaveCount(1);
    // No picture: the initials stand in.
    await expect(maya.getByTestId("review-avatar")).toHaveText("MC");

    await expect(giveReview(page)).toHaveCount(0);
    await expect(page.getByText("Give Review")).toHaveCount(0);
  });

  test("a visitor opening the review form's URL signs in first and comes back to the open form", async ({ page }) => {
    await page.goto("/?review=new");
    await expect(page).toHaveURL(`/signin?${new URLSearchParams({ redirectTo: "/?review=new" })}`);
    await submitSignIn(page, DEMO.host.email, DEMO.host.password);
    await expect(page).toHaveURL("/?review=new");
    await expect(reviewDialog(page)).toBeVisible();
  });

  test("the host gives a review: the modal opens prefilled, submits, closes, and the review comes first", async ({
    page,
  }) => {
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/");
    await waitForHydration(page);
    await giveReview(page).click();

    await expect(page).toHaveURL(/\/\?review=new/);
    const dialog = reviewDialog(page);
    await expect(dialog).toBeVisible();
    // The page with the form is a new, hydrated page; it opens the dialog as a modal once hydrated.
    await waitForHydration(page);
    // A real modal: focus moved in, to the first field.
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(":modal"))).toBe(true);
    await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Hugo Host");
    const email = dialog.getByLabel("Email", { exact: true });
    await expect(email).toHaveValue(DEMO.host.email);
    await expect(email).not.toBeEditable();
    await expect(dialog.getByLabel("Image URL (optional)")).toHaveAttribute("type", "url");
    const rating = dialog.getByLabel("Rating");
    await expect(rating).toHaveValue("");
    await expect(rating.locator("option")).toHaveText([
      "Enter your rating",
      "5 - Excellent",
      "4 - Good",
      "3 - Average",
      "2 - Poor",
      "1 - Terrible",
    ]);
    await expect(rating.locator("option").first()).toBeDisabled();

    const text = uniqueText("Scheduling our demos got so much easier.");
    await submitReview(dialog, { rating: "4", review: text });

    await expect(toast(page)).toContainText(REVIEW_ADDED);
    await expect(reviewDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL("/#reviews");
    const first = reviewCards(page).first();
    await expect(first).toContainText(text);
    await expect(first).toContainText("Hugo Host");
    // The reviewer's address is shown masked, never whole.
    await expect(first).toContainText(`h***@${DEMO.host.email.split("@")[1]}`);
    await expect(first).not.toContainText(DEMO.host.email);
    await expect(first.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(first.getByTestId("review-avatar")).toHaveText("HH");
  });

  test("a refused review keeps the modal open with the messages and what was typed", async ({ page }) => {
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/?review=new");
    await waitForHydration(page);
    const dialog = reviewDialog(page);
    const text = uniqueText("Kept while I pick a rating");
    await dialog.getByLabel("Image URL (optional)").fill("javascript:alert(1)");
    await dialog.getByLabel("Review", { exact: true }).fill(text);
    await dialog.getByRole("button", { name: "Submit" }).click();

    await expect(dialog.getByText("Choose a rating from 1 to 5.")).toBeVisible();
    await expect(dialog.getByText("Enter an image URL starting with http:// or https://.")).toBeVisible();
    await expect(dialog.getByLabel("Review", { exact: true })).toHaveValue(text);
    await expect(dialog.getByLabel("Rating")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/\?review=new/);
    await expect(reviewCards(page).filter({ hasText: text })).toHaveCount(0);
  });

  test("the modal closes with Escape, the close control and Cancel, and focus returns to Give Review", async ({
    page,
  }) => {
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/");
    await waitForHydration(page);

    await giveReview(page).click();
    await expect(reviewDialog(page)).toBeVisible();
    // Give Review loads the page with the form, which the server sends with the modal open;
    // Escape is the hydrated modal's (the Close and Cancel links work before it): the page is
    // hydrated, and the modal's effect has reopened the server's open dialog as a modal one, which
    // runs after hydration (a passive effect), so that is waited for too.
    await waitForHydration(page);
    await page.waitForFunction(() => document.querySelector("dialog")?.matches(":modal") === true);
    await page.keyboard.press("Escape");
    await expect(reviewDialog(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/review=new/);
    await expect(giveReview(page)).toBeFocused();

    await giveReview(page).click();
    await reviewDialog(page).getByRole("link", { name: "Close" }).click();
    await expect(reviewDialog(page)).toHaveCount(0);
    await expect(giveReview(page)).toBeFocused();

    await giveReview(page).click();
    await reviewDialog(page).getByRole("link", { name: "Cancel" }).click();
    await expect(reviewDialog(page)).toHaveCount(0);
    await expect(giveReview(page)).toBeFocused();
  });

  test("an admin sees no Give Review, and the form's URL opens no form", async ({ page }) => {
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Customer Review" })).toBeVisible();
    await expect(giveReview(page)).toHaveCount(0);
    await page.goto("/?review=new");
    await expect(page.getByRole("heading", { name: "Customer Review" })).toBeVisible();
    await expect(page.locator("dialog")).toHaveCount(0);
  });

  test("avatars show the picture, or the initials when the picture fails to load", async ({ page, baseURL }) => {
    await signInAs(page, DEMO.pro.email, DEMO.pro.password);

    await page.goto("/?review=new");
    await waitForHydration(page);
    await submitReview(reviewDialog(page), {
      rating: "3",
      review: uniqueText("Broken picture"),
      imageUrl: `${baseURL}/no-such-avatar.png`,
    });
    await expect(toast(page)).toContainText(REVIEW_ADDED);
    const broken = reviewCards(page).first().getByTestId("review-avatar");
    await expect(broken).toHaveText("PP");
    await expect(broken.locator("img")).toHaveCount(0);

    await page.goto("/?review=new");
    await waitForHydration(page);
    await submitReview(reviewDialog(page), {
      rating: "5",
      review: uniqueText("Working picture"),
      imageUrl: `${baseURL}/favicon.svg`,
    });
    await expect(toast(page)).toContainText(REVIEW_ADDED);
    const picture = reviewCards(page).first().getByTestId("review-avatar").locator("img");
    await expect(picture).toHaveAttribute("src", `${baseURL}/favicon.svg`);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test("a visitor's home page downloads no JavaScript file, and its menu and pictures still behave (decision 045)", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    expect(scripts).toEqual([]);
    await expect(page.locator("script[src], link[rel^=modulepreload]")).toHaveCount(0);
    await expect(page.getByRole("main")).toHaveAttribute("data-enhanced", "");

    // The phone menu: aria-expanded follows it, Escape closes it with focus back, so does a tap outside.
    const menu = page
      .getByRole("navigation", { name: "Main" })
      .locator("summary", { has: page.locator("svg") })
      .first();
    await expect(menu).toHaveAccessibleName("Open menu");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    await menu.click();
    await page.mouse.click(360, 700);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    // Links are plain links: the next page loads whole.
    await menu.click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL("/pricing");
    // From a hydrated page, the way back is a client navigation: the page stays hydrated.
    await waitForHydration(page);
    await menu.click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wants to Scheduled?" })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);

    // A reviewer's picture that fails to load gives way to the initials without React too.
    const reviewer = await browser.newContext();
    const pro = await reviewer.newPage();
    await signInAs(pro, DEMO.pro.email, DEMO.pro.password);
    await pro.goto("/?review=new");
    await waitForHydration(pro);
    const text = uniqueText("Broken picture for visitors");
    await submitReview(reviewDialog(pro), {
      rating: "3",
      review: text,
      imageUrl: `${baseURL}/no-such-avatar-${Date.now()}.png`,
    });
    await expect(toast(pro)).toContainText(REVIEW_ADDED);
    await reviewer.close();
    await page.goto("about:blank");
    await page.goto("/#reviews");
    await expect(page.getByRole("main")).toHaveAttribute("data-enhanced", "");
    await waitForHydration(page);
    const avatar = reviewCards(page).filter({ hasText: text }).getByTestId("review-avatar");
    await avatar.scrollIntoViewIfNeeded();
    await expect(avatar.locator("img")).toHaveCount(0);
    await expect(avatar).toHaveText("PP");
  });

  test("a signed-in person's home page goes out without React too: its bell and menus behave, the review form hydrates (decision 047)", async ({
    browser,
  }) => {
    // A new host (nothing unread: announcements from before the account are not news), then two
    // guests book: two unread entries.
    const host = await newBookingHost(browser, "static-home");
    const page = host.page;
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const free = await page.request.get(
      `/api/slots?eventTypeId=${host.eventTypeId}&start=${date}&end=${date}&timeZone=America/New_York`,
    );
    const starts = ((await free.json()) as { slots: Record<string, string[]> }).slots[date] ?? [];
    expect(starts.length).toBeGreaterThan(1);
    for (const [i, name] of ["Gia Guest", "Hal Guest"].entries()) {
      const booked = await page.request.post("/api/bookings", {
        data: {
          eventTypeId: host.eventTypeId,
          start: starts[i],
          name,
          email: uniqueEmail("static-guest"),
          timeZone: "UTC",
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    await expect(page.getByRole("main")).toHaveAttribute("data-enhanced", "");

    // The bell: two unread; opening it shows them read at once and tells the server.
    const bell = page.getByTestId("notification-bell");
    await expect(bell).toHaveAccessibleName("Notifications (2 unread)");
    await expect(page.getByTestId("notification-count")).toHaveText("2");
    const marked = page.waitForResponse(
      (r) => r.url().endsWith("/notifications/read") && r.request().method() === "POST",
    );
    await bell.click();
    await expect(bell).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/^New booking: Intro call with Hal Guest on /)).toBeVisible();
    await expect(page.getByText(/^New booking: Intro call with Gia Guest on /)).toBeVisible();
    // Each entry says when it came; announcements from before the account are listed, not unread.
    await expect(page.getByTestId("notification-list").locator("time").first()).toHaveText(/just now|min ago/);
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(page.getByTestId("notification-count")).toBeHidden();
    await expect(page.getByRole("button", { name: "Mark all as read" })).toBeHidden();
    expect((await marked).status()).toBe(200);
    // The account menu: opening it closes the bell; Escape closes it with focus back.
    const account = page.getByTestId("avatar-menu");
    await account.click();
    await expect(account).toHaveAttribute("aria-expanded", "true");
    await expect(bell).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Escape");
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(account).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    // The server took it: the next page shows nothing unread.
    await page.reload();
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(page.getByTestId("notification-count")).toHaveCount(0);

    // Give Review opens the form on the hydrated page (it checks its fields with React). The link
    // loads a whole page, the first with scripts in this browser: the wait for it is the
    // navigation's, not an expectation's.
    await giveReview(page).click();
    await page.waitForURL((url) => url.searchParams.get("review") === "new");
    await expect(reviewDialog(page)).toBeVisible();
    await waitForHydration(page);
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
    expect(await reviewDialog(page).evaluate((d: HTMLDialogElement) => d.matches(":modal"))).toBe(true);
    expect(scripts.length).toBeGreaterThan(0);
    await host.context.close();
  });

  test("the review carousel scrolls with the buttons and the arrow keys", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/#reviews");
    await waitForHydration(page);
    const carousel = page.getByTestId("review-carousel");
    const scrollLeft = () => carousel.evaluate((el) => el.scrollLeft);
    const previous = page.getByRole("button", { name: "Previous reviews" });
    const next = page.getByRole("button", { name: "Next reviews" });

    expect(await scrollLeft()).toBe(0);
    await expect(previous).toBeDisabled();
    await next.click();
    await expect.poll(scrollLeft).toBeGreaterThan(100);
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect.poll(scrollLeft).toBe(0);

    await carousel.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(scrollLeft).toBeGreaterThan(100);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(scrollLeft).toBe(0);
    await page.keyboard.press("End");
    await expect(next).toBeDisabled();
    await page.keyboard.press("Home");
    await expect.poll(scrollLeft).toBe(0);
  });

  test("the marquee moves at 70 px/s and entry animations last 1500 ms, both off under reduced motion", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const track = page.getByTestId("partner-marquee");
    const heroText = page.getByRole("heading", { level: 1 }).locator("..");
    const motion = await track.evaluate((el) => {
      const style = getComputedStyle(el);
      return { name: style.animationName, seconds: parseFloat(style.animationDuration), setWidth: el.scrollWidth / 2 };
    });
    expect(motion.name).toBe("marquee");
    // One loop moves one logo set; its width over its duration is the speed.
    expect(motion.setWidth / motion.seconds).toBeCloseTo(70, 0);
    expect(await heroText.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("1.5s");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    expect(await heroText.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  });

  test("the home page has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Customer Review" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the open review modal, with error messages, has no serious or critical axe violations", async ({ page }) => {
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    await page.goto("/?review=new");
    await waitForHydration(page);
    await expect(reviewDialog(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await reviewDialog(page).getByRole("button", { name: "Submit" }).click();
    await expect(reviewDialog(page).getByText("Write your review.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false, reducedMotion: "reduce" });

  test("the review flow works: open by link, a refused post keeps the input, a good one lands first", async ({
    page,
  }) => {
    await page.goto("/signin");
    await emailInput(page).fill(DEMO.host.email);
    await passwordInput(page).fill(DEMO.host.password);
    await signInButton(page).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto("/");
    await expect(page.locator("dialog")).toHaveCount(0);
    await giveReview(page).click();
    await expect(page).toHaveURL(/\/\?review=new/);
    const dialog = reviewDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Hugo Host");
    await expect(dialog.getByLabel("Email", { exact: true })).not.toBeEditable();

    // The server refuses a review without rating and text, and keeps what was typed.
    await dialog.getByLabel("Name", { exact: true }).fill("Hugo H.");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByText("Choose a rating from 1 to 5.")).toBeVisible();
    await expect(dialog.getByText("Write your review.")).toBeVisible();
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Hugo H.");

    const text = uniqueText("Works without scripts too.");
    await submitReview(dialog, { rating: "5", review: text });
    await expect(page).toHaveURL("/#reviews");
    await expect(toast(page)).toContainText(REVIEW_ADDED);
    await expect(page.locator("dialog")).toHaveCount(0);
    const first = reviewCards(page).first();
    await expect(first).toContainText(text);
    await expect(first).toContainText("Hugo H.");
    await expect(first.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();

    // The close control is a plain link back.
    await page.goto("/?review=new");
    await reviewDialog(page).getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL("/#reviews");
    await expect(page.locator("dialog")).toHaveCount(0);
  });
});
