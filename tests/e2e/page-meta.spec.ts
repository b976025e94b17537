import { expect, test } from "@playwright/test";
import { DEMO, signIn, waitForHydration } from "./support";

/** Every public page has a description and the tags a shared link's preview is made from, and breaks no Content Security Policy rule. */
for (const path of ["/", "/pricing", "/teams", "/about", "/contact", "/signin", "/signup", "/api/docs"]) {
  test(`${path} has a meta description and Open Graph and Twitter tags`, async ({ page }) => {
    const csp: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await page.goto(path);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w{3,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\w/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\w/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    expect(csp).toEqual([]);
  });
}

/**
 * No script on the public pages, the booking page included, breaks the Content Security Policy
 * once it has loaded and hydrated (the browser's securitypolicyviolation events, which include a
 * library's caught eval probe, not only console errors).
 */
for (const path of ["/", "/pricing", "/signin", "/signup", "/pro/30min"]) {
  test(`${path} runs its scripts without a CSP violation`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}

/**
 * A second visit in the same browser: the browser revalidates its copy (ETag) and may be answered
 * 304; the copy's scripts must still run under the policy it is shown with.
 */
for (const [path, hydrates] of [
  ["/", false],
  ["/pricing", false],
  ["/signin", true],
  ["/pro/30min", true],
] as const) {
  test(`${path} visited again in the same browser runs its scripts without a CSP violation`, async ({ page }) => {
    const csp: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const statuses: number[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname === path) statuses.push(r.status());
    });
    await page.goto(path);
    if (hydrates) await waitForHydration(page);
    await page.goto("/about");
    await page.goto(path);
    if (hydrates) await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(csp).toEqual([]);
    expect(statuses.length).toBe(2);
  });
}

/**
 * A hydrated page's scripts are fetched at low priority (decision 046): the page still hydrates,
 * with no error or warning in the console (React reports a hydration that fell back to rendering
 * there).
 */
for (const path of ["/signin", "/pro/30min"]) {
  test(`${path} fetches its scripts at low priority and hydrates cleanly`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    const html = await (await page.request.get(path)).text();
    expect(html).toMatch(/<link rel="modulepreload" fetchpriority="low" href="\/build\//);
    expect(html).not.toMatch(/<link rel="modulepreload" href=/);
    expect(html).toMatch(/<script nonce="[^"]*" type="module" fetchpriority="low" async="">/);
    await page.goto(path);
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });
}

test("the dashboard has a meta description (search engines' and Lighthouse's check)", async ({ page }) => {
  await signIn(page, DEMO.pro.email, DEMO.pro.password, "/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /meetings/);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
});
