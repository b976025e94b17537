import { expect, test, type Page } from "@playwright/test";
import { DEMO, toast, waitForHydration, seriousViolations, signInAs } from "./support";

/**
 * The e2e server has no SMTP_URL: a message is stored, its e-mail kept in the outbox, and the
 * visitor is thanked (docs/decisions/006); the admin reads it on /dashboard/contactMessages.
 */
const SENT = "Email sent successfully";

function unique(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
}

const field = (page: Page, label: "Name" | "Email" | "Subject" | "Message") => page.getByLabel(label, { exact: true });

async function fillContact(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await field(page, "Name").fill(values.name);
  await field(page, "Email").fill(values.email);
  await field(page, "Subject").fill(values.subject);
  await field(page, "Message").fill(values.message);
}

test.describe("/contact", () => {
  test("a visitor sends a message, is thanked, and gets an empty form back", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact with our sales team" })).toBeVisible();
    await waitForHydration(page);

    const subject = unique("Team plan");
    await fillContact(page, {
      name: "Lin Visitor",
      email: "lin@example.com",
      subject,
      message: "Do you offer a team plan?\nThanks!",
    });
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(toast(page)).toContainText(SENT);
    await expect(toast(page)).toHaveAttribute("data-type", "success");
    await expect(page).toHaveURL("/contact");
    await expect(field(page, "Name")).toHaveValue("");
    await expect(field(page, "Subject")).toHaveValue("");
    await expect(field(page, "Message")).toHaveValue("");
  });

  test("says what is missing or wrong, next to the field, and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByText("Name is required.", { exact: true })).toBeVisible();
    await expect(page.getByText("Email is required!!", { exact: true })).toBeVisible();
    await expect(page.getByText("Message is required.", { exact: true })).toBeVisible();
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Subject")).not.toHaveAttribute("aria-invalid", "true");
    await expect(toast(page)).toHaveCount(0);

    await field(page, "Name").fill("Kept Name");
    await field(page, "Email").fill("not-an-email");
    await expect(page.getByText("Name is required.", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Enter a valid email address.", { exact: true })).toBeVisible();
    await expect(field(page, "Name")).toHaveValue("Kept Name");
    await expect(page).toHaveURL("/contact");
  });

  test("an admin reads the message on Contact Messages, reached from the drawer", async ({ page }) => {
    const subject = unique("Pricing question");
    const text = unique("Can we pay yearly?");
    await page.goto("/contact");
    await waitForHydration(page);
    await fillContact(page, { name: "Ravi Buyer", email: "ravi@example.com", subject, message: text });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(toast(page)).toContainText(SENT);

    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Contact Messages" }).click();
    await expect(page).toHaveURL("/dashboard/contactMessages");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();

    const rows = page.getByTestId("contact-message");
    const row = rows.filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Ravi Buyer");
    await expect(row).toContainText("ravi@example.com");
    await expect(row).toContainText(text);
    // No SMTP server on the e2e server: the e-mail waits in the outbox.
    await expect(row).toContainText("Stored (mail off)");
    // Newest first.
    await expect(rows.first()).toContainText(subject);
  });

  test("a signed-in user who is not an admin is refused the messages page", async ({ page }) => {
    await signInAs(page, DEMO.host.email, DEMO.host.password);
    const response = await page.goto("/dashboard/contactMessages");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
    await expect(page.getByTestId("contact-message")).toHaveCount(0);
  });
});

test.describe("/contact without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form sends and the thanks appear", async ({ page }) => {
    await page.goto("/contact");
    await fillContact(page, {
      name: "No Script",
      email: "noscript@example.com",
      subject: unique("No JS"),
      message: "Sent without JavaScript.",
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(toast(page)).toContainText(SENT);
    await expect(field(page, "Name")).toHaveValue("");
  });

  test("the server's validation answer shows the messages and keeps the input", async ({ page }) => {
    await page.goto("/contact");
    // The browser's own checks would stop an empty form; switch them off to reach the server.
    await page.locator("form#contact").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await field(page, "Name").fill("Server Checked");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Email is required!!", { exact: true })).toBeVisible();
    await expect(page.getByText("Message is required.", { exact: true })).toBeVisible();
    await expect(field(page, "Name")).toHaveValue("Server Checked");
  });
});

test.describe("contact accessibility (axe)", () => {
  test("/contact, empty and with errors, has no serious or critical violations", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Message is required.", { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("/dashboard/contactMessages has no serious or critical violations", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await fillContact(page, {
      name: "Axe Visitor",
      email: "axe@example.com",
      subject: unique("Axe"),
      message: "Checking contrast.",
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(toast(page)).toContainText(SENT);
    await signInAs(page, DEMO.admin.email, DEMO.admin.password);
    // A fresh load, so the fading sign-in toast is not part of the scan.
    await page.goto("/dashboard/contactMessages");
    await expect(page.getByTestId("contact-message").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
