// The JavaScript a browser downloads for each page, from the build's manifest: the entry
// chunk, the root route, the page's route and its parent routes, with every chunk they import,
// and the site's navbar and footer (app/components/site-chrome.ts, which app/root.tsx loads on
// demand for the pages that show them: every page but those with `handle.chrome` "booking"), each
// counted once, gzip-compressed as the server sends it. `node scripts/js-budget.mjs`
// after `npm run build` prints a table with the number of scripts each page requests (or JSON
// with --json); the budget itself is checked
// by tests/integration/js-budget.test.ts.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const ROOT_DIR = path.resolve(fileURLToPath(import.meta.url), "../..");
const PUBLIC_DIR = path.join(ROOT_DIR, "public");
const BUILD_DIR = path.join(ROOT_DIR, "build");
/** The modules root.tsx imports on demand for the site's chrome, by the chrome that shows them. */
const CHROME_MODULES = { site: ["app/components/site-chrome.ts"], app: ["app/components/site-chrome.ts"], booking: [] };

/** The build's manifest (public/build/manifest-*.js, `window.__remixManifest={...};`). */
export function readManifest(publicDir = PUBLIC_DIR) {
  const buildDir = path.join(publicDir, "build");
  const file = fs.existsSync(buildDir) ? fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f)) : undefined;
  if (!file) throw new Error(`No manifest in ${buildDir}: run \`npm run build\` first.`);
  const text = fs.readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** The chunks (URL paths like /build/_shared/chunk-X.js) a page of this route loads. */
export function routeChunks(manifest, routeId) {
  const chunks = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`No route ${id} in the manifest.`);
    chain.unshift(manifest.routes[id]);
  }
  for (const route of chain) {
    chunks.add(route.module);
    for (const chunk of route.imports ?? []) chunks.add(chunk);
  }
  return [...chunks];
}

/**
 * What a page needs besides the manifest: the browser build's metafile (chunks of modules loaded
 * on demand) and each route's `handle.chrome`, from the server build.
 */
export async function readBuild(publicDir = PUBLIC_DIR, buildDir = BUILD_DIR) {
  const manifest = readManifest(publicDir);
  const metafile = JSON.parse(fs.readFileSync(path.join(buildDir, "metafile.js.json"), "utf8"));
  const server = await import(pathToFileURL(path.join(buildDir, "index.js")).href);
  const chrome = Object.fromEntries(
    Object.entries(server.routes).map(([id, route]) => [id, route.module.handle?.chrome]),
  );
  return { manifest, metafile, chrome };
}

/** The chunk of a module imported on demand, with every chunk it imports, as URL paths. */
export function lazyModuleChunks(metafile, file) {
  const found = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === file);
  if (!found) throw new Error(`No chunk for ${file} in the metafile.`);
  const chunks = new Set();
  const visit = (out) => {
    const url = `/${path.posix.relative("public", out)}`;
    if (chunks.has(url)) return;
    chunks.add(url);
    for (const i of metafile.outputs[out]?.imports ?? []) if (i.kind === "import-statement") visit(i.path);
  };
  visit(found[0]);
  return [...chunks];
}

/** Every chunk a page of this route loads: its manifest chunks and the chrome it shows. */
export function pageChunks(build, routeId) {
  const chunks = new Set(routeChunks(build.manifest, routeId));
  let chrome = "site";
  for (let id = routeId; id; id = build.manifest.routes[id]?.parentId) {
    if (build.chrome[id]) {
      chrome = build.chrome[id];
      break;
    }
  }
  for (const file of CHROME_MODULES[chrome])
    for (const chunk of lazyModuleChunks(build.metafile, file)) chunks.add(chunk);
  return [...chunks];
}

/**
 * The chunks a page of this route loads that hold only server modules the browser build emptied
 * (`.server` files and server packages a route file names): each is a request for nothing
 * (decision 122).
 */
export function emptyChunks(build, routeId) {
  return pageChunks(build, routeId).filter((chunk) => {
    const inputs = Object.keys(build.metafile.outputs[`public${chunk}`]?.inputs ?? {});
    return inputs.length > 0 && inputs.every((input) => input.startsWith("empty-module:"));
  });
}

/** Gzip bytes of all the JavaScript a page of this route loads, its chrome included. */
export function pageGzipBytes(build, routeId, publicDir = PUBLIC_DIR) {
  return pageChunks(build, routeId).reduce((sum, chunk) => sum + gzipSize(chunk, publicDir), 0);
}

const gzipCache = new Map();
/** Gzip size in bytes of one chunk, as compression (zlib's default level) sends it. */
export function gzipSize(chunk, publicDir = PUBLIC_DIR) {
  const file = path.join(publicDir, chunk);
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(file)).length);
  return gzipCache.get(file);
}

/** Gzip bytes of all the JavaScript a page of this route loads. */
export function routeGzipBytes(manifest, routeId, publicDir = PUBLIC_DIR) {
  return routeChunks(manifest, routeId).reduce((sum, chunk) => sum + gzipSize(chunk, publicDir), 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const build = await readBuild();
  const rows = Object.keys(build.manifest.routes)
    .map((id) => ({
      route: id,
      gzipKB: Math.round(pageGzipBytes(build, id) / 102.4) / 10,
      scripts: pageChunks(build, id).length,
      emptyScripts: emptyChunks(build, id).length,
    }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
  else
    for (const row of rows)
      console.log(
        `${row.gzipKB.toFixed(1).padStart(7)} KB ${String(row.scripts).padStart(4)} scripts (${row.emptyScripts} empty)  ${row.route}`,
      );
}
