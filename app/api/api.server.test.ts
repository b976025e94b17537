import { afterEach, describe, expect, it, vi } from "vitest";
import { unexpectedErrorResponse } from "./api.server";

afterEach(() => vi.restoreAllMocks());

describe("unexpectedErrorResponse (the JSON paths' last resort)", () => {
  it("answers 500 internal_error in the shared shape, with a request id that is also in the log", async () => {
    const logged: unknown[][] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args));
    const boom = new Error("relation does not exist");
    const res = unexpectedErrorResponse(boom, new Request("http://localhost/api/event-types?x=1", { method: "POST" }));
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const { error } = (await res.json()) as { error: { code: string; message: string; requestId: string } };
    expect(error.code).toBe("internal_error");
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-request-id")).toBe(error.requestId);
    expect(error.message).toContain(error.requestId);
    // Nothing of the error itself reaches the client; all of it reaches the log, under the id.
    expect(error.message).not.toContain("relation");
    expect(logged).toHaveLength(1);
    expect(String(logged[0][0])).toBe(`[request ${error.requestId}] POST /api/event-types failed:`);
    expect(logged[0][1]).toBe(boom);
  });

  it("gives every failure its own id", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/events");
    const a = unexpectedErrorResponse(new Error("a"), request).headers.get("x-request-id");
    const b = unexpectedErrorResponse(new Error("b"), request).headers.get("x-request-id");
    expect(a).not.toBe(b);
  });
});
