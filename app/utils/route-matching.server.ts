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
