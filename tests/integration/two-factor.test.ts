/**
 * Two-factor sign-in (decision 066) over real HTTP: TOTP set-up and sign-in (a code is refused
 * once used, for the rest of its window), single-use recovery codes, the pending second step of
 * the sign-in form, otp on POST /api/token, the admin's switch, and passkeys with a software
 * authenticator (registration with attestation "none", assertions as a second factor and alone).
 */
import { generate } from "otplib";
import { afterAll, describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail, visibleText } from "../support/http";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { API_PASSWORD, apiClient, browserCall, errorOf, ok, type Account } from "./api-client";
import { servers } from "./context";

const { db, call, account, freshIp } = apiClient({ ipPrefix: "10.66", namePrefix: "TwoFactor" });

/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns TOTP on; `setupCode` is the code that confirmed it (a 30 s step may have passed since). */
async function enableTotp(a: Account): Promise<{ secret: string; recoveryCodes: string[]; setupCode: string }> {
  const setup = await ok<{ secret: string; otpauthUrl: string }>(
    await call("POST", "/api/me/totp", { token: a.token }),
  );
  const setupCode = await codeAt(setup.secret);
  const { recoveryCodes } = await ok<{ recoveryCodes: string[] }>(
    await call("POST", "/api/me/totp/enable", { token: a.token, json: { code: setupCode } }),
  );
  return { secret: setup.secret, recoveryCodes, setupCode };
}

function browser(): HttpClient {
  return new HttpClient(servers()[0], { "x-forwarded-for": freshIp() });
}

const signInForm = (c: HttpClient, email: string, redirectTo = "/dashboard/profile") =>
  c.post("/signin", { email, password: API_PASSWORD, redirectTo });

afterAll(async () => {
  // Later files on this database sign in without a second factor.
  await db`delete from site_settings where key = 'requireSecondFactor'`;
});

describe("TOTP over the JSON API", () => {
  it("sets up with a secret and otpauth address, confirms with a code and answers 10 recovery codes", async () => {
    const a = await account("totp-setup");
    const setup = await ok<{ secret: string; otpauthUrl: string }>(
      await call("POST", "/api/me/totp", { token: a.token }),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(setup.otpauthUrl).searchParams.get("secret")).toBe(setup.secret);
    // Stored encrypted, unconfirmed.
    const [row] = await db`select secret, confirmed_at from totp_secrets where user_id = ${a.id}`;
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(setup.secret);
    expect(row.confirmed_at).toBeNull();

    const wrong = await call("POST", "/api/me/totp/enable", { token: a.token, json: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe("invalid_code");
    const bad = await call("POST", "/api/me/totp/enable", { token: a.token, json: {} });
    expect(bad.status).toBe(400);

    const { recoveryCodes } = await ok<{ recoveryCodes: string[] }>(
      await call("POST", "/api/me/totp/enable", { token: a.token, json: { code: await codeAt(setup.secret) } }),
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await db`select code_hash from recovery_codes where user_id = ${a.id}`;
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(code);

    const again = await call("POST", "/api/me/totp", { token: a.token });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("totp_enabled");
  });

  it("POST /api/token asks for otp, refuses a code already used within its window, accepts each recovery code once", async () => {
    const a = await account("totp-token");
    const { secret, recoveryCodes, setupCode } = await enableTotp(a);
    const token = (json: Record<string, unknown>) =>
      call("POST", "/api/token", { json: { email: a.email, password: API_PASSWORD, ...json } });

    const missing = await token({});
    expect(missing.status).toBe(401);
    expect((await errorOf(missing)).code).toBe("otp_required");
    const wrongPassword = await call("POST", "/api/token", {
      json: { email: a.email, password: "nope-nope-nope", otp: "123456" },
    });
    expect((await errorOf(wrongPassword)).code).toBe("invalid_credentials");

    // The code that confirmed the set-up: used, so refused (whether or not its step has passed).
    const reused = await token({ otp: setupCode });
    expect(reused.status).toBe(401);
    expect((await errorOf(reused)).code).toBe("invalid_otp");
    // The next step's code (one step of tolerance) works once, then is refused too.
    const next = await codeAt(secret, 1);
    await ok(await token({ otp: next }));
    const replay = await token({ otp: next });
    expect((await errorOf(replay)).code).toBe("invalid_otp");
    // And so is an older one now.
    expect((await errorOf(await token({ otp: await codeAt(secret, -1) }))).code).toBe("invalid_otp");

    await ok(await token({ otp: recoveryCodes[0] }));
    expect((await errorOf(await token({ otp: recoveryCodes[0] }))).code).toBe("invalid_otp");
    await ok(await token({ otp: recoveryCodes[1].toUpperCase() }));
    const [{ n }] = await db`select count(*)::int as n from recovery_codes where user_id = ${a.id} and used_at is null`;
    expect(n).toBe(8);
  });

  it("DELETE /api/me/totp needs a right code; after it no otp is asked", async () => {
    const a = await account("totp-off");
    const { recoveryCodes } = await enableTotp(a);
    const wrong = await call("DELETE", "/api/me/totp", { token: a.token, json: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe("invalid_code");
    const none = await call("DELETE", "/api/me/totp", { token: a.token, json: {} });
    expect(none.status).toBe(400);
    expect((await call("DELETE", "/api/me/totp", { token: a.token, json: { code: recoveryCodes[3] } })).status).toBe(
      204,
    );
    expect((await db`select 1 from totp_secrets where user_id = ${a.id}`).length).toBe(0);
    expect((await db`select 1 from recovery_codes where user_id = ${a.id}`).length).toBe(0);
    await ok(await call("POST", "/api/token", { json: { email: a.email, password: API_PASSWORD } }));
    const gone = await call("DELETE", "/api/me/totp", { token: a.token, json: { code: "123456" } });
    expect(gone.status).toBe(409);
    expect((await errorOf(gone)).code).toBe("totp_not_enabled");
  });

  it("refuses visitors", async () => {
    expect((await call("POST", "/api/me/totp")).status).toBe(401);
    expect((await call("POST", "/api/me/totp/enable", { json: { code: "123456" } })).status).toBe(401);
    expect((await call("DELETE", "/api/me/totp", { json: { code: "123456" } })).status).toBe(401);
  });
});

describe("the sign-in form's second step", () => {
  it("leaves the browser signed out until a code is given, then signs in where it was going", async () => {
    const a = await account("totp-form");
    const { secret, recoveryCodes, setupCode } = await enableTotp(a);
    const c = browser();
    const first = await signInForm(c, a.email);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/signin/second-factor");
    // Pending: not signed in.
    const guarded = await c.get("/dashboard/profile");
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("location")).toMatch(/^\/signin/);
    expect((await c.get("/signin")).status).toBe(200);

    const page = await c.get("/signin/second-factor");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain(a.email);
    expect(html).toMatch(/name="code"/);

    const wrong = await c.post("/signin/second-factor", { code: "000000" });
    expect(wrong.status).toBe(401);
    const empty = await c.post("/signin/second-factor", { code: "" });
    expect(empty.status).toBe(400);
    // The code used at set-up is refused (whether or not its step has passed).
    expect((await c.post("/signin/second-factor", { code: setupCode })).status).toBe(401);

    const done = await c.post("/signin/second-factor", { code: await codeAt(secret, 1) });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard/profile");
    expect((await c.get("/dashboard/profile")).status).toBe(200);
    // Once signed in, the step is gone.
    expect((await c.get("/signin/second-factor")).headers.get("location")).toMatch(/^\/signin/);

    // A recovery code works once, in another browser.
    const d = browser();
    await signInForm(d, a.email);
    expect((await d.post("/signin/second-factor", { code: recoveryCodes[0] })).status).toBe(302);
    expect((await d.get("/dashboard/profile")).status).toBe(200);
    const e = browser();
    await signInForm(e, a.email);
    expect((await e.post("/signin/second-factor", { code: recoveryCodes[0] })).status).toBe(401);
    expect((await e.get("/dashboard/profile")).status).toBe(302);
  });

  it("is refused to a browser that gave no password", async () => {
    const c = browser();
    expect((await c.get("/signin/second-factor")).headers.get("location")).toBe("/signin");
    expect((await c.post("/signin/second-factor", { code: "123456" })).headers.get("location")).toBe("/signin");
    expect((await c.get("/signin/second-factor/setup")).headers.get("location")).toBe("/signin");
  });

  it("throttles wrong codes per account and address like passwords (429 with Retry-After)", async () => {
    const a = await account("totp-throttle");
    await enableTotp(a);
    const c = new HttpClient(servers()[0], { "x-forwarded-for": "10.66.250.1" });
    await signInForm(c, a.email);
    let last: Response | null = null;
    for (let i = 0; i < 11; i += 1) last = await c.post("/signin/second-factor", { code: "000000" });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("works on the profile page: set up from the QR code's secret, then turn off with a code", async () => {
    const c = browser();
    const email = uniqueEmail("totp-profile");
    await c.post("/signup", { name: "Profile Person", email, password: API_PASSWORD, confirmPassword: API_PASSWORD });
    const start = await c.post("/dashboard/profile", { intent: "totpStart" });
    expect(start.status).toBe(302);
    const html = await (await c.get("/dashboard/profile")).text();
    expect(html).toContain("<svg");
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(html)?.[1];
    expect(secret).toBeTruthy();
    const enabled = await c.post("/dashboard/profile", { intent: "totpEnable", code: await codeAt(secret!) });
    expect(enabled.status).toBe(200);
    expect((await enabled.text()).match(/<li>[a-z2-9]{5}-[a-z2-9]{5}<\/li>/g)).toHaveLength(10);
    const off = await c.post("/dashboard/profile", { intent: "totpDisable", code: "000000" });
    expect(off.status).toBe(400);
    expect((await c.post("/dashboard/profile", { intent: "totpDisable", code: await codeAt(secret!, 1) })).status).toBe(
      302,
    );
    expect((await c.get("/dashboard/profile")).status).toBe(200);
  });
});

describe("the admin's switch", () => {
  it("sends people without a second factor to set one up at their next sign-in", async () => {
    const admin = await account("totp-admin", "admin");
    const user = await account("totp-required");
    expect(
      (await user.c.post("/dashboard/manageUser", { intent: "secondFactorRequired", required: "on" })).status,
    ).toBe(403);
    expect(
      (await admin.c.post("/dashboard/manageUser", { intent: "secondFactorRequired", required: "on" })).status,
    ).toBe(302);
    try {
      expect((await admin.c.get("/dashboard/manageUser")).status).toBe(200);
      // No token for a password alone.
      const token = await call("POST", "/api/token", { json: { email: user.email, password: API_PASSWORD } });
      expect(token.status).toBe(403);
      expect((await errorOf(token)).code).toBe("second_factor_setup_required");

      const c = browser();
      const first = await signInForm(c, user.email);
      expect(first.headers.get("location")).toBe("/signin/second-factor/setup");
      expect((await c.get("/dashboard")).status).toBe(302);
      const page = await c.get("/signin/second-factor/setup");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("<svg");
      const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(html)?.[1];
      expect(secret).toBeTruthy();
      // "Continue" before a code does nothing.
      expect((await c.post("/signin/second-factor/setup", { intent: "continue" })).headers.get("location")).toBe(
        "/signin/second-factor/setup",
      );
      expect((await c.post("/signin/second-factor/setup", { code: "000000" })).status).toBe(400);
      const enabled = await c.post("/signin/second-factor/setup", { code: await codeAt(secret!) });
      expect(enabled.status).toBe(200);
      expect((await enabled.text()).match(/<li>[a-z2-9]{5}-[a-z2-9]{5}<\/li>/g)).toHaveLength(10);
      expect((await c.get("/dashboard")).status).toBe(302);
      const cont = await c.post("/signin/second-factor/setup", { intent: "continue" });
      expect(cont.status).toBe(302);
      expect(cont.headers.get("location")).toBe("/dashboard/profile");
      expect((await c.get("/dashboard/profile")).status).toBe(200);
    } finally {
      await admin.c.post("/dashboard/manageUser", { intent: "secondFactorRequired" });
    }
    const [row] = await db`select value from site_settings where key = 'requireSecondFactor'`;
    expect(row.value).toBe(false);
  });
});

describe("passkeys", () => {
  async function register(a: Account, authenticator: SoftwareAuthenticator, name = "Laptop") {
    const options = await ok<{ challenge: string; rp: { id: string }; user: { id: string } }>(
      await a.c.get("/webauthn/register"),
    );
    const res = await browserCall(a.c, "POST", "/webauthn/register", { name, response: authenticator.create(options) });
    return res;
  }

  it("registers with attestation none, then is the second step of a password sign-in", async () => {
    const a = await account("passkey-2fa");
    const authenticator = new SoftwareAuthenticator(new URL(servers()[0]).origin);
    expect((await register(a, authenticator)).status).toBe(201);
    const [stored] = await db`select name, counter, public_key from passkeys where user_id = ${a.id}`;
    expect(stored.name).toBe("Laptop");

    const c = browser();
    expect((await signInForm(c, a.email)).headers.get("location")).toBe("/signin/second-factor");
    const options = await ok<{ challenge: string; allowCredentials: Array<{ id: string }> }>(
      await c.get("/webauthn/authenticate"),
    );
    expect(options.allowCredentials).toHaveLength(1);
    const assertion = authenticator.get(options);
    const done = await browserCall(c, "POST", "/webauthn/authenticate", assertion);
    expect(await ok<{ redirectTo: string }>(done)).toEqual({ redirectTo: "/dashboard/profile" });
    expect((await c.get("/dashboard/profile")).status).toBe(200);

    // A password alone gives no token to a passkey-only account.
    const token = await call("POST", "/api/token", { json: { email: a.email, password: API_PASSWORD } });
    expect((await errorOf(token)).code).toBe("passkey_required");
  });

  it("signs in alone (user verified), refuses a replayed assertion, a bad signature and someone else's passkey", async () => {
    const a = await account("passkey-alone");
    const other = await account("passkey-other");
    const authenticator = new SoftwareAuthenticator(new URL(servers()[0]).origin);
    expect((await register(a, authenticator)).status).toBe(201);
    expect((await register(a, authenticator)).status).toBe(201); // a second credential on the same device

    const c = browser();
    const options = await ok<{ challenge: string; allowCredentials?: Array<{ id: string }> }>(
      await c.get("/webauthn/authenticate"),
    );
    expect(options.allowCredentials ?? []).toHaveLength(0);
    const assertion = authenticator.get(options);
    const cookie = c.cookieHeader();
    expect(await ok(await browserCall(c, "POST", "/webauthn/authenticate?redirectTo=/dashboard", assertion))).toEqual({
      redirectTo: "/dashboard",
    });
    expect((await c.get("/dashboard/profile")).status).toBe(200);

    // The same answer again, with the challenge cookie it came with: the counter refuses it.
    const replay = new HttpClient(servers()[0], { "x-forwarded-for": freshIp(), cookie });
    expect((await browserCall(replay, "POST", "/webauthn/authenticate", assertion)).status).toBe(401);

    // Without user verification a passkey alone is not enough.
    const d = browser();
    const o2 = await ok<{ challenge: string }>(await d.get("/webauthn/authenticate"));
    expect(
      (await browserCall(d, "POST", "/webauthn/authenticate", authenticator.get(o2, { userVerified: false }))).status,
    ).toBe(401);
    expect((await d.get("/dashboard/profile")).status).toBe(302);

    // A tampered signature.
    const e = browser();
    const o3 = await ok<{ challenge: string }>(await e.get("/webauthn/authenticate"));
    const forged = authenticator.get(o3);
    forged.response.clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: "AAAA", origin: new URL(servers()[0]).origin }),
    ).toString("base64url");
    expect((await browserCall(e, "POST", "/webauthn/authenticate", forged)).status).toBe(401);

    // At another account's second step, this passkey does not count.
    const f = browser();
    const otherAuthenticator = new SoftwareAuthenticator(new URL(servers()[0]).origin);
    expect((await register(other, otherAuthenticator)).status).toBe(201);
    await signInForm(f, other.email);
    const o4 = await ok<{ challenge: string }>(await f.get("/webauthn/authenticate"));
    expect(
      (await browserCall(f, "POST", "/webauthn/authenticate", authenticator.get(o4, { credential: 0 }))).status,
    ).toBe(401);
    expect((await f.get("/dashboard/profile")).status).toBe(302);

    // Without a challenge from this server.
    const g = browser();
    expect((await browserCall(g, "POST", "/webauthn/authenticate", authenticator.get({ challenge: "x" }))).status).toBe(
      400,
    );
    // Garbage is a 400, never a 500.
    expect((await browserCall(g, "POST", "/webauthn/authenticate", { id: 1 })).status).toBe(400);
  });

  it("registration needs a signed-in browser and a fresh challenge; the owner removes a passkey on the profile page", async () => {
    const a = await account("passkey-remove");
    const authenticator = new SoftwareAuthenticator(new URL(servers()[0]).origin);
    expect((await browser().get("/webauthn/register")).status).toBe(401);
    const noChallenge = await browserCall(a.c, "POST", "/webauthn/register", {
      name: "X",
      response: authenticator.create({ challenge: "abc", rp: {}, user: { id: "x" } }),
    });
    expect(noChallenge.status).toBe(400);
    expect((await register(a, authenticator)).status).toBe(201);
    const [row] = await db`select id from passkeys where user_id = ${a.id}`;
    const other = await account("passkey-remove-other");
    expect(
      (await other.c.post("/dashboard/profile", { intent: "passkeyDelete", passkeyId: row.id as string })).status,
    ).toBe(404);
    expect(
      (await a.c.post("/dashboard/profile", { intent: "passkeyDelete", passkeyId: row.id as string })).status,
    ).toBe(302);
    expect((await db`select 1 from passkeys where user_id = ${a.id}`).length).toBe(0);
  });
});
