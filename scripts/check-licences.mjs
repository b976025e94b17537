#!/usr/bin/env node
// Lists the licences of every package `npm ci --omit=dev` would install (from package-lock.json,
// read from node_modules/<path>/package.json) and fails when one is not on the list below of
// licences that may be shipped with an Apache-2.0 project (decision 067).
import fs from "node:fs";
import path from "node:path";

const ALLOWED = new Set([
  "MIT",
  "ISC",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "0BSD",
  "Apache-2.0",
  "BlueOak-1.0.0",
  "CC0-1.0",
  "Unlicense",
  "Python-2.0",
  "CC-BY-4.0",
  "MIT-0",
]);

/**
 * Reviewed one by one (decision 067): weak or no copyleft, shipped unmodified.
 * ical.js is MPL-2.0: its own files stay under the MPL (a patch to them would be published under
 * it too); the rest of the app may be Apache-2.0. jsonify (under patch-package) is public domain.
 */
const REVIEWED = new Map([
  ["ical.js", "MPL-2.0"],
  ["jsonify", "Public Domain"],
]);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));

/** "(MIT OR Apache-2.0)" is fine when any branch is allowed; "A AND B" needs both. */
function acceptable(expression) {
  const e = expression.replace(/[()]/g, " ").trim();
  if (/ OR /.test(e)) return e.split(/ OR /).some((part) => acceptable(part));
  if (/ AND /.test(e)) return e.split(/ AND /).every((part) => acceptable(part));
  return ALLOWED.has(e.trim());
}

const counts = new Map();
const refused = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where || entry.dev || entry.link) continue;
  let license = entry.license;
  const file = path.join(root, where, "package.json");
  if (!license && fs.existsSync(file)) {
    const meta = JSON.parse(fs.readFileSync(file, "utf8"));
    license = typeof meta.license === "string" ? meta.license : meta.license?.type;
  }
  license ??= "UNKNOWN";
  counts.set(license, (counts.get(license) ?? 0) + 1);
  const name = where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);
  if (REVIEWED.get(name) === license) continue;
  if (!acceptable(license)) refused.push(`${where.replace(/^node_modules\//, "")}: ${license}`);
}

for (const [license, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${license}: ${n}`);
if (refused.length) {
  console.error(`\nNot on the allowed list (scripts/check-licences.mjs):\n  ${refused.join("\n  ")}`);
  process.exit(1);
}
console.log("\nEvery production dependency's licence may ship with Apache-2.0.");
