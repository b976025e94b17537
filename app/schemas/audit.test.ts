import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, auditCsv, auditLogQuery } from "./audit";

const entry = {
  id: "6b1f7a3e-0000-4000-8000-000000000001",
  at: new Date("2026-11-29T10:00:00.000Z"),
  actorId: null,
  actorEmail: "someone@example.test",
  action: "auth.sign_in_failed",
  targetType: "user",
  targetId: null,
  ip: "203.0.113.9",
  userAgent: 'Browser "quoted", with comma',
  before: null,
  after: { method: "password" },
};

describe("auditCsv", () => {
  it("writes a header and one RFC 4180 line per entry", () => {
    const lines = auditCsv([entry]).split("\r\n");
    expect(lines[0]).toBe("at,actor_id,actor_email,action,target_type,target_id,ip,user_agent,before,after");
    expect(lines[1]).toBe(
      '2026-11-29T10:00:00.000Z,,someone@example.test,auth.sign_in_failed,user,,203.0.113.9,"Browser ""quoted"", with comma",,"{""method"":""password""}"',
    );
    expect(lines[2]).toBe("");
  });

  it("keeps a spreadsheet from running a field as a formula", () => {
    const line = auditCsv([{ ...entry, actorEmail: '=HYPERLINK("x")', userAgent: "@cmd", ip: "-1+1" }]).split(
      "\r\n",
    )[1];
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    expect(line).toContain("'@cmd");
    expect(line).toContain("'-1+1");
  });
});

describe("auditLogQuery", () => {
  it("takes blank parameters as absent and a bare `to` date as its whole day", () => {
    const q = auditLogQuery.parse({ actor: "", action: "", from: "2026-11-01", to: "2026-11-02", cursor: "" });
    expect(q).toEqual({
      from: new Date("2026-11-01T00:00:00.000Z"),
      to: new Date("2026-11-02T23:59:59.999Z"),
      limit: 50,
    });
  });

  it("refuses an unknown action, a date that is none and a limit out of range", () => {
    for (const bad of [
      { action: "auth.nope" },
      { from: "yesterday" },
      { to: "2026-13-45" },
      { limit: "0" },
      { limit: "501" },
    ]) {
      expect(auditLogQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(auditLogQuery.parse({ action: AUDIT_ACTIONS[0] }).action).toBe(AUDIT_ACTIONS[0]);
  });
});
