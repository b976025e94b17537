import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { client, signIn, signUp, sql } from "./context";

const db = sql();

describe("sign-up", () => {
  it("creates the account with an argon2id hash, starts a session and greets with the product's toast", async () => {
    const c = client();
    const email = uniqueEmail("signup");
    const res = await signUp(c, email.toUpperCase(), "correct-horse-battery", "Ada Lovelace");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The test servers' APP_URL is http://127.0.0.1:<port>: not Secure (an https APP_URL makes it so,
    // app/server/env.server.test.ts).
    expect(cookie).not.toMatch(/Secure/i);

    const [row] = await db`select email, name, role, password_hash from users where email = ${email}`;
    expect(row).toMatchObject({ email, name: "Ada Lovelace", role: "user" });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const home = await c.get("/");
    const html = await home.text();
    expect(html).toContain("Login successd...");
    expect(html).toContain(email);
    // The toast is shown once.
    expect(await (await c.get("/")).text()).not.toContain("Login successd...");
  });

  it("compares the two passwords and keeps what the user typed", async () => {
    const c = client();
    const email = uniqueEmail("mismatch");
    const res = await c.post("/signup", {
      name: "Kept Name",
      email,
      password: "correct-horse-1",
      confirmPassword: "different-2",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Passwords do not match.");
    expect(html).toContain("Kept Name");
    expect(html).not.toContain("correct-horse-1");
    expect((await db`select count(*)::int as n from users where email = ${email}`)[0].n).toBe(0);
  });

  it("says which fields are required, in the product's words", async () => {
    const res = await client().post("/signup", { name: "", email: "", password: "", confirmPassword: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Email is required!!");
    expect(html).toContain("Password is required!!");
  });

  it("refuses a second account for the same e-mail, whatever its case", async () => {
    const email = uniqueEmail("dupe");
    expect((await signUp(client(), email)).status).toBe(302);
    const res = await signUp(client(), email.toUpperCase());
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("An account with this email already exists.");
  });

  it("sends an e-mail listed in ADMIN_EMAILS to /dashboard as an admin", async () => {
    const c = client();
    const res = await signUp(c, "chief@example.test");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await db`select role from users where email = 'chief@example.test'`)[0].role).toBe("admin");
    const page = await c.get("/dashboard/manageEvent");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Manage All Event");
  });
});

describe("sign-in and sessions", () => {
  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const email = uniqueEmail("known");
    await signUp(client(), email, "right-password-1");
    const wrong = await signIn(client(), email, "wrong-password-1");
    const unknown = await signIn(client(), uniqueEmail("nobody"), "wrong-password-1");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(a).toContain("Wrong email or password.");
    expect(b).toContain("Wrong email or password.");
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
  });

  it("issues a new session id at sign-in and ends the old one", async () => {
    const email = uniqueEmail("rotate");
    const c = client();
    await signUp(c, email, "right-password-1");
    const first = c.cookies.get("__session")!;
    const res = await signIn(c, email, "right-password-1");
    expect(res.status).toBe(302);
    const second = c.cookies.get("__session")!;
    expect(second).not.toBe(first);
    // The old cookie no longer opens the dashboard.
    const stale = await fetch(new URL("/dashboard", c.baseUrl), {
      headers: { cookie: `__session=${first}` },
      redirect: "manual",
    });
    expect(stale.status).toBe(302);
    expect((await c.get("/dashboard")).status).toBe(200);
  });

  it("keeps only a hash of the session token in the database", async () => {
    const c = client();
    await signUp(c, uniqueEmail("hash"));
    const token = decodeURIComponent(c.cookies.get("__session")!).split(".")[0];
    const rows = await db`select id from sessions where id = ${token}`;
    expect(rows).toHaveLength(0);
  });

  it("returns to the page the guard remembered, and only to same-site paths", async () => {
    const email = uniqueEmail("guard");
    await signUp(client(), email, "right-password-1");
    const guarded = await client().get("/dashboard?tab=1");
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("location")).toBe("/signin?redirectTo=%2Fdashboard%3Ftab%3D1");

    const back = await signIn(client(), email, "right-password-1", "/dashboard?tab=1");
    expect(back.headers.get("location")).toBe("/dashboard?tab=1");
    for (const evil of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const res = await signIn(client(), email, "right-password-1", evil);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("signs out for good: the session row is deleted", async () => {
    const c = client();
    const email = uniqueEmail("signout");
    await signUp(c, email);
    const cookie = c.cookies.get("__session")!;
    const out = await c.post("/signout", {});
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    const replay = await fetch(new URL("/dashboard", c.baseUrl), {
      headers: { cookie: `__session=${cookie}` },
      redirect: "manual",
    });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toContain("/signin");
  });

  it("ignores a forged toast cookie (the toast cookie is signed)", async () => {
    const forged = Buffer.from(
      JSON.stringify({ __flash_flash__: { toast: { message: "FORGED-TOAST", type: "success" } } }),
    ).toString("base64");
    const res = await fetch(new URL("/", client().baseUrl), {
      headers: { cookie: `__toast=${encodeURIComponent(forged)}.bad` },
    });
    expect(await res.text()).not.toContain("FORGED-TOAST");
  });
});

describe("roles and guards", () => {
  it("lets an admin in, refuses a signed-in user with 403, and sends a visitor to sign in", async () => {
    const visitor = await client().get("/dashboard/manageEvent");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/signin?redirectTo=%2Fdashboard%2FmanageEvent");

    const user = client();
    await signUp(user, uniqueEmail("plain"));
    const refused = await user.get("/dashboard/manageEvent");
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("Manage All Event");

    // Promotion takes effect on the next request: the role is read from the database.
    const email = uniqueEmail("promoted");
    const admin = client();
    await signUp(admin, email);
    await db`update users set role = 'admin' where email = ${email}`;
    expect((await admin.get("/dashboard/manageEvent")).status).toBe(200);
  });
});
