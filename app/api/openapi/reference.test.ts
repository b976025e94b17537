import { describe, expect, it } from "vitest";
import { describeOperations, fieldRows } from "./reference";

const doc = {
  openapi: "3.1.0",
  components: {
    schemas: {
      Thing: {
        type: "object",
        required: ["id", "size"],
        properties: {
          id: { type: "string", format: "uuid" },
          size: { type: "integer", minimum: 1, maximum: 5, description: "How big." },
          kind: { type: "string", enum: ["a", "b"] },
          owner: { type: "object", required: ["email"], properties: { email: { type: "string" } } },
          tags: { type: "array", items: { type: "string" }, maxItems: 3 },
        },
      },
    },
  },
  paths: {
    "/things/{id}": {
      get: {
        operationId: "getThing",
        summary: "One thing.",
        tags: ["Things"],
        security: [{}, { bearer: [] }],
        parameters: [{ name: "id", in: "path", required: true, description: "Its id.", schema: { type: "string" } }],
        responses: {
          "200": {
            description: "The thing.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
        },
      },
      delete: { tags: ["Things"], security: [{ bearer: [] }], responses: { "204": { description: "Gone." } } },
    },
    "/things": {
      post: {
        operationId: "makeThing",
        tags: ["Other things"],
        requestBody: {
          content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Thing" } } } },
        },
        responses: {},
      },
    },
  },
};

describe("the API reference's view of an OpenAPI document", () => {
  it("lists fields through $ref, with nesting, types, required flags and bounds", () => {
    const rows = fieldRows(doc, { $ref: "#/components/schemas/Thing" });
    expect(rows.map((r) => [r.name, r.depth, r.type, r.required])).toEqual([
      ["id", 0, "string (uuid)", true],
      ["size", 0, "integer", true],
      ["kind", 0, '"a" | "b"', false],
      ["owner", 0, "object", false],
      ["email", 1, "string", true],
      ["tags", 0, "string[]", false],
    ]);
    expect(rows[1].notes).toBe("How big.; ≥ 1; ≤ 5");
    expect(rows[5].notes).toBe("at most 3 items");
  });

  it("groups operations by their first tag, with auth, parameters, body and responses", () => {
    const tags = describeOperations(doc);
    expect(tags.map((t) => [t.name, t.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ["Things", ["GET /things/{id}", "DELETE /things/{id}"]],
      ["Other things", ["POST /things"]],
    ]);
    const [get, del] = tags[0].operations;
    expect(get.auth).toBe("optional");
    expect(del.auth).toBe("required");
    expect(get.parameters).toEqual([{ name: "id (path)", depth: 0, type: "string", required: true, notes: "Its id." }]);
    expect(get.body).toBeNull();
    expect(get.responses[0]).toMatchObject({ status: "200", description: "The thing." });
    expect(get.responses[0].fields).toHaveLength(6);
    expect(tags[1].operations[0].body?.map((r) => r.name)).toContain("owner");
  });
});
