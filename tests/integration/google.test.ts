import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { signUp, sql, ownServerEnv } from "./context";

const db = sql();
let server: RunningServer;

beforeAll(async () => {
  // Google is faked at the network boundary (tests/mocks, MSW inside the server process).
  server = await startServer(
    ownServerEnv({
      MOCKS: "true",
      GOOGLE_CLIENT_ID: "fake-client-id",
      GOOGLE_CLIENT_SECRET: "fake-client-secret",
      RATE_LIMIT_FACTOR: "100",
    }),
  );
});
afterAll(async () => {
  await server?.stop();
});

function fakeCode(profile: { sub: string; email: string; name: string; email_verified?: boolean }) {
  return Buffer.from(JSON.stringify(profile)).toString("base64url");
}

/** POST /auth/google, then come back from "Google" with a code for this profile. */
async function googleSignIn(c: HttpClient, profile: Parameters<typeof fakeCode>[0], redirectTo = "") {
  const start = await c.post("/auth/google", { redirectTo });
  expect(start.status).toBe(302);
  const to = new URL(start.headers.get("location")!);
  expect(to.origin + to.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
  expect(to.searchParams.get("client_id")).toBe("fake-client-id");
  const state = to.searchParams.get("state")!;
  expect(state).toBeTruthy();
  return c.get(`/auth/google/callback?${new URLSearchParams({ state, code: fakeCode(profile) })}`);
}

describe("Google sign-in", () => {
  it("shows an active Google button when configured", async () => {
    const html = await (await new HttpClient(server.url).get("/signin")).text();
    expect(html).not.toContain("Google sign-in is not set up on this server.");
  });

  it("creates the account on first sign-in and returns to the page the visitor came from", async () => {
    const c = new HttpClient(server.url);
    const email = uniqueEmail("google");
    const res = await googleSignIn(c, { sub: `g-${email}`, email, name: "Grace Hopper" }, "/dashboard");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const dash = await c.get("/dashboard");
    expect(dash.status).toBe(200);
    expect(await dash.text()).toContain(email);
    const [row] = await db`select name, google_id, password_hash from users where email = ${email}`;
    expect(row).toEqual({ name: "Grace Hopper", google_id: `g-${email}`, password_hash: null });
    // A Google sign-up gets the same start as a password one (decision 041).
    const [start] =
      await db`select u.username, (select array_agg(slug) from event_types where user_id = u.id) as slugs from users u where email = ${email}`;
    expect(start.username).toMatch(/^grace-hopper/);
    expect(start.slugs).toEqual(["30min"]);
  });

  it("links a verified Google address to the existing password account", async () => {
    const email = uniqueEmail("linked");
    await signUp(new HttpClient(server.url), email);
    const c = new HttpClient(server.url);
    expect((await googleSignIn(c, { sub: `g-${email}`, email, name: "Other Name" })).status).toBe(302);
    const rows = await db`select google_id from users where email = ${email}`;
    expect(rows).toEqual([{ google_id: `g-${email}` }]);
  });

  it("refuses a callback whose state does not match, with an error toast", async () => {
    const c = new HttpClient(server.url);
    await c.post("/auth/google", { redirectTo: "" });
    const res = await c.get(
      `/auth/google/callback?state=forged&code=${fakeCode({ sub: "x", email: "x@example.test", name: "X" })}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signin");
    expect(await (await c.get("/signin")).text()).toContain("Google sign-in failed. Please try again.");
    expect((await c.get("/dashboard")).status).toBe(302);
  });

  it("refuses an unverified Google e-mail", async () => {
    const c = new HttpClient(server.url);
    const email = uniqueEmail("unverified");
    const res = await googleSignIn(c, { sub: `g-${email}`, email, name: "U", email_verified: false });
    expect(res.headers.get("location")).toBe("/signin");
    expect(await (await c.get("/signin")).text()).toContain("no verified e-mail address");
    expect((await db`select count(*)::int as n from users where email = ${email}`)[0].n).toBe(0);
  });

  it("stores the browser's time zone (tz cookie) on first sign-in only, UTC without one", async () => {
    const c = new HttpClient(server.url);
    c.cookies.set("tz", encodeURIComponent("Australia/Sydney"));
    const email = uniqueEmail("google-tz");
    expect((await googleSignIn(c, { sub: `g-${email}`, email, name: "Zed" })).status).toBe(302);
    expect((await db`select time_zone from users where email = ${email}`)[0].time_zone).toBe("Australia/Sydney");

    // A later sign-in from another zone does not overwrite what the person chose.
    const later = new HttpClient(server.url);
    later.cookies.set("tz", encodeURIComponent("Europe/Lisbon"));
    expect((await googleSignIn(later, { sub: `g-${email}`, email, name: "Zed" })).status).toBe(302);
    expect((await db`select time_zone from users where email = ${email}`)[0].time_zone).toBe("Australia/Sydney");

    const plain = uniqueEmail("google-utc");
    expect(
      (await googleSignIn(new HttpClient(server.url), { sub: `g-${plain}`, email: plain, name: "U" })).status,
    ).toBe(302);
    expect((await db`select time_zone from users where email = ${plain}`)[0].time_zone).toBe("UTC");
  });
});
