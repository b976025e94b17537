import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SignInSchema, SignUpSchema } from "./auth";

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

describe("SignInSchema", () => {
  it("uses the product's messages for missing fields", () => {
    const result = parseWithZod(form({ email: "", password: "" }), { schema: SignInSchema });
    expect(result.status).toBe("error");
    expect(result.reply().error).toMatchObject({
      email: ["Email is required!!"],
      password: ["Password is required!!"],
    });
  });

  it("rejects a malformed e-mail", () => {
    const result = parseWithZod(form({ email: "not-an-email", password: "x" }), { schema: SignInSchema });
    expect(result.reply().error?.email).toEqual(["Enter a valid email address."]);
  });
});

describe("SignUpSchema", () => {
  it("compares the passwords and reports it on the confirm field", () => {
    const result = parseWithZod(
      form({ email: "a@b.co", password: "long-enough-1", confirmPassword: "long-enough-2" }),
      {
        schema: SignUpSchema,
      },
    );
    expect(result.reply().error?.confirmPassword).toEqual(["Passwords do not match."]);
  });

  it("needs 8 to 128 characters of password and allows no name", () => {
    const short = parseWithZod(form({ email: "a@b.co", password: "short", confirmPassword: "short" }), {
      schema: SignUpSchema,
    });
    expect(short.reply().error?.password).toEqual(["Use at least 8 characters."]);
    const ok = parseWithZod(form({ email: " a@b.co ", password: "long-enough", confirmPassword: "long-enough" }), {
      schema: SignUpSchema,
    });
    expect(ok.status).toBe("success");
    if (ok.status === "success") {
      expect(ok.value.email).toBe("a@b.co");
      expect(ok.value.name).toBeUndefined();
    }
  });
});

describe("redirectTo never refuses a sign-in or sign-up", () => {
  it("keeps a target with control characters for safeRedirectPath to judge, and drops one too long", () => {
    const signIn = (redirectTo: string) =>
      SignInSchema.safeParse({ email: "a@example.com", password: "secret", redirectTo });
    expect(signIn("/\t/evil.example")).toMatchObject({ success: true, data: { redirectTo: "/\t/evil.example" } });
    expect(signIn("/\u0000x")).toMatchObject({ success: true });
    expect(signIn("x".repeat(3000))).toMatchObject({ success: true, data: { redirectTo: undefined } });
    const signUp = SignUpSchema.safeParse({
      email: "a@example.com",
      password: "long-enough-1",
      confirmPassword: "long-enough-1",
      redirectTo: "/\n//evil",
    });
    expect(signUp.success).toBe(true);
  });
});
