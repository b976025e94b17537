import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document.server";

type Operation = {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
};

const doc = JSON.parse(JSON.stringify(await openApiDocument())) as {
  paths: Record<string, Record<string, Operation>>;
};

describe("a team's bookings and webhooks in the OpenAPI document", () => {
  it("mirror every personal webhook operation under /api/teams/{id}/webhooks, with the same bodies and answers", () => {
    const personal = Object.entries(doc.paths).filter(([p]) => p.startsWith("/api/webhooks"));
    expect(personal.length).toBeGreaterThanOrEqual(5);
    for (const [path, item] of personal) {
      const mirrored = `/api/teams/{id}/webhooks${path.slice("/api/webhooks".length).replace("{id}", "{webhookId}")}`;
      const team = doc.paths[mirrored];
      expect(team, mirrored).toBeDefined();
      expect(Object.keys(team).sort(), mirrored).toEqual(Object.keys(item).sort());
      for (const [method, op] of Object.entries(item)) {
        const teamOp = team[method];
        expect(teamOp.tags).toEqual(["Teams"]);
        expect(teamOp.requestBody).toEqual(op.requestBody);
        const success = Object.keys(op.responses).filter((s) => s.startsWith("2"));
        for (const status of success)
          expect(teamOp.responses[status], `${method} ${mirrored} ${status}`).toEqual(op.responses[status]);
        expect(Object.keys(teamOp.responses)).toEqual(expect.arrayContaining(["401", "403", "404"]));
        expect(teamOp.parameters?.filter((p) => p.in === "path").map((p) => p.name)).toContain("id");
      }
    }
  });

  it("document GET /api/teams/{id}/bookings with member, status and paging, 403 and 404", () => {
    const op = doc.paths["/api/teams/{id}/bookings"].get;
    expect(op.operationId).toBe("listTeamBookings");
    expect(
      op.parameters
        ?.filter((p) => p.in === "query")
        .map((p) => p.name)
        .sort(),
    ).toEqual(["limit", "member", "offset", "status"]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404"]));
  });
});
