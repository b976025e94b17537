import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, it } from "vitest";

/**
 * The installed postgres.js carries patches/postgres+3.4.9.patch (applied by patch-package in
 * npm's postinstall; docs/decisions/025 and 052). Without it a PostgreSQL connection closing
 * under a transaction crashes the server; an install with --ignore-scripts would miss it.
 */
it("postgres.js is patched: nextWrite on a closed connection rejects instead of crashing the process, the row count resets on close, and a close drops the write waiting for its turn", () => {
  // The package's main file is cjs/src/index.js.
  const root = path.resolve(path.dirname(createRequire(import.meta.url).resolve("postgres")), "../..");
  for (const dir of ["src", "cjs/src"]) {
    const source = fs.readFileSync(path.join(root, dir, "connection.js"), "utf8");
    expect(source, `${dir}/connection.js: run \`npx patch-package\``).toContain("if (socket === null) {");
    expect(source, `${dir}/connection.js: run \`npx patch-package\``).toMatch(
      /async function closed\(hadError\) \{\n(?:\s*\/\/.*\n)*\s*rows = 0\n/,
    );
    // closed() and terminate() both forget the cancelled turn and its bytes.
    expect(source.match(/clearImmediate\(nextWriteTimer\)\n\s*nextWriteTimer = chunk = null\n/g)?.length ?? 0).toBe(2);
  }
});
