// Run by `npm install` / `npm ci` (postinstall): Remix's static handler matches through the
// router package's exported `matchRoutes` (docs/decisions/049).
//
// The server replaces that export with one that remembers the matches per path
// (app/utils/route-matching.server.ts, docs/decisions/043). The static handler's `query` (a
// page) and `queryRoute` (a resource route: the JSON API, /api/slots) call the package's own
// function instead, so every API request flattened, ranked and compiled the ~75 routes again:
// about 6 % of a booking's CPU. This makes those two calls go through the export. Nothing
// changes where the export is the original.
//
// Only the CommonJS build, which Node loads; the browser bundle's router is untouched.
import path from "node:path";
import { packageRoot, packageVersion, patchFile } from "./lib/install-patch.mjs";
const MARK = "/* scheduler: static handler matches through the export, docs/decisions/049 */";
const ANCHOR = '    let location = createLocation("", createPath(url), null, "default");\n    let matches = matchRoutes(dataRoutes, location, basename);\n';
const PATCHED = `    let location = createLocation("", createPath(url), null, "default");\n    ${MARK}\n    let matches = exports.matchRoutes(dataRoutes, location, basename);\n`;

const root = packageRoot("@remix-run/router");
const version = packageVersion(root);
// A router whose static handler changed: check whether it still matches on its own.
const changed = patchFile(
  path.join(root, "dist/router.cjs.js"),
  [{ mark: MARK, anchor: ANCHOR, replacement: PATCHED, what: "the static handler's query and queryRoute matches", times: 2 }],
  {
    label: `patch-router: @remix-run/router ${version} dist/router.cjs.js`,
    decision: "docs/decisions/049",
  },
);
if (changed) console.log(`patch-router: the static handler of @remix-run/router ${version} matches through its export`);
