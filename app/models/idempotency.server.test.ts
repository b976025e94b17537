import { describe, expect, it } from "vitest";
import { idempotencyClaim, IDEMPOTENCY_KEY_PATTERN } from "./idempotency.server";

describe("idempotencyClaim", () => {
  const input = {
    eventTypeId: "e1",
    start: "2026-12-01T09:00:00Z",
    name: "Ada",
    guests: ["a@example.test"],
    notes: undefined,
  };

  it("hashes the same request the same whatever the key order; another body differs", () => {
    const a = idempotencyClaim("k1", "scope", input);
    const b = idempotencyClaim("k1", "scope", {
      guests: ["a@example.test"],
      name: "Ada",
      start: "2026-12-01T09:00:00Z",
      eventTypeId: "e1",
    });
    expect(b.requestHash).toBe(a.requestHash);
    expect(idempotencyClaim("k1", "scope", { ...input, start: "2026-12-01T09:30:00Z" }).requestHash).not.toBe(
      a.requestHash,
    );
  });

  it("scopes the key: the same key in another scope is another row; the key itself is not stored", () => {
    const a = idempotencyClaim("k1", "POST /api/bookings guest", input);
    expect(idempotencyClaim("k1", "POST /api/bookings user:1", input).keyHash).not.toBe(a.keyHash);
    expect(idempotencyClaim("k2", "POST /api/bookings guest", input).keyHash).not.toBe(a.keyHash);
    expect(a.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.keyHash).not.toContain("k1");
  });
});

describe("IDEMPOTENCY_KEY_PATTERN", () => {
  it("takes 1-255 visible ASCII characters only", () => {
    for (const ok of ["a", crypto.randomUUID(), "x".repeat(255), "!~"])
      expect(IDEMPOTENCY_KEY_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["", " ", "a b", "x".repeat(256), "é", "a\n"])
      expect(IDEMPOTENCY_KEY_PATTERN.test(bad), JSON.stringify(bad)).toBe(false);
  });
});
