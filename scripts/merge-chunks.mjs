// Merges the browser build's small shared chunks (docs/decisions/137). Remix's classic compiler
// (esbuild, one entry per route) splits the code every set of routes shares into a chunk of its
// own: a page loaded 30-60 scripts, most under 1 KB. This step, run after `remix build` by
// `npm run build`, gives the built chunks to Rollup with the same entries (the client entry and
// every route module) and lets it merge every chunk under MIN_CHUNK_BYTES into another one where
// that runs no code a page did not run before (Rollup's `experimentalMinChunkSize`). It then
// writes the browser manifest again (each route's module and the chunks it imports) and puts the
// same manifest into the server build, whose copy renders the pages' `modulepreload` links, and
// writes build/metafile.js.json in esbuild's shape for scripts/js-budget.mjs.
//
// `node scripts/merge-chunks.mjs` after `npx remix build`; running it twice changes nothing more.
// The manifest is read as scripts/js-budget.mjs reads it.
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readManifest } from "./js-budget.mjs";

const ROOT_DIR = path.resolve(fileURLToPath(import.meta.url), "../..");
/** Chunks smaller than this (bytes of code) are merged into others. */
export const MIN_CHUNK_BYTES = 20_000;
const PUBLIC_DIR = path.join(ROOT_DIR, "public");
const BUILD_DIR = path.join(PUBLIC_DIR, "build");
const SERVER_DIR = path.join(ROOT_DIR, "build");
const SERVER_MANIFEST = /^var assets_manifest_default = .*;$/m;

/** URL path (/build/x.js) → file in the build folder, and back. */
const fileOf = (url) => path.join(BUILD_DIR, url.replace(/^\/build\//, ""));
const urlOf = (fileName) => `/build/${fileName}`;

export async function mergeChunks() {
  const manifest = readManifest(PUBLIC_DIR);
  if (manifest.merged) return { skipped: "already merged" };
  const serverFile = path.join(SERVER_DIR, "index.js");
  const serverText = fs.readFileSync(serverFile, "utf8");
  if (!SERVER_MANIFEST.test(serverText)) throw new Error(`merge-chunks: no assets manifest found in ${serverFile}`);

  const input = { "entry.client": fileOf(manifest.entry.module) };
  for (const [id, route] of Object.entries(manifest.routes)) input[id] = fileOf(route.module);

  const require = createRequire(import.meta.url);
  const { rollup } = require("rollup");
  // The esbuild Remix built with, to minify Rollup's output as Remix minified esbuild's.
  const esbuild = createRequire(require.resolve("@remix-run/dev/package.json"))("esbuild");
  const bundle = await rollup({
    input,
    // The chunks import each other by URL path (/build/_shared/chunk-X.js).
    plugins: [
      {
        name: "remix-build-urls",
        resolveId(source, importer) {
          if (!importer) return source;
          if (source.startsWith("/build/")) return fileOf(source);
          if (source.startsWith(".")) return path.resolve(path.dirname(importer), source);
          throw new Error(`merge-chunks: ${importer} imports ${source}, which is not in the build`);
        },
        async renderChunk(code) {
          return (await esbuild.transform(code, { format: "esm", minify: true, legalComments: "none" })).code;
        },
      },
    ],
    // Rollup's own report of the merge is a debug message; a warning is a build we do not understand.
    onLog(level, log) {
      if (level === "warn") throw new Error(`merge-chunks: ${log.message}`);
    },
  });
  // Inside public/build (hidden from the static files the server sends), so that nothing else in
  // public/ changes: scripts/test.mjs takes a newer public/ for a newer source.
  const outDir = path.join(BUILD_DIR, ".merging");
  fs.rmSync(outDir, { recursive: true, force: true });
  const { output } = await bundle.write({
    dir: outDir,
    format: "es",
    compact: true,
    experimentalMinChunkSize: MIN_CHUNK_BYTES,
    // Remix's names without esbuild's hash: routes/$username_.$slug-[hash].js, _shared/chunk-[hash].js,
    // _shared/review-form-[hash].js (a module loaded on demand keeps its name).
    entryFileNames: "[name]-[hash].js",
    // Remix names route files with $, [ and ]: keep them (the default would turn them into _).
    sanitizeFileName: (name) => name.replace(/[\0?*]/g, "_"),
    chunkFileNames: (chunk) => `_shared/${chunk.name.replace(/-[A-Z0-9]{8}$/, "")}-[hash].js`,
    hashCharacters: "base36",
  });
  await bundle.close();

  const chunks = new Map(output.filter((o) => o.type === "chunk").map((o) => [o.fileName, o]));
  const entryFile = new Map([...chunks.values()].filter((c) => c.isEntry).map((c) => [c.facadeModuleId, c.fileName]));
  /** Every chunk a chunk imports statically, directly or not, in a stable order. */
  const staticImports = (fileName, seen = new Set()) => {
    for (const i of chunks.get(fileName).imports) {
      if (!seen.has(i)) {
        seen.add(i);
        staticImports(i, seen);
      }
    }
    return seen;
  };
  const entryOf = (id) => {
    const fileName = entryFile.get(input[id]);
    if (!fileName) throw new Error(`merge-chunks: no chunk for ${id}`);
    return fileName;
  };
  const entryModule = entryOf("entry.client");
  const entryImports = staticImports(entryModule);
  const next = {
    ...manifest,
    entry: { module: urlOf(entryModule), imports: [...entryImports].map(urlOf) },
    routes: Object.fromEntries(
      Object.entries(manifest.routes).map(([id, route]) => {
        const module = entryOf(id);
        const imports = [...staticImports(module)].filter((i) => !entryImports.has(i)).map(urlOf);
        return [id, { ...route, module: urlOf(module), imports: imports.length ? imports : undefined }];
      }),
    ),
    merged: true,
  };
  delete next.url;
  delete next.version;
  const version = crypto.createHash("sha256").update(JSON.stringify(next)).digest("hex").slice(0, 8);
  next.version = version;
  next.url = `/build/manifest-${version.toUpperCase()}.js`;
  fs.writeFileSync(
    path.join(outDir, `manifest-${version.toUpperCase()}.js`),
    `window.__remixManifest=${JSON.stringify(next)};`,
  );

  // esbuild's metafile, rewritten for the merged chunks: which chunk holds a module loaded on demand.
  const metafilePath = path.join(SERVER_DIR, "metafile.js.json");
  const oldMeta = JSON.parse(fs.readFileSync(metafilePath, "utf8"));
  const oldOutputs = new Map(Object.entries(oldMeta.outputs).map(([out, o]) => [path.join(ROOT_DIR, out), o]));
  const relative = (fileName) => path.posix.join("public/build", fileName);
  const outputs = {};
  for (const chunk of chunks.values()) {
    const entryPoint = chunk.facadeModuleId ? oldOutputs.get(chunk.facadeModuleId)?.entryPoint : undefined;
    // The source modules of the built chunks it took code from.
    const inputs = Object.fromEntries(
      Object.entries(chunk.modules)
        .filter(([, module]) => module.renderedLength > 0)
        .flatMap(([id]) => Object.entries(oldOutputs.get(id)?.inputs ?? {})),
    );
    outputs[relative(chunk.fileName)] = {
      ...(entryPoint ? { entryPoint } : {}),
      bytes: Buffer.byteLength(chunk.code),
      inputs,
      imports: [
        ...chunk.imports.map((i) => ({ path: relative(i), kind: "import-statement" })),
        ...chunk.dynamicImports.map((i) => ({ path: relative(i), kind: "dynamic-import" })),
      ],
    };
  }

  // Remix's scripts out, the merged ones in; the files Rollup did not make (stylesheets, fonts,
  // images in _assets) stay. Then the server build is pointed at the new manifest.
  for (const name of fs.readdirSync(BUILD_DIR)) {
    if (name === "_shared" || name === "routes" || name.endsWith(".js") || name.endsWith(".js.map")) {
      fs.rmSync(path.join(BUILD_DIR, name), { recursive: true, force: true });
    }
  }
  for (const name of fs.readdirSync(outDir)) fs.renameSync(path.join(outDir, name), path.join(BUILD_DIR, name));
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.writeFileSync(metafilePath, JSON.stringify({ ...oldMeta, inputs: {}, outputs }));
  fs.writeFileSync(
    serverFile,
    serverText.replace(SERVER_MANIFEST, () => `var assets_manifest_default = ${JSON.stringify(next)};`),
  );
  return { before: manifest.version, after: version, chunks: chunks.size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await mergeChunks();
  console.log(`merge-chunks: ${JSON.stringify(result)}`);
}
