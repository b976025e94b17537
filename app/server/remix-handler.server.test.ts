import { describe, expect, it } from "vitest";
import { servedWithoutJsonApi } from "./remix-handler.server";

describe("servedWithoutJsonApi", () => {
  it("sends pages to the handler without the /api/ routes", () => {
    for (const url of [
      "/",
      "/dashboard/teams?x=1",
      "/ada/intro",
      "/team/sales/demo.data",
      "/apis",
      "/apix/y",
      "/_root.data",
    ])
      expect(servedWithoutJsonApi(url), url).toBe(true);
  });

  it("keeps /api/ in any case or escape, route discovery and odd URLs on the whole app", () => {
    for (const url of [
      "/api",
      "/api/teams",
      "/API/teams",
      "/%61pi/teams",
      "/api?x",
      "/__manifest?p=/dashboard",
      "/%zz/x",
      "http://example.test/api/teams",
      "//api/teams",
      "",
    ])
      expect(servedWithoutJsonApi(url), url).toBe(false);
  });
});
