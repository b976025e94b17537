import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { contextForRender, parentPaths } from "./render-routes.server";

type Route = EntryContext["manifest"]["routes"][string];
const route = (id: string, parentId: string | undefined, extra: Partial<Route>): Route =>
  ({
    id,
    parentId,
    module: `/build/${id}.js`,
    hasAction: false,
    hasLoader: true,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
    ...extra,
  }) as Route;

const routes: Record<string, Route> = Object.fromEntries(
  [
    route("root", undefined, { path: "" }),
    route("routes/_index", "root", { index: true }),
    route("routes/$username", "root", { path: ":username" }),
    route("routes/$username_.$slug", "root", { path: ":username/:slug" }),
    route("routes/dashboard", "root", { path: "dashboard" }),
    route("routes/dashboard._index", "routes/dashboard", { index: true }),
    route("routes/dashboard.eventTypes", "routes/dashboard", { path: "eventTypes" }),
    route("routes/dashboard.profile", "routes/dashboard", { path: "profile" }),
    route("routes/api.bookings", "root", { path: "api/bookings" }),
    route("routes/pricing", "root", { path: "pricing" }),
  ].map((r) => [r.id, r]),
);

function contextMatching(...ids: string[]): EntryContext {
  return {
    manifest: { routes, entry: { module: "/build/entry.js", imports: [] }, url: "/build/manifest.js", version: "1" },
    staticHandlerContext: { matches: ids.map((id) => ({ route: { id } })) },
  } as unknown as EntryContext;
}

describe("contextForRender", () => {
  it("keeps the page's matches and the routes of each parent path, as the browser's first manifest has them", () => {
    const context = contextMatching("root", "routes/$username_.$slug");
    const pruned = contextForRender(context, "/pro/30min");
    // "/" matches the home page's index route, "/pro" the profile page.
    expect(Object.keys(pruned.manifest.routes).sort()).toEqual(
      ["root", "routes/$username", "routes/$username_.$slug", "routes/_index"].sort(),
    );
    expect(pruned.manifest.routes["routes/$username"]).toBe(routes["routes/$username"]);
  });

  it("takes a nested page's layout and its index from the parent path", () => {
    const pruned = contextForRender(
      contextMatching("root", "routes/dashboard", "routes/dashboard.eventTypes"),
      "/dashboard/eventTypes",
    );
    expect(Object.keys(pruned.manifest.routes).sort()).toEqual(
      ["root", "routes/_index", "routes/dashboard", "routes/dashboard._index", "routes/dashboard.eventTypes"].sort(),
    );
  });

  it("leaves the request's context, its manifest and everything else as they were", () => {
    const context = contextMatching("root", "routes/pricing");
    const pruned = contextForRender(context, "/pricing");
    expect(Object.keys(context.manifest.routes)).toHaveLength(10);
    expect(Object.keys(pruned.manifest.routes).sort()).toEqual(["root", "routes/_index", "routes/pricing"]);
    expect(pruned.staticHandlerContext).toBe(context.staticHandlerContext);
    expect(pruned.manifest.entry).toBe(context.manifest.entry);
  });
});

describe("parentPaths", () => {
  it("lists the root and every parent of the path, not the path itself", () => {
    expect(parentPaths("/")).toEqual(["/"]);
    expect(parentPaths("/pricing")).toEqual(["/"]);
    expect(parentPaths("/a/b/c")).toEqual(["/", "/a", "/a/b"]);
    expect(parentPaths("/a//b/")).toEqual(["/", "/a"]);
  });
});
