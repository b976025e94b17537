import type { EntryContext } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

type ManifestRoute = EntryContext["manifest"]["routes"][string];
type MatchableRoute = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: MatchableRoute[] | undefined;
};

/**
 * The document's render sees only the routes its page needs (docs/decisions/124).
 *
 * `<RemixServer>` turns every route of the app into a router route, and the render matches the
 * URL against all of them again (React Router ranks every branch on each call: 0.66 ms with
 * the app's 184 routes, and a document did it four to five times). The browser is sent only the
 * routes of this page and those matching each of its parent paths (lazy route discovery; the
 * rest it asks for when it navigates), so the render is given exactly those: the same matches,
 * the same HTML, at the cost of a small tree.
 */
export function contextForRender(context: EntryContext, pathname: string): EntryContext {
  const all = context.manifest.routes;
  const ids = new Set(context.staticHandlerContext.matches.map((m) => m.route.id));
  for (const path of parentPaths(pathname)) for (const id of matchedIdsOf(all, path)) ids.add(id);
  const routes: Record<string, ManifestRoute> = {};
  for (const id of ids) if (all[id]) routes[id] = all[id];
  return { ...context, manifest: { ...context.manifest, routes } };
}

/** "/a/b/c" -> "/", "/a", "/a/b": what the browser's first manifest is made of besides the page's own matches. */
export function parentPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  segments.pop();
  const paths = ["/"];
  for (let i = 1; i <= segments.length; i++) paths.push(`/${segments.slice(0, i).join("/")}`);
  return paths;
}

// The routes never change while the process runs: each parent path is matched once per route
// set (one per request handler, decision 126; bounded).
const MAX_PATHS = 2_000;
const trees = new WeakMap<object, { matchable: MatchableRoute[]; idsByPath: Map<string, string[]> }>();

function matchedIdsOf(routes: EntryContext["manifest"]["routes"], path: string): string[] {
  let tree = trees.get(routes);
  if (!tree) {
    tree = { matchable: matchableTree(routes), idsByPath: new Map() };
    trees.set(routes, tree);
  }
  let ids = tree.idsByPath.get(path);
  if (!ids) {
    ids = (matchRoutes(tree.matchable as Parameters<typeof matchRoutes>[0], path) ?? []).map(
      (m) => m.route.id as string,
    );
    if (tree.idsByPath.size >= MAX_PATHS) tree.idsByPath.delete(tree.idsByPath.keys().next().value as string);
    tree.idsByPath.set(path, ids);
  }
  return ids;
}

function matchableTree(routes: EntryContext["manifest"]["routes"]): MatchableRoute[] {
  const byParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId ?? "");
    if (siblings) siblings.push(route);
    else byParent.set(route.parentId ?? "", [route]);
  }
  const build = (parent: string): MatchableRoute[] =>
    (byParent.get(parent) ?? []).map((r) => ({
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      children: r.index ? undefined : build(r.id),
    }));
  return build("");
}
