// `npm run bench`: runs every bench/*.mjs in turn (`node bench/<name>.mjs`), passing the JSON
// lines each prints on stdout through to stdout. Their logs (stderr) go to stderr. Exits
// non-zero if any bench fails: a non-zero exit, a signal, or no JSON line on stdout.
// Optional: `npm run bench -- home` runs only bench/home.mjs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH_DIR = path.join(ROOT, "bench");

const only = new Set(process.argv.slice(2).map((a) => a.replace(/\.mjs$/, "")));
const files = fs
  .readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith(".mjs"))
  .filter((f) => only.size === 0 || only.has(f.replace(/\.mjs$/, "")))
  .sort();

if (files.length === 0) {
  console.error(`[bench] no bench found in bench/${only.size ? ` matching ${[...only].join(", ")}` : ""}`);
  process.exit(1);
}

let current = null;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    interrupted = true;
    // Let the running bench stop its servers and remove its temp files itself.
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
  });
}

function run(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join("bench", file)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      env: process.env,
    });
    current = child;
    let jsonLines = 0;
    const lines = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on("line", (line) => {
      if (line.trim() === "") return;
      try {
        JSON.parse(line);
      } catch {
        console.error(`[bench] ${file} (stdout, not JSON): ${line}`);
        return;
      }
      jsonLines += 1;
      process.stdout.write(`${line}\n`);
    });
    const closed = new Promise((r) => lines.once("close", r));
    child.once("error", (error) => {
      console.error(`[bench] ${file}: ${error.message}`);
      resolve(false);
    });
    child.once("close", async (code, signal) => {
      await closed;
      current = null;
      if (code !== 0) {
        console.error(`[bench] ${file} failed (${signal ? `signal ${signal}` : `exit ${code}`})`);
        return resolve(false);
      }
      if (jsonLines === 0) {
        console.error(`[bench] ${file} exited 0 but printed no JSON line`);
        return resolve(false);
      }
      resolve(true);
    });
  });
}

const failed = [];
for (const file of files) {
  if (interrupted) break;
  console.error(`[bench] running bench/${file}`);
  if (!(await run(file))) failed.push(file);
}

if (interrupted) {
  console.error("[bench] interrupted");
  process.exit(1);
}
if (failed.length > 0) {
  console.error(`[bench] failed: ${failed.join(", ")}`);
  process.exit(1);
}
