// `npm start`: build when there is no build or the sources are newer than it, then serve
// the production build. Migrations and first-run seeding happen inside the server before it
// listens (see app/entry.server.tsx `startup`).
import "./load-env.mjs";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const OUTPUT = "build/index.js";
const SOURCES = [
  "app",
  "db",
  "remix.config.js",
  "scripts/merge-chunks.mjs",
  "tailwind.config.ts",
  "postcss.config.js",
  "package-lock.json",
];

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const builtAt = fs.statSync(OUTPUT, { throwIfNoEntry: false })?.mtimeMs ?? 0;
// `npm run dev` leaves a development build (unminified, with its live-reload hooks) in the same place.
const developmentBuild = builtAt > 0 && fs.readFileSync(OUTPUT, "utf8").includes('var mode = "development"');
const stale =
  builtAt === 0 || developmentBuild || !fs.existsSync("public/build") || SOURCES.some((s) => newestMtime(s) > builtAt);
if (stale) {
  console.log("Building the app...");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../server.mjs");
