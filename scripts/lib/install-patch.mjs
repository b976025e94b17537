// The install-time patches' common part (npm's postinstall: scripts/patch-*.mjs). A patch is a
// marked replacement of an exact piece of a package's file. It is applied once: a file that
// carries the mark is left alone. A file where the piece is not found as expected stops the
// install with a message, so an upgraded package is looked at rather than silently unpatched.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of an installed package, from the project's root. */
export function packageRoot(name) {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../node_modules", name);
}

export function packageVersion(root) {
  return JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
}

/**
 * Applies `patches` ({ mark, anchor, replacement, what, times = 1 }) to `file`; `label` names the
 * script and the file in messages, `decision` the record that explains the patch. Returns whether
 * the file changed.
 */
export function patchFile(file, patches, { label, decision }) {
  let source = fs.readFileSync(file, "utf8");
  let changed = false;
  for (const { mark, anchor, replacement, what, times = 1 } of patches) {
    if (source.includes(mark)) continue;
    const found = source.split(anchor).length - 1;
    if (found !== times) {
      console.error(`${label}: expected ${what} ${times} time(s), found ${found}; see ${decision}`);
      process.exit(1);
    }
    source = source.split(anchor).join(replacement);
    changed = true;
  }
  if (changed) fs.writeFileSync(file, source);
  return changed;
}
