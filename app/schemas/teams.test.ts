import { describe, expect, it } from "vitest";
import {
  canChangeMember,
  canGrant,
  canManage,
  leavesNoOwner,
  slugProblem,
  TeamCreateSchema,
  TeamInviteSchema,
} from "./teams";

describe("team slugs", () => {
  it("follow the username rules, with the team's messages", () => {
    expect(slugProblem("sales")).toBeNull();
    expect(slugProblem("sales-2")).toBeNull();
    expect(slugProblem("ab")).toContain("at least 3");
    expect(slugProblem("a".repeat(31))).toContain("at most 30");
    expect(slugProblem("2sales")).toContain("letter");
    expect(slugProblem("sa_les")).toContain("lower-case");
    expect(slugProblem("sa--les")).toContain("hyphen");
    expect(slugProblem("sales-")).toContain("hyphen");
    expect(slugProblem("dashboard")).toContain("reserved");
  });

  it("are trimmed and lower-cased by the form schema", () => {
    const parsed = TeamCreateSchema.safeParse({ name: "  Sales ", slug: " Sales-Team " });
    expect(parsed.success && parsed.data).toEqual({ name: "Sales", slug: "sales-team" });
    expect(TeamCreateSchema.safeParse({ name: "", slug: "ok-slug" }).success).toBe(false);
  });

  it("a team name with a control character is refused on its field (a NUL was a 500)", () => {
    for (const name of ["\u0000", "Sales\u0007", "Sales\nteam"]) {
      const parsed = TeamCreateSchema.safeParse({ name, slug: "ok-slug" });
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["name"]);
      expect(parsed.error?.issues[0]?.message).toMatch(/control characters/);
    }
  });
});

describe("team roles", () => {
  it("owners and admins manage; members do not", () => {
    expect(canManage("owner")).toBe(true);
    expect(canManage("admin")).toBe(true);
    expect(canManage("member")).toBe(false);
    expect(canManage(null)).toBe(false);
  });

  it("only owners grant the owner role", () => {
    expect(canGrant("owner", "owner")).toBe(true);
    expect(canGrant("admin", "owner")).toBe(false);
    expect(canGrant("admin", "admin")).toBe(true);
    expect(canGrant("admin", "member")).toBe(true);
    expect(canGrant("member", "member")).toBe(false);
  });

  it("admins may not change or remove owners; anyone may leave", () => {
    expect(canChangeMember("owner", "owner")).toBe(true);
    expect(canChangeMember("admin", "owner")).toBe(false);
    expect(canChangeMember("admin", "member")).toBe(true);
    expect(canChangeMember("member", "member")).toBe(false);
    expect(canChangeMember("member", "member", true)).toBe(true);
  });

  it("the last owner cannot stop being one", () => {
    expect(leavesNoOwner(1, "owner", "admin")).toBe(true);
    expect(leavesNoOwner(1, "owner", null)).toBe(true);
    expect(leavesNoOwner(2, "owner", null)).toBe(false);
    expect(leavesNoOwner(1, "owner", "owner")).toBe(false);
    expect(leavesNoOwner(1, "admin", null)).toBe(false);
  });

  it("an invitation's address is trimmed and lower-cased, and says what is wrong with it", () => {
    const message = (input: unknown) => TeamInviteSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ email: "" })).toBe("Enter the e-mail address to invite.");
    expect(message({})).toBe("Enter the e-mail address to invite.");
    expect(message({ email: "ana at example" })).toBe("Enter a valid e-mail address.");
    expect(message({ email: `${"a".repeat(250)}@example.com` })).toBe("Enter a valid e-mail address.");
  });

  it("an invitation grants member unless told otherwise", () => {
    expect(TeamInviteSchema.parse({ email: " A@Example.COM " })).toEqual({ email: "a@example.com", role: "member" });
    expect(TeamInviteSchema.safeParse({ email: "a@example.com", role: "boss" }).success).toBe(false);
  });
});
