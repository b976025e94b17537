/**
 * The API Tokens page (/dashboard/apiTokens) over real HTTP against PostgreSQL: a person
 * creates a token (shown once), sees it listed without its secret, and revokes one or all;
 * the JSON API then refuses the token. Revoking only ever touches the caller's own tokens.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { type HttpClient, uniqueEmail, visibleText } from "../support/http";
import { client, servers, signUp, sql } from "./context";

const db = sql();
const PAGE = "/dashboard/apiTokens";
const PASSWORD = "correct-horse-battery";

/** The page's HTML without React's text-node separators. */
async function html(res: Response): Promise<string> {
  return (await res.text()).replaceAll("<!-- -->", "");
}

interface Person {
  c: HttpClient;
  email: string;
  id: string;
}

async function person(prefix: string): Promise<Person> {
  const c = client();
  const email = uniqueEmail(prefix);
  expect((await signUp(c, email, PASSWORD, `Tok ${prefix}`)).status).toBe(302);
  const [row] = await db`select id from users where email = ${email}`;
  return { c, email, id: row.id as string };
}

/** A curl-like call of the JSON API with a bearer token: no cookies. */
function eventsOf(p: Person, token: string) {
  return fetch(new URL(`/event?host=${encodeURIComponent(p.email)}`, servers()[0]), {
    headers: { authorization: `Bearer ${token}` },
    redirect: "manual",
  });
}

/** Creates a token on the page and reads the secret from the one answer that shows it. */
async function createOnPage(p: Person, label = ""): Promise<{ token: string; res: Response; page: string }> {
  const res = await p.c.post(PAGE, { intent: "create", label });
  const page = await html(res);
  const match =
    /data-testid="new-token-value"[^>]*value="([A-Za-z0-9_-]{43})"|value="([A-Za-z0-9_-]{43})"[^>]*data-testid="new-token-value"/.exec(
      page,
    );
  expect(match, "the new token is shown").not.toBeNull();
  return { token: (match?.[1] ?? match?.[2]) as string, res, page };
}

async function tokenRows(userId: string) {
  return db`select id, label, source, session_id, token_hash from api_tokens where user_id = ${userId} order by created_at`;
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

describe("API Tokens page", () => {
  it("sends a visitor to sign in, for the page, its modal and its forms", async () => {
    const get = await client().get(PAGE);
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe("/signin?redirectTo=%2Fdashboard%2FapiTokens");
    const modal = await client().get(`${PAGE}?revoke=all`);
    expect(modal.status).toBe(302);
    expect(modal.headers.get("location")).toContain("/signin");
    const forms: Array<Record<string, string>> = [{ intent: "create", label: "x" }, { intent: "revokeAll" }];
    for (const form of forms) {
      const post = await client().post(PAGE, form);
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toContain("/signin");
    }
  });

  it("is in every role's drawer and open to every role; empty, it says what to do next", async () => {
    for (const role of ["user", "professional", "admin"] as const) {
      const p = await person(`drawer-${role}`);
      await db`update users set role = ${role} where id = ${p.id}`;
      const res = await p.c.get(PAGE);
      expect(res.status, role).toBe(200);
      const page = await html(res);
      expect(page).toMatch(/<h1[^>]*>API Tokens<\/h1>/);
      expect(page).toContain(`href="${PAGE}"`);
      expect(page).toContain('href="/api/docs"');
      expect(visibleText(page)).toContain("Authorization: Bearer <token>");
      expect(page).toContain("No API tokens yet");
      expect(page).not.toContain('data-testid="api-token-row"');
    }
  });

  it("creates a token shown once, which works as a bearer token; the list never shows the secret", async () => {
    const p = await person("create");
    await db`update users set time_zone = 'Asia/Tokyo' where id = ${p.id}`;
    const { token, res, page } = await createOnPage(p, "  CI script  ");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(visibleText(page)).toContain("Token created");
    expect(visibleText(page)).toContain("It will not be shown again");

    const [row] = await tokenRows(p.id);
    expect(row).toMatchObject({ label: "CI script", source: "dashboard", session_id: null, token_hash: sha256(token) });

    const list = await eventsOf(p, token);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);

    // Known instants, so the page's dates can be checked in the person's zone (UTC+9).
    await db`update api_tokens set created_at = '2030-01-05T10:00:00Z', expires_at = '2099-02-04T10:00:00Z', last_used_at = null where id = ${row.id}`;
    const again = await p.c.get(PAGE);
    expect(again.status).toBe(200);
    const listed = await html(again);
    expect(listed).not.toContain(token);
    expect(listed).not.toContain(row.token_hash);
    expect(listed).not.toContain('data-testid="new-token"');
    expect(listed).toContain("CI script");
    expect(listed).toContain(`ID <span class="font-mono">${(row.token_hash as string).slice(0, 6)}</span>`);
    const text = visibleText(listed);
    expect(text).toContain("Jan 5, 2030 7:00 PM");
    expect(text).toContain("Feb 4, 2099 7:00 PM");
    expect(text).toContain("Times in Asia/Tokyo.");
    expect(listed).toMatch(/data-testid="api-token-last-used"[^>]*>.*Never/);

    await eventsOf(p, token);
    expect(visibleText(await html(await p.c.get(PAGE)))).not.toContain("Never");
  });

  it("names unlabelled tokens by how they were made", async () => {
    const p = await person("sources");
    const put = await p.c.request(`/users/${encodeURIComponent(p.email)}`, {
      method: "PUT",
      body: JSON.stringify({ email: p.email }),
      headers: { origin: p.c.baseUrl, "content-type": "application/json" },
    });
    expect(put.status).toBe(200);
    const password = await fetch(new URL("/api/token", servers()[0]), {
      method: "POST",
      body: JSON.stringify({ email: p.email, password: PASSWORD }),
      headers: { "content-type": "application/json", "x-forwarded-for": "10.201.0.1" },
    });
    expect(password.status).toBe(200);
    await createOnPage(p, "");
    const text = visibleText(await html(await p.c.get(PAGE)));
    expect(text).toContain("Token from sign-in in the browser");
    expect(text).toContain("Token from POST /api/token");
    expect(text).toContain("Token made on this page");
    expect((await tokenRows(p.id)).map((r) => r.source)).toEqual(["session", "password", "dashboard"]);
  });

  it("POST /api/token takes an optional label; too long is a field error", async () => {
    const p = await person("api-label");
    const call = (body: unknown) =>
      fetch(new URL("/api/token", servers()[0]), {
        method: "POST",
        body: JSON.stringify(body),
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.202.0.${Math.floor(Math.random() * 250)}`,
        },
      });
    const ok = await call({ email: p.email, password: PASSWORD, label: "Deploy bot" });
    expect(ok.status).toBe(200);
    expect((await tokenRows(p.id)).map((r) => r.label)).toEqual(["Deploy bot"]);
    const long = await call({ email: p.email, password: PASSWORD, label: "x".repeat(61) });
    expect(long.status).toBe(400);
    const body = (await long.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.fields.label).toEqual(["Keep the label to 60 characters or fewer."]);
    expect(await tokenRows(p.id)).toHaveLength(1);
    expect(visibleText(await html(await p.c.get(PAGE)))).toContain("Deploy bot");
  });

  it("revokes through the modal: the token gets 401 at once", async () => {
    const p = await person("revoke");
    const { token } = await createOnPage(p, "Doomed");
    const { token: kept } = await createOnPage(p, "Kept");
    const [doomed] = await tokenRows(p.id);
    expect((await eventsOf(p, token)).status).toBe(200);

    const modal = await p.c.get(`${PAGE}?revoke=${doomed.id}`);
    expect(modal.status).toBe(200);
    const dialog = await html(modal);
    expect(dialog).toMatch(/<dialog[^>]*open/);
    expect(visibleText(dialog)).toContain("Revoke “Doomed”?");
    expect(dialog).toContain(`name="tokenId" value="${doomed.id}"`);

    const res = await p.c.post(PAGE, { intent: "revoke", tokenId: doomed.id as string });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(PAGE);
    const after = visibleText(await html(await p.c.get(PAGE)));
    expect(after).toContain("Token revoked");
    expect(after).not.toContain("Doomed");
    expect(after).toContain("Kept");
    expect((await eventsOf(p, token)).status).toBe(401);
    expect((await eventsOf(p, kept)).status).toBe(200);
    // Already gone: not found.
    expect((await p.c.post(PAGE, { intent: "revoke", tokenId: doomed.id as string })).status).toBe(404);
  });

  it("another person's token id and a non-uuid are 404 and delete nothing", async () => {
    const owner = await person("owner");
    const intruder = await person("intruder");
    const { token } = await createOnPage(owner, "Mine");
    const [row] = await tokenRows(owner.id);

    expect((await intruder.c.get(`${PAGE}?revoke=${row.id}`)).status).toBe(404);
    for (const tokenId of [row.id as string, "not-a-uuid", "", "' or 1=1 --"]) {
      const res = await intruder.c.post(PAGE, { intent: "revoke", tokenId });
      expect(res.status, tokenId).toBe(404);
    }
    expect((await owner.c.get(`${PAGE}?revoke=not-a-uuid`)).status).toBe(404);
    expect(await tokenRows(owner.id)).toHaveLength(1);
    expect((await eventsOf(owner, token)).status).toBe(200);
    // The intruder's list does not show it either.
    expect(await html(await intruder.c.get(PAGE))).not.toContain("Mine");
  });

  it("revokes all of one's tokens (session-tied ones too) and nobody else's", async () => {
    const p = await person("all");
    const other = await person("all-other");
    const a = (await createOnPage(p, "One")).token;
    const b = (await createOnPage(p, "Two")).token;
    const theirs = (await createOnPage(other, "Theirs")).token;

    const modal = visibleText(await html(await p.c.get(`${PAGE}?revoke=all`)));
    expect(modal).toContain("Revoke all 2 tokens?");

    const res = await p.c.post(PAGE, { intent: "revokeAll" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(PAGE);
    const page = await html(await p.c.get(PAGE));
    expect(visibleText(page)).toContain("All tokens revoked");
    expect(page).toContain("No API tokens yet");
    for (const t of [a, b]) expect((await eventsOf(p, t)).status).toBe(401);
    expect(await tokenRows(p.id)).toHaveLength(0);
    expect((await eventsOf(other, theirs)).status).toBe(200);
    // Still signed in on the page.
    expect((await p.c.get(PAGE)).status).toBe(200);
  });

  it("a label over 60 characters is a field error with the input kept; bad requests are 4xx, never 500", async () => {
    const p = await person("long");
    const label = "L".repeat(61);
    const res = await p.c.post(PAGE, { intent: "create", label });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(visibleText(page)).toContain("Keep the label to 60 characters or fewer.");
    expect(page).toMatch(/aria-invalid="true"/);
    expect(page).toContain(`value="${label}"`);
    expect(page).not.toContain('data-testid="new-token"');
    expect(await tokenRows(p.id)).toHaveLength(0);

    // Exactly 60 is fine.
    await createOnPage(p, "M".repeat(60));
    expect(await tokenRows(p.id)).toHaveLength(1);

    expect((await p.c.post(PAGE, { intent: "nonsense" })).status).toBe(400);
    expect((await p.c.post(PAGE, {})).status).toBe(400);
    const json = await p.c.request(PAGE, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", origin: p.c.baseUrl },
    });
    expect(json.status).toBe(415);
  });
});
