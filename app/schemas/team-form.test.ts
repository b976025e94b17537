import { describe, expect, it } from "vitest";
import { InviteSchema } from "./team-form";

describe("InviteSchema", () => {
  it("trims and lower-cases the address", () => {
    expect(InviteSchema.parse({ email: "  Ana@Example.COM " })).toEqual({ email: "ana@example.com" });
  });

  it("says what is wrong with an empty, missing or malformed address", () => {
    const message = (input: unknown) => InviteSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ email: "" })).toBe("Enter the e-mail address to invite.");
    expect(message({})).toBe("Enter the e-mail address to invite.");
    expect(message({ email: "ana at example" })).toBe("Enter a valid e-mail address.");
    expect(message({ email: `${"a".repeat(250)}@example.com` })).toBe("Enter a valid e-mail address.");
  });
});
