// `npm test`: installs what the suites need (Chromium, PostgreSQL) when missing, builds the
// app when the build is older than its sources, then runs the unit, integration and e2e suites
// (docs/decisions/056, 113). Nothing is skipped: a missing prerequisite is a failure with a
// clear message.
//   node scripts/test.mjs [unit|integration|integration-alone|integration-jobs|e2e|e2e-tail] [--checks]
// --checks (.ci/run) also runs `npm run check` (the type-check, ESLint and Prettier: decision 131)
// beside the unit suite; a failed check fails the run like a failed suite.
import { AsyncLocalStorage } from "node:async_hooks";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORTS = path.resolve("tests/.tmp/reports");
const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
const only = process.argv.slice(2).find((a) => !a.startsWith("--")); // optional: unit | integration | e2e
const withChecks = flags.includes("--checks");
for (const flag of flags) if (flag !== "--checks") fail(`unknown option ${flag} (--checks)`);

/** While several jobs run at once, the name of the job a command runs for: its lines start with it. */
const jobName = new AsyncLocalStorage();

/** Runs a command to the end; its output goes through as it comes, prefixed when jobs run side by side. */
function run(cmd, args, extraEnv = {}) {
  const env = { ...process.env, ...extraEnv };
  const tag = jobName.getStore();
  if (tag === undefined) return Promise.resolve(spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline
        .createInterface({ input: stream, crlfDelay: Infinity })
        .on("line", (line) => out.write(`[${tag}] ${line}\n`));
    }
    child.on("error", (error) => {
      console.error(`[${tag}] ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

function fail(message) {
  console.error(`\nnpm test: ${message}`);
  process.exit(1);
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0)
    fail(`${CHROMIUM} is missing and installing it needs root: apt-get install -y chromium`);
  console.log("Installing Chromium (apt-get install -y chromium)...");
  if (
    spawnSync(
      "bash",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null"],
      { stdio: "inherit" },
    ).status !== 0 ||
    !fs.existsSync(CHROMIUM)
  ) {
    fail("could not install Chromium.");
  }
}

function ensurePostgres() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  if (spawnSync("bash", ["scripts/ensure-postgres.sh"], { stdio: "inherit" }).status !== 0)
    fail("no PostgreSQL server for the integration tests.");
}

/** Debian's Radicale: the CalDAV server of the calendar tests (integration and e2e). */
function ensureRadicale() {
  if (spawnSync("bash", ["scripts/ensure-radicale.sh"], { stdio: "inherit" }).status !== 0)
    fail("no Radicale for the calendar tests (apt-get install -y radicale).");
}

function integrationProject(project) {
  return run("npx", [
    "vitest",
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${REPORTS}/${project}.json`,
  ]);
}

/** The scheduling code must not depend on the process's own zone: it runs again under these. */
const OTHER_ZONES = ["America/Los_Angeles", "Asia/Kolkata", "Pacific/Kiritimati"];

const suites = {
  unit: async () => {
    let code = await run("npx", [
      "vitest",
      "run",
      "--project",
      "unit",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${REPORTS}/unit.json`,
    ]);
    for (const zone of OTHER_ZONES) {
      const tag = jobName.getStore();
      console.log(`${tag ? `[${tag}] ` : "\n"}--- app/scheduling again with TZ=${zone} ---`);
      const report = `${REPORTS}/unit-tz-${zone.replace("/", "-")}.json`;
      const zoneCode = await run(
        "npx",
        [
          "vitest",
          "run",
          "--project",
          "unit",
          "app/scheduling",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${report}`,
        ],
        { TZ: zone },
      );
      code ||= zoneCode;
    }
    return code;
  },
  // The files that may share the cores (two at a time, beside the e2e suite)...
  integration: () => integrationProject("integration"),
  // ...those that hold the app to a deadline or start PGlite servers: one at a time, at the end...
  "integration-alone": () => integrationProject("integration-alone"),
  // ...and beside them, one at a time, those whose own servers poll for due messages.
  "integration-jobs": () => integrationProject("integration-jobs"),
  // Every spec in one Playwright run, unless the whole plan runs: then its specs but the
  // tail's (playwright.config.ts: E2E_PART, TAIL_SPECS; docs/decisions/134)...
  e2e: () => playwright("e2e", names.includes("e2e-tail") ? { E2E_PART: "main" } : {}),
  // ...and the tail's in a run of their own, on their own port and data directory.
  "e2e-tail": () =>
    playwright("e2e-tail", {
      E2E_PART: "tail",
      E2E_PORT: String(Number(process.env.E2E_PORT ?? 3210) + 20),
      E2E_DATA_DIR: "tests/.tmp/e2e-data-tail",
    }),
};

function playwright(report, env) {
  return run("npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/${report}.json`,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    ...env,
  });
}

/** The checks of --checks: their exit code is their result. */
const checks = {
  check: () => run("npm", ["run", "--silent", "check"]),
};

/** What the build is made from (remix.config.js: app/, which imports db/). */
const BUILD_INPUTS = [
  "app",
  "db",
  "public",
  "remix.config.js",
  "scripts/merge-chunks.mjs",
  "tailwind.config.ts",
  "postcss.config.js",
  "tsconfig.json",
  "package-lock.json",
];
const BUILD_OUTPUTS = ["build", "public/build"];

function newestMtime(entry, skip = new Set()) {
  if (skip.has(entry) || !fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name), skip));
  return newest;
}

/** The build's age: the oldest of its two outputs' newest files (0 when either is missing). */
function builtAt() {
  const times = BUILD_OUTPUTS.map((dir) => newestMtime(dir));
  return times.every((t) => t > 0) ? Math.min(...times) : 0;
}

/**
 * Builds unless build/ and public/build are newer than every input, so the `test:*` scripts after
 * `npm test` (or after one another) do not build again, and never test a stale build.
 */
function buildIfStale() {
  const built = builtAt();
  const newestInput = Math.max(...BUILD_INPUTS.map((entry) => newestMtime(entry, new Set(BUILD_OUTPUTS))));
  if (built > newestInput) {
    console.log("The build is newer than its sources: not building again.");
    return;
  }
  console.log("Building the app...");
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) fail("the build failed.");
}

function counts(name) {
  const file = `${REPORTS}/${name}.json`;
  if (!fs.existsSync(file)) return null;
  if (name === "unit") {
    // The main run plus the scheduling runs under other zones.
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const extra of fs.readdirSync(REPORTS).filter((f) => /^unit(-tz-.*)?\.json$/.test(f))) {
      const r = JSON.parse(fs.readFileSync(`${REPORTS}/${extra}`, "utf8"));
      total.passed += r.numPassedTests ?? 0;
      total.failed += r.numFailedTests ?? 0;
      total.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    }
    return total;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  if (name.startsWith("e2e")) {
    const s = report.stats ?? {};
    return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), skipped: s.skipped ?? 0 };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** The first line of an error message, without colour codes, cut short. */
function firstLine(message) {
  const line =
    String(message ?? "")
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
      .split("\n")
      .find((l) => l.trim()) ?? "";
  return line.trim().slice(0, 200);
}

/**
 * The failed tests of a suite's reports, a line each ("file › test: first line of the error"), so
 * the summary at the end of a long log says what failed without scrolling back.
 */
function failures(name) {
  const files = fs.existsSync(REPORTS)
    ? fs
        .readdirSync(REPORTS)
        .filter((f) => (name === "unit" ? /^unit(-tz-.*)?\.json$/ : new RegExp(`^${name}\\.json$`)).test(f))
    : [];
  const lines = [];
  for (const file of files) {
    const report = JSON.parse(fs.readFileSync(`${REPORTS}/${file}`, "utf8"));
    const zone = file.match(/^unit-tz-(.*)\.json$/)?.[1];
    if (name.startsWith("e2e")) {
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            if (test.status !== "unexpected" && test.status !== "flaky") continue;
            const error = test.results?.find((r) => r.error)?.error?.message;
            lines.push(
              `${spec.file}:${spec.line} › ${spec.title}${test.status === "flaky" ? " (flaky)" : ""}: ${firstLine(error)}`,
            );
          }
        }
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of report.suites ?? []) walk(suite);
      continue;
    }
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name) + (zone ? ` (TZ=${zone})` : "");
      const failed = (result.assertionResults ?? []).filter((a) => a.status === "failed");
      for (const a of failed) lines.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      if (failed.length === 0 && result.status === "failed") lines.push(`${where}: ${firstLine(result.message)}`);
    }
  }
  return lines;
}

if (only && !suites[only])
  fail(`unknown suite "${only}" (unit, integration, integration-alone, integration-jobs, e2e or e2e-tail)`);
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

/** `integration` is all three of its projects (vitest.config.ts). */
const names =
  only === "integration"
    ? ["integration", "integration-alone", "integration-jobs"]
    : only
      ? [only]
      : Object.keys(suites);
// Prerequisites first, so their installers' output is not mixed with the suites'.
// PostgreSQL: the integration suite, and the e2e spec that runs its own server on it (team-bookings.spec.ts).
if (names.some((name) => name !== "unit")) ensurePostgres();
if (names.some((name) => name !== "unit")) ensureRadicale();
if (names.some((name) => name.startsWith("e2e"))) ensureChromium();
// The unit suite needs no build; the servers of the other two run it.
if (names.some((name) => name !== "unit")) buildIfStale();

/**
 * The plan (docs/decisions/113): phases one after another; in a phase, lanes side by side; in a
 * lane, steps one after another; in a step, jobs side by side. The e2e suite, one Chromium worker
 * that uses about one of two cores; beside it the integration files that may share the cores,
 * then the unit suite with the checks (they only compute), then the files whose servers poll for
 * due messages (they mostly wait on the clock), then the integration files that hold the app
 * to a deadline or start servers on the embedded database (PGlite's cold start), one at a time:
 * they need a core within their tests' budgets, the one the second lane has to itself by then.
 * Last, the e2e specs of the tail (docs/decisions/134), beside the end of the first run.
 */
const plan = [
  [
    [["e2e"]],
    [
      ["integration"],
      ["unit", ...(withChecks ? Object.keys(checks) : [])],
      ["integration-jobs"],
      ["integration-alone"],
      ["e2e-tail"],
    ],
  ],
]
  .map((phase) =>
    phase
      .map((lane) =>
        lane
          .map((step) => step.filter((name) => checks[name] || names.includes(name)))
          .filter((step) => step.length > 0),
      )
      .filter((lane) => lane.length > 0),
  )
  .filter((phase) => phase.length > 0);

/** The machine's CPU time so far (all cores, ms): busy and total, from os.cpus(). */
function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

const results = [];
/** Per phase: its wall time and how busy the machine's cores were, to see what running side by side could gain. */
const phaseLoads = [];

/** One job to its end: its result, with its lines prefixed by its name when others run meanwhile. */
async function runJob(name, together) {
  const started = Date.now();
  if (!together) console.log(`\n=== ${name} ${checks[name] ? "" : "tests "}===`);
  const job = suites[name] ?? checks[name];
  const code = await jobName.run(together ? name : undefined, job);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (together) console.log(`=== ${name} finished (${code === 0 ? "ok" : `exit ${code}`}) in ${seconds} s ===`);
  results.push({ name, code, seconds, check: Boolean(checks[name]), counts: checks[name] ? null : counts(name) });
}

for (const phase of plan) {
  const jobs = phase.flat(2);
  const together = jobs.length > 1;
  const phaseStarted = Date.now();
  const cpuBefore = cpuTimes();
  if (together) {
    const lanes = phase.map((lane) => lane.map((step) => step.join(" + ")).join(", then "));
    console.log(`\n=== ${lanes.join("; beside it: ")} (each line starts with its job's name) ===`);
  }
  await Promise.all(
    phase.map(async (lane) => {
      for (const step of lane) await Promise.all(step.map((name) => runJob(name, together)));
    }),
  );
  const cpuAfter = cpuTimes();
  const busy = (cpuAfter.busy - cpuBefore.busy) / Math.max(1, cpuAfter.total - cpuBefore.total);
  phaseLoads.push(
    `${jobs.join(" + ")}: ${Math.round((Date.now() - phaseStarted) / 1000)} s, cores ${Math.round(busy * 100)}% busy`,
  );
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log("\n=== summary ===");
for (const r of results.filter((r) => r.check)) {
  console.log(`${r.name.padEnd(12)} ${r.code === 0 ? "ok" : "FAILED"}  (${r.seconds} s)`);
  failed += r.code === 0 ? 0 : 1;
}
for (const r of results.filter((r) => !r.check)) {
  const c = r.counts ?? { passed: 0, failed: 0, skipped: 0 };
  const ranNothing = c.passed + c.failed === 0;
  const ok = r.code === 0 && c.failed === 0 && !ranNothing && c.skipped === 0;
  console.log(
    `${r.name.padEnd(12)} ${ok ? "ok" : "FAILED"}  ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${ranNothing ? " (no test ran)" : ""} (${r.seconds} s)`,
  );
  for (const line of ok ? [] : failures(r.name)) console.log(`  ✗ ${line}`);
  passed += c.passed;
  failed += c.failed + (ok || c.failed > 0 ? 0 : 1);
  skipped += c.skipped;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
console.log(`phases (${os.cpus().length} cores): ${phaseLoads.join("; ")}`);
process.exit(failed > 0 ? 1 : 0);
