import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type FrameLocator,
  type Locator,
  type Page,
} from "@playwright/test";
import { BASE_URL, FAKE_STRIPE_PORT } from "../../playwright.config";
import { TIME_ZONE_COOKIE, TIME_ZONE_PENDING_ATTRIBUTE } from "../../app/browser/time-zone-hint";

/** The demo accounts seeded by SEED_DEMO=1 (see db/seed.ts). */
export const DEMO = {
  admin: { email: "admin@example.com", password: "demo-admin-2026" },
  pro: { email: "pro@example.com", password: "demo-pro-2026" },
  host: { email: "host@example.com", password: "demo-host-2026" },
} as const;

/** In playwright.config.ts this address is listed in ADMIN_EMAILS. */
export const CONFIGURED_ADMIN_EMAIL = "boss@e2e.test";

/** Visible copy of the product (kept verbatim, typos included). */
export const TEXT = {
  signInSuccess: "Signin successd...",
  signUpSuccess: "Login successd...",
  signedOut: "You are signed out.",
  badCredentials: "Wrong email or password.",
  emailRequired: "Email is required!!",
  passwordRequired: "Password is required!!",
  passwordsDiffer: "Passwords do not match.",
  googleUnavailable: "Google sign-in is not set up on this server.",
  footerTagline: "We take the work out of connecting with others so you can accomplish more.",
  hostNotification: "Your event 'Project kickoff' is tomorrow.",
} as const;

let counter = 0;

/** An e-mail address no other test (and no earlier run against the same database) uses. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now()}-${counter}-${random}@e2e.test`;
}

/** A password that satisfies the sign-up rules (at least 8 characters). */
export const STRONG_PASSWORD = "e2e-Passw0rd!";

/**
 * Resolves once the page's scripts have run, so clicks reach their handlers instead of the
 * server-rendered markup (the password toggle, for one, only works after hydration): React
 * hydrated it (React stores its props on every DOM node it hydrated; <main> is rendered by the
 * root route), or, on a visitor's page sent without React (docs/decisions/045), its inline
 * script marked <main> as enhanced.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    if (main === null) return false;
    const isHydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith("__reactProps"));
    const hydrated = isHydrated(main);
    // A page sent with React (its context is inline in the page) is ready once React hydrated it,
    // even where the inline script marked it enhanced first; a page sent without, once marked.
    // A form in a part of the page that loads its code on demand (React.lazy) hydrates only once
    // that chunk is in: until then a click on its button submits it natively, so every form counts.
    if ("__remixContext" in window) return hydrated && Array.from(document.forms).every(isHydrated);
    return hydrated || main.hasAttribute("data-enhanced");
  });
}

export function toast(page: Page): Locator {
  return page.getByTestId("toast");
}

export function emailInput(page: Page): Locator {
  return page.getByLabel("Email", { exact: true });
}

export function passwordInput(page: Page): Locator {
  return page.getByLabel("Password", { exact: true });
}

export function signInButton(page: Page): Locator {
  return page.getByRole("button", { name: "Sign in", exact: true });
}

/** The visible dashboard drawer (the desktop one at the default 1280px viewport). */
export function dashboardDrawerLinks(page: Page): Locator {
  return page.getByRole("navigation", { name: "Dashboard" }).getByRole("link");
}

/** Fills and submits the sign-in form; does not wait for the outcome. */
export async function submitSignIn(page: Page, email: string, password: string, redirectTo?: string): Promise<void> {
  if (redirectTo !== undefined) {
    await page.goto(`/signin?${new URLSearchParams({ redirectTo })}`);
  } else if (!new URL(page.url(), "http://x.invalid").pathname.toLowerCase().startsWith("/signin")) {
    await page.goto("/signin");
  }
  await waitForHydration(page);
  await emailInput(page).fill(email);
  await passwordInput(page).fill(password);
  await signInButton(page).click();
}

/** Signs in through the real form and waits until the app says so. */
export async function signIn(page: Page, email: string, password: string, redirectTo?: string): Promise<void> {
  await submitSignIn(page, email, password, redirectTo);
  await expect(toast(page)).toContainText(TEXT.signInSuccess);
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
}

/** Fills and submits the sign-up form; does not wait for the outcome. */
export async function submitSignUp(
  page: Page,
  fields: { name: string; email: string; password: string; confirmPassword?: string },
): Promise<void> {
  if (!new URL(page.url(), "http://x.invalid").pathname.startsWith("/signup")) await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  await emailInput(page).fill(fields.email);
  await passwordInput(page).fill(fields.password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(fields.confirmPassword ?? fields.password);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
}

/**
 * The browser's zone as the client hint of its first page would report it (app/browser/time-zone-hint.ts),
 * so a user signed up over HTTP gets the zone a sign-up in this browser gives.
 */
async function sendZoneHint(page: Page): Promise<void> {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.context().addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(zone), url: BASE_URL }]);
}

/**
 * Posts a sign-in or sign-up form over HTTP with the page's own cookies (page.request shares them),
 * so the session cookie the app answers with signs the browser in. Redirects are followed, so the
 * landing page takes its success toast as a browser's would. The page itself does not move.
 */
/** POSTs `form` to `path` as the page's own form would (same origin, the page's cookies): a 2xx after redirects. */
async function postPageForm(page: Page, path: string, form: Record<string, string>): Promise<APIResponse> {
  const res = await page.request.post(path, { form, headers: { origin: new URL(BASE_URL).origin } });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return res;
}

async function postAuthForm(page: Page, path: "/signup" | "/signin", form: Record<string, string>): Promise<void> {
  await sendZoneHint(page);
  const res = await postPageForm(page, path, form);
  expect(new URL(res.url()).pathname, `${path} did not redirect`).not.toBe(path);
  const cookies = await page.context().cookies(BASE_URL);
  expect(cookies.some((c) => c.name === "__session")).toBe(true);
}

/**
 * Signs a new user up without the form (the sign-up and sign-in specs test the forms): the same
 * POST the form makes, so the app creates the user and the session exactly as for a visitor.
 */
export async function signUpAs(page: Page, fields: { name: string; email: string; password: string }): Promise<void> {
  await postAuthForm(page, "/signup", {
    name: fields.name,
    email: fields.email,
    password: fields.password,
    confirmPassword: fields.password,
    redirectTo: "",
  });
}

/** Signs an existing user in without the form (see signUpAs); then go to the page under test. */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await postAuthForm(page, "/signin", { email, password, redirectTo: "" });
}

/** Opens the account menu in the navbar and presses "Sign Out". */
export async function signOut(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "Sign Out" });
  // The menu is a <details>: a click on its summary toggles it, so only open it when closed.
  if (!(await button.isVisible())) await page.getByTestId("avatar-menu").click();
  await button.click();
  await expect(page.getByRole("link", { name: "Sign IN" })).toBeVisible();
}

/**
 * axe on a page shown without JavaScript. axe itself needs JavaScript (its rules settle through
 * timers, which never fire in a page whose scripts are off, so it would wait forever): the page's
 * markup as the browser shows it is served again, its scripts removed and its <noscript> parts
 * kept as shown, to a page of the same size and address with scripts on, and checked there.
 */
async function seriousViolationsWithoutJavaScript(page: Page, exclude?: string) {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<(\/?)noscript\b/gi, "<$1div");
  const browser = page.context().browser();
  if (!browser) throw new Error("seriousViolations: the page has no browser");
  // JavaScript on even in a test that turned it off with test.use: Playwright applies the test's
  // options to browser.newContext too, and axe without timers waits forever.
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = page.url();
    await copy.route(url, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    return await seriousViolations(copy, { exclude });
  } finally {
    await context.close();
  }
}

/** The axe run options of `seriousViolations` (tests/e2e/accessibility.spec.ts checks them). */
export const AXE_RUN_OPTIONS = { resultTypes: ["violations" as const] };

/**
 * Serious and critical axe violations (WCAG 2.1 A/AA and best practice), summarised so a
 * failure says what and where; checked once every finite (entry) animation has ended.
 * `exclude`: a selector of repeated parts left out (a long page checks a few of its copies).
 */
export async function seriousViolations(
  page: Page,
  options: { exclude?: string; withoutJavaScript?: boolean } = {},
): Promise<Array<{ id: string; impact: string | null | undefined; help: string; targets: string[] }>> {
  if (options.withoutJavaScript) return seriousViolationsWithoutJavaScript(page, options.exclude);
  // The page as its scripts leave it: a page that runs Remix's scripts is checked once hydrated;
  // without JavaScript there is nothing to wait for.
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    if (!("__remixContext" in window) || !main) return true;
    return main.hasAttribute("data-enhanced") || Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== "running"),
  );
  // A page without frames is checked in axe's legacy mode: axe runs in the page alone instead of
  // gathering the frames' results in a blank page of its own. The same rules and results at about
  // half the time (a new page costs Chromium a renderer). Legacy mode misses cross-origin frames,
  // so a page with frames (an embed's host page) gets the full mode (decision 098).
  const builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode(page.frames().length === 1)
    // Only violations are read here: axe then gathers one node of each passing, incomplete or
    // inapplicable rule instead of all of them. Every rule still runs on every node; this cut
    // three quarters of axe's CPU time (decision 119).
    .options(AXE_RUN_OPTIONS);
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/**
 * Fakes Stripe at the browser's network boundary: Stripe.js is served from
 * tests/fakes/stripe-js.js and its calls to api.stripe.com go to the local fake Stripe API
 * that playwright.config.ts starts (the same one the app server talks to).
 */
export async function routeToFakeStripe(page: Page, options: { delayMs?: number } = {}): Promise<void> {
  const script = fs.readFileSync(path.resolve("tests/fakes/stripe-js.js"), "utf8");
  await page.route("https://js.stripe.com/**", async (route) => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    await route.fulfill({ contentType: "application/javascript", body: script });
  });
  await page.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${FAKE_STRIPE_PORT}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/**
 * A booking page's times have settled: shown in the browser's zone (no `data-tz-pending`), no day
 * loading (`aria-busy`), and no fade of the times running, so a check of their colours reads what
 * the guest reads.
 */
export async function timesSettled(scope: Page | FrameLocator): Promise<void> {
  await expect
    .poll(() =>
      scope.locator("html").evaluate((html) => {
        if (html.hasAttribute("data-tz-pending")) return false;
        const panel = html.querySelector("#slots-panel");
        if (!panel) return true;
        if (panel.hasAttribute("aria-busy")) return false;
        return [...panel.querySelectorAll("*")].every((el) => getComputedStyle(el).opacity === "1");
      }),
    )
    .toBe(true);
}

/** The page fits the viewport's width: nothing scrolls sideways. */
export async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * On a booking page (or its frame), opens an open day at least two days after the first one on
 * show, and waits for its times; a test that books takes a time from it. The first day's (today's,
 * and in a guest's zone far from the host's also the next day's) earliest time passes its
 * minimum notice as the clock turns, at every slot step of the host's hours, so a time shown a
 * moment before could rightly answer "That time is no longer available" when clicked. Two days on,
 * every time is more than a day away.
 */
export async function openLaterDay(scope: Page | FrameLocator): Promise<void> {
  // A first visit renders in a guessed zone, then the page's data comes again in the browser's
  // (docs/decisions/091): until then the month on show and its days may still change (late on the
  // last day of a month in New York, it is already the next month in Tokyo).
  await expect(scope.locator("html")).not.toHaveAttribute(TIME_ZONE_PENDING_ATTRIBUTE);
  const days = scope.getByTestId("calendar-day");
  const nextMonth = async () => {
    const next = scope.getByRole("link", { name: "Next month" });
    const month = new URL((await next.getAttribute("href")) ?? "", "http://x.invalid").searchParams.get("month") ?? "";
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    await next.click();
    const [y, m] = month.split("-").map(Number);
    const label = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      Date.UTC(y, m - 1, 1),
    );
    await expect(scope.getByTestId("calendar-month")).toHaveText(label);
  };
  let from: string | null = null;
  for (let month = 0; month < 3; month++) {
    const dates = (await days.evaluateAll((links) => links.map((a) => a.getAttribute("data-date") ?? ""))).sort();
    if (from === null && dates.length > 0) {
      const first = new Date(`${dates[0]}T00:00:00Z`);
      from = new Date(first.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    }
    const date = from === null ? undefined : dates.find((d) => d >= from!);
    if (date) {
      await scope.locator(`[data-testid="calendar-day"][data-date="${date}"]`).click();
      // That day's times (their links carry it), not the ones on show before the click.
      await expect(scope.getByTestId("slot").first()).toHaveAttribute("href", new RegExp(`[?&]date=${date}(&|$)`));
      return;
    }
    await nextMonth();
  }
  throw new Error("openLaterDay: no open day two days after the first within three months");
}

/**
 * Sets the signed-in person's username on their profile: a test's set-up, typed once the page's
 * scripts run (without JavaScript, at once); profile.spec.ts covers the form itself, also typed
 * before the page hydrates.
 */
export async function setUsername(page: Page, username: string, javaScript = true): Promise<void> {
  await page.goto("/dashboard/profile");
  if (javaScript) await waitForHydration(page);
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByRole("button", { name: "Save username" }).click();
  await expect(page.getByText("Username saved.").first()).toBeVisible();
}

/**
 * Sets the username without the form (the profile spec tests the form): the same POST the form
 * makes, its redirect followed so that the page it leads to shows the toast and clears it.
 */
export async function setUsernameByPost(page: Page, username: string): Promise<void> {
  const res = await postPageForm(page, "/dashboard/profile", { intent: "username", username });
  expect(new URL(res.url()).pathname).toBe("/dashboard/profile");
  expect(await res.text()).toContain("Username saved.");
}

/** A host with a username, an every-day 09:00-17:00 New York schedule and an "Intro call" event type. */
export interface BookingHost {
  username: string;
  slug: string;
  /** The host's signed-in browser (New York). */
  context: BrowserContext;
  page: Page;
  /** An API token of the host, the schedule's id (for more event types) and the event type's. */
  token: string;
  scheduleId: string;
  eventTypeId: string;
}

/**
 * Signs up a host in a New York browser, sets a username with the profile form's POST, and makes
 * the schedule and the event type through the JSON API with a token (the booking and embed specs).
 */
export async function newBookingHost(browser: Browser, prefix: string): Promise<BookingHost> {
  const context = await browser.newContext({ timezoneId: "America/New_York", javaScriptEnabled: true });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name: "Nora York", email, password: STRONG_PASSWORD });
  const username = `bk${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await setUsernameByPost(page, username);

  const api = context.request;
  const tokenRes = await api.post("/api/token", { data: { email, password: STRONG_PASSWORD } });
  expect(tokenRes.status()).toBe(200);
  const { token } = (await tokenRes.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const schedule = await api.post("/api/schedules", {
    headers,
    data: {
      name: "Office",
      timeZone: "America/New_York",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" })),
    },
  });
  expect(schedule.status()).toBe(201);
  const slug = "intro-call";
  const scheduleId = ((await schedule.json()) as { _id: string })._id;
  const type = await api.post("/api/event-types", {
    headers,
    data: {
      title: "Intro call",
      slug,
      description: "A first talk about your project.",
      duration: 30,
      minimumNotice: 60,
      bookingWindowDays: 60,
      location: { type: "google-meet" },
      scheduleId,
    },
  });
  expect(type.status()).toBe(201);
  const eventTypeId = ((await type.json()) as { _id: string })._id;
  return { username, slug, context, page, token, scheduleId, eventTypeId };
}
