import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const optionalUrl = optionalString.pipe(z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** "false": this server applies no migrations (`npm run db:migrate` does) and refuses a database behind its code. */
    MIGRATE_ON_START: z.enum(["true", "false"], { message: 'must be "true" or "false"' }).default("true"),
    /** PostgreSQL server: the longest connect, statement and pause inside a transaction, in ms (docs/decisions/025). */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
    /** PostgreSQL: "false" behind a transaction-mode pooler that cannot keep prepared statements (docs/decisions/048). */
    DATABASE_PREPARED_STATEMENTS: z.enum(["true", "false"], { message: 'must be "true" or "false"' }).default("true"),
    SEED_DEMO: z.enum(["0", "1"]).optional(),
    RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
    SESSION_SECRET: optionalString,
    APP_URL: optionalUrl,
    TRUST_PROXY: z.string().trim().default("loopback"),
    ADMIN_EMAILS: z.string().default(""),
    SMTP_URL: optionalUrl,
    MAIL_FROM: optionalString,
    CONTACT_TO: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Another Stripe API host (a local fake in tests); unset = api.stripe.com. */
    STRIPE_API_BASE: optionalUrl,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** Single sign-on over OpenID Connect (decision 069): the IdP's issuer URL, the client, and the e-mail domains that must use it. */
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_DOMAINS: z.string().default(""),
    MEETING_BASE_URL: z.url().default("https://meet.jit.si"),
    CHAT_WIDGET_URL: optionalUrl,
    /** Requests per minute per caller (token holder, signed-in user or address) on the JSON paths. */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /** The job runner (reminders, outbox retries; docs/decisions/022): "on" (default) or "off". */
    JOBS: z.enum(["on", "off"], { message: 'must be "on" or "off"' }).default("on"),
    /** How often each app server's job runner looks for due work, in milliseconds. */
    JOBS_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    /** Days audit-log entries are kept; the housekeeping job deletes older ones (decision 070). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
    /** Days after a booking ends before its guests are anonymised (decision 071); unset or 0 = never. */
    BOOKING_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
    /** After SIGTERM, how long requests in flight may run before their connections are cut, in milliseconds (docs/decisions/024). */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // A slow client's hold on a connection (decision 063): the request head, then the whole request.
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** After SIGTERM, how long the server still takes new connections (healthz 503) before it stops listening, in milliseconds. */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    /** Seconds an anonymous visitor's public page is served from the full-page cache (0: no cache); docs/decisions/032. */
    PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** Webhook URLs on loopback, private or link-local addresses (and http in production) are refused unless "true" (tests, a private network). */
    ALLOW_PRIVATE_WEBHOOK_URLS: z.enum(["true", "false"], { message: 'must be "true" or "false"' }).default("false"),
    /** Multiplies the webhook retry schedule (5 s ... 10 h); tests shorten it (0.001: 5 ms ... 36 s). */
    WEBHOOK_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
    /** 32 bytes (base64 or 64 hex digits) encrypting calendar passwords and tokens at rest (docs/decisions/035); required to connect calendars in production on a server database. */
    CALENDAR_ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .refine((v) => keyBytes(v) !== null, "must be 32 bytes, as base64 or 64 hex digits (openssl rand -base64 32)")
        .optional(),
    ),
    /** "true": calendar URLs may point at loopback, private and link-local addresses (tests, a home server). */
    ALLOW_PRIVATE_CALENDAR_URLS: z.enum(["true", "false"], { message: 'must be "true" or "false"' }).default("false"),
    /** How often each calendar connection is read again, in seconds (a change shows in slots within this plus JOBS_POLL_MS). */
    CALENDAR_SYNC_SECONDS: z.coerce.number().int().min(5).max(86_400).default(30),
    /** How long a booking waits for the host's calendars to be read again before it trusts the cache, in ms. */
    CALENDAR_CHECK_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(3_000),
    /** Google's OAuth and Calendar API hosts for calendar connections (a local fake in tests); unset = Google's. */
    GOOGLE_OAUTH_BASE: optionalUrl,
    GOOGLE_API_BASE: optionalUrl,
    /** Microsoft 365 / Outlook calendars over Microsoft Graph (docs/decisions/064): the Azure app registration. */
    MICROSOFT_CLIENT_ID: optionalString,
    MICROSOFT_CLIENT_SECRET: optionalString,
    /** The Entra ID tenant in the sign-in URLs: "common" (work, school and personal accounts), "organizations", or one tenant's id or domain. */
    MICROSOFT_TENANT: optionalString
      .pipe(
        z
          .string()
          .regex(/^[A-Za-z0-9.-]{1,100}$/, "must be common, organizations, consumers, a tenant id or a domain")
          .optional(),
      )
      .transform((v) => v ?? "common"),
    /** Microsoft's sign-in and Graph hosts (a local fake in tests); unset = login.microsoftonline.com and graph.microsoft.com. */
    MICROSOFT_LOGIN_BASE: optionalUrl,
    MICROSOFT_GRAPH_BASE: optionalUrl,
    /** Zoom's OAuth app (decision 065): unset = Zoom cannot be connected (the page says so). */
    ZOOM_CLIENT_ID: optionalString,
    ZOOM_CLIENT_SECRET: optionalString,
    /** Zoom's OAuth and API hosts (a local fake in tests); unset = https://zoom.us and https://api.zoom.us. */
    ZOOM_OAUTH_BASE: optionalUrl,
    ZOOM_API_BASE: optionalUrl,
    /** Text messages (docs/decisions/090): an API in the shape of Twilio's Messages resource; unset = no texts. */
    SMS_API_BASE: z.url().default("https://api.twilio.com"),
    SMS_ACCOUNT_SID: optionalString,
    SMS_AUTH_TOKEN: optionalString,
    /** The sender: a number in E.164 (or a sender id the provider allows). */
    SMS_FROM: optionalString,
    /** The country (ISO 3166 alpha-2, such as US) of numbers typed without a country code; unset = a code is needed. */
    /** Multiplies the pauses between a failed text's tries (1, 4, 16, 64 minutes); tests shrink it. */
    SMS_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
    SMS_DEFAULT_COUNTRY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, "must be a two-letter country code such as US")
        .optional(),
    ),
    /** Other sites' origins (comma-separated, e.g. https://app.example.com) whose pages may call the JSON paths with a bearer token. */
    CORS_ORIGINS: z
      .string()
      .default("")
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const part of v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          let url: URL | null = null;
          try {
            url = new URL(part);
          } catch {
            url = null;
          }
          if (!url || !/^https?:$/.test(url.protocol) || url.origin !== part.replace(/\/$/, "")) {
            ctx.addIssue({ code: "custom", message: `"${part}" is not an origin like https://app.example.com` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "is required in production on a PostgreSQL server (set one or more random strings of 32+ characters, comma-separated; the first signs new cookies)",
      });
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.APP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message:
          "is required in production on a PostgreSQL server (the public address, such as https://book.example.com): links in e-mails, calendar files, webhooks and feeds are built from it, never from the request's Host header",
      });
    }
    if (env.SESSION_SECRET && env.SESSION_SECRET.split(",").some((s) => s.trim().length < 32)) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "each secret must be at least 32 characters" });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together",
      });
    }
    if (env.STRIPE_SECRET_KEY && !/^(sk|rk)_/.test(env.STRIPE_SECRET_KEY)) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "must be a Stripe secret key (sk_...)" });
    }
    if (env.STRIPE_PUBLISHABLE_KEY && !env.STRIPE_PUBLISHABLE_KEY.startsWith("pk_")) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_PUBLISHABLE_KEY"],
        message: "must be a Stripe publishable key (pk_...)",
      });
    }
    if (new Set([Boolean(env.SMS_ACCOUNT_SID), Boolean(env.SMS_AUTH_TOKEN), Boolean(env.SMS_FROM)]).size > 1) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_ACCOUNT_SID"],
        message: "SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together",
      });
    }
    if (Boolean(env.ZOOM_CLIENT_ID) !== Boolean(env.ZOOM_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["ZOOM_CLIENT_ID"],
        message: "ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET must be set together",
      });
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: "custom", path: ["OIDC_CLIENT_ID"], message: "must be set with OIDC_ISSUER" });
    }
    if (!env.OIDC_ISSUER && (env.OIDC_CLIENT_ID || env.OIDC_DOMAINS.trim())) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "must be set with OIDC_CLIENT_ID and OIDC_DOMAINS",
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_ID"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
      });
    }
    if (Boolean(env.MICROSOFT_CLIENT_ID) !== Boolean(env.MICROSOFT_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["MICROSOFT_CLIENT_ID"],
        message: "MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  sessionSecrets: string[];
  adminEmails: Set<string>;
  /** OIDC_DOMAINS lower-cased, without a leading "@": addresses there must sign in with SSO. */
  ssoDomains: Set<string>;
  seedDemo: boolean;
  usesEmbeddedDatabase: boolean;
  /** Cookies get the Secure flag: always behind an https APP_URL, and in production on a server database. */
  secureCookies: boolean;
};

export class EnvError extends Error {
  name = "EnvError";
}

/** Validates an environment; throws EnvError with one line per problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "environment"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const usesEmbeddedDatabase = !env.DATABASE_URL;
  return {
    ...env,
    usesEmbeddedDatabase,
    sessionSecrets: env.SESSION_SECRET
      ? env.SESSION_SECRET.split(",").map((s) => s.trim())
      : [generatedSecret(env.DATA_DIR, usesEmbeddedDatabase)],
    adminEmails: new Set(
      env.ADMIN_EMAILS.split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    ssoDomains: new Set(
      env.OIDC_DOMAINS.split(",")
        .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
        .filter(Boolean),
    ),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === "1" : usesEmbeddedDatabase,
    secureCookies: env.APP_URL
      ? env.APP_URL.startsWith("https:")
      : env.NODE_ENV === "production" && !usesEmbeddedDatabase,
  };
}

/**
 * The embedded demo keeps its own secret beside its data, so sessions survive a restart
 * without any setup. Elsewhere (development on a server database) a per-process secret.
 */
function generatedSecret(dataDir: string, embedded: boolean): string {
  if (!embedded || dataDir === ":memory:") return crypto.randomBytes(32).toString("hex");
  const file = path.resolve(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** The 32 bytes of a CALENDAR_ENCRYPTION_KEY (base64 or hex), or null when it is not that. */
export function keyBytes(value: string): Buffer | null {
  const v = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, "hex") : Buffer.from(v, "base64");
  return bytes.length === 32 ? bytes : null;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Values safe to send to the browser. */
export function publicEnv() {
  const e = env();
  return {
    googleSignIn: Boolean(e.GOOGLE_CLIENT_ID),
    ssoSignIn: Boolean(e.OIDC_ISSUER && e.OIDC_CLIENT_ID),
    chatWidgetUrl: e.CHAT_WIDGET_URL ?? null,
  };
}

/**
 * The base of every absolute link the app hands out (mails, .ics, webhooks, feeds, embed snippets,
 * OAuth callbacks): APP_URL, else http://localhost:PORT (the embedded demo and development; in
 * production on PostgreSQL APP_URL is required). Never the request's Host or X-Forwarded-Host,
 * which a client or a careless proxy chooses (decision 063). `_request` is kept so call sites read
 * as before; it is not consulted.
 */
export function linkBase(_request?: Request): string {
  const e = env();
  return (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}
