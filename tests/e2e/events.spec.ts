import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  newBookingHost,
  seriousViolations,
  STRONG_PASSWORD,
  noSidewaysScroll,
  toast,
  uniqueEmail,
  waitForHydration,
  signInAs,
  signUpAs,
} from "./support";

const TEXT = {
  created: "Event created Successfully",
  updated: "Event updated Successfully",
  deleted: "Event deleted !!",
  limit: "You reached the maximum event creation limit !! Teke a package.",
  overlap: "You already have an event at that time.",
};

/** yyyy-mm-dd, `days` from today (UTC, the browser's and the new host's zone here). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function newHost(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name: `Host ${prefix}`, email, password: STRONG_PASSWORD });
  await page.goto("/");
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
  return email;
}

interface EventInput {
  name: string;
  option?: "In Person Meeting" | "Phone Call" | "Google Meet";
  description?: string;
  date?: string;
  time?: string;
  duration?: string;
}

async function fillDetails(page: Page, e: EventInput) {
  await page.getByLabel("Event name", { exact: true }).fill(e.name);
  await page.getByLabel("Option", { exact: true }).selectOption(e.option ?? "Google Meet");
  await page.getByLabel("Description", { exact: true }).fill(e.description ?? `About ${e.name}`);
  await page.getByLabel("Date", { exact: true }).fill(e.date ?? dayFromNow(7));
  await page.getByLabel("Time", { exact: true }).fill(e.time ?? "10:00");
  if (e.duration) await page.getByLabel("Duration", { exact: true }).selectOption(e.duration);
}

async function createOneToOne(page: Page, e: EventInput & { invitee?: string }) {
  await page.goto("/one-to-one");
  await waitForHydration(page);
  await fillDetails(page, e);
  await page.getByLabel("Invitee e-mail").fill(e.invitee ?? "guest@example.org");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(toast(page)).toContainText(TEXT.created);
  await expect(page).toHaveURL("/dashboard");
}

function card(page: Page, name: string) {
  return page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test.describe("host events", () => {
  test("a new host creates a one-to-one event from 'Create New Event' and sees it listed", async ({ page }) => {
    const email = await newHost(page, "one");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "My Schedule Calender" })).toBeVisible();
    await expect(page.getByTestId("host-email")).toHaveText(email);
    await expect(page.getByTestId("event-card")).toHaveCount(0);

    await page.getByTestId("create-event").click();
    await expect(page).toHaveURL("/eventtype");
    await expect(page.getByRole("heading", { name: "New Event Type" })).toBeVisible();
    await expect(page.getByText("coming soon", { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Create" }).first().click();
    await expect(page).toHaveURL("/one-to-one");
    await expect(page.getByRole("heading", { name: "Add One to One Event" })).toBeVisible();

    // Empty: the product's messages, nothing sent.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByText("Event type is required.")).toBeVisible();
    await expect(page.getByText("Description is required.")).toBeVisible();
    await expect(page).toHaveURL("/one-to-one");

    await fillDetails(page, {
      name: "Coffee with Sam",
      option: "Phone Call",
      date: dayFromNow(3),
      time: "14:30",
      duration: "45",
    });
    await page.getByLabel("Invitee e-mail").fill("sam@example.org");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(toast(page)).toContainText(TEXT.created);
    await expect(page).toHaveURL("/dashboard");
    const c = card(page, "Coffee with Sam");
    await expect(c).toContainText("2:30 PM – 3:15 PM");
    await expect(c).toContainText("Phone Call");
    await expect(c).toContainText("sam@example.org");
    await expect(page.getByTestId("event-cap")).toContainText("1 of 3 upcoming events");
  });

  test("a past date is refused in the browser and by the server", async ({ page }) => {
    await newHost(page, "past");
    await page.goto("/one-to-one");
    await waitForHydration(page);
    await fillDetails(page, { name: "Yesterday", date: dayFromNow(-1) });
    await page.getByLabel("Invitee e-mail").fill("x@example.org");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByText("Choose a date and time in the future.")).toBeVisible();
    await expect(page.getByLabel("Event name", { exact: true })).toHaveValue("Yesterday");
  });

  test("a group event with four invitees", async ({ page }) => {
    await newHost(page, "group");
    await page.goto("/eventtype");
    await page.getByRole("link", { name: "Create" }).nth(1).click();
    await expect(page.getByRole("heading", { name: "Add Group Event" })).toBeVisible();
    await waitForHydration(page);
    await fillDetails(page, { name: "Planning", option: "In Person Meeting" });
    const invitees = ["ana@example.org", "ben@example.org", "cy@example.org", "di@example.org"];
    for (const [i, address] of invitees.entries()) await page.getByLabel(`Invitee ${i + 1} e-mail`).fill(address);
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(toast(page)).toContainText(TEXT.created);
    const c = card(page, "Planning");
    await expect(c).toContainText("Group");
    await expect(c).toContainText(`With: ${invitees.join(", ")}`);
  });

  test("updating and deleting an event through its modals", async ({ page }) => {
    await newHost(page, "change");
    await createOneToOne(page, { name: "Draft review", time: "09:00" });

    await card(page, "Draft review").getByRole("link", { name: "Update" }).click();
    const update = page.getByRole("dialog", { name: "Update Draft review" });
    await expect(update).toBeVisible();
    await expect(update.getByLabel("Event name", { exact: true })).toHaveValue("Draft review");
    await update.getByLabel("Event name", { exact: true }).fill("Final review");
    await update.getByLabel("Time", { exact: true }).fill("11:15");
    await update.getByRole("button", { name: "Update" }).click();
    await expect(toast(page)).toContainText(TEXT.updated);
    await expect(update).toBeHidden();
    await expect(card(page, "Final review")).toContainText("11:15 AM");
    await expect(card(page, "Draft review")).toHaveCount(0);

    await card(page, "Final review").getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: 'Delete "Final review"?' });
    await expect(confirm).toContainText("guest@example.org is told by e-mail");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText(TEXT.deleted);
    await expect(page.getByTestId("event-card")).toHaveCount(0);
  });

  test("a time the host already has an event at is refused under Time, with what was typed kept", async ({ page }) => {
    await newHost(page, "overlap");
    await createOneToOne(page, { name: "Booked", time: "10:00", duration: "60" });
    await page.goto("/one-to-one");
    await waitForHydration(page);
    await fillDetails(page, { name: "Double", time: "10:30" });
    await page.getByLabel("Invitee e-mail").fill("second@example.org");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(toast(page)).toContainText(TEXT.overlap);
    await expect(page.getByLabel("Time", { exact: true })).toHaveAccessibleDescription(
      /You already have an event at that time\./,
    );
    await expect(page).toHaveURL("/one-to-one");
    await expect(page.getByLabel("Event name", { exact: true })).toHaveValue("Double");
    await expect(page.getByLabel("Invitee e-mail")).toHaveValue("second@example.org");
    // Right after the first one ends is free.
    await page.getByLabel("Time", { exact: true }).fill("11:00");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(toast(page)).toContainText(TEXT.created);
    await expect(page.getByTestId("event-card")).toHaveCount(2);
  });

  test("Join Meeting opens the event's own room with camera and mic on and the host's name", async ({ page }) => {
    await newHost(page, "join");
    await createOneToOne(page, { name: "Standup A" });
    await createOneToOne(page, { name: "Standup B", date: dayFromNow(8) });
    const hrefs: string[] = [];
    for (const name of ["Standup A", "Standup B"]) {
      await page.goto("/dashboard");
      await card(page, name).getByRole("link", { name: "Join Meeting" }).click();
      const dialog = page.getByRole("dialog", { name: `Join ${name}` });
      const joinNow = dialog.getByRole("link", { name: "Join Now" });
      await expect(joinNow).toHaveAttribute("target", "_blank");
      const href = (await joinNow.getAttribute("href")) ?? "";
      const url = new URL(href);
      expect(url.origin).toBe("https://meet.jit.si");
      expect(url.pathname).toMatch(/^\/Scheduler-[0-9a-f]{32}$/);
      expect(url.hash).toContain("config.startWithVideoMuted=false");
      expect(url.hash).toContain("config.startWithAudioMuted=false");
      expect(decodeURIComponent(url.hash)).toContain('userInfo.displayName="Host join"');
      hrefs.push(url.pathname);
      await dialog.getByTestId("modal-close").click();
      await expect(dialog).toBeHidden();
    }
    expect(hrefs[0]).not.toBe(hrefs[1]);
  });

  test("the free cap: three events, then 'Create New Event' leads to /pricing with the product's toast and a direct fourth POST is refused", async ({
    page,
  }) => {
    await newHost(page, "cap");
    for (const n of [1, 2, 3]) await createOneToOne(page, { name: `Capped ${n}`, date: dayFromNow(n + 1) });
    await expect(page.getByTestId("event-cap")).toContainText("3 of 3 upcoming events");

    await page.getByTestId("create-event").click();
    await expect(page).toHaveURL("/pricing");
    await expect(toast(page)).toContainText(TEXT.limit);
    await expect(toast(page)).toHaveAttribute("data-type", "error");

    // The same browser session posting the form directly is refused as well.
    const form = {
      eventName: "Sneaky fourth",
      eventType: "Google Meet",
      description: "x",
      date: dayFromNow(9),
      time: "10:00",
      duration: "30",
      targetedEmail: "x@example.org",
    };
    const origin = new URL(page.url()).origin;
    const res = await page.request.post("/one-to-one", { form, headers: { origin }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/pricing");
    const scripted = await page.request.post("/one-to-one.data", { form, headers: { origin }, maxRedirects: 0 });
    expect(scripted.status()).toBe(403);
    await page.goto("/dashboard");
    await expect(page.getByTestId("event-card")).toHaveCount(3);
    await expect(card(page, "Sneaky fourth")).toHaveCount(0);
  });

  test("a professional has no cap", async ({ page }) => {
    await signInAs(page, DEMO.pro.email, DEMO.pro.password);
    await page.goto("/dashboard");
    await expect(page.getByTestId("event-cap")).toHaveCount(0);
    for (const n of [1, 2, 3, 4])
      await createOneToOne(page, { name: `Pro session ${n} ${Date.now()}`, date: dayFromNow(20 + n) });
    await page.getByTestId("create-event").click();
    await expect(page).toHaveURL("/eventtype");
  });

  test("another host's event id is not found", async ({ browser, page }) => {
    await newHost(page, "owner");
    await createOneToOne(page, { name: "Owner only" });
    const editHref = (await card(page, "Owner only").getByRole("link", { name: "Update" }).getAttribute("href")) ?? "";
    expect(editHref).toMatch(/^\/dashboard\?edit=/);

    const other = await browser.newPage();
    await newHost(other, "intruder");
    for (const kind of ["edit", "delete", "join"]) {
      const res = await other.goto(editHref.replace("edit", kind));
      expect(res?.status()).toBe(404);
      await expect(other.getByText("Owner only")).toHaveCount(0);
    }
    await other.close();
  });

  test("the bell counts what others did (not the host's own events) up, and down once opened", async ({
    browser,
    request,
  }) => {
    const host = await newBookingHost(browser, "bell");
    const page = host.page;
    await page.goto("/dashboard");
    await waitForHydration(page);
    // A new account starts at zero: the announcements made before it are not news to it.
    await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications");
    await expect(page.getByTestId("notification-count")).toHaveCount(0);

    // The host's own new event is not news to them.
    await createOneToOne(page, { name: "Own event" });
    await expect(page.getByTestId("notification-count")).toHaveCount(0);
    // Two guests book: that is.
    for (const [name, days] of [
      ["Ping one", 3],
      ["Ping two", 4],
    ] as const) {
      const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const slots = await request.get(
        `/api/slots?eventTypeId=${host.eventTypeId}&start=${date}&end=${date}&timeZone=UTC`,
      );
      const start = ((await slots.json()) as { slots: Record<string, string[]> }).slots[date][0];
      const booked = await request.post("/api/bookings", {
        data: { eventTypeId: host.eventTypeId, start, name, email: uniqueEmail("ping"), timeZone: "UTC" },
      });
      expect(booked.status()).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await page.reload();
    await expect(page.getByTestId("notification-count")).toHaveText("2");

    await waitForHydration(page);
    const read = page.waitForResponse(
      (r) => /^\/notifications\/read(\.data)?$/.test(new URL(r.url()).pathname) && r.request().method() === "POST",
    );
    await page.getByTestId("notification-bell").click();
    const list = page.getByTestId("notification-list");
    await expect(list.getByRole("listitem").first()).toContainText("Ping two");
    await expect(list.getByRole("listitem").nth(1)).toContainText("Ping one");
    await expect(page.getByTestId("notification-count")).toHaveCount(0);
    // Read on the server too, not only on screen.
    await read;
    await page.reload();
    await expect(page.getByTestId("notification-count")).toHaveCount(0);
    await host.context.close();
  });

  test("on a phone: the list, the forms and the modals fit and pass axe", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await newHost(page, "phone");
    await createOneToOne(page, { name: "Phone-sized" });
    for (const path of ["/dashboard", "/eventtype", "/one-to-one", "/group-meeting"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Update" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("host events without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("create, update and delete all work as plain forms", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("No Script");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto("/group-meeting");
    await fillDetails(page, { name: "Plain form" });
    await page.getByLabel("Invitee 1 e-mail").fill("one@example.org");
    await page.getByLabel("Invitee 2 e-mail (optional)").fill("one@example.org");
    await page.getByRole("button", { name: "Create event" }).click();
    // The server's answer: the field error, with everything typed still there.
    await expect(page.getByText("This e-mail is already invited.")).toBeVisible();
    await expect(page.getByLabel("Event name", { exact: true })).toHaveValue("Plain form");
    await page.getByLabel("Invitee 2 e-mail (optional)").fill("two@example.org");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(toast(page)).toContainText(TEXT.created);
    await expect(card(page, "Plain form")).toContainText("one@example.org, two@example.org");

    await card(page, "Plain form").getByRole("link", { name: "Update" }).click();
    await page.getByLabel("Event name", { exact: true }).fill("Plain form, renamed");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(toast(page)).toContainText(TEXT.updated);

    await card(page, "Plain form, renamed").getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText(TEXT.deleted);
    await expect(page.getByTestId("event-card")).toHaveCount(0);
  });
});

/**
 * My Schedule in pages of 25 (decision 104): the demo professional (no cap) gets 55 more events
 * over the JSON API, then pages through them with Next and Previous, with and without JavaScript.
 */
async function proWithPages(page: Page): Promise<void> {
  await signInAs(page, DEMO.pro.email, DEMO.pro.password);
  await page.goto("/dashboard");
  // The demo professional's list so far: none, or some from an earlier test of this server.
  const shown = page.getByTestId("schedule-range");
  const range = (await shown.count()) > 0 ? ((await shown.textContent()) ?? "") : "";
  const total = Number(range.match(/of ([\d,]+) events/)?.[1].replace(/,/g, "") ?? 0);
  if (total > 50) return;
  const tokenRes = await page.request.post("/api/token", {
    data: { email: DEMO.pro.email, password: DEMO.pro.password },
  });
  const { token } = (await tokenRes.json()) as { token: string };
  for (let i = 0; i < 55; i++) {
    const res = await page.request.post("/events", {
      headers: { authorization: `Bearer ${token}` },
      data: {
        eventName: `Paged ${String(i).padStart(2, "0")}`,
        eventType: "Phone Call",
        eventWith: "One-to-One",
        description: "One of many.",
        targetedEmail: "guest@example.org",
        dateTime: `${dayFromNow(400 + i)}T02:00:00Z`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function expectPage(page: Page, n: number) {
  const range = page.getByTestId("schedule-range");
  await expect(range).toContainText(`Showing ${(n - 1) * 25 + 1}–`);
  await expect(page.getByRole("navigation", { name: "Schedule pages" })).toContainText(`Page ${n} of`);
  const cards = await page.getByTestId("event-card").count();
  expect(cards).toBeGreaterThan(0);
  expect(cards).toBeLessThanOrEqual(25);
}

test.describe("My Schedule in pages", () => {
  test("the host pages through the schedule at 1440 px and 375 px, axe clean", async ({ page }) => {
    await proWithPages(page);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/dashboard");
      await waitForHydration(page);
      await expectPage(page, 1);
      await expect(page.getByTestId("event-card")).toHaveCount(25);
      const firstOfPageOne = await page.getByTestId("event-card").first().getByRole("heading").textContent();
      const pages = page.getByRole("navigation", { name: "Schedule pages" });
      await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
      await pages.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL("/dashboard?page=2");
      await expectPage(page, 2);
      await expect(page.getByTestId("event-card").first().getByRole("heading")).not.toHaveText(firstOfPageOne!);
      await noSidewaysScroll(page);
      expect(await seriousViolations(page, { exclude: '[data-testid="event-card"]:nth-child(n+4)' })).toEqual([]);
      await pages.getByRole("link", { name: "Previous" }).click();
      await expect(page).toHaveURL("/dashboard");
      await expectPage(page, 1);
      await expect(page.getByTestId("event-card").first().getByRole("heading")).toHaveText(firstOfPageOne!);
    }
  });
});

test.describe("My Schedule in pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Next and Previous are plain links; a page past the last shows the last", async ({ page }) => {
    await proWithPages(page);
    await page.goto("/dashboard");
    await expectPage(page, 1);
    const pages = page.getByRole("navigation", { name: "Schedule pages" });
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/dashboard?page=2");
    await expectPage(page, 2);
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/dashboard?page=3");
    await expectPage(page, 3);
    expect(
      await seriousViolations(page, { withoutJavaScript: true, exclude: '[data-testid="event-card"]:nth-child(n+4)' }),
    ).toEqual([]);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL("/dashboard?page=2");

    const res = await page.goto("/dashboard?page=99999");
    expect(res?.status()).toBe(200);
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(pages).toContainText(/Page (\d+) of \1/);
    expect((await page.goto("/dashboard?page=-1"))?.status()).toBe(200);
    await expectPage(page, 1);
  });
});
