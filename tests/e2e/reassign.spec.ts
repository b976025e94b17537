import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
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
 * Reassigning a round-robin booking (decision 060) in Chromium at phone width: a team's admin
 * (not a host) finds the team's booking on Scheduled Events, opens Reassign, hands it to the next
 * in line and sees the new host; axe clean with the modal open. Once with JavaScript, once
 * without (axe needs scripts: checked in the first run only). The team, the event type and the
 * booking are made over the JSON API with each person's session, as their pages would.
 */

const origin = new URL(BASE_URL).origin;
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" }));

interface Person {
  page: Page;
  email: string;
  name: string;
  close: () => Promise<void>;
}

async function person(browser: Browser, prefix: string, name: string, js: boolean): Promise<Person> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto("/");
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name, email, password: STRONG_PASSWORD });
  return { page, email, name, close: () => context.close() };
}

/** A same-origin JSON call with the person's session. */
async function json<T>(request: APIRequestContext, method: string, path: string, body?: unknown): Promise<T> {
  const res = await request.fetch(path, {
    method,
    headers: { origin, "content-type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Opens the person's default schedule all day, every day (UTC), so every slot of the team type is theirs too. */
async function openAllDay(p: Person) {
  const list = await json<Array<{ _id: string; isDefault: boolean }>>(p.page.request, "GET", "/api/schedules");
  const def = list.find((s) => s.isDefault)!;
  await json(p.page.request, "PUT", `/api/schedules/${def._id}`, {
    name: "Working hours",
    timeZone: "UTC",
    weekly: ALL_DAY,
    overrides: [],
    isDefault: true,
  });
}

for (const js of [true, false]) {
  test.describe(js ? "Reassign" : "Reassign without JavaScript", () => {
    test.describe.configure({ timeout: 120_000 });

    test("a team admin reassigns a round-robin booking from Scheduled Events at phone width", async ({ browser }) => {
      const tag = js ? "a" : "b";
      const owner = await person(browser, `rrowner${tag}`, `Olga Owner ${tag}`, js);
      const admin = await person(browser, `rradmin${tag}`, `Ada Admin ${tag}`, js);
      const member = await person(browser, `rrmember${tag}`, `Max Member ${tag}`, js);

      // The owner's team, the admin and the member invited and joined.
      const team = await json<{ id: string }>(owner.page.request, "POST", "/api/teams", {
        name: `Sales ${tag}`,
        slug: `rr${Date.now().toString(36)}${tag}`,
      });
      for (const [who, role] of [
        [admin, "admin"],
        [member, "member"],
      ] as const) {
        const invitation = await json<{ id: string }>(owner.page.request, "POST", `/api/teams/${team.id}/invitations`, {
          email: who.email,
          role,
        });
        const res = await who.page.request.post("/dashboard/teams", {
          form: { intent: "accept", id: invitation.id },
          headers: { origin },
        });
        expect(res.ok()).toBe(true);
      }
      const members = await json<Array<{ userId: string; email: string }>>(
        owner.page.request,
        "GET",
        `/api/teams/${team.id}/members`,
      );
      const idOf = (p: Person) => members.find((m) => m.email === p.email)!.userId;
      await openAllDay(owner);
      await openAllDay(member);

      // A round-robin event type hosted by the owner and the member; a guest books it.
      const schedule = await json<{ _id: string }>(owner.page.request, "POST", "/api/schedules", {
        name: "All day",
        timeZone: "UTC",
        weekly: ALL_DAY,
      });
      const type = await json<{ _id: string }>(owner.page.request, "POST", "/api/event-types", {
        title: `Sales demo ${tag}`,
        slug: `demo-${tag}`,
        duration: 30,
        minimumNotice: 0,
        location: { type: "video" },
        kind: "round-robin",
        scheduleId: schedule._id,
        hosts: [idOf(member)],
      });
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const booked = await json<{ booking: { host: { userId: string; name: string } } }>(
        owner.page.request,
        "POST",
        "/api/bookings",
        {
          eventTypeId: type._id,
          start: `${day}T10:00:00+00:00`,
          name: "Gina Guest",
          email: uniqueEmail("rrguest"),
          timeZone: "UTC",
        },
      );
      const first = booked.booking.host;
      const other = first.userId === idOf(member) ? owner : member;

      // The admin (no host) finds it among the team's round-robin bookings.
      const page = admin.page;
      await page.goto("/dashboard/scheduledEvents");
      if (js) await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Round-robin bookings of your teams" })).toBeVisible();
      const row = page.getByTestId("team-booking-row").filter({ hasText: `Sales demo ${tag}` });
      await expect(row.getByTestId("team-booking-host")).toHaveText(first.name);
      await noSidewaysScroll(page);
      if (js) expect(await seriousViolations(page)).toEqual([]);

      await row.getByRole("link", { name: /^Reassign Sales demo/ }).click();
      const dialog = page.getByRole("dialog", { name: `Reassign Sales demo ${tag}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("current-host")).toHaveText(`Hosted by ${first.name}`);
      await expect(dialog.getByLabel("New host")).toHaveValue("next");
      await expect(dialog.getByText(`Next in line: the best ranked free host now (${other.name}).`)).toBeVisible();
      await noSidewaysScroll(page);
      if (js) expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole("button", { name: "Reassign", exact: true }).click();
      await expect(toast(page)).toContainText(`Reassigned to ${other.name}. The guest and both hosts are told.`);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(row.getByTestId("team-booking-host")).toHaveText(other.name);
      await noSidewaysScroll(page);
      if (js) expect(await seriousViolations(page)).toEqual([]);

      // The timeline says who was picked and why, and who reassigned it.
      await row.getByRole("link", { name: /^Timeline of Sales demo/ }).click();
      await expect(page.getByRole("heading", { name: "Booking timeline" })).toBeVisible();
      await expect(page.getByTestId("assignment")).toHaveCount(2);
      await expect(page.getByTestId("assignment").nth(1)).toContainText(
        `Reassigned from ${first.name} to ${other.name} by ${admin.name}`,
      );
      await noSidewaysScroll(page);
      if (js) expect(await seriousViolations(page)).toEqual([]);

      await owner.close();
      await admin.close();
      await member.close();
    });
  });
}
