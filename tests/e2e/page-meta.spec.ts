import { expect, test } from "@playwright/test";

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
