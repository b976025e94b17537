import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const SECRET = "x".repeat(32);

describe("parseEnv", () => {
  it("defaults to the embedded database with demo data and port 3000", () => {
    const env = parseEnv({ DATA_DIR: ":memory:" });
    expect(env.usesEmbeddedDatabase).toBe(true);
    expect(env.seedDemo).toBe(true);
    expect(env.PORT).toBe(3000);
    expect(env.RATE_LIMIT_FACTOR).toBe(1);
    expect(env.sessionSecrets[0]).toHaveLength(64);
    expect(env.secureCookies).toBe(false);
  });

  it("turns demo data off by default on a server database", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://u@h/db", SESSION_SECRET: SECRET });
    expect(env.seedDemo).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://u@h/db", SESSION_SECRET: SECRET, SEED_DEMO: "1" }).seedDemo).toBe(true);
  });

  it("stops a production start on a server database without SESSION_SECRET, naming it", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h/db" })).toThrowError(EnvError);
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h/db" })).toThrowError(
      /SESSION_SECRET: is required in production/,
    );
  });

  it("stops a production start on a server database without APP_URL, naming it (decision 063)", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h/db", SESSION_SECRET: SECRET }),
    ).toThrowError(/APP_URL: is required in production on a PostgreSQL server/);
    expect(parseEnv({ NODE_ENV: "production", DATA_DIR: ":memory:" }).APP_URL).toBeUndefined();
  });

  it("marks cookies Secure in production on a server, or behind an https APP_URL", () => {
    expect(
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://u@h/db",
        SESSION_SECRET: SECRET,
        APP_URL: "https://meet.example.com",
      }).secureCookies,
    ).toBe(true);
    expect(
      parseEnv({ NODE_ENV: "development", DATABASE_URL: "postgres://u@h/db", SESSION_SECRET: SECRET }).secureCookies,
    ).toBe(false);
    expect(parseEnv({ DATA_DIR: ":memory:", APP_URL: "https://meet.example.com" }).secureCookies).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", DATA_DIR: ":memory:" }).secureCookies).toBe(false);
  });

  it("reads CORS_ORIGINS as a list of origins and refuses anything that is not one", () => {
    expect(parseEnv({ DATA_DIR: ":memory:" }).CORS_ORIGINS).toEqual([]);
    expect(
      parseEnv({ DATA_DIR: ":memory:", CORS_ORIGINS: " https://app.example.com, http://localhost:5173/ " })
        .CORS_ORIGINS,
    ).toEqual(["https://app.example.com", "http://localhost:5173"]);
    for (const bad of ["*", "app.example.com", "https://app.example.com/path", "ftp://files.example.com"]) {
      expect(() => parseEnv({ DATA_DIR: ":memory:", CORS_ORIGINS: bad }), bad).toThrowError(
        /CORS_ORIGINS: .* is not an origin/,
      );
    }
  });

  it("reads API_RATE_LIMIT_PER_MINUTE (default 120) and refuses a non-positive one", () => {
    expect(parseEnv({ DATA_DIR: ":memory:" }).API_RATE_LIMIT_PER_MINUTE).toBe(120);
    expect(parseEnv({ DATA_DIR: ":memory:", API_RATE_LIMIT_PER_MINUTE: "600" }).API_RATE_LIMIT_PER_MINUTE).toBe(600);
    expect(() => parseEnv({ DATA_DIR: ":memory:", API_RATE_LIMIT_PER_MINUTE: "0" })).toThrowError(
      /API_RATE_LIMIT_PER_MINUTE/,
    );
  });

  it("runs the job runner every 15 s by default; JOBS=off turns it off; a poll interval out of bounds is refused", () => {
    const env = parseEnv({ DATA_DIR: ":memory:" });
    expect(env.JOBS).toBe("on");
    expect(env.JOBS_POLL_MS).toBe(15_000);
    expect(parseEnv({ DATA_DIR: ":memory:", JOBS: "off", JOBS_POLL_MS: "500" })).toMatchObject({
      JOBS: "off",
      JOBS_POLL_MS: 500,
    });
    expect(() => parseEnv({ JOBS: "no" })).toThrowError(/JOBS: must be "on" or "off"/);
    expect(() => parseEnv({ JOBS_POLL_MS: "10" })).toThrowError(/JOBS_POLL_MS/);
    expect(() => parseEnv({ JOBS_POLL_MS: "soon" })).toThrowError(/JOBS_POLL_MS/);
  });

  it("lists every problem at once", () => {
    try {
      parseEnv({ DATABASE_URL: "mysql://x", PORT: "99999", SESSION_SECRET: "short", GOOGLE_CLIENT_ID: "id" });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("PORT");
      expect(message).toContain("at least 32 characters");
      expect(message).toContain("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
    }
  });

  it("reads the Microsoft settings: the pair together, the tenant common unless set (docs/decisions/064)", () => {
    expect(parseEnv({ DATA_DIR: ":memory:", SESSION_SECRET: SECRET }).MICROSOFT_TENANT).toBe("common");
    expect(
      parseEnv({ DATA_DIR: ":memory:", SESSION_SECRET: SECRET, MICROSOFT_TENANT: " contoso.example " })
        .MICROSOFT_TENANT,
    ).toBe("contoso.example");
    expect(() => parseEnv({ DATA_DIR: ":memory:", SESSION_SECRET: SECRET, MICROSOFT_CLIENT_ID: "id" })).toThrow(
      "MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together",
    );
    expect(() => parseEnv({ DATA_DIR: ":memory:", SESSION_SECRET: SECRET, MICROSOFT_TENANT: "a/b" })).toThrow(
      "MICROSOFT_TENANT",
    );
    expect(() => parseEnv({ DATA_DIR: ":memory:", SESSION_SECRET: SECRET, MICROSOFT_GRAPH_BASE: "not a url" })).toThrow(
      "MICROSOFT_GRAPH_BASE",
    );
  });

  it("splits secrets and admin e-mails, lower-casing the e-mails", () => {
    const env = parseEnv({
      DATA_DIR: ":memory:",
      SESSION_SECRET: `${SECRET}, ${"y".repeat(40)}`,
      ADMIN_EMAILS: " Boss@Example.com ,ops@example.com,,",
    });
    expect(env.sessionSecrets).toEqual([SECRET, "y".repeat(40)]);
    expect([...env.adminEmails]).toEqual(["boss@example.com", "ops@example.com"]);
  });

  it("treats empty optional values as unset", () => {
    const env = parseEnv({ DATA_DIR: ":memory:", DATABASE_URL: "", CHAT_WIDGET_URL: "", STRIPE_SECRET_KEY: " " });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.CHAT_WIDGET_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("needs both Stripe keys, of the right kinds, and a URL for STRIPE_API_BASE", () => {
    expect(() => parseEnv({ DATA_DIR: ":memory:", STRIPE_SECRET_KEY: "sk_test_1" })).toThrowError(
      /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together/,
    );
    expect(() =>
      parseEnv({ DATA_DIR: ":memory:", STRIPE_SECRET_KEY: "pk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_2" }),
    ).toThrowError(/must be a Stripe secret key/);
    expect(() =>
      parseEnv({ DATA_DIR: ":memory:", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "sk_test_2" }),
    ).toThrowError(/must be a Stripe publishable key/);
    expect(() => parseEnv({ DATA_DIR: ":memory:", STRIPE_API_BASE: "not a url" })).toThrowError(EnvError);
    const env = parseEnv({
      DATA_DIR: ":memory:",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    });
    expect(env.STRIPE_API_BASE).toBe("http://127.0.0.1:12111");
  });
});
