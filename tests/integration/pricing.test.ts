import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail, visibleText } from "../support/http";
import { client, signIn, signUp, sql } from "./context";

const db = sql();
const ACCESS_TYPE = "Connect to Google, Office 365, Outlook, and iCloud calendars";

let ids: Record<"Basic" | "Standard" | "Enterprise", string>;

beforeAll(async () => {
  const rows = await db`select id, name from packages where name in ('Basic', 'Standard', 'Enterprise')`;
  ids = Object.fromEntries(rows.map((r) => [r.name, r.id])) as typeof ids;
  expect(Object.keys(ids).sort()).toEqual(["Basic", "Enterprise", "Standard"]);
});

async function signedInUser(role: "user" | "professional" | "admin" = "user") {
  const c = client();
  const email = uniqueEmail(`pricing-${role}`);
  expect((await signUp(c, email)).status).toBe(302);
  if (role !== "user") await db`update users set role = ${role} where email = ${email}`;
  return c;
}

describe("/pricing", () => {
  it("lists the seeded packages from the database, cheapest first, with prices, the cut access text and labelled features", async () => {
    const res = await client().get("/pricing");
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = visibleText(html);
    expect(html).toContain("<title>Pricing | Scheduler</title>");
    expect(text).toContain("Monthly Pricing");

    // Ordered by price: Basic (Free), Standard ($10/Month), Enterprise ($20/Month).
    const order = ["Basic", "Free", "Standard", "$10/Month", "Enterprise", "$20/Month"].map((s) =>
      text.indexOf(` ${s} `),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    // accessType: the first 30 characters plus '...' on the card, the full text for assistive technology.
    const cut = `${ACCESS_TYPE.slice(0, 30)}...`;
    expect(cut).toBe("Connect to Google, Office 365,...");
    expect(html.split(cut).length - 1).toBe(3);
    expect(html).toContain(`title="${ACCESS_TYPE}"`);

    for (const label of ["Active events", "Calendars", "Group events", "Notifications", "One-to-one events"]) {
      expect(html.split(`>${label}</dt>`).length - 1).toBe(3);
    }
    expect(text).toContain("Only on site");
    expect(text).toContain("On site and Email");

    // A paid card's 'Get started' goes to /payment/{id}; the free plan's to sign-up (no 0 $ payment).
    for (const [name, id] of Object.entries(ids)) {
      expect(html).toMatch(
        new RegExp(`<a [^>]*href="${name === "Basic" ? "/signup" : `/payment/${id}`}"[^>]*>Get started</a>`),
      );
    }
  });
});

describe("/payment/{id}", () => {
  it("sends a visitor to sign-in, and back to the payment page after signing in", async () => {
    const path = `/payment/${ids.Standard}`;
    const res = await client().get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/signin?${new URLSearchParams({ redirectTo: path })}`);

    const email = uniqueEmail("pricing-back");
    await signUp(client(), email, "right-password-1");
    const c = client();
    const signedIn = await signIn(c, email, "right-password-1", path);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(path);
    expect((await c.get(path)).status).toBe(200);
  });

  it("shows a signed-in user the package, its monthly charge and that card payments are not available yet", async () => {
    const c = await signedInUser();
    const res = await c.get(`/payment/${ids.Standard}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = visibleText(html);
    expect(html).toContain("<title>Pay for Standard | Scheduler</title>");
    expect(text).toContain("Pay for Standard package.");
    expect(text).toContain("Monthly Billing");
    expect(text).toContain("Total Charge 10 $");
    expect(text).toContain("Package type Standard");
    expect(text).toContain("Card payments are not available on this server yet");
    // No fake card form: the page's main content has no form and no input at all.
    const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
    expect(main).toContain("Monthly Billing");
    expect(main).not.toMatch(/<(form|input)\b/);

    const enterprise = visibleText(await (await c.get(`/payment/${ids.Enterprise}`)).text());
    expect(enterprise).toContain("Pay for Enterprise package.");
    expect(enterprise).toContain("Total Charge 20 $");
  });

  it("tells a user that the free package is already included and links to the dashboard", async () => {
    const c = await signedInUser();
    const res = await c.get(`/payment/${ids.Basic}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = visibleText(html);
    expect(text).toContain("Pay for Basic package.");
    expect(text).toContain("Total Charge 0 $");
    expect(text).toContain("Basic is already included");
    expect(html).toMatch(/<a [^>]*href="\/dashboard"[^>]*>Go to your dashboard<\/a>/);
    expect(text).not.toContain("Card payments are not available");
  });

  it("lets a professional open it too (an upgrade)", async () => {
    const c = await signedInUser("professional");
    const res = await c.get(`/payment/${ids.Enterprise}`);
    expect(res.status).toBe(200);
    expect(visibleText(await res.text())).toContain("Pay for Enterprise package.");
  });

  it("sends an admin back to /pricing with the product's error toast, shown once", async () => {
    const c = await signedInUser("admin");
    const res = await c.get(`/payment/${ids.Standard}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pricing");

    const pricing = await c.get("/pricing");
    expect(pricing.status).toBe(200);
    const text = visibleText(await pricing.text());
    expect(text).toContain("Admin can't make payment");
    expect(text).toContain("Monthly Pricing");
    expect(visibleText(await (await c.get("/pricing")).text())).not.toContain("Admin can't make payment");
  });

  it("answers 404 for a malformed or unknown id, signed in or not, never a 500", async () => {
    const c = await signedInUser();
    const visitor = client();
    for (const bad of [
      "not-a-uuid",
      "abc",
      "1",
      "00000000-0000-0000-0000-00000000000z",
      "%27%3B%20drop%20table%20packages",
    ]) {
      expect((await c.get(`/payment/${bad}`)).status, bad).toBe(404);
      expect((await visitor.get(`/payment/${bad}`)).status, bad).toBe(404);
    }
    const unknown = await c.get(`/payment/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(visibleText(await unknown.text())).toContain("We couldn't find that page");
    // The catalogue is intact.
    expect((await db`select count(*)::int as n from packages`)[0].n).toBeGreaterThanOrEqual(3);
  });
});
