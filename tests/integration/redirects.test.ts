import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { client, signIn, signUp } from "./context";

/**
 * Redirect targets a person can be tricked into following (a link to /signin?redirectTo=…).
 * Each must land on this site after a real sign-in, sign-up and "Mark all as read", however
 * a browser would resolve it (dot segments, backslashes, tabs, percent-encoding, look-alikes).
 */
const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/.%2e//evil.example",
  "/a/..//evil.example",
  "/x/../..//evil.example",
  "/./\\evil.example",
  "/\t/evil.example",
  "/\r\n//evil.example",
  " //evil.example",
  "/%5c%5cevil.example",
  "/%2f%2fevil.example",
  "/%252f%252fevil.example",
  "/%2e%2e%2f%2fevil.example",
  "/\uFF0F/evil.example",
  "/%EF%BC%8F/evil.example",
  "https:evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];

const PASSWORD = "correct-horse-battery";

function expectSameOrigin(res: Response, base: string, input: string) {
  expect(res.status, input).toBe(302);
  const location = res.headers.get("location") ?? "";
  // What a browser does with the header: resolve it against the page's URL.
  const landed = new URL(location, base);
  expect(landed.origin, `${JSON.stringify(input)} -> ${location}`).toBe(new URL(base).origin);
  expect(location, JSON.stringify(input)).toMatch(/^\/(?![/\\])/);
}

describe("redirect targets after sign-in, sign-up and the bell", () => {
  it(`signs in for real with ${HOSTILE.length} hostile targets and always stays on the site`, async () => {
    // Sign-in allows 10 attempts per account per 15 minutes: one account per 8 targets.
    for (let i = 0; i < HOSTILE.length; i += 8) {
      const email = uniqueEmail("redir-in");
      expect((await signUp(client(), email, PASSWORD)).status).toBe(302);
      for (const target of HOSTILE.slice(i, i + 8)) {
        const c = client();
        const res = await signIn(c, email, PASSWORD, target);
        expectSameOrigin(res, c.baseUrl, target);
        expect(c.cookies.get("__session"), "the sign-in itself worked").toBeTruthy();
      }
    }
  });

  it("signs up with each hostile target and stays on the site", async () => {
    for (const target of HOSTILE) {
      const c = client();
      const res = await c.post("/signup", {
        name: "Redirect Person",
        email: uniqueEmail("redir-up"),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        redirectTo: target,
      });
      expectSameOrigin(res, c.baseUrl, target);
    }
  });

  it("marks notifications read and comes back only to a path of the site", async () => {
    const c = client();
    await signUp(c, uniqueEmail("redir-bell"), PASSWORD);
    for (const target of HOSTILE) {
      const res = await c.post("/notifications/read", { redirectTo: target });
      expectSameOrigin(res, c.baseUrl, target);
    }
  });

  it("still returns to the page asked for, normalised", async () => {
    const email = uniqueEmail("redir-ok");
    await signUp(client(), email, PASSWORD);
    expect(
      (await signIn(client(), email, PASSWORD, "/dashboard/../dashboard/profile?x=1")).headers.get("location"),
    ).toBe("/dashboard/profile?x=1");
    const c = client();
    await signUp(c, uniqueEmail("redir-ok2"), PASSWORD);
    expect((await c.post("/notifications/read", { redirectTo: "/about" })).headers.get("location")).toBe("/about");
  });
});
