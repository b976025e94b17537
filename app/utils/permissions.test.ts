import { describe, expect, it } from "vitest";
import { can, roleLabel, safeRedirectPath } from "./permissions";

describe("can", () => {
  it("grants admin screens to admins only", () => {
    expect(can({ role: "admin" }, "admin:access")).toBe(true);
    expect(can({ role: "professional" }, "admin:access")).toBe(false);
    expect(can({ role: "user" }, "admin:access")).toBe(false);
    expect(can(null, "admin:access")).toBe(false);
  });

  it("grants every admin dashboard action to admins only", () => {
    for (const p of ["admin:users", "admin:packages", "admin:professionals", "admin:events"] as const) {
      expect(can({ role: "admin" }, p)).toBe(true);
      expect(can({ role: "professional" }, p)).toBe(false);
      expect(can({ role: "user" }, p)).toBe(false);
      expect(can(null, p)).toBe(false);
    }
  });

  it("lets signed-in non-admins give reviews and buy packages, never admins or visitors", () => {
    for (const p of ["review:create", "package:buy"] as const) {
      expect(can({ role: "user" }, p)).toBe(true);
      expect(can({ role: "professional" }, p)).toBe(true);
      expect(can({ role: "admin" }, p)).toBe(false);
      expect(can(undefined, p)).toBe(false);
    }
  });

  it("lifts the event cap for professionals and admins only", () => {
    expect(can({ role: "user" }, "event:unlimited")).toBe(false);
    expect(can({ role: "professional" }, "event:unlimited")).toBe(true);
    expect(can({ role: "admin" }, "event:unlimited")).toBe(true);
  });

  it("labels roles, with visitors for nobody", () => {
    expect(roleLabel(null)).toBe("Visitor");
    expect(roleLabel({ role: "admin" })).toBe("Admin");
    expect(roleLabel({ role: "user" })).toBe("User");
    expect(roleLabel({ role: "professional" })).toBe("Professional");
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/dashboard?tab=1#x")).toBe("/dashboard?tab=1#x");
  });

  it.each([
    ["//evil.example"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    [""],
    ["dashboard"],
  ])("falls back to / for %j", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });

  // Each resolves, the way a browser resolves a Location header, to another host (or a
  // scheme that is not ours): the check must look at the result, not at the input.
  it.each([
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["/%2e%2e//evil.example"],
    ["/%2E%2E//evil.example"],
    ["/.%2e//evil.example"],
    ["/a/..//evil.example"],
    ["/x/../..//evil.example"],
    ["/./\\evil.example"],
    ["/\\/evil.example"],
    ["\\\\evil.example"],
    ["\\/evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n//evil.example"],
    [" //evil.example"],
    ["\t//evil.example"],
    ["\u0000//evil.example"],
    ["/%5c%5cevil.example"],
    ["/%5C/evil.example"],
    ["/%2f%2fevil.example"],
    ["/%2F/evil.example"],
    ["/%252f%252fevil.example"],
    ["/%2e%2e%2f%2fevil.example"],
    ["/\uFF0F/evil.example"],
    ["/%EF%BC%8F/evil.example"],
    ["/\u2215/evil.example"],
    ["https:evil.example"],
    ["https:/evil.example"],
    ["http://evil.example"],
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["///evil.example"],
    ["/\\evil.example"],
  ])("never leaves the site for %j", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });

  it("returns the normalised path, as the browser would have resolved it", () => {
    expect(safeRedirectPath("/a/../dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/./dashboard?x=1")).toBe("/dashboard?x=1");
    expect(safeRedirectPath("/dash\tboard")).toBe("/dashboard");
    expect(safeRedirectPath("/dashboard?q=a%2Fb#c")).toBe("/dashboard?q=a%2Fb#c");
    expect(safeRedirectPath("/../../dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/dashboard?q=a%20b%3F&r=100%25")).toBe("/dashboard?q=a%20b%3F&r=100%25");
    expect(safeRedirectPath("/dashboard/eventTypes?next=%2F%2Fevil.example")).toBe(
      "/dashboard/eventTypes?next=%2F%2Fevil.example",
    );
  });

  it("accepts a custom fallback and ignores non-strings", () => {
    expect(safeRedirectPath(null, "/home")).toBe("/home");
    expect(safeRedirectPath(undefined)).toBe("/");
  });
});
