import { createRequire } from "node:module";

/**
 * Route matching remembered per path (docs/decisions/043-rendered-pages-near-the-floor.md).
 *
 * A document request matches its URL against the ~75 routes four times: Remix's request handler,
 * its static handler's query, the server router's `<Routes>` and the partial manifest for lazy
 * route discovery. Each `matchRoutes` call flattens and ranks the whole route tree and compiles
 * a regular expression per route it tries (about 0.4 ms for `/`). The routes never change while
 * the server runs, so the result for a path is always the same: this remembers it.
 *
 * Three of the four calls go through the router package's exported `matchRoutes` (the fourth is
 * internal to the static handler), so that export is replaced by one that answers from a bounded
 * cache. The cache is keyed by the shape of the route tree (every route's id, path, index and
 * case sensitivity, nested as given), the basename and the pathname: exactly what matching
 * reads, so an answer from it is the answer the original gives. Each call gets its own match
 * objects and params (callers may change them), pointing at the routes of the tree it passed
 * (found by id; Remix route ids are unique). A tree with a route without an id is matched as
 * before, uncached.
 */
type RouteLike = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteLike[] };
type RouteMatch = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: RouteLike };
type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => RouteMatch[] | null;
type Remembered = Array<{ id: string; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }> | null;
type Tree = { shape: string; byId: Map<string, RouteLike> };

/** Paths remembered per route tree shape; least recently used out first. */
export const PATHS_PER_TREE = 1000;
/** Route tree shapes remembered (one in production; a few while developing). */
const TREES = 8;

const trees = new WeakMap<RouteLike[], Tree | null>();
const cache = new Map<string, Map<string, Remembered>>();

function treeOf(routes: RouteLike[]): Tree | null {
  let tree = trees.get(routes);
  if (tree !== undefined) return tree;
  const byId = new Map<string, RouteLike>();
  let shape = "";
  let complete = true;
  const walk = (list: RouteLike[]) => {
    for (const route of list) {
      if (typeof route.id !== "string" || byId.has(route.id)) complete = false;
      else byId.set(route.id, route);
      // Separators no route id or path contains: NUL between fields, SOH for "no path".
      shape += `${route.id}\0${route.path ?? "\u0001"}\0${route.index === true ? 1 : 0}${route.caseSensitive === true ? 1 : 0};`;
      if (route.children && route.children.length > 0) {
        shape += "(";
        walk(route.children);
        shape += ")";
      }
    }
  };
  walk(routes);
  tree = complete ? { shape, byId } : null;
  trees.set(routes, tree);
  return tree;
}

/** The pathname `matchRoutes` reads from its location argument (a string is a path with an optional query and hash). */
function pathnameOf(location: string | { pathname?: string }): string {
  if (typeof location !== "string") return location.pathname || "/";
  const end = location.search(/[?#]/);
  return (end === -1 ? location : location.slice(0, end)) || "/";
}

export function rememberingMatchRoutes(original: MatchRoutes): MatchRoutes {
  return function matchRoutes(routes, location, basename = "/") {
    const tree = Array.isArray(routes) ? treeOf(routes) : null;
    if (!tree) return original(routes, location, basename);
    let paths = cache.get(tree.shape);
    if (paths) {
      cache.delete(tree.shape);
      cache.set(tree.shape, paths);
    } else {
      paths = new Map();
      cache.set(tree.shape, paths);
      if (cache.size > TREES) cache.delete(cache.keys().next().value as string);
    }
    const key = `${basename}\n${pathnameOf(location)}`;
    let remembered = paths.get(key);
    if (remembered === undefined) {
      const matches = original(routes, location, basename);
      remembered = matches
        ? matches.map((m) => ({ id: m.route.id as string, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase }))
        : null;
      paths.set(key, remembered);
      if (paths.size > PATHS_PER_TREE) paths.delete(paths.keys().next().value as string);
      return matches;
    }
    paths.delete(key);
    paths.set(key, remembered);
    if (remembered === null) return null;
    return remembered.map((m) => ({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route: tree.byId.get(m.id) as RouteLike }));
  };
}

let installed = false;

/**
 * Replaces the router package's `matchRoutes` (shared by Remix's server runtime, its React
 * components and React Router) with the remembering one. Once per process.
 */
export function rememberRouteMatches(): void {
  if (installed) return;
  installed = true;
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  router.matchRoutes = rememberingMatchRoutes(router.matchRoutes);
}

/** Tests only: forget every remembered match. */
export function forgetRouteMatches(): void {
  cache.clear();
}

/**
 * The route objects of a render remembered per build (docs/decisions/050).
 *
 * `<RemixServer>` builds the whole route tree anew for every document it renders:
 * `createServerRoutes` makes a route object (with its components and handle) for each of the
 * ~75 routes of the manifest, and the static router it makes converts that tree once more into
 * data routes (`convertRoutesToDataRoutes`). Both depend only on the build: the manifest's
 * routes, each route's module, the future flags and SPA mode. A new tree per render also meant
 * the remembered matches above walked it again to find its shape. So both are remembered:
 *
 * - `createServerRoutes`: per manifest routes object (the build's, the same for every request),
 *   answered from memory while every route's module, the future flags and SPA mode are the very
 *   ones it was built with (a new build in development brings new ones, and a new tree);
 * - `convertRoutesToDataRoutes`: per route tree and property mapper, when called as the static
 *   router calls it (top level, with an empty manifest to fill): the same data routes, and the
 *   manifest filled with them as the original fills it. Any other call runs the original.
 *
 * Neither tree is changed in place by the server render (the static router cannot patch routes
 * or load lazy ones), so one tree serves every render.
 */
type ServerManifest = Record<string, unknown>;
type CreateServerRoutes = (
  manifest: ServerManifest,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => RouteLike[];
type ConvertRoutes = (routes: RouteLike[], mapRouteProperties: unknown, parentPath?: string[], manifest?: Record<string, RouteLike>) => RouteLike[];

export function rememberingServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const kept = new WeakMap<ServerManifest, { modules: Array<[string, unknown]>; future: unknown; isSpaMode: boolean; routes: RouteLike[] }>();
  return function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
    if (rest.length > 0 || manifest === null || typeof manifest !== "object" || routeModules === null || typeof routeModules !== "object")
      return original(manifest, routeModules, future, isSpaMode, ...rest);
    const entry = kept.get(manifest);
    if (entry && entry.future === future && entry.isSpaMode === isSpaMode && entry.modules.every(([id, module]) => routeModules[id] === module))
      return entry.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    kept.set(manifest, { modules: Object.keys(manifest).map((id) => [id, routeModules[id]]), future, isSpaMode, routes });
    return routes;
  };
}

export function rememberingDataRoutes(original: ConvertRoutes): ConvertRoutes {
  const kept = new WeakMap<RouteLike[], { mapRouteProperties: unknown; routes: RouteLike[]; byId: Record<string, RouteLike> }>();
  return function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {
    if (parentPath !== undefined || !Array.isArray(routes) || manifest === undefined || manifest === null || Object.keys(manifest).length > 0)
      return original(routes, mapRouteProperties, parentPath, manifest);
    let entry = kept.get(routes);
    if (!entry || entry.mapRouteProperties !== mapRouteProperties) {
      const byId: Record<string, RouteLike> = {};
      entry = { mapRouteProperties, routes: original(routes, mapRouteProperties, undefined, byId), byId };
      kept.set(routes, entry);
    }
    Object.assign(manifest, entry.byId);
    return entry.routes;
  };
}

let renderRoutesInstalled = false;

/**
 * Replaces `@remix-run/react`'s `createServerRoutes` (called by `<RemixServer>`) and the router
 * package's `convertRoutesToDataRoutes` export (called by React Router's static router) with the
 * remembering ones. Once per process.
 */
export function rememberRenderRoutes(): void {
  if (renderRoutesInstalled) return;
  renderRoutesInstalled = true;
  const require = createRequire(import.meta.url);
  const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: CreateServerRoutes };
  remixRoutes.createServerRoutes = rememberingServerRoutes(remixRoutes.createServerRoutes);
  const router = require("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes };
  router.UNSAFE_convertRoutesToDataRoutes = rememberingDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
}
