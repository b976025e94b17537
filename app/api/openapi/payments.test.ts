import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document.server";

describe("the payment paths in the OpenAPI document", () => {
  it("builds, with every implemented path and method, its operationId, tags and body schema", async () => {
    const doc = await openApiDocument();
    const ops = [
      ["/reviews", "post", "createReview", "Reviews"],
      ["/create-payment-intent", "post", "createPaymentIntent", "Payments"],
      ["/users/professional", "post", "recordProfessionalPayment", "Payments"],
      ["/users/professional/{email}", "put", "refreshProfessionalStatus", "Payments"],
    ] as const;
    for (const [path, method, operationId, tag] of ops) {
      const op = (
        doc.paths?.[path] as Record<
          string,
          { operationId?: string; tags?: string[]; responses?: object; security?: unknown[] }
        >
      )[method];
      expect(op?.operationId, path).toBe(operationId);
      expect(op?.tags).toEqual([tag]);
      expect(op?.security).toEqual([{ bearer: [] }, { session: [] }]);
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(["401", "429"]));
    }
    const schemas = doc.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        "ReviewInput",
        "PaymentIntentInput",
        "ProfessionalRecordInput",
        "PaymentIntent",
        "ProfessionalRecord",
      ]),
    );
    expect((schemas.PaymentIntentInput as { properties: object }).properties).toHaveProperty("price");
    expect(
      (doc.paths?.["/users/professional/{email}"]?.put?.parameters ?? []).map((p) => ("name" in p ? p.name : "")),
    ).toEqual(["email"]);
  });
});
