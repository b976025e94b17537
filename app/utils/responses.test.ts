import { describe, expect, it } from "vitest";
import { forbidden, invariantResponse, notFound } from "./responses";

function thrown(fn: () => unknown): Response {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

describe("thrown responses", () => {
  it("notFound throws a 404 with the site's plain text unless told", async () => {
    const plain = thrown(() => notFound());
    expect(plain.status).toBe(404);
    expect(await plain.text()).toBe("Not Found");
    expect(await thrown(() => notFound("Event not found")).text()).toBe("Event not found");
  });

  it("forbidden throws a 403 with its message", async () => {
    const answer = thrown(() => forbidden("Not yours."));
    expect(answer.status).toBe(403);
    expect(await answer.text()).toBe("Not yours.");
  });

  it("invariantResponse passes a truthy condition and throws its init otherwise", async () => {
    expect(() => invariantResponse(1, "x")).not.toThrow();
    const bad = thrown(() =>
      invariantResponse(false, "Method not allowed.", { status: 405, headers: { Allow: "POST" } }),
    );
    expect(bad.status).toBe(405);
    expect(bad.headers.get("Allow")).toBe("POST");
    expect(await bad.text()).toBe("Method not allowed.");
    expect(thrown(() => invariantResponse(null)).status).toBe(400);
  });
});
