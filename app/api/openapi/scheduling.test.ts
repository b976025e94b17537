import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document.server";

describe("the scheduling paths in the OpenAPI document", () => {
  it("are there, tagged, in a valid document", async () => {
    const doc = JSON.parse(JSON.stringify(await openApiDocument()));
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(Object.keys(doc.paths["/api/schedules/{id}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(doc.paths["/api/event-types"].post.tags).toEqual(["Event types"]);
    expect(doc.paths["/api/slots"].get.tags).toEqual(["Slots"]);
    // duration or durations (decision 087): neither alone is required.
    expect(doc.components.schemas.EventTypeInput.required.sort()).toEqual(["slug", "title"]);
    expect(Object.keys(doc.components.schemas.EventTypeInput.properties)).toEqual(
      expect.arrayContaining(["durations", "hidden", "redirectUrl", "redirectPassDetails"]),
    );
    expect(doc.paths["/api/slots"].get.parameters.map((p: { name: string }) => p.name)).toContain("duration");
  });
});
