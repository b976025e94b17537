import { expect, test, type Browser } from "@playwright/test";
import {
  newBookingHost,
  noSidewaysScroll,
  openLaterDay,
  seriousViolations,
  signUpAs,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * Routing forms (decision 074) in Chromium: a lead fills a host's form on a phone (375 px, axe),
 * lands on the booking page with the answers filled in, and books; without JavaScript the form
 * still routes. A team's form sends a lead by region to the member with that attribute, whom
 * round robin alone would not have picked; the booking's page shows the form and route.
 */

async function makeForm(host: Awaited<ReturnType<typeof newBookingHost>>): Promise<string> {
  const res = await host.context.request.post("/api/routing-forms", {
    headers: { authorization: `Bearer ${host.token}` },
    data: {
      name: "Find your meeting",
      fields: [
        { id: "name", label: "Your name", type: "short_text", required: true },
        { id: "email", label: "E-mail", type: "short_text", required: true },
        { id: "size", label: "Team size", type: "number", required: true },
      ],
      routes: [
        {
          conditions: { all: [{ field: "size", op: "gte", value: 10 }] },
          action: { type: "event-type", eventTypeId: host.eventTypeId },
        },
      ],
      fallback: { type: "message", message: "Small teams start with our guide: we will e-mail it to you." },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("a lead on a phone is routed to the booking page with the answers filled in, and books", async ({ browser }) => {
  const host = await newBookingHost(browser, "rf-e2e");
  const formId = await makeForm(host);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, timezoneId: "America/New_York" });
  const page = await context.newPage();
  await page.goto(`/forms/${formId}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Find your meeting" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const email = uniqueEmail("lead");
  await page.getByLabel("Your name").fill("Lena Lead");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Team size").fill("25");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/${host.username}/${host.slug}\\?`));
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await expect(page.getByLabel("Name", { exact: false }).first()).toHaveValue("Lena Lead");
  await expect(page.getByLabel("Email", { exact: false }).first()).toHaveValue(email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Schedule event" }).click();
  await expect(page).toHaveURL(/\/booked\//);
  await context.close();
  // The host sees the response as booked.
  const list = await host.context.request.get(`/api/routing-forms/${formId}/responses`, {
    headers: { authorization: `Bearer ${host.token}` },
  });
  const rows = (await list.json()) as Array<{ booking: unknown }>;
  expect(rows[0].booking).not.toBeNull();
  await host.context.close();
});

test("without JavaScript the form routes: a message, or the booking page", async ({ browser }) => {
  const host = await newBookingHost(browser, "rf-nojs");
  const formId = await makeForm(host);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`/forms/${formId}`);
  await page.getByLabel("Your name").fill("Noah");
  await page.getByLabel("E-mail").fill("noah@example.test");
  await page.getByLabel("Team size").fill("3");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("routing-message")).toHaveText(
    "Small teams start with our guide: we will e-mail it to you.",
  );
  await page.goto(`/forms/${formId}`);
  await page.getByLabel("Your name").fill("Noah");
  await page.getByLabel("E-mail").fill("noah@example.test");
  await page.getByLabel("Team size").fill("30");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/${host.username}/${host.slug}\\?.*name=Noah`));
  await context.close();
  await host.context.close();
});

/** A signed-up person in their own browser (phone width), with an API token. */
async function teamPerson(browser: Browser, prefix: string, name: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, timezoneId: "UTC" });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name, email, password: STRONG_PASSWORD });
  const tokenRes = await context.request.post("/api/token", { data: { email, password: STRONG_PASSWORD } });
  expect(tokenRes.status()).toBe(200);
  const { token } = (await tokenRes.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  // Free all day, every day, so only the route decides who hosts.
  const schedules = (await (await context.request.get("/api/schedules", { headers })).json()) as Array<{
    _id: string;
    isDefault: boolean;
  }>;
  const def = schedules.find((s) => s.isDefault);
  expect(def).toBeDefined();
  const put = await context.request.put(`/api/schedules/${def?._id}`, {
    headers,
    data: {
      name: "All day",
      timeZone: "UTC",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })),
      overrides: [],
      isDefault: true,
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  return { context, page, email, headers, name };
}

test("a lead is routed by region to the team member with that attribute, with the answers filled in, and books", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await teamPerson(browser, "rf-owner", "Olga Owner");
  const member = await teamPerson(browser, "rf-member", "Milo Member");
  const api = owner.context.request;
  const teamName = `Sales ${Date.now().toString(36)}`;
  const teamRes = await api.post("/api/teams", {
    headers: owner.headers,
    data: { name: teamName, slug: `rf${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}` },
  });
  expect(teamRes.status(), await teamRes.text()).toBe(201);
  const team = (await teamRes.json()) as { id: string; slug: string };
  const invite = await api.post(`/api/teams/${team.id}/invitations`, {
    headers: owner.headers,
    data: { email: member.email, role: "member" },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  // The member accepts on their Teams page.
  await member.page.goto("/dashboard/teams");
  await waitForHydration(member.page);
  await member.page.getByRole("button", { name: `Join ${teamName}` }).click();
  await expect(toast(member.page)).toContainText(`You joined ${teamName}.`);
  const members = (await (await api.get(`/api/teams/${team.id}/members`, { headers: owner.headers })).json()) as Array<{
    userId: string;
    email: string;
  }>;
  const memberId = members.find((m) => m.email === member.email)?.userId ?? "";
  const ownerId = members.find((m) => m.email === owner.email)?.userId ?? "";
  for (const [userId, region] of [
    [memberId, "emea"],
    [ownerId, "amer"],
  ]) {
    const res = await api.put(`/api/teams/${team.id}/members/${userId}/attributes`, {
      headers: owner.headers,
      data: { region },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  // Round robin would pick the owner first (highest priority): only the route makes it the member.
  const typeRes = await api.post(`/api/teams/${team.id}/event-types`, {
    headers: owner.headers,
    data: {
      title: "Sales call",
      slug: "sales-call",
      kind: "round-robin",
      hosts: [
        { userId: ownerId, priority: "highest" },
        { userId: memberId, priority: "low" },
      ],
      duration: 30,
      minimumNotice: 60,
      bookingWindowDays: 60,
      location: { type: "video" },
    },
  });
  expect(typeRes.status(), await typeRes.text()).toBe(201);
  const typeId = ((await typeRes.json()) as { _id: string })._id;
  const formRes = await api.post("/api/routing-forms", {
    headers: owner.headers,
    data: {
      name: "Talk to sales",
      teamId: team.id,
      fields: [
        { id: "name", label: "Your name", type: "short_text", required: true },
        { id: "email", label: "E-mail", type: "short_text", required: true },
        { id: "region", label: "Region", type: "single_choice", options: ["Europe", "Americas"], required: true },
      ],
      routes: [
        {
          conditions: { all: [{ field: "region", op: "equals", value: "Europe" }] },
          action: { type: "event-type", eventTypeId: typeId, memberAttributes: { region: "emea" } },
        },
      ],
      fallback: { type: "message", message: "We will write to you." },
    },
  });
  expect(formRes.status(), await formRes.text()).toBe(201);
  const formId = ((await formRes.json()) as { id: string }).id;

  const lead = await browser.newContext({ viewport: { width: 375, height: 812 }, timezoneId: "Europe/Madrid" });
  const page = await lead.newPage();
  await page.goto(`/forms/${formId}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Talk to sales" })).toBeVisible();
  const email = uniqueEmail("eulead");
  await page.getByLabel("Your name").fill("Elena Lead");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Region").selectOption("Europe");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/team/${team.slug}/sales-call\\?`));
  await openLaterDay(page);
  await page.getByTestId("slot").first().click();
  await expect(page.getByLabel("Name", { exact: false }).first()).toHaveValue("Elena Lead");
  await expect(page.getByLabel("Email", { exact: false }).first()).toHaveValue(email);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Schedule event" }).click();
  await expect(page).toHaveURL(/\/booked\//);
  await lead.close();

  // The booking is the member's, and it says which form and route led to it.
  const bookings = (await (
    await api.get(`/api/teams/${team.id}/bookings`, { headers: owner.headers })
  ).json()) as Array<{
    id: string;
    guest: { email: string } | null;
    host: { userId: string };
  }>;
  const booked = bookings.find((b) => b.guest?.email === email);
  expect(booked?.host.userId).toBe(memberId);
  await owner.page.goto(`/dashboard/scheduledEvents/${booked?.id}`);
  await expect(owner.page.getByTestId("routed-by")).toContainText("Talk to sales (route 1)");
  await expect(owner.page.getByTestId("booking-guests")).toContainText("Elena Lead");
  await owner.context.close();
  await member.context.close();
});
