// Run by `npm install` / `npm ci` (postinstall): a precise fix to postgres.js 3.4.x, which can
// crash the whole process when a PostgreSQL connection closes (docs/decisions/025).
//
// The bug: a write smaller than 1 KB is sent on the next tick (setImmediate(nextWrite)). A
// transaction keeps its connection reserved; when that connection closes (a killed backend, a
// failover, a pooler's idle timeout) postgres.js sets the socket to null, and the transaction
// still sends its ROLLBACK (or the next statement of its callback) on it: nextWrite then calls
// socket.write on null from a timer, a TypeError no caller can catch, and Node exits. Skipping
// the write is not enough: the query would wait forever, and it would stay queued on the
// connection, so a later connection's answer would go to it. The guard rejects what was
// written after the close with CONNECTION_CLOSED, as postgres.js does for the queries in
// flight when it closed, and drops the bytes.
//
// The second fix: the count of rows received for the result being read outlived the
// connection. When a connection closed in the middle of a result (a backend killed while it sent
// rows), the first result of the next connection began at that count: `select ... limit 1` came
// back as 21 places, the first 20 empty. Callers read `undefined` for their row (a page answered
// 404 for an event type that exists, or 500). The count is reset when the connection closes,
// as the bytes being read already are. Tested by tests/integration/postgres-driver.test.ts.
//
// No postgres.js release has these fixes yet (3.4.9); delete this script once one does.
import fs from "node:fs";
import path from "node:path";
import { packageRoot, packageVersion, patchFile } from "./lib/install-patch.mjs";
const MARK = "/* scheduler: nextWrite guard, docs/decisions/025 */";
const ANCHOR = "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n";
const GUARDED = `  function nextWrite(fn) {
    ${MARK}
    if (socket === null) {
      const err = Errors.connection('CONNECTION_CLOSED', options)
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      query && queryError(query, err)
      while (sent.length)
        queryError(sent.shift(), err)
      return false
    }
    const x = socket.write(chunk, fn)
`;
const ROWS_MARK = "/* scheduler: row count reset on close, docs/decisions/025 */";
const ROWS_ANCHOR = "  async function closed(hadError) {\n    incoming = Buffer.alloc(0)\n";
const ROWS_RESET = `  async function closed(hadError) {
    ${ROWS_MARK}
    rows = 0
    incoming = Buffer.alloc(0)
`;
const PATCHES = [
  { mark: MARK, anchor: ANCHOR, replacement: GUARDED, what: "nextWrite" },
  { mark: ROWS_MARK, anchor: ROWS_ANCHOR, replacement: ROWS_RESET, what: "closed()" },
];

const root = packageRoot("postgres");
const version = packageVersion(root);
let patched = 0;
for (const dir of ["src", "cjs/src", "cf/src"]) {
  const file = path.join(root, dir, "connection.js");
  if (!fs.existsSync(file)) continue;
  // A postgres.js whose code changed: check whether it still needs the fixes.
  if (patchFile(file, PATCHES, { label: `patch-postgres: postgres ${version} ${dir}/connection.js`, decision: "docs/decisions/025" })) patched++;
}
if (patched) console.log(`patch-postgres: guarded nextWrite and reset the row count on close in ${patched} file(s) of postgres ${version}`);
