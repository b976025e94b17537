import { isDatabaseUnavailable, isDatabaseUnreachable } from "./database-unavailable";

/**
 * Whether the database is down now, as the requests see it (docs/decisions/025): while it is,
 * getDb() fails at once, so every request answers 503 in milliseconds instead of waiting for
 * its own connect timeout. A probe every `probeEveryMs` notices the database's return.
 *
 * An "unreachable" error (a refused or timed-out connect) marks the outage at once. A
 * connection lost under a query (a killed backend) only starts a probe: the next connect
 * usually works.
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
  log(message: string): void;
  now?: () => number;
  later?: (run: () => void, ms: number) => void;
}

export function createDatabaseOutage(options: OutageOptions): DatabaseOutage {
  const now = options.now ?? Date.now;
  const later = options.later ?? ((run, ms) => setTimeout(run, ms).unref());
  let downSince: number | null = null;
  let probing = false;

  const markDown = (error: unknown) => {
    if (downSince !== null) return;
    downSince = now();
    options.log(`Database unreachable (${describe(error)}): answering 503 until it answers again`);
  };

  const probe = async () => {
    try {
      await options.ping();
      if (downSince !== null) options.log(`Database answering again after ${Math.round((now() - downSince) / 1000)} s`);
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
      if (isDatabaseUnreachable(error)) markDown(error);
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
