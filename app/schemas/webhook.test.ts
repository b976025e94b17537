import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import {
  attemptVerdict,
  failingTooLong,
  isPrivateAddress,
  nextAttemptAt,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TYPE_OF_KIND,
  webhookCreateBody,
  webhookForm,
  webhookUrlProblem,
} from "./webhook";

const now = new Date("2026-11-24T12:00:00Z");

describe("the retry rules", () => {
  it("retries timeouts and network errors (null), 429 and 5xx; delivers on 2xx; gives up on any other status", () => {
    expect([null, 429, 500, 502, 503, 599].map(attemptVerdict)).toEqual(Array(6).fill("retry"));
    expect([200, 201, 204, 299].map(attemptVerdict)).toEqual(Array(4).fill("delivered"));
    expect([301, 400, 401, 403, 404, 410, 422].map(attemptVerdict)).toEqual(Array(7).fill("give-up"));
  });

  it("waits about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then stops (8 attempts over about 27.6 hours)", () => {
    const waits = [];
    for (let attempts = 1; attempts <= WEBHOOK_MAX_ATTEMPTS; attempts++) {
      const next = nextAttemptAt(attempts, "retry", now);
      waits.push(next ? (next.getTime() - now.getTime()) / 1000 : null);
    }
    expect(waits).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000, null]);
    expect(WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000).toBeCloseTo(27.6, 1);
    expect(nextAttemptAt(1, "give-up", now)).toBeNull();
    expect(nextAttemptAt(1, "delivered", now)).toBeNull();
    expect(nextAttemptAt(2, "retry", now, 0.001)!.getTime() - now.getTime()).toBe(300);
  });

  it("switches a subscription off after 3 days of failures, not before", () => {
    expect(failingTooLong(null, now)).toBe(false);
    expect(failingTooLong(new Date(now.getTime() - 3 * 86_400_000 + 1000), now)).toBe(false);
    expect(failingTooLong(new Date(now.getTime() - 3 * 86_400_000), now)).toBe(true);
  });

  it("maps the booking event kinds to webhook types in one table; updated (a host's own event) sends none", () => {
    expect(WEBHOOK_TYPE_OF_KIND).toEqual({
      created: "booking.created",
      rescheduled: "booking.rescheduled",
      cancelled: "booking.cancelled",
      requested: "booking.requested",
      approved: "booking.approved",
      declined: "booking.declined",
      reassigned: "booking.reassigned",
      no_show: "booking.no_show",
    });
    expect(WEBHOOK_TYPE_OF_KIND.updated).toBeUndefined();
  });
});

describe("the address guard", () => {
  it("calls loopback, private, link-local, CGNAT, multicast and mapped addresses private", () => {
    for (const ip of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "[::1]",
      "not-an-ip",
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of [
      "93.184.216.34",
      "8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
      "2606:2800:220:1:248:1893:25c8:1946",
      "::ffff:8.8.8.8",
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it("refuses http in production, credentials, other schemes and private hosts unless allowed", () => {
    const strict = { production: true, allowPrivate: false };
    expect(webhookUrlProblem("https://example.com/hook", strict)).toBeNull();
    expect(webhookUrlProblem("http://example.com/hook", strict)).toMatch(/https/);
    expect(webhookUrlProblem("http://example.com/hook", { production: false, allowPrivate: false })).toBeNull();
    expect(webhookUrlProblem("ftp://example.com/hook", strict)).toMatch(/https/);
    expect(webhookUrlProblem("https://user:pw@example.com/hook", strict)).toMatch(/passwords/);
    expect(webhookUrlProblem("nonsense", strict)).toMatch(/full URL/);
    for (const url of [
      "https://localhost/x",
      "https://127.0.0.1/x",
      "https://[::1]/x",
      "https://10.0.0.5/x",
      "https://db.internal/x",
      "https://printer.local/x",
    ]) {
      expect(webhookUrlProblem(url, strict), url).toMatch(/private network/);
      expect(webhookUrlProblem(url, { production: true, allowPrivate: true }), url).toBeNull();
    }
  });
});

describe("the bodies", () => {
  it("takes the six event names (once each) and refuses others", () => {
    const ok = webhookCreateBody.safeParse({
      url: "https://x.test/h",
      events: ["booking.created", "booking.created", "booking.approved"],
    });
    expect(ok.success && ok.data.events).toEqual(["booking.created", "booking.approved"]);
    expect(webhookCreateBody.safeParse({ url: "https://x.test/h", events: ["booking.exploded"] }).success).toBe(false);
    expect(webhookCreateBody.safeParse({ url: "https://x.test/h", events: [] }).success).toBe(false);
    expect(
      webhookCreateBody.safeParse({ url: "https://x.test/h", events: ["booking.created"], extra: 1 }).success,
    ).toBe(false);
  });

  it("reads the page's form: one checkbox is one event, the switch is on only when ticked", () => {
    expect(webhookForm.parse({ url: "https://x.test/h", events: "booking.created", active: "on" })).toEqual({
      url: "https://x.test/h",
      events: ["booking.created"],
      active: true,
    });
    expect(
      webhookForm.parse({ url: "https://x.test/h", events: ["booking.created", "booking.cancelled"] }).active,
    ).toBe(false);
    expect(webhookForm.safeParse({ url: "https://x.test/h" }).success).toBe(false);
  });
});

describe("a receiver's check", () => {
  it("verifies what the Standard Webhooks scheme signs: id.timestamp.body with the whsec_ secret", () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const body = JSON.stringify({ type: "booking.created" });
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const signature = new Webhook(secret).sign("msg_1", at, body);
    const headers = {
      "webhook-id": "msg_1",
      "webhook-timestamp": String(at.getTime() / 1000),
      "webhook-signature": signature,
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: "booking.created" });
    expect(() => new Webhook(secret).verify(body.replace("created", "cancelled"), headers)).toThrow();
  });
});
