import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SignInSchema } from "./auth";
import { SIGN_IN_CONSTRAINT, validateSignIn } from "./sign-in-form";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

describe("the sign-in form's browser checks", () => {
  it("refuse only what the schema refuses, with the schema's messages", () => {
    const cases: Array<Record<string, string>> = [
      {},
      { email: "", password: "" },
      { email: "   ", password: "x" },
      { email: "host@example.com", password: "" },
      { email: "host@example.com", password: "secret" },
      { email: "no-at-sign", password: "secret" },
      { email: "a@b@c", password: "secret" },
      { email: `${"a".repeat(250)}@example.com`, password: "secret" },
      { email: " host@example.com ", password: "pw", redirectTo: "/dashboard" },
    ];
    for (const fields of cases) {
      const browser = validateSignIn(form(fields)).reply().error ?? {};
      const server = parseWithZod(form(fields), { schema: SignInSchema }).reply().error ?? {};
      for (const [name, messages] of Object.entries(browser))
        expect({ fields, name, messages }).toEqual({ fields, name, messages: server[name] });
      if (Object.keys(browser).length === 0)
        expect({ fields, server: {} }).toEqual({
          fields,
          server: Object.fromEntries(Object.entries(server).filter(([, m]) => m && m.length > 0)),
        });
    }
  });

  it("give the inputs the same constraints as the schema", () => {
    expect(SIGN_IN_CONSTRAINT).toEqual(getZodConstraint(SignInSchema));
  });
});
