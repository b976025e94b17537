/**
 * Whether an error means the database cannot be used right now (it is down, restarting,
 * unreachable, out of connections, or too slow), as opposed to a fault of the query or the
 * data. Such errors answer 503 with Retry-After instead of 500 (docs/decisions/025).
 *
 * Drizzle wraps driver errors ("Failed query: ...", the driver's error as `cause`), and Node
 * reports a refused connection to a host with several addresses as an AggregateError, so the
 * whole chain is looked at.
 */

/** Node socket errors and postgres.js connection errors. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "DATABASE_UNAVAILABLE",
]);

/** PostgreSQL SQLSTATEs: the server is going away or cannot take us, or a timeout ended the work. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the backend was terminated (failover, pg_terminate_backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "57014", // query_canceled: statement_timeout (we never cancel queries otherwise)
  "25P03", // idle_in_transaction_session_timeout
  "53300", // too_many_connections
  "53000", // insufficient_resources
  "53100", // disk_full
  "53200", // out_of_memory
]);

/**
 * The errors of a database that cannot be reached at all (as opposed to a connection lost
 * under a query, after which the next connect usually works): while they last, requests fail
 * at once instead of each waiting for a connect timeout.
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "57P03",
  "53300",
  "08001",
  "08004",
]);

/** How long clients are told to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Thrown instead of querying while the database is known to be unreachable. */
export class DatabaseUnavailableError extends Error {
  readonly code = "DATABASE_UNAVAILABLE";
  constructor(message = "The database is unavailable.") {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

function errorChain(error: unknown): Array<{ code?: unknown }> {
  const seen = new Set<unknown>();
  const chain: Array<{ code?: unknown }> = [];
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const e = pending.pop();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    chain.push(e as { code?: unknown });
    pending.push((e as { cause?: unknown }).cause);
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return chain;
}

export function isDatabaseUnreachable(error: unknown): boolean {
  return errorChain(error).some(({ code }) => typeof code === "string" && UNREACHABLE_CODES.has(code));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(
    ({ code }) =>
      typeof code === "string" &&
      // Class 08: connection exception.
      (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)),
  );
}
