import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { packageBody } from "~/schemas/package-api";
import { openApiDocument } from "./document.server";

describe("the admin paths in the OpenAPI document", () => {
  it("builds a valid OpenAPI 3.1 document with every admin operation", async () => {
    const doc = JSON.parse(JSON.stringify(await openApiDocument()));
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const ops = Object.entries(
      doc.paths as Record<string, Record<string, { operationId?: string; tags?: string[]; summary?: string }>>,
    ).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, ...op })),
    );
    const byKey = new Map(ops.map((o) => [o.key, o]));
    for (const [key, operationId] of [
      ["GET /users", "listUsers"],
      ["PUT /users/admin/{email}", "promoteToAdmin"],
      ["PUT /users/user/{email}", "demoteAdmin"],
      ["GET /professional", "listProfessionalRecords"],
      ["DELETE /professional/{email}", "deleteProfessionalRecord"],
      ["POST /packages", "createPackage"],
      ["PUT /packages/{id}", "updatePackage"],
      ["DELETE /packages/{id}", "deletePackage"],
    ]) {
      const op = byKey.get(key);
      expect(op?.operationId, key).toBe(operationId);
      expect(op?.summary, key).toBeTruthy();
      expect(op?.tags?.length, key).toBe(1);
    }
    // The request body is the route's schema, rendered as input (price: number or text).
    const input = doc.components.schemas.PackageInput;
    expect(input.required).toEqual(["name"]);
    expect(input.properties.price.anyOf.map((s: { type: string }) => s.type).sort()).toEqual(["number", "string"]);
  });
});

describe("packageBody", () => {
  const base = { name: "Gold" };
  it("reads a price as 'Free', a number or text of dollars, into cents", () => {
    expect(packageBody.parse({ ...base, price: 9.99 }).priceCents).toBe(999);
    expect(packageBody.parse({ ...base, price: "12.5" }).priceCents).toBe(1250);
    expect(packageBody.parse({ ...base, price: "Free" }).priceCents).toBe(0);
    expect(packageBody.parse(base)).toEqual({
      name: "Gold",
      priceCents: 0,
      accessType: "",
      activeEvent: "",
      calender: 0,
      goupEvent: "",
      notificationStatus: "",
      oneToOne: "",
    });
  });

  it("refuses what the form refuses, and non-numbers", () => {
    for (const price of [9.999, -1, "1e3", true, null, 0.1 + 0.2, 100_000.01]) {
      expect(packageBody.safeParse({ ...base, price }).success, String(price)).toBe(false);
    }
    for (const calender of ["3.5", "three", "-1", "1e3", 1.5, -1, 1001, "1001", true, {}]) {
      expect(packageBody.safeParse({ ...base, calender }).success, JSON.stringify(calender)).toBe(false);
    }
  });

  it("reads calender as the legacy client's form sends it: digits as text, blank or null for 0", () => {
    for (const [calender, count] of [
      [5, 5],
      ["5", 5],
      [" 12 ", 12],
      ["", 0],
      ["  ", 0],
      [null, 0],
      [undefined, 0],
    ] as const) {
      expect(packageBody.parse({ ...base, calender }).calender, JSON.stringify(calender)).toBe(count);
    }
  });
});
