import { describe, expect, it } from "vitest";
import { usernameSchema } from "../app/schemas/username";
import { DEMO_ACCOUNTS, DEMO_USERNAMES } from "./seed";

describe("demo accounts", () => {
  it("have usernames a host could choose (valid, not reserved, distinct)", () => {
    const names = DEMO_ACCOUNTS.map((a) => DEMO_USERNAMES[a.role]);
    for (const name of names) expect(usernameSchema.safeParse(name), name).toMatchObject({ success: true, data: name });
    expect(new Set(names).size).toBe(names.length);
  });
});
