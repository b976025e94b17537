/**
 * Single sign-on over OpenID Connect (decision 069) against a real OpenID provider
 * (`oidc-provider`, tests/fakes/oidc-provider.mjs) on loopback, through the app's real
 * openid-client code: the authorization request carries state, nonce and PKCE (S256); a first
 * sign-in creates the account just in time, a later one finds it; a forged state, a nonce the
 * app did not send and a response from another issuer are each refused, with no session; the
 * SSO domains cannot use a password (sign-in, sign-up, POST /api/token); a deactivated person
 * is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOidc } from "../fakes/oidc-provider.mjs";
import { HttpClient, uniqueEmail, visibleText } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { sql, ownServerEnv } from "./context";

const db = sql();
const DOMAIN = "sso-corp.test";
let server: RunningServer;
let idp: Awaited<ReturnType<typeof startFakeOidc>>;
let ip = 0;

beforeAll(async () => {
  idp = await startFakeOidc();
  server = await startServer(
    ownServerEnv({
      RATE_LIMIT_FACTOR: "100",
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_DOMAINS: DOMAIN,
    }),
  );
  idp.allowRedirect(`${server.url}/auth/sso/callback`);
});
afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

const browser = () => {
  ip += 1;
  return new HttpClient(server.url, { "x-forwarded-for": `10.235.0.${ip}` });
};
const ssoEmail = (prefix: string) => uniqueEmail(prefix).replace("@example.test", `@${DOMAIN}`);

/** The app's redirect to the provider: its URL, checked for the request's parameters. */
async function startAtApp(c: HttpClient, redirectTo = "/dashboard/eventTypes"): Promise<URL> {
  const start = await c.post("/auth/sso", { redirectTo });
  expect(start.status).toBe(302);
  const to = new URL(start.headers.get("location")!);
  expect(to.origin).toBe(idp.issuer);
  expect(to.searchParams.get("client_id")).toBe(idp.clientId);
  expect(to.searchParams.get("redirect_uri")).toBe(`${server.url}/auth/sso/callback`);
  expect(to.searchParams.get("scope")).toBe("openid email profile");
  expect(to.searchParams.get("response_type")).toBe("code");
  expect(to.searchParams.get("code_challenge_method")).toBe("S256");
  expect(to.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  expect(to.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
  expect(to.searchParams.get("nonce")).toMatch(/^[\w-]{20,}$/);
  return to;
}

/** Signs `email` in at the provider (its own cookies) and returns the provider's redirect to the app's callback. */
async function atProvider(authUrl: URL, email: string): Promise<URL> {
  const p = new HttpClient(idp.issuer);
  let res = await p.get(authUrl.pathname + authUrl.search);
  for (let hops = 0; hops < 8; hops += 1) {
    expect([302, 303]).toContain(res.status);
    const next = new URL(res.headers.get("location")!, idp.issuer);
    if (next.origin !== idp.issuer) return next;
    if (next.pathname.startsWith("/interaction/")) {
      expect((await p.get(next.pathname)).status).toBe(200);
      res = await p.post(next.pathname, { email });
    } else {
      res = await p.get(next.pathname + next.search);
    }
  }
  throw new Error("the provider never sent the browser back");
}

async function signIn(c: HttpClient, email: string) {
  const callback = await atProvider(await startAtApp(c), email);
  return c.get(callback.pathname + callback.search);
}

async function refused(c: HttpClient, res: Response, text = "Single sign-on did not complete") {
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/signin");
  expect(visibleText(await (await c.get("/signin")).text())).toContain(text);
  const dash = await c.get("/dashboard");
  expect(dash.status).toBe(302);
  expect(dash.headers.get("location")).toMatch(/^\/signin/);
}

const tokenCalls = () => idp.requests.filter((r) => r.path === "/token").length;

describe("SSO sign-in", () => {
  it("the sign-in page offers Sign in with SSO (a plain form: no JavaScript needed)", async () => {
    const html = await (await browser().get("/signin")).text();
    expect(html).toContain('action="/auth/sso"');
    expect(visibleText(html)).toContain("Sign in with SSO");
  });

  it("creates a first-time person just in time, returns to where they were going, and finds them again", async () => {
    const c = browser();
    const email = ssoEmail("jit");
    const res = await signIn(c, email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/eventTypes");
    expect((await c.get("/dashboard")).status).toBe(200);
    const [row] = await db`select id, name, password_hash, oidc_subject from users where email = ${email}`;
    expect(row.password_hash).toBeNull();
    expect(row.oidc_subject).toBe(`${idp.issuer} ${email}`);
    expect(row.name).toBe(
      email
        .split("@")[0]
        .split("-")
        .map((p) => p[0].toUpperCase() + p.slice(1))
        .join(" "),
    );
    // Again, from another browser: the same account.
    const again = browser();
    expect((await signIn(again, email)).status).toBe(302);
    expect((await db`select count(*)::int as n from users where email = ${email}`)[0].n).toBe(1);
    expect((await again.get("/dashboard")).status).toBe(200);
  });

  it("links an existing account with the same e-mail", async () => {
    const email = ssoEmail("linked");
    await db`insert into users (email, name) values (${email}, 'Existing Person')`;
    const c = browser();
    expect((await signIn(c, email)).status).toBe(302);
    const [row] = await db`select name, oidc_subject from users where email = ${email}`;
    expect(row).toEqual({ name: "Existing Person", oidc_subject: `${idp.issuer} ${email}` });
  });

  it("refuses a forged state, before the code is exchanged", async () => {
    const c = browser();
    const callback = await atProvider(await startAtApp(c), ssoEmail("state"));
    callback.searchParams.set("state", "forged-state-value-1234567890");
    const before = tokenCalls();
    await refused(c, await c.get(callback.pathname + callback.search));
    expect(tokenCalls()).toBe(before);
  });

  it("refuses an ID token whose nonce is not the one the app sent", async () => {
    const c = browser();
    const authUrl = await startAtApp(c);
    authUrl.searchParams.set("nonce", "a-nonce-the-app-never-sent-123456");
    const email = ssoEmail("nonce");
    const callback = await atProvider(authUrl, email);
    const before = tokenCalls();
    await refused(c, await c.get(callback.pathname + callback.search));
    // The code was exchanged (the nonce is in the ID token), and still no account was made.
    expect(tokenCalls()).toBe(before + 1);
    expect((await db`select count(*)::int as n from users where email = ${email}`)[0].n).toBe(0);
  });

  it("refuses a response from another issuer (RFC 9207 iss)", async () => {
    const c = browser();
    const callback = await atProvider(await startAtApp(c), ssoEmail("issuer"));
    expect(callback.searchParams.get("iss")).toBe(idp.issuer);
    callback.searchParams.set("iss", "http://127.0.0.1:9/evil");
    const before = tokenCalls();
    await refused(c, await c.get(callback.pathname + callback.search));
    expect(tokenCalls()).toBe(before);
  });

  it("refuses a callback in a browser that did not start the sign-in", async () => {
    const callback = await atProvider(await startAtApp(browser()), ssoEmail("other"));
    const stranger = browser();
    await refused(stranger, await stranger.get(callback.pathname + callback.search));
  });

  it("refuses an address outside OIDC_DOMAINS and a deactivated person", async () => {
    const c = browser();
    const outside = uniqueEmail("outside");
    await refused(c, await signIn(c, outside), "addresses are not allowed here");
    expect((await db`select count(*)::int as n from users where email = ${outside}`)[0].n).toBe(0);

    const email = ssoEmail("off");
    const d = browser();
    expect((await signIn(d, email)).status).toBe(302);
    await db`update users set deactivated_at = now() where email = ${email}`;
    const e = browser();
    await refused(e, await signIn(e, email), "This account is deactivated.");
  });
});

describe("the SSO domains", () => {
  it("cannot sign in or sign up with a password, nor take a token: each answer points to SSO", async () => {
    const email = ssoEmail("password");
    await db`insert into users (email, name, password_hash) values (${email}, 'P', 'x')`;
    const c = browser();
    const signin = await c.post("/signin", { email, password: "correct-horse-battery" });
    expect(signin.status).toBe(403);
    expect(visibleText(await signin.text())).toContain(`Addresses at ${DOMAIN} sign in with single sign-on`);
    const signup = await c.post("/signup", {
      name: "N",
      email: ssoEmail("signup"),
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    });
    expect(signup.status).toBe(403);
    expect(visibleText(await signup.text())).toContain("Sign in with SSO");
    const token = await fetch(`${server.url}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-battery" }),
    });
    expect(token.status).toBe(403);
    expect(((await token.json()) as { error: { code: string } }).error.code).toBe("sso_required");
    // Another domain still signs up with a password.
    const other = await browser().post("/signup", {
      name: "O",
      email: uniqueEmail("pw"),
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    });
    expect(other.status).toBe(302);
  });
});
