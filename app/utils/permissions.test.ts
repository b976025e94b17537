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

  it("accepts a custom fallback and ignores non-strings", () => {
    expect(safeRedirectPath(null, "/home")).toBe("/home");
    expect(safeRedirectPath(undefined)).toBe("/");
  });
});
