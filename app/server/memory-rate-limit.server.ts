import type { RateLimitResult } from "./rate-limit.server";

/**
 * Per-process counters for budgets that need not be exact across servers (the JSON API's calls
 * per minute, docs/decisions/042): a fixed window per key that starts with the key's first hit,
 * like the database's counters, so the answers (allowed, remaining, seconds to the reset) are the
 * same. No database write per call. Memory is bounded: at most `maxKeys` keys; past that, expired
 * windows are swept, and if none expired the oldest key is forgotten (it starts again at zero).
 */
export class MemoryRateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  /** Counts one hit of `key` against `limit` per `windowSeconds` (the limit already scaled). */
  hit(key: string, limit: number, windowSeconds: number, now = Date.now()): RateLimitResult {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (w) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return {
      allowed: w.count <= limit,
      remaining: Math.max(0, limit - w.count),
      retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
    };
  }

  get size(): number {
    return this.windows.size;
  }

  private makeRoom(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    // Insertion order is the order windows started: the first is the oldest.
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next();
      if (oldest.done) break;
      this.windows.delete(oldest.value);
    }
  }
}
