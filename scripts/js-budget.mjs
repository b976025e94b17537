// The JavaScript a browser downloads for each page, from the build's manifest: the entry
// chunk, the root route, the page's route and its parent routes, with every chunk they import,
// each counted once, gzip-compressed as the server sends it. `node scripts/js-budget.mjs`
// after `npx remix build` prints a table (or JSON with --json); the budget itself is checked
// by tests/integration/js-budget.test.ts.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const PUBLIC_DIR = path.resolve(fileURLToPath(import.meta.url), "../../public");

/** The build's manifest (public/build/manifest-*.js, `window.__remixManifest={...};`). */
export function readManifest(publicDir = PUBLIC_DIR) {
  const buildDir = path.join(publicDir, "build");
  const file = fs.existsSync(buildDir) ? fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f)) : undefined;
  if (!file) throw new Error(`No manifest in ${buildDir}: run \`npx remix build\` first.`);
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
  const manifest = readManifest();
  const rows = Object.keys(manifest.routes)
    .map((id) => ({ route: id, gzipKB: Math.round(routeGzipBytes(manifest, id) / 102.4) / 10 }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
  else for (const row of rows) console.log(`${row.gzipKB.toFixed(1).padStart(7)} KB  ${row.route}`);
}
