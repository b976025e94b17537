// Run by `npm install` / `npm ci` (postinstall): drizzle-orm's `is()` remembers its answers
// (docs/decisions/051).
//
// Drizzle asks `is(value, Class)` for every piece of every statement it builds and every row it
// maps: is this piece a string, a name, a nested SQL, a table, a column, a parameter... When the
// answer is no, `is` walks the value's class chain comparing a symbol-keyed property at each
// level. That walk was about 8 % of the server's CPU during bookings. The answer depends only on
// the value's prototype and the class asked about, and neither changes once loaded, so the
// patched `is` keeps it per prototype (a WeakMap) and per class, and asks the original the first
// time. Values without a prototype, and classes that are not Drizzle's (which throw), always go
// to the original. Tested by db/drizzle-patch.test.ts.
import path from "node:path";
import { packageRoot, packageVersion, patchFile } from "./lib/install-patch.mjs";

const MARK = "/* scheduler: is() remembers its answers, docs/decisions/051 */";
const ANCHOR = 'function is(value, type) {\n  if (!value || typeof value !== "object") {\n    return false;\n  }\n';
const REMEMBERING = `${MARK}
const isAnswers = new WeakMap();
function is(value, type) {
  if (!value || typeof value !== "object") {
    return false;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto === null) {
    return isUncached(value, type);
  }
  let answers = isAnswers.get(proto);
  if (answers === undefined) {
    answers = new Map();
    isAnswers.set(proto, answers);
  }
  let answer = answers.get(type);
  if (answer === undefined) {
    answer = isUncached(value, type);
    answers.set(type, answer);
  }
  return answer;
}
function isUncached(value, type) {
`;

const root = packageRoot("drizzle-orm");
const version = packageVersion(root);
let patched = 0;
for (const name of ["entity.js", "entity.cjs"]) {
  const changed = patchFile(path.join(root, name), [{ mark: MARK, anchor: ANCHOR, replacement: REMEMBERING, what: "the start of is()" }], {
    label: `patch-drizzle: drizzle-orm ${version} ${name}`,
    decision: "docs/decisions/051",
  });
  if (changed) patched++;
}
if (patched) console.log(`patch-drizzle: is() remembers its answers in ${patched} file(s) of drizzle-orm ${version}`);
