import { isDatabaseUnavailable, isDatabaseUnreachable } from "./database-unavailable";

/**
 * Whether the database is down now, as the requests see it (docs/decisions/025): while it is,
 * getDb() fails at once, so every request answers 503 in milliseconds instead of waiting for
 * its own connect timeout. A probe every `probeEveryMs` notices the database's return.
 *
 * An "unreachable" error (a refused or timed-out connect) marks the outage at once. A
 * connection lost under a query (a killed backend) only starts a probe: the next connect
 * usually works. So does an unreachable error less than `staleMs` (the connect timeout) after
 * the database answered again: it may be the late end of a connect begun during the outage,
 * and marking the outage on it would answer 503 to requests the database could serve.
 */
export interface DatabaseOutage {
  /** Since when the database is unreachable (epoch ms), or null. */
  downSince(): number | null;
  /** True when `error` means the database is unavailable (answer 503); notes it. */
  note(error: unknown): boolean;
}

export interface OutageOptions {
  /** A `select 1`; throws when the database does not answer, or `closed` when shutting down. */
  ping(): Promise<void>;
  closed(): boolean;
  probeEveryMs: number;
  /** How long after the database's return an unreachable error may be a stale connect's (ms). */
  staleMs?: number;
  log(message: string): void;
  now?: () => number;
  later?: (run: () => void, ms: number) => void;
}

export function createDatabaseOutage(options: OutageOptions): DatabaseOutage {
  const now = options.now ?? Date.now;
  const later = options.later ?? ((run, ms) => setTimeout(run, ms).unref());
  let downSince: number | null = null;
  /** When the database last answered again after an outage (epoch ms), or null. */
  let backSince: number | null = null;
  let probing = false;

  const markDown = (error: unknown) => {
    if (downSince !== null) return;
    downSince = now();
    options.log(`Database unreachable (${describe(error)}): answering 503 until it answers again`);
  };

  const probe = async () => {
    try {
      await options.ping();
      if (downSince !== null) {
        options.log(`Database answering again after ${Math.round((now() - downSince) / 1000)} s`);
        backSince = now();
      }
      downSince = null;
      probing = false;
    } catch (error) {
      if (options.closed()) {
        probing = false;
        return;
      }
      if (isDatabaseUnreachable(error)) markDown(error);
      later(() => void probe(), options.probeEveryMs);
    }
  };

  return {
    downSince: () => downSince,
    note(error) {
      if (!isDatabaseUnavailable(error)) return false;
      const mayBeStale = backSince !== null && now() - backSince < (options.staleMs ?? 0);
      if (isDatabaseUnreachable(error) && !mayBeStale) markDown(error);
      if (!probing) {
        probing = true;
        void probe();
      }
      return true;
    },
  };
}

export function describe(error: unknown): string {
  let e: unknown = error;
  // The driver's error, not drizzle's "Failed query: ..." wrapper.
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}
