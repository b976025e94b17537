import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("uses argon2id at OWASP's minimum parameters with a random salt", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password only, and never throws on a malformed hash", async () => {
    const h = await hashPassword("correct horse");
    expect(await verifyPassword(h, "correct horse")).toBe(true);
    expect(await verifyPassword(h, "Correct horse")).toBe(false);
    expect(await verifyPassword("not-a-hash", "correct horse")).toBe(false);
  });
});
