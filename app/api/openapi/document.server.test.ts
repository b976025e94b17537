import { describe, expect, it } from "vitest";
import { apiPathTemplates, openApiDocument } from "./document.server";

describe("apiPathTemplates", () => {
  it("lists exactly the paths of the document it does not build (CORS applies to these)", async () => {
    const templates = apiPathTemplates();
    expect(templates).toContain("/api/token");
    expect([...templates].sort()).toEqual(Object.keys((await openApiDocument()).paths ?? {}).sort());
  });
});
