/**
 * "Forgot password?" (decision 041) over real HTTP against PostgreSQL.
 *
 * Covered: POST /api/password-reset and the /forgot-password form answer the same for a known
 * and an unknown address, and only the known one is mailed (through the outbox); the link opens
 * the form, a mismatch is 400 with the form kept; a reset sets the password, ends every session
 * (the browser's too) and every other link; the link works once (410 after), and not after its
 * hour; 429 past the per-e-mail budget (whether the account exists or not). The sign-in page
 * links to it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, errorOf, ok, API_PASSWORD, type Account } from "./api-client";
import { client, signIn } from "./context";
import { uniqueEmail, visibleText } from "../support/http";

const { db, call, account } = apiClient({ ipPrefix: "10.142", namePrefix: "Reset" });

async function linksFor(email: string): Promise<string[]> {
  const rows = await db<
    { text: string }[]
  >`select text from mail_outbox where "to" = ${email} and subject = 'Reset your Scheduler password' order by created_at`;
  return rows.map((r) => /(http\S+\/reset-password\/\S+)/.exec(r.text)?.[1] ?? "");
}

const pathOf = (url: string) => new URL(url).pathname;

let host: Account;

beforeAll(async () => {
  host = await account("host");
});

describe("asking for a link", () => {
  it("the same 202 for a known and an unknown address; only the known one gets a mail", async () => {
    const known = await call("POST", "/api/password-reset", { json: { email: host.email.toUpperCase() } });
    const unknown = await call("POST", "/api/password-reset", { json: { email: uniqueEmail("nobody") } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await linksFor(host.email)).toHaveLength(1);
    const bad = await call("POST", "/api/password-reset", { json: { email: "not-an-address" } });
    expect((await errorOf(bad)).fields?.email).toBeDefined();
  });

  it("the page form answers the same for both, without JavaScript; sign-in links to it", async () => {
    const c = client();
    const signin = visibleText(await (await c.get("/signin")).text());
    expect(signin).toContain("Forgot password?");
    const known = visibleText(await (await c.post("/forgot-password", { email: host.email })).text());
    const other = uniqueEmail("ghost");
    const unknown = visibleText(await (await c.post("/forgot-password", { email: other })).text());
    expect(known).toContain(`If an account exists for ${host.email}, we sent it a link`);
    expect(unknown.replace(other, host.email)).toBe(known);
    expect(await linksFor(other)).toHaveLength(0);
  });

  it("429 past the per-e-mail budget, for an unknown address too", async () => {
    const email = uniqueEmail("spam");
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await call("POST", "/api/password-reset", { json: { email } })).status);
    expect(answers).toEqual([202, 202, 202, 429]);
  });
});

describe("using a link", () => {
  it("sets the password once: every session and other link ends; reuse is refused", async () => {
    const a = await account("reuse");
    const browser = client();
    expect((await signIn(browser, a.email, API_PASSWORD)).status).toBe(302);
    expect((await browser.get("/dashboard")).status).toBe(200);
    await ok(await call("POST", "/api/password-reset", { json: { email: a.email } }), 202);
    await ok(await call("POST", "/api/password-reset", { json: { email: a.email } }), 202);
    const [older, newer] = await linksFor(a.email);

    const c = client();
    const form = await c.get(pathOf(newer));
    expect(form.status).toBe(200);
    // The last policy wins: the token never leaves for another site as a referrer.
    expect(form.headers.get("referrer-policy")).toMatch(/same-origin$/);
    expect(visibleText(await form.text())).toContain(`For ${a.email}`);
    const mismatch = await c.post(pathOf(newer), { password: "new-password-1", confirmPassword: "new-password-2" });
    expect(mismatch.status).toBe(400);

    const done = await c.post(pathOf(newer), { password: "brand-new-secret", confirmPassword: "brand-new-secret" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/signin");
    // Every session and API token ended; the old password no longer works, the new one does.
    expect((await browser.get("/dashboard")).status).toBe(302);
    expect((await call("GET", "/event", { token: a.token })).status).toBe(401);
    expect((await signIn(client(), a.email, API_PASSWORD)).status).toBe(401);
    expect((await signIn(client(), a.email, "brand-new-secret")).status).toBe(302);

    const again = await c.post(pathOf(newer), { password: "third-secret-1", confirmPassword: "third-secret-1" });
    expect(again.status).toBe(410);
    expect(visibleText(await (await c.get(pathOf(older))).text())).toContain(
      "This link has expired or was already used",
    );
    expect(
      (await c.post(pathOf(older), { password: "third-secret-1", confirmPassword: "third-secret-1" })).status,
    ).toBe(410);
    const [row] =
      await db`select count(*)::int as n from password_reset_tokens t join users u on u.id = t.user_id where u.email = ${a.email} and used_at is null`;
    expect(row.n).toBe(0);
  });

  it("a link past its hour is refused; an unknown one too", async () => {
    const a = await account("expired");
    await ok(await call("POST", "/api/password-reset", { json: { email: a.email } }), 202);
    const [link] = await linksFor(a.email);
    await db`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${a.id}`;
    const c = client();
    expect(visibleText(await (await c.get(pathOf(link))).text())).toContain("This link no longer works");
    expect(
      (await c.post(pathOf(link), { password: "brand-new-secret", confirmPassword: "brand-new-secret" })).status,
    ).toBe(410);
    expect(
      (
        await c.post("/reset-password/made-up-token", {
          password: "brand-new-secret",
          confirmPassword: "brand-new-secret",
        })
      ).status,
    ).toBe(410);
    expect((await signIn(client(), a.email, API_PASSWORD)).status).toBe(302);
  });
});
