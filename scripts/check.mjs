// `npm run check`: the type-check and ESLint in one TypeScript program, then Prettier
// (docs/decisions/131). `npm run typecheck` and `npm run lint` run the same checks one by one,
// with caches; this script is what CI runs: its type-aware lint rules (floating promises) read
// the types the type-check has already worked out instead of checking every file a second time.
import { spawnSync } from "node:child_process";
import { ESLint } from "eslint";
import ts from "typescript";

const cwd = process.cwd();
let failed = false;

// 1. The type-check: what `tsc --noEmit` reports, from the same tsconfig.json.
const parsed = ts.getParsedCommandLineOfConfigFile(
  "tsconfig.json",
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  },
);
const program = ts.createProgram({
  rootNames: parsed.fileNames,
  options: parsed.options,
  configFileParsingDiagnostics: parsed.errors,
});
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  failed = true;
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => cwd, getNewLine: () => "\n" };
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  console.log(`type-check: ${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"}`);
} else {
  console.log("type-check: no errors");
}

// 2. ESLint (eslint.config.js), its type-aware rules given the program above instead of building
// their own. Every .ts/.tsx file it lints is in tsconfig.json's program (ESLint says so otherwise).
const eslint = new ESLint({
  overrideConfig: [
    {
      files: ["**/*.{ts,tsx}"],
      languageOptions: { parserOptions: { projectService: false, programs: [program] } },
    },
  ],
});
const results = await eslint.lintFiles(["."]);
const problems = results.reduce((sum, r) => sum + r.errorCount + r.warningCount, 0);
if (problems > 0) {
  failed = true;
  const formatter = await eslint.loadFormatter("stylish");
  process.stdout.write(await formatter.format(results));
} else {
  console.log(`eslint: no problems in ${results.length} files`);
}

// 3. Prettier, as `npm run lint` runs it.
const prettier = spawnSync("npx", ["prettier", "--check", "--log-level", "warn", "."], { stdio: "inherit" });
if (prettier.status !== 0) failed = true;
else console.log("prettier: formatted");

process.exit(failed ? 1 : 0);
