import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable, isDatabaseUnreachable } from "./database-unavailable";

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
/** As drizzle-orm reports a failed query: its own error, the driver's as `cause`. */
const drizzle = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a reset connection", coded("ECONNRESET")],
    ["a broken pipe", coded("EPIPE")],
    ["an unreachable host", coded("EHOSTUNREACH")],
    ["an unknown host name", coded("ENOTFOUND")],
    ["postgres.js's connect timeout", coded("CONNECT_TIMEOUT", "write CONNECT_TIMEOUT 127.0.0.1:5432")],
    ["a connection closed under a query", coded("CONNECTION_CLOSED", "write CONNECTION_CLOSED 127.0.0.1:5432")],
    ["a destroyed connection", coded("CONNECTION_DESTROYED")],
    ["a pool being shut down", coded("CONNECTION_ENDED")],
    ["a terminated backend (57P01)", coded("57P01", "terminating connection due to administrator command")],
    ["a crashed server (57P02)", coded("57P02")],
    ["a server starting up (57P03)", coded("57P03", "the database system is starting up")],
    ["a statement timeout (57014)", coded("57014", "canceling statement due to statement timeout")],
    ["an idle-in-transaction timeout (25P03)", coded("25P03")],
    ["too many connections (53300)", coded("53300", "sorry, too many clients already")],
    ["a connection failure (08006)", coded("08006")],
    ["a refused connection (08001)", coded("08001")],
  ])("yes for %s, bare or wrapped by drizzle", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(drizzle(error))).toBe(true);
  });

  it("yes for a refused connection to every address of a host (AggregateError)", () => {
    const error = new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")], "");
    expect(isDatabaseUnavailable(drizzle(error))).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", coded("23505", "duplicate key value violates unique constraint")],
    ["an exclusion violation (23P01)", coded("23P01")],
    ["a serialization failure (40001)", coded("40001")],
    ["a deadlock (40P01)", coded("40P01")],
    ["a syntax error (42601)", coded("42601")],
    ["an undefined table (42P01)", coded("42P01")],
    ["a plain error", new Error("boom")],
    ["a TypeError", new TypeError("Cannot read properties of undefined")],
    ["a thrown Response", new Response(null, { status: 404 })],
    ["a string", "ECONNREFUSED"],
    ["null", null],
    ["undefined", undefined],
  ])("no for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(drizzle(error))).toBe(false);
  });

  it("ends on an error that is its own cause", () => {
    const error = new Error("loop") as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("isDatabaseUnreachable", () => {
  it("yes when connects fail: refused, timed out, unknown host, starting up, too many connections", () => {
    for (const code of [
      "ECONNREFUSED",
      "CONNECT_TIMEOUT",
      "ETIMEDOUT",
      "EHOSTUNREACH",
      "ENOTFOUND",
      "57P03",
      "53300",
      "08001",
    ]) {
      expect([code, isDatabaseUnreachable(drizzle(coded(code)))]).toEqual([code, true]);
    }
    expect(isDatabaseUnreachable(new AggregateError([coded("ECONNREFUSED")], ""))).toBe(true);
  });

  it("no for a connection lost under a query, after which a new connect usually works, nor for other errors", () => {
    for (const code of ["CONNECTION_CLOSED", "ECONNRESET", "57P01", "57014", "25P03", "23505"]) {
      expect([code, isDatabaseUnreachable(drizzle(coded(code)))]).toEqual([code, false]);
    }
  });
});

it("DatabaseUnavailableError is a database-unavailable error", () => {
  expect(isDatabaseUnavailable(new DatabaseUnavailableError())).toBe(true);
  expect(isDatabaseUnreachable(new DatabaseUnavailableError())).toBe(false);
});
