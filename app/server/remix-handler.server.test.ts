import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { firstSegmentOf, handlerPerFirstSegment } from "./remix-handler.server";

describe("firstSegmentOf", () => {
  it("reads the first segment as Remix matches it", () => {
    for (const [url, segment] of [
      ["/", ""],
      ["/dashboard/teams?x=1", "dashboard"],
      ["/Dashboard", "dashboard"],
      ["/%61pi/teams", "api"],
      ["/ada/intro", "ada"],
      ["/pricing.data", "pricing"],
      ["/_root.data", "_root"],
      ["/team/sales/demo.data", "team"],
      ["/api?x", "api"],
      ["/__manifest?p=/dashboard", "__manifest"],
    ] as const)
      expect(firstSegmentOf(url), url).toBe(segment);
  });

  it("reads nothing from a URL that is not origin-form or has a bad escape", () => {
    for (const url of ["/%zz/x", "http://example.test/api/teams", "//api/teams", ""])
      expect(firstSegmentOf(url), url).toBeNull();
  });
});

describe("handlerPerFirstSegment", () => {
  // root > index, "dashboard" > "teams" and a pathless layout, ":username" > ":slug",
  // "api/teams", "($lang)/about" (optional), "*".
  const routes: Record<string, { id: string; path?: string; index?: boolean; parentId?: string }> = {
    root: { id: "root", path: "" },
    "routes/_index": { id: "routes/_index", index: true, parentId: "root" },
    "routes/dashboard": { id: "routes/dashboard", path: "dashboard", parentId: "root" },
    "routes/dashboard.teams": { id: "routes/dashboard.teams", path: "teams", parentId: "routes/dashboard" },
    "routes/dashboard._layout": { id: "routes/dashboard._layout", parentId: "routes/dashboard" },
    "routes/$username": { id: "routes/$username", path: ":username", parentId: "root" },
    "routes/$username.$slug": { id: "routes/$username.$slug", path: ":slug", parentId: "routes/$username" },
    "routes/api.teams": { id: "routes/api.teams", path: "api/teams", parentId: "root" },
    "routes/($lang).about": { id: "routes/($lang).about", path: ":lang?/about", parentId: "root" },
    "routes/$": { id: "routes/$", path: "*", parentId: "root" },
  };
  const build = { routes, assets: { routes } } as unknown as ServerBuild;
  const everywhere = [
    "root",
    "routes/_index",
    "routes/$username",
    "routes/$username.$slug",
    "routes/($lang).about",
    "routes/$",
  ];
  const made: ServerBuild[] = [];
  const handlerFor = handlerPerFirstSegment(build, (b) => {
    made.push(b);
    return Object.keys(b.routes).sort();
  });

  it("gives a static segment's URL its routes and those with no static first segment", () => {
    expect(handlerFor("/dashboard/teams")).toEqual(
      [...everywhere, "routes/dashboard", "routes/dashboard.teams", "routes/dashboard._layout"].sort(),
    );
    expect(handlerFor("/API/teams")).toEqual([...everywhere, "routes/api.teams"].sort());
  });

  it("gives any other URL only the routes with no static first segment", () => {
    for (const url of ["/", "/ada/intro", "/_root.data", "/apis", "/about"])
      expect(handlerFor(url), url).toEqual([...everywhere].sort());
  });

  it("keeps route discovery and unreadable URLs on the whole build, and makes each handler once", () => {
    for (const url of ["/__manifest?p=/dashboard", "/%zz", "//api/teams"])
      expect(handlerFor(url), url).toEqual(Object.keys(routes).sort());
    const before = made.length;
    handlerFor("/dashboard");
    handlerFor("/");
    expect(made.length).toBe(before);
    // The client manifest loses the same routes.
    for (const b of made) expect(Object.keys(b.assets.routes).sort()).toEqual(Object.keys(b.routes).sort());
  });
});
