// `npm test`: installs what the suites need (Chromium, PostgreSQL) when missing, builds the
// app, then runs the unit, integration and e2e suites. Nothing is skipped: a missing
// prerequisite is a failure with a clear message.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORTS = path.resolve("tests/.tmp/reports");
const only = process.argv[2]; // optional: unit | integration | e2e

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  return r.status ?? 1;
}

function fail(message) {
  console.error(`\nnpm test: ${message}`);
  process.exit(1);
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) fail(`${CHROMIUM} is missing and installing it needs root: apt-get install -y chromium`);
  console.log("Installing Chromium (apt-get install -y chromium)...");
  if (
    run("bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null"]) !== 0 ||
    !fs.existsSync(CHROMIUM)
  ) {
    fail("could not install Chromium.");
  }
}

function ensurePostgres() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  if (run("bash", ["scripts/ensure-postgres.sh"]) !== 0) fail("no PostgreSQL server for the integration tests.");
}

/** Debian's Radicale: the CalDAV server of the calendar tests (integration and e2e). */
function ensureRadicale() {
  if (run("bash", ["scripts/ensure-radicale.sh"]) !== 0) fail("no Radicale for the calendar tests (apt-get install -y radicale).");
}

/** The scheduling code must not depend on the process's own zone: it runs again under these. */
const OTHER_ZONES = ["America/Los_Angeles", "Asia/Kolkata", "Pacific/Kiritimati"];

const suites = {
  unit: () => {
    let code = run("npx", ["vitest", "run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/unit.json`]);
    for (const zone of OTHER_ZONES) {
      console.log(`\n--- app/scheduling again with TZ=${zone} ---`);
      const report = `${REPORTS}/unit-tz-${zone.replace("/", "-")}.json`;
      const zoneCode = run(
        "npx",
        ["vitest", "run", "--project", "unit", "app/scheduling", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
        { TZ: zone },
      );
      code ||= zoneCode;
    }
    return code;
  },
  integration: () => {
    ensurePostgres();
    ensureRadicale();
    return run("npx", ["vitest", "run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/integration.json`]);
  },
  e2e: () => {
    ensureChromium();
    ensureRadicale();
    return run("npx", ["playwright", "test", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json`,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    });
  },
};

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
  if (name === "e2e") {
    const s = report.stats ?? {};
    return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), skipped: s.skipped ?? 0 };
  }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

if (only && !suites[only]) fail(`unknown suite "${only}" (unit, integration or e2e)`);
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

console.log("Building the app...");
if (run("npx", ["remix", "build"]) !== 0) fail("the build failed.");

const names = only ? [only] : ["unit", "integration", "e2e"];
const results = names.map((name) => {
  console.log(`\n=== ${name} tests ===`);
  const code = suites[name]();
  return { name, code, counts: counts(name) };
});

let passed = 0;
let failed = 0;
let skipped = 0;
console.log("\n=== summary ===");
for (const r of results) {
  const c = r.counts ?? { passed: 0, failed: 0, skipped: 0 };
  const ranNothing = c.passed + c.failed === 0;
  const ok = r.code === 0 && c.failed === 0 && !ranNothing && c.skipped === 0;
  console.log(
    `${r.name.padEnd(12)} ${ok ? "ok" : "FAILED"}  ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${ranNothing ? " (no test ran)" : ""}`,
  );
  passed += c.passed;
  failed += c.failed + (ok || c.failed > 0 ? 0 : 1);
  skipped += c.skipped;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
