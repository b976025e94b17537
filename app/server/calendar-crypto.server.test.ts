import { afterEach, describe, expect, it, vi } from "vitest";

/** The module reads env() once per process: each case gets a fresh module and environment. */
async function crypto(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return import("./calendar-crypto.server");
}

afterEach(() => vi.unstubAllEnvs());

describe("calendar secrets at rest", () => {
  it("round-trips with AES-256-GCM, a new IV each time, and refuses a tampered or foreign text", async () => {
    const { encryptSecret, decryptSecret } = await crypto({
      CALENDAR_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
      DATA_DIR: ":memory:",
    });
    const a = encryptSecret("app-password");
    const b = encryptSecret("app-password");
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("app-password");
    expect(decryptSecret(a)).toBe("app-password");
    const parts = a.split(":");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(parts.join(":"))).toThrow();
    const other = await crypto({ CALENDAR_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString("hex"), DATA_DIR: ":memory:" });
    expect(() => other.decryptSecret(a)).toThrow();
  });

  it("needs the key in production on a server database, derives one elsewhere", async () => {
    const prod = await crypto({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://x@127.0.0.1/db",
      APP_URL: "https://scheduler.example",
      SESSION_SECRET: "s".repeat(40),
      CALENDAR_ENCRYPTION_KEY: "",
    });
    expect(prod.calendarSecretsAvailable()).toBe(false);
    expect(() => prod.encryptSecret("x")).toThrow(/CALENDAR_ENCRYPTION_KEY/);
    const dev = await crypto({
      NODE_ENV: "development",
      SESSION_SECRET: "s".repeat(40),
      DATA_DIR: ":memory:",
      CALENDAR_ENCRYPTION_KEY: "",
    });
    expect(dev.calendarSecretsAvailable()).toBe(true);
    expect(dev.decryptSecret(dev.encryptSecret("x"))).toBe("x");
  });
});
