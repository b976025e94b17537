// Benchmark of the home page (GET /) of the production server against a bare Node `http`
// server that answers every request with the very same bytes (the ceiling on this machine).
//
//   node bench/home.mjs        (or `npm run bench`, which runs every bench/*.mjs)
//
// Prints exactly one JSON line on stdout; everything else goes to stderr. Exits non-zero on
// any failure (no 2xx, a non-2xx answer, a connection error or timeout, 0 requests per second).
// Optional: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 10).
import { Buffer } from "node:buffer";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { clearTimeout } from "node:timers";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";

// ---------------------------------------------------------------------------------------------

function log(...args) {
  console.error("[bench:home]", ...args);
}

function intFromEnv(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return n;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** GET over plain node:http, no Accept-Encoding (as autocannon sends it), raw bytes back. */
function rawGet(url, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { connection: "close" }, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
  });
}

function ensureBuild() {
  if (fs.existsSync(path.join(ROOT, "build/index.js")) && fs.existsSync(path.join(ROOT, "public/build"))) return;
  log("no build found: running `npx remix build`");
  const r = spawnSync("npx", ["remix", "build"], {
    cwd: ROOT,
    stdio: ["ignore", 2, 2], // the build's output goes to stderr: stdout carries only the JSON line
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`remix build failed (exit ${r.status ?? r.signal})`);
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) throw new Error("remix build did not produce build/index.js");
}

/** Resolves once the child has exited (immediately if it already has). */
function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function stopChild(child, name) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const done = await Promise.race([exited(child).then(() => true), sleep(8_000).then(() => false)]);
  if (!done) {
    log(`${name} did not stop after SIGTERM: sending SIGKILL`);
    child.kill("SIGKILL");
    await Promise.race([exited(child), sleep(3_000)]);
  }
}

async function waitForHealth(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`app server exited during start-up (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      const r = await rawGet(`${baseUrl}/healthz`, 2_000);
      const text = r.body.toString("utf8");
      if (r.status === 200) {
        let status;
        try {
          status = JSON.parse(text).status;
        } catch {
          status = undefined;
        }
        if (status === "ok") return;
      }
      last = `HTTP ${r.status} ${text.slice(0, 200)}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(250);
  }
  throw new Error(`app server not healthy after ${timeoutMs} ms (${last})`);
}

async function load(autocannon, label, url, { duration, connections }) {
  const result = await autocannon({ url, connections, duration, pipelining: 1, timeout: 10 });
  const problems = [];
  if (result.errors > 0) problems.push(`${result.errors} errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses`);
  if (!(result["2xx"] > 0)) problems.push("no 2xx response");
  if (!(result.requests.average > 0)) problems.push("0 requests per second");
  if (problems.length > 0) throw new Error(`${label}: ${problems.join(", ")}`);
  return {
    rps: Math.round(result.requests.average * 100) / 100,
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
  };
}

async function main() {
  let app;
  let bare;
  let tmp;
  let cleaning = null;
  // One clean-up for everyone (the normal end, a failure, a signal): every caller awaits it.
  function cleanup() {
    cleaning ??= (async () => {
      await Promise.allSettled([stopChild(app, "app server"), stopChild(bare, "bare server")]);
      if (tmp) {
        try {
          fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
        } catch (error) {
          log(`could not remove ${tmp}: ${error.message}`);
        }
      }
    })();
    return cleaning;
  }
  // Nothing new is started once clean-up has begun (it would outlive it).
  function notStopping() {
    if (cleaning) throw new Error("stopped");
  }
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      cleanup().finally(() => process.exit(1));
    });
  }

  try {
    const duration = intFromEnv("BENCH_DURATION", 10, 1);
    const warmup = intFromEnv("BENCH_WARMUP", 2, 0);
    const connections = intFromEnv("BENCH_CONNECTIONS", 10, 1);
    const { default: autocannon } = await import("autocannon");

    ensureBuild();
    notStopping();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "scheduler-bench-home-"));

    // --- the app ---
    const port = await freePort();
    const baseUrl = `http://${HOST}:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: path.join(tmp, "data"),
      SEED_DEMO: "1",
      RATE_LIMIT_FACTOR: "1000",
    };
    // Always the embedded database in the temp folder: never a server named in the environment.
    delete env.DATABASE_URL;
    log(`starting the app server on ${baseUrl} (data in ${env.DATA_DIR})`);
    notStopping();
    app = spawn(process.execPath, ["server.mjs"], { cwd: ROOT, env, stdio: ["ignore", 2, 2] });
    app.on("error", (error) => log(`app server: ${error.message}`));
    await waitForHealth(baseUrl, app, 120_000);

    const home = await rawGet(`${baseUrl}/`);
    const contentType = home.headers["content-type"];
    if (home.status !== 200) throw new Error(`GET / answered HTTP ${home.status}`);
    if (!contentType?.startsWith("text/html")) throw new Error(`GET / answered content-type ${contentType}`);
    if (home.headers["content-encoding"]) throw new Error(`GET / came back encoded (${home.headers["content-encoding"]})`);
    if (home.body.length === 0) throw new Error("GET / answered an empty body");
    log(`GET / -> ${home.status}, ${contentType}, ${home.body.length} bytes`);

    // --- the ceiling: the same bytes from a bare node:http server ---
    const bodyFile = path.join(tmp, "home.html");
    fs.writeFileSync(bodyFile, home.body);
    notStopping();
    bare = spawn(process.execPath, [fileURLToPath(import.meta.url), "--bare", bodyFile, contentType], {
      cwd: ROOT,
      stdio: ["ignore", 2, 2, "ipc"],
    });
    const barePort = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("bare server did not start within 10 s")), 10_000);
      bare.once("message", (m) => {
        clearTimeout(timer);
        resolve(m.port);
      });
      bare.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`bare server exited during start-up (${code ?? signal})`));
      });
      bare.once("error", reject);
    });
    const bareUrl = `http://${HOST}:${barePort}/`;
    const check = await rawGet(bareUrl);
    if (!check.body.equals(home.body)) throw new Error("the bare server does not answer the captured bytes");

    // --- load, one after the other ---
    const options = { duration, connections };
    if (warmup > 0) {
      log(`app: ${warmup} s warm-up`);
      await load(autocannon, "app warm-up", `${baseUrl}/`, { duration: warmup, connections });
    }
    log(`app: ${duration} s, ${connections} connections`);
    const appResult = await load(autocannon, "app", `${baseUrl}/`, options);

    if (warmup > 0) {
      log(`bare node: ${warmup} s warm-up`);
      await load(autocannon, "bare node warm-up", bareUrl, { duration: warmup, connections });
    }
    log(`bare node: ${duration} s, ${connections} connections`);
    const bareResult = await load(autocannon, "bare node", bareUrl, options);

    const line = {
      bench: "home",
      durationSeconds: duration,
      connections,
      app: appResult,
      bareNode: bareResult,
      ratio: Math.round((appResult.rps / bareResult.rps) * 10_000) / 10_000,
      node: process.version,
    };
    await cleanup();
    process.stdout.write(`${JSON.stringify(line)}\n`);
    process.exitCode = 0;
  } catch (error) {
    log(`FAILED: ${error?.stack ?? error}`);
    await cleanup();
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Child mode: the bare server. Runs in its own process, as the app does, so that neither of the
// two servers shares a CPU thread with the load generator.
if (process.argv[2] === "--bare") {
  const body = fs.readFileSync(process.argv[3]);
  const contentType = process.argv[4];
  const server = http.createServer((req, res) => {
    // Drain any request body so keep-alive connections stay usable.
    req.resume();
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, HOST, () => process.send({ port: server.address().port }));
  process.on("disconnect", () => process.exit(0));
  process.on("SIGTERM", () => process.exit(0));
} else {
  await main();
  // Nothing should be left running; do not let a stray handle keep the run alive.
  process.exit(process.exitCode ?? 1);
}
