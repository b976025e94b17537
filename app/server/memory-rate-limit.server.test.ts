import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "./memory-rate-limit.server";

const T0 = Date.parse("2026-11-24T10:00:00Z");

describe("MemoryRateLimiter", () => {
  it("allows `limit` hits per window, counts down, then refuses with the seconds left until the window ends", () => {
    const limiter = new MemoryRateLimiter();
    const results = [0, 1, 2].map((i) => limiter.hit("api:ip:a", 3, 60, T0 + i * 1000));
    expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(results[0].retryAfterSeconds).toBe(60);
    const refused = limiter.hit("api:ip:a", 3, 60, T0 + 20_500);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 40 });
  });

  it("starts a new window once the old one ended, and keeps keys apart", () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < 4; i++) limiter.hit("k", 3, 60, T0);
    expect(limiter.hit("other", 3, 60, T0).allowed).toBe(true);
    expect(limiter.hit("k", 3, 60, T0 + 59_999).allowed).toBe(false);
    const fresh = limiter.hit("k", 3, 60, T0 + 60_000);
    expect(fresh).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 60 });
  });

  it("never holds more than maxKeys: expired windows go first, then the oldest", () => {
    const limiter = new MemoryRateLimiter(3);
    limiter.hit("a", 1, 10, T0);
    limiter.hit("b", 1, 60, T0);
    limiter.hit("c", 1, 60, T0);
    // "a" has expired: it makes room, the others stay.
    limiter.hit("d", 1, 60, T0 + 11_000);
    expect(limiter.size).toBe(3);
    expect(limiter.hit("b", 1, 60, T0 + 11_000).allowed).toBe(false);
    // Nothing expired: the oldest ("b") is forgotten.
    limiter.hit("e", 1, 60, T0 + 12_000);
    expect(limiter.size).toBe(3);
    expect(limiter.hit("c", 1, 60, T0 + 12_000).allowed).toBe(false);
    expect(limiter.hit("b", 1, 60, T0 + 12_000).allowed).toBe(true);
    expect(limiter.size).toBe(3);
  });
});
