import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  dashboardDrawerLinks,
  emailInput,
  passwordInput,
  seriousViolations,
  STRONG_PASSWORD,
  toast,
  uniqueEmail,
  noSidewaysScroll,
  waitForHydration,
  signUpAs,
} from "./support";

const PAGE = "/dashboard/apiTokens";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh account (tokens are per person), signed up with the sign-up form's own POST (signUpAs). */
async function signUpFresh(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUpAs(page, { name: "Toni Token", email, password: STRONG_PASSWORD });
  await page.goto("/");
  return email;
}

/** What a script would do with the token: GET /event?host=<self>, no cookies. */
async function statusWithToken(request: APIRequestContext, email: string, token: string): Promise<number> {
  const res = await request.get(`/event?host=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return res.status();
}

async function createToken(page: Page, label: string): Promise<string> {
  await page.getByLabel("Label (optional)").fill(label);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByTestId("new-token")).toBeVisible();
  const token = await page.getByTestId("new-token-value").inputValue();
  expect(token).toMatch(TOKEN);
  return token;
}

function row(page: Page, name: string) {
  return page
    .getByTestId("api-token-row")
    .filter({ has: page.getByTestId("api-token-name").getByText(name, { exact: true }) });
}

test.describe("API tokens", () => {
  test("from the drawer: create a token, see it once, use it, revoke it in the modal and it stops working", async ({
    page,
    context,
    request,
  }) => {
    const email = await signUpFresh(page, "tokens");
    await page.goto("/dashboard");
    await dashboardDrawerLinks(page).filter({ hasText: "API Tokens" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByRole("heading", { name: "API Tokens", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
    await expect(page.getByText("No API tokens yet")).toBeVisible();

    await waitForHydration(page);
    // Still right once hydrated (the figure is shared by server and browser).
    await expect(page.getByText("A token works for 30 days.")).toBeVisible();
    // Checked in the browser before anything is sent.
    const label = page.getByLabel("Label (optional)");
    await expect(label).toHaveAttribute("maxlength", "60");

    const token = await createToken(page, "CI script");
    await expect(toast(page)).toContainText("Token created");
    await expect(page.getByTestId("new-token-value")).toBeFocused();
    await expect(page.getByTestId("new-token")).toContainText("It will not be shown again");
    await expect(row(page, "CI script")).toBeVisible();
    await expect(row(page, "CI script").getByTestId("api-token-last-used")).toContainText("Never");

    // The copy button puts exactly the token on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    expect(await statusWithToken(request, email, token)).toBe(200);

    // Shown once: a fresh load lists it by its label only.
    await page.reload();
    await expect(page.getByTestId("new-token")).toHaveCount(0);
    expect(await page.content()).not.toContain(token);
    await expect(row(page, "CI script").getByTestId("api-token-last-used")).not.toContainText("Never");

    await waitForHydration(page);
    await row(page, "CI script").getByRole("link", { name: "Revoke CI script" }).click();
    await expect(page).toHaveURL(/\?revoke=/);
    const dialog = page.getByRole("dialog", { name: "Revoke “CI script”?" });
    await expect(dialog).toBeVisible();
    // Focus starts on the safe choice.
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
    // Cancel keeps it.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(row(page, "CI script")).toBeVisible();
    expect(await statusWithToken(request, email, token)).toBe(200);

    await row(page, "CI script").getByRole("link", { name: "Revoke CI script" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
    await expect(toast(page)).toContainText("Token revoked");
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByText("No API tokens yet")).toBeVisible();
    expect(await statusWithToken(request, email, token)).toBe(401);
  });

  test("revoke all ends every token of the person", async ({ page, request }) => {
    const email = await signUpFresh(page, "tokens-all");
    await page.goto(PAGE);
    await waitForHydration(page);
    const first = await createToken(page, "One");
    const second = await createToken(page, "Two");
    await expect(page.getByTestId("api-token-row")).toHaveCount(2);
    await page.getByRole("link", { name: "Revoke all" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke all 2 tokens?" });
    await dialog.getByRole("button", { name: "Revoke all tokens" }).click();
    await expect(toast(page)).toContainText("All tokens revoked");
    await expect(page.getByText("No API tokens yet")).toBeVisible();
    for (const token of [first, second]) expect(await statusWithToken(request, email, token)).toBe(401);
  });

  test("fits a 375 px phone and has no serious axe violations: with a new token, the list, the modal and an error", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpFresh(page, "tokens-phone");
    await page.goto(PAGE);
    await waitForHydration(page);
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await createToken(page, "A fairly long label for a deployment script on a phone");
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: /^Revoke A fairly long/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("modal-close").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // A label too long for the browser's maxlength is still answered by the server.
    await page.getByLabel("Label (optional)").evaluate((input) => input.removeAttribute("maxlength"));
    await page.getByLabel("Label (optional)").fill("x".repeat(61));
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText("Keep the label to 60 characters or fewer.")).toBeVisible();
    await expect(page.getByLabel("Label (optional)")).toHaveAttribute("aria-invalid", "true");
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("API tokens without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("create shows the token in a selectable field; revoke works through the modal URL", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("tokens-nojs");
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill("Nora NoScript");
    await emailInput(page).fill(email);
    await passwordInput(page).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByTestId("avatar-menu")).toBeVisible();

    await page.goto(PAGE);
    await page.getByLabel("Label (optional)").fill("Cron job");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(toast(page)).toContainText("Token created");
    const field = page.getByTestId("new-token-value");
    await expect(field).toHaveAttribute("readonly", "");
    const token = await field.inputValue();
    expect(token).toMatch(TOKEN);
    // No copy button without JavaScript: it could not work.
    await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(0);
    expect(await statusWithToken(request, email, token)).toBe(200);

    await row(page, "Cron job").getByRole("link", { name: "Revoke Cron job" }).click();
    await expect(page).toHaveURL(/\?revoke=/);
    await expect(page.getByRole("dialog", { name: "Revoke “Cron job”?" })).toBeVisible();
    await page.getByRole("button", { name: "Revoke token" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(toast(page)).toContainText("Token revoked");
    await expect(page.getByText("No API tokens yet")).toBeVisible();
    expect(await statusWithToken(request, email, token)).toBe(401);
  });
});
