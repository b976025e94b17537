import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  forgetRouteMatches,
  PATHS_PER_TREE,
  rememberingDataRoutes,
  rememberingMatchRoutes,
  rememberingServerRoutes,
  rememberRenderRoutes,
  rememberRouteMatches,
} from "./route-matching.server";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as { matchRoutes: (...args: unknown[]) => unknown };
const original = router.matchRoutes;

/** A route tree like the app's: index, static, dynamic and splat routes, a pathless layout, an optional segment. */
function routeTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        { id: "routes/pricing", path: "pricing" },
        {
          id: "routes/dashboard",
          path: "dashboard",
          children: [
            { id: "routes/dashboard._index", index: true },
            { id: "routes/dashboard.workFlow", path: "workFlow", caseSensitive: true },
          ],
        },
        { id: "routes/_auth", children: [{ id: "routes/_auth.signin", path: "signin" }] },
        { id: "routes/event.$id", path: "event/:id" },
        { id: "routes/$username", path: ":username" },
        { id: "routes/$username_.$slug", path: ":username/:slug" },
        { id: "routes/calendar.$token[.ics]", path: "calendar/:token.ics" },
        { id: "routes/docs.($section)", path: "docs/:section?" },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "",
  "/pricing",
  "/pricing/",
  "/dashboard",
  "/dashboard/workFlow",
  "/dashboard/workflow",
  "/signin",
  "/event/7",
  "/ada",
  "/ada/30min",
  "/ada/30min?slot=1#x",
  "/Ada%20B/intro",
  "/calendar/abc.ics",
  "/docs",
  "/docs/api",
  "/a/b/c/d",
  "/%E2%9C%93",
];

describe("rememberingMatchRoutes", () => {
  it("answers every path as matchRoutes does, first and second time, for strings and locations, with a basename", () => {
    forgetRouteMatches();
    const remembering = rememberingMatchRoutes(original as never);
    const routes = routeTree();
    for (const round of [1, 2]) {
      for (const path of PATHS) {
        expect(remembering(routes, path), `${path} (round ${round})`).toEqual(original(routes, path));
        expect(remembering(routes, { pathname: path.split(/[?#]/)[0] })).toEqual(original(routes, { pathname: path.split(/[?#]/)[0] }));
        expect(remembering(routes, `/app${path}`, "/app")).toEqual(original(routes, `/app${path}`, "/app"));
      }
    }
  });

  it("gives each call its own matches, pointing at the routes of the tree it passed", () => {
    forgetRouteMatches();
    const remembering = rememberingMatchRoutes(original as never);
    const first = routeTree();
    const second = routeTree();
    const a = remembering(first, "/ada/30min")!;
    a[a.length - 1].params.slug = "changed";
    const b = remembering(second, "/ada/30min")!;
    expect(b.map((m) => m.route)).toEqual([second[0], second[0].children![6]]);
    expect(b[1].route).toBe(second[0].children![6]);
    expect(b[1].params).toEqual({ username: "ada", slug: "30min" });
    expect(remembering(first, "/ada/30min")![1].route).toBe(first[0].children![6]);
  });

  it("does not mix up trees of another shape", () => {
    forgetRouteMatches();
    const remembering = rememberingMatchRoutes(original as never);
    const routes = routeTree();
    expect(remembering(routes, "/pricing")![1].route.id).toBe("routes/pricing");
    const other = routeTree();
    other[0].children![1].path = "prices";
    expect(remembering(other, "/pricing")![1].route.id).toBe("routes/$username");
  });

  it("matches a tree with a route without an id as before, and forgets the least recently used paths", () => {
    forgetRouteMatches();
    let calls = 0;
    const counting = ((...args: unknown[]) => {
      calls++;
      return (original as (...a: unknown[]) => unknown)(...args);
    }) as never;
    const remembering = rememberingMatchRoutes(counting);
    const anonymous = [{ path: "/", children: [{ index: true }] }] as unknown as Route[];
    remembering(anonymous, "/");
    remembering(anonymous, "/");
    expect(calls).toBe(2);

    calls = 0;
    const routes = routeTree();
    remembering(routes, "/ada");
    for (let i = 0; i < PATHS_PER_TREE; i++) remembering(routes, `/host-${i}`);
    expect(calls).toBe(PATHS_PER_TREE + 1);
    remembering(routes, `/host-${PATHS_PER_TREE - 1}`);
    expect(calls).toBe(PATHS_PER_TREE + 1);
    remembering(routes, "/ada");
    expect(calls).toBe(PATHS_PER_TREE + 2);
  });

  it("is what Remix's server runtime matches with once installed", () => {
    rememberRouteMatches();
    expect(router.matchRoutes).not.toBe(original);
    const { matchServerRoutes } = require("@remix-run/server-runtime/dist/routeMatching.js") as {
      matchServerRoutes: (routes: Route[], pathname: string) => Array<{ route: Route; params: Record<string, string> }> | null;
    };
    const routes = routeTree();
    const matches = matchServerRoutes(routes, "/ada/30min")!;
    expect(matches.at(-1)!.route.id).toBe("routes/$username_.$slug");
    expect(matches.at(-1)!.params).toEqual({ username: "ada", slug: "30min" });
    router.matchRoutes = original;
  });

  it("is what Remix's static handler matches with, for a resource route and for a page (scripts/patch-router.mjs)", async () => {
    const { createStaticHandler } = require("@remix-run/router") as {
      createStaticHandler: (routes: unknown[]) => {
        queryRoute: (request: Request, options: { routeId: string }) => Promise<unknown>;
        query: (request: Request) => Promise<{ matches: Array<{ route: { id: string } }> } | Response>;
      };
    };
    const seen: string[] = [];
    router.matchRoutes = (...args: unknown[]) => {
      const location = args[1] as string | { pathname: string };
      seen.push(typeof location === "string" ? location : location.pathname);
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const handler = createStaticHandler([
        {
          id: "root",
          path: "/",
          loader: () => null,
          children: [
            { id: "routes/api.bookings", path: "api/bookings", loader: () => Response.json({ ok: true }) },
            { id: "routes/pricing", path: "pricing", loader: () => null },
          ],
        },
      ]);
      const answer = await handler.queryRoute(new Request("http://localhost/api/bookings?x=1"), { routeId: "routes/api.bookings" });
      expect(await (answer as Response).json()).toEqual({ ok: true });
      const page = await handler.query(new Request("http://localhost/pricing"));
      expect((page as { matches: Array<{ route: { id: string } }> }).matches.map((m) => m.route.id)).toEqual(["root", "routes/pricing"]);
      // Without the install-time patch the handler calls the package's own function: nothing seen.
      expect(seen, "run `node scripts/patch-router.mjs`").toEqual(["/api/bookings", "/pricing"]);
    } finally {
      router.matchRoutes = original;
    }
  });
});

type ServerRoute = Route & { handle?: unknown; Component?: unknown; loader?: unknown; children?: ServerRoute[] };
type CreateServerRoutes = (manifest: object, modules: object, future: object, isSpaMode: boolean) => ServerRoute[];
type ConvertRoutes = (routes: unknown[], mapRouteProperties: unknown, parentPath?: string[], manifest?: Record<string, unknown>) => ServerRoute[];
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: CreateServerRoutes };
const originalServerRoutes = remixRoutes.createServerRoutes;
const originalConvert = (require("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes }).UNSAFE_convertRoutesToDataRoutes;

/** A build's manifest routes (as `<RemixServer>` gets them) and a module for each. */
function build() {
  const manifest = {
    root: { id: "root", path: "", hasLoader: true },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, hasLoader: true },
    "routes/dashboard": { id: "routes/dashboard", parentId: "root", path: "dashboard", hasLoader: true },
    "routes/dashboard.workFlow": { id: "routes/dashboard.workFlow", parentId: "routes/dashboard", path: "workFlow", caseSensitive: true },
    "routes/$username": { id: "routes/$username", parentId: "root", path: ":username", hasLoader: true },
  };
  const component = (name: string) => Object.assign(() => null, { displayName: name });
  const modules: Record<string, { default: unknown; handle?: unknown }> = {};
  for (const id of Object.keys(manifest)) modules[id] = { default: component(id), handle: { id } };
  return { manifest, modules };
}

/** The parts of a route tree that matter for rendering, comparable with toEqual. */
function outline(routes: ServerRoute[]): unknown[] {
  return routes.map((r) => ({
    id: r.id,
    path: r.path,
    index: r.index,
    caseSensitive: r.caseSensitive,
    handle: r.handle,
    Component: r.Component,
    loader: typeof r.loader,
    children: r.children ? outline(r.children) : undefined,
  }));
}

describe("rememberingServerRoutes", () => {
  it("gives the tree createServerRoutes gives, and the same tree again while the build's modules are the same", () => {
    const { manifest, modules } = build();
    const future = { v3_singleFetch: false };
    const remembering = rememberingServerRoutes(originalServerRoutes as never) as unknown as CreateServerRoutes;
    const first = remembering(manifest, modules, future, false);
    expect(outline(first)).toEqual(outline(originalServerRoutes(manifest, modules, future, false)));
    expect(first[0].children!.map((r) => r.id)).toEqual(["routes/_index", "routes/dashboard", "routes/$username"]);
    // The server runtime makes a new route modules object per request, holding the same modules.
    expect(remembering(manifest, { ...modules }, future, false)).toBe(first);
  });

  it("builds anew for another module, other future flags, SPA mode or another manifest", () => {
    const { manifest, modules } = build();
    const future = { v3_singleFetch: false };
    const remembering = rememberingServerRoutes(originalServerRoutes as never) as unknown as CreateServerRoutes;
    const first = remembering(manifest, modules, future, false);
    const changed = { ...modules, "routes/dashboard": { default: () => null, handle: { changed: true } } };
    const second = remembering(manifest, changed, future, false);
    expect(second).not.toBe(first);
    expect(second[0].children![1].handle).toEqual({ changed: true });
    expect(outline(second)).toEqual(outline(originalServerRoutes(manifest, changed, future, false)));
    expect(remembering(manifest, changed, { ...future }, false)).not.toBe(second);
    const spa = remembering(manifest, changed, future, true);
    expect(outline(spa)).toEqual(outline(originalServerRoutes(manifest, changed, future, true)));
    const other = build();
    expect(remembering(other.manifest, other.modules, future, false)).not.toBe(spa);
  });
});

describe("rememberingDataRoutes", () => {
  const mapRouteProperties = (route: ServerRoute) => ({ hasErrorBoundary: route.id === "root" });

  it("gives the data routes the original gives and fills the manifest with them, the same ones each time", () => {
    const routes = routeTree();
    const remembering = rememberingDataRoutes(originalConvert as never) as unknown as ConvertRoutes;
    const manifest: Record<string, unknown> = {};
    const first = remembering(routes, mapRouteProperties, undefined, manifest);
    const expectedManifest: Record<string, unknown> = {};
    const expected = originalConvert(routes, mapRouteProperties, undefined, expectedManifest);
    expect(first).toEqual(expected);
    expect(Object.keys(manifest).sort()).toEqual(Object.keys(expectedManifest).sort());
    expect(manifest["routes/dashboard.workFlow"]).toBe(first[0].children![2].children![1]);
    const again: Record<string, unknown> = {};
    expect(remembering(routes, mapRouteProperties, undefined, again)).toBe(first);
    expect(again).toEqual(manifest);
    expect(again["root"]).toBe(first[0]);
  });

  it("runs the original for a subtree, a manifest with routes in it, another mapper or another tree", () => {
    const routes = routeTree();
    const remembering = rememberingDataRoutes(originalConvert as never) as unknown as ConvertRoutes;
    const first = remembering(routes, mapRouteProperties, undefined, {});
    expect(remembering(routes, mapRouteProperties, ["0"], {})).not.toBe(first);
    expect(() => remembering(routes, mapRouteProperties, undefined, { root: {} })).toThrow(/collision/);
    const otherMapper = () => ({ hasErrorBoundary: false });
    const withOther = remembering(routes, otherMapper, undefined, {});
    expect(withOther).not.toBe(first);
    expect(withOther).toEqual(originalConvert(routes, otherMapper, undefined, {}));
    expect(remembering(routeTree(), mapRouteProperties, undefined, {})).not.toBe(first);
  });

  it("is what <RemixServer> and React Router's static router build with once installed", () => {
    rememberRenderRoutes();
    const routerPackage = require("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes };
    try {
      expect(remixRoutes.createServerRoutes).not.toBe(originalServerRoutes);
      expect(routerPackage.UNSAFE_convertRoutesToDataRoutes).not.toBe(originalConvert);
      const { createStaticRouter } = require("react-router-dom/server") as {
        createStaticRouter: (routes: unknown[], context: unknown) => { routes: ServerRoute[]; state: { matches: Array<{ route: ServerRoute }> } };
      };
      const { manifest, modules } = build();
      const tree = remixRoutes.createServerRoutes(manifest, { ...modules }, {}, false);
      expect(remixRoutes.createServerRoutes(manifest, { ...modules }, {}, false)).not.toBe(tree); // another future object
      const future = {};
      const kept = remixRoutes.createServerRoutes(manifest, { ...modules }, future, false);
      expect(remixRoutes.createServerRoutes(manifest, { ...modules }, future, false)).toBe(kept);
      const context = {
        basename: "/",
        location: { pathname: "/ada" },
        loaderData: {},
        actionData: null,
        errors: null,
        matches: [{ route: { id: "root" } }, { route: { id: "routes/$username" } }],
      };
      const one = createStaticRouter(kept, context);
      const two = createStaticRouter(kept, context);
      expect(two.routes).toBe(one.routes);
      expect(two.state.matches.map((m) => m.route)).toEqual([one.routes[0], one.routes[0].children![2]]);
      expect(two.state.matches[1].route.handle).toEqual({ id: "routes/$username" });
    } finally {
      remixRoutes.createServerRoutes = originalServerRoutes;
      routerPackage.UNSAFE_convertRoutesToDataRoutes = originalConvert;
    }
  });
});
