import { describe, expect, it } from "vitest";
import { forgetInRequest, oncePerRequest, runInRequestScope } from "./request-scope.server";

describe("oncePerRequest", () => {
  it("computes a value once inside one request, and again in the next request", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const first = await runInRequestScope(async () => [
      await oncePerRequest("k", compute),
      await oncePerRequest("k", compute),
    ]);
    expect(first).toEqual([1, 1]);
    expect(await runInRequestScope(() => oncePerRequest("k", compute))).toBe(2);
  });

  it("recomputes after forgetInRequest, and never caches outside a request", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const values = await runInRequestScope(async () => {
      const a = await oncePerRequest("k", compute);
      forgetInRequest("k");
      return [a, await oncePerRequest("k", compute)];
    });
    expect(values).toEqual([1, 2]);
    expect([await oncePerRequest("k", compute), await oncePerRequest("k", compute)]).toEqual([3, 4]);
  });
});
