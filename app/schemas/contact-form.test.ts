import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ContactSchema, isHoneypotFilled } from "./contact-form";

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Team plan", message: "Hello there" };

describe("ContactSchema", () => {
  it("requires a name, an e-mail and a message, and allows no subject", () => {
    const empty = parseWithZod(form({ name: "", email: "", subject: "", message: "" }), { schema: ContactSchema });
    expect(empty.reply().error).toEqual({
      name: ["Name is required."],
      email: ["Email is required!!"],
      message: ["Message is required."],
    });
    const noSubject = parseWithZod(form({ ...valid, subject: "" }), { schema: ContactSchema });
    expect(noSubject.status).toBe("success");
    if (noSubject.status === "success") expect(noSubject.value.subject).toBeUndefined();
  });

  it("treats blank-only text as missing", () => {
    const result = parseWithZod(form({ ...valid, name: "   ", subject: " \n ", message: " \r\n " }), {
      schema: ContactSchema,
    });
    expect(result.reply().error).toEqual({ name: ["Name is required."], message: ["Message is required."] });
    const blankSubject = parseWithZod(form({ ...valid, subject: "  " }), { schema: ContactSchema });
    expect(blankSubject.status).toBe("success");
    if (blankSubject.status === "success") expect(blankSubject.value.subject).toBeUndefined();
  });

  it("rejects a malformed e-mail and text over the limits", () => {
    const result = parseWithZod(
      form({ name: "n".repeat(101), email: "not-an-email", subject: "s".repeat(201), message: "m".repeat(5001) }),
      {
        schema: ContactSchema,
      },
    );
    expect(result.reply().error).toEqual({
      name: ["Use at most 100 characters."],
      email: ["Enter a valid email address."],
      subject: ["Use at most 200 characters."],
      message: ["Use at most 5000 characters."],
    });
  });

  it("accepts exactly the limits, counting a line break as one character", () => {
    const message = `${"m".repeat(2499)}\r\n${"m".repeat(2500)}`;
    const result = parseWithZod(form({ name: "n".repeat(100), email: "a@b.co", subject: "s".repeat(200), message }), {
      schema: ContactSchema,
    });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.message).toBe(`${"m".repeat(2499)}\n${"m".repeat(2500)}`);
  });

  it("keeps the name and subject on one line, so nothing can be added to the e-mail's headers", () => {
    const result = parseWithZod(form({ ...valid, name: "Eve\r\nBcc: x@evil.test", subject: "Hi\nthere" }), {
      schema: ContactSchema,
    });
    expect(result.status).toBe("success");
    if (result.status === "success") {
      expect(result.value.name).toBe("Eve Bcc: x@evil.test");
      expect(result.value.subject).toBe("Hi there");
    }
  });
});

describe("isHoneypotFilled", () => {
  it("is true only when the hidden field holds something", () => {
    expect(isHoneypotFilled(form(valid))).toBe(false);
    expect(isHoneypotFilled(form({ ...valid, website: "" }))).toBe(false);
    expect(isHoneypotFilled(form({ ...valid, website: "http://spam.test" }))).toBe(true);
  });
});
