import { describe, expect, it } from "vitest";
import { bookingLink, isReservedUsername, USERNAME_MESSAGES, usernameSchema } from "./username";

function errorOf(value: unknown): string | undefined {
  const r = usernameSchema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe("usernameSchema", () => {
  it.each(["ada", "ada-lovelace", "a1b2c3", "x9-y8-z7", "abc", "a".repeat(30)])("accepts %s", (value) => {
    expect(usernameSchema.parse(value)).toBe(value);
  });

  it("trims and lower-cases what people type", () => {
    expect(usernameSchema.parse("  Ada-Lovelace ")).toBe("ada-lovelace");
  });

  it.each([
    ["", USERNAME_MESSAGES.required],
    ["   ", USERNAME_MESSAGES.required],
    ["ab", USERNAME_MESSAGES.tooShort],
    ["a".repeat(31), USERNAME_MESSAGES.tooLong],
    ["1ada", USERNAME_MESSAGES.startWithLetter],
    ["-ada", USERNAME_MESSAGES.startWithLetter],
    ["ada_l", USERNAME_MESSAGES.characters],
    ["ada.l", USERNAME_MESSAGES.characters],
    ["ada l", USERNAME_MESSAGES.characters],
    ["adé", USERNAME_MESSAGES.characters],
    ["ada/x", USERNAME_MESSAGES.characters],
    ["ada--l", USERNAME_MESSAGES.hyphens],
    ["ada-", USERNAME_MESSAGES.hyphens],
  ])("refuses %j with %j", (value, message) => {
    expect(errorOf(value)).toBe(message);
  });

  it("refuses a value that is not a string", () => {
    expect(errorOf(undefined)).toBe(USERNAME_MESSAGES.required);
    expect(errorOf(42)).toBe(USERNAME_MESSAGES.required);
  });

  it.each([
    "admin",
    "api",
    "dashboard",
    "signin",
    "signup",
    "signout",
    "pricing",
    "about",
    "teams",
    "contact",
    "payment",
    "eventtype",
    "one-to-one",
    "group-meeting",
    "auth",
    "book",
    "booking",
    "notifications",
    "healthz",
    "assets",
    "build",
    "static",
    "www",
    "support",
    "help",
    "settings",
    "profile",
    "reviews",
    "packages",
    "users",
    "events",
  ])("refuses the reserved word %s, in any case", (word) => {
    expect(errorOf(word)).toBe(USERNAME_MESSAGES.reserved);
    expect(errorOf(word.toUpperCase())).toBe(USERNAME_MESSAGES.reserved);
  });

  it("reserves every top-level route segment of the app", async () => {
    const { readdirSync } = await import("node:fs");
    const { fileURLToPath } = await import("node:url");
    const routes = readdirSync(fileURLToPath(new URL("../routes", import.meta.url)));
    const segments = new Set(
      routes
        .map((file) =>
          file
            .replace(/\.(tsx?|jsx?)$/, "")
            // "robots[.]txt": a dot inside brackets is part of the segment ("robots.txt").
            .replace(/\[\.\]/g, "~")
            .split(".")[0]
            .replace(/~/g, ".")
            .replace(/_$/, ""),
        )
        .filter((s) => s && !s.startsWith("_") && !s.startsWith("$")),
    );
    expect(segments.size).toBeGreaterThan(5);
    // A segment with a dot ("robots.txt") is no username's: usernames have none.
    for (const s of segments) if (!s.includes(".")) expect(isReservedUsername(s), s).toBe(true);
  });
});

describe("bookingLink", () => {
  it("joins the origin and the username", () => {
    expect(bookingLink("https://cal.example.com", "ada")).toBe("https://cal.example.com/ada");
    expect(bookingLink("https://cal.example.com/", "ada")).toBe("https://cal.example.com/ada");
  });
});
