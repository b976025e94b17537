import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { json, person as personOn, startOwnServer, type OwnServer } from "./own-server";
import { noSidewaysScroll, seriousViolations, STRONG_PASSWORD, toast, waitForHydration } from "./support";

/**
 * A team's bookings on Scheduled Events (decision 062) in Chromium: a team admin switches the
 * list to the team, filters it by member, sees the member's booking with its host and cancels it
 * as its host would; at phone width with axe, and once without JavaScript.
 *
 * This file runs its own app server on a PostgreSQL database of its own (./own-server.ts), where
 * the test reads the invitation mails from the outbox; the team's event type is made with POST
 * /api/teams/{id}/event-types.
 */

let server: OwnServer;
const url = (path: string) => `${server.url}${path}`;
const api = (method: string, path: string, token?: string, body?: unknown) => server.api(method, path, token, body);
const person = (name: string, prefix: string) => personOn(server, name, prefix);

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startOwnServer("scheduler_e2e_team");
});

test.afterAll(async () => {
  await server?.stop();
});

const weekly = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A team (owner, admin, member), its round-robin event type that only the member is free for
 * after 02:00 UTC, and a guest's booking of it: the member hosts it.
 */
async function teamWithBooking(tag: string) {
  const owner = await person("Olga Owner", `tb-owner-${tag}`);
  const admin = await person("Adam Admin", `tb-admin-${tag}`);
  const member = await person("Mia Member", `tb-member-${tag}`);
  const teamName = `Sales ${tag}`;
  const team = await json<{ id: string }>(
    await api("POST", "/api/teams", owner.token, {
      name: teamName,
      slug: `tb-${tag}-${crypto.randomUUID().slice(0, 6)}`,
    }),
    201,
  );
  for (const [who, role] of [
    [admin, "admin"],
    [member, "member"],
  ] as const) {
    await json(await api("POST", `/api/teams/${team.id}/invitations`, owner.token, { email: who.email, role }), 201);
    const [mail] =
      await server.sql`select text from mail_outbox where "to" = ${who.email} order by created_at desc limit 1`;
    const token = decodeURIComponent(/accept\?token=([A-Za-z0-9_%-]+)/.exec(mail.text as string)?.[1] ?? "");
    await json(await api("POST", "/api/team-invitations/accept", who.token, { token }), 200);
  }
  const schedules = await json<{ _id: string; isDefault: boolean }[]>(
    await api("GET", "/api/schedules", member.token),
    200,
  );
  const def = schedules.find((s) => s.isDefault)!;
  await json(
    await api("PUT", `/api/schedules/${def._id}`, member.token, {
      name: "Working hours",
      timeZone: "UTC",
      weekly: weekly("00:00", "24:00"),
      overrides: [],
      isDefault: true,
    }),
    200,
  );
  // The owner's hours (their default schedule) are 00:00-02:00 UTC: a booking at 10:00 goes to the member.
  const ownerSchedules = await json<{ _id: string; isDefault: boolean }[]>(
    await api("GET", "/api/schedules", owner.token),
    200,
  );
  const ownerDefault = ownerSchedules.find((s) => s.isDefault)!;
  await json(
    await api("PUT", `/api/schedules/${ownerDefault._id}`, owner.token, {
      name: "Early",
      timeZone: "UTC",
      weekly: weekly("00:00", "02:00"),
      overrides: [],
      isDefault: true,
    }),
    200,
  );
  // The team's round-robin type (decision 059), offering every host's times (decision 060).
  const type = await json<{ _id: string }>(
    await api("POST", `/api/teams/${team.id}/event-types`, owner.token, {
      title: `Demo call ${tag}`,
      slug: `demo-${tag}`,
      kind: "round-robin",
      roundRobinMode: "availability",
      hosts: [{ userId: owner.id }, { userId: member.id }],
      duration: 30,
      minimumNotice: 60,
      location: { type: "video" },
    }),
    201,
  );
  const { booking } = await json<{ booking: { id: string } }>(
    await api("POST", "/api/bookings", undefined, {
      eventTypeId: type._id,
      start: `${dayIn(3)}T10:00:00+00:00`,
      name: "Gina Guest",
      email: `gina-${tag}@example.test`,
      timeZone: "UTC",
    }),
    201,
  );
  return {
    owner,
    admin,
    member,
    team: { id: team.id, name: teamName },
    title: `Demo call ${tag}`,
    booking: booking.id,
  };
}

/** The admin's browser at phone width, signed in with the form's own POST. */
async function adminPage(browser: Browser, email: string, js: boolean): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: { width: 375, height: 812 },
    timezoneId: "UTC",
  });
  const page = await context.newPage();
  const res = await page.request.post(url("/signin"), {
    form: { email, password: STRONG_PASSWORD, redirectTo: "" },
    headers: { origin: server.url },
  });
  expect(res.ok()).toBe(true);
  return page;
}

for (const js of [true, false]) {
  test.describe(js ? "A team's bookings" : "A team's bookings without JavaScript", () => {
    test.describe.configure({ timeout: 90_000 });

    test("a team admin switches Scheduled Events to the team, filters by the member, and cancels the member's booking", async ({
      browser,
    }) => {
      const tag = js ? `a${Date.now().toString(36)}` : `b${Date.now().toString(36)}`;
      const cast = await teamWithBooking(tag);
      const page = await adminPage(browser, cast.admin.email, js);
      const row = page.locator(`[data-testid="scheduled-event-row"][data-id="${cast.booking}"]`);

      await page.goto(url("/dashboard/scheduledEvents"));
      if (js) await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Scheduled Events", level: 1 })).toBeVisible();
      // The admin's own list: the member's booking is not theirs.
      await expect(row).toHaveCount(0);
      await page.getByLabel("Bookings of", { exact: true }).selectOption({ label: `Team: ${cast.team.name}` });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]team=${cast.team.id}`));
      await expect(row).toContainText("Host: Mia Member");
      await expect(row).toContainText("Gina Guest");

      if (js) await waitForHydration(page);
      await page.getByLabel("Hosted by").selectOption({ label: "Mia Member" });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]member=${cast.member.id}`));
      await expect(page.getByTestId("scheduled-event-row")).toHaveCount(1);
      await expect(row).toContainText(cast.title);
      await noSidewaysScroll(page);
      if (js) expect(await seriousViolations(page)).toEqual([]);

      // Another member's bookings: none of this one.
      await page.getByLabel("Hosted by").selectOption({ label: "Olga Owner" });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]member=${cast.owner.id}`));
      await expect(row).toHaveCount(0);
      await page.getByLabel("Hosted by").selectOption({ label: "Mia Member" });
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(row).toHaveCount(1);

      // The host's Cancel, on the member's booking: a modal that is a URL.
      if (js) await waitForHydration(page);
      await row.getByRole("link", { name: new RegExp(`^Cancel ${cast.title}`) }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      if (js) expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByLabel("Reason for cancelling").fill("The team covers it another day.");
      await dialog.getByRole("button", { name: "Cancel event" }).click();
      await expect(toast(page)).toContainText("Event cancelled.");
      await expect(page).toHaveURL(new RegExp(`[?&]member=${cast.member.id}`));
      await expect(row).toHaveCount(0);
      const [stored] = await server.sql`select status from events where id = ${cast.booking}`;
      expect(stored.status).toBe("cancelled");

      await page.getByRole("link", { name: /^Cancelled/ }).click();
      await expect(row).toContainText("Host: Mia Member");
      await noSidewaysScroll(page);
      if (js) expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  });
}
