// Benchmark of the home page (GET /) of the production server, side by side in one run with
//   - a bare Node `http` server answering every request with the very same bytes the app sent
//     (identity, or the brotli/gzip bytes the app sent a browser): the ceiling on this machine;
//   - the minimal Remix v2 reference app (bench/reference: same future flags, the same markup
//     as a static element tree, express + compression as Remix's template has them): the
//     framework's floor for a rendered page.
// The app is measured on a full-page cache hit (an anonymous visitor), rendered (a request
// with a session cookie, which the cache never serves), and on cache misses (a new query
// string each request); each with no Accept-Encoding (as autocannon) and with a browser's.
// Figures: requests/s, p50/p99 and CPU ms per request of the server process (from /proc); the two
// sides of each ratio measured in alternating slices.
//
//   node bench/home.mjs        (or `npm run bench -- home`)
//
// Prints exactly one JSON line on stdout; everything else goes to stderr. Exits non-zero on any
// failure. Optional: BENCH_DURATION (s, default 8), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 10).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  alternating,
  BROWSER_ENCODINGS,
  HOST,
  ROOT,
  ensureAppBuild,
  ensureReferenceBuild,
  freePort,
  load,
  numberFromEnv,
  ratio,
  rawGet,
  spawnReporting,
  stopChild,
  tempDir,
  waitForHealth,
} from "./lib/harness.mjs";
import { spawn } from "node:child_process";

const log = (...args) => console.error("[bench:home]", ...args);

async function main() {
  let app;
  let bare;
  let reference;
  let tmp;
  let cleaning = null;
  function cleanup() {
    cleaning ??= (async () => {
      await Promise.allSettled([
        stopChild(app, "app server", log),
        stopChild(bare, "bare server", log),
        stopChild(reference, "reference server", log),
      ]);
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    })();
    return cleaning;
  }
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      cleanup().finally(() => process.exit(1));
    });
  }

  try {
    const duration = numberFromEnv("BENCH_DURATION", 8, 1);
    const warmup = numberFromEnv("BENCH_WARMUP", 2, 0);
    const connections = numberFromEnv("BENCH_CONNECTIONS", 10, 1);
    const { default: autocannon } = await import("autocannon");
    ensureAppBuild(log);
    ensureReferenceBuild(log);
    tmp = tempDir("home");

    // --- the app, on the embedded database in the temp folder ---
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
    delete env.DATABASE_URL;
    log(`starting the app server on ${baseUrl}`);
    app = spawn(process.execPath, ["server.mjs"], { cwd: ROOT, env, stdio: ["ignore", 2, 2] });
    await waitForHealth(baseUrl, app);

    const home = await rawGet(`${baseUrl}/`);
    if (home.status !== 200 || !home.headers["content-type"]?.startsWith("text/html"))
      throw new Error(`GET / answered ${home.status} ${home.headers["content-type"]}`);
    const encoded = await rawGet(`${baseUrl}/`, { "accept-encoding": BROWSER_ENCODINGS });
    const encoding = encoded.headers["content-encoding"] ?? "identity";
    log(`GET / -> ${home.body.length} bytes; a browser gets ${encoded.body.length} bytes (${encoding})`);

    // --- the ceiling: the same bytes from a bare node:http server ---
    const identityFile = path.join(tmp, "home.html");
    const encodedFile = path.join(tmp, "home.encoded");
    fs.writeFileSync(identityFile, home.body);
    fs.writeFileSync(encodedFile, encoded.body);
    const b = spawnReporting([fileURLToPath(import.meta.url), "--bare", identityFile, encodedFile, encoding]);
    bare = b.child;
    const bareUrl = `http://${HOST}:${(await b.ready).port}/`;

    // --- the floor: the minimal Remix app rendering the same markup ---
    const r = spawnReporting([path.join(ROOT, "bench/reference/server.mjs"), identityFile], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0" },
    });
    reference = r.child;
    const referenceReady = await r.ready;
    const referenceUrl = `http://${HOST}:${referenceReady.port}/`;
    const referencePage = await rawGet(referenceUrl);
    log(`reference: ${referenceReady.elements} elements, ${referencePage.body.length} bytes`);

    const browser = { "accept-encoding": BROWSER_ENCODINGS };
    // A session cookie (not a valid one: the page renders as for a visitor) keeps the page cache out.
    const rendered = { cookie: "__session=bench" };
    let miss = 0;
    const missRequests = (headers) => [
      { method: "GET", path: "/", headers, setupRequest: (req) => ({ ...req, path: `/?miss=${++miss}` }) },
    ];
    // Each ratio's two sides in alternating slices (bench/lib/harness.mjs), so a machine whose
    // speed drifts weighs on both alike: the cache against the bare server, the rendered page
    // against the reference.
    const groups = [
      [
        ["appCacheHit", { url: `${baseUrl}/`, pid: app.pid }],
        ["bareNode", { url: bareUrl, pid: bare.pid }],
      ],
      [
        ["appCacheHitBrowser", { url: `${baseUrl}/`, pid: app.pid, headers: browser }],
        ["bareNodeBrowser", { url: bareUrl, pid: bare.pid, headers: browser }],
      ],
      [
        ["appRendered", { url: `${baseUrl}/`, pid: app.pid, headers: rendered }],
        ["reference", { url: referenceUrl, pid: reference.pid }],
      ],
      [
        ["appRenderedBrowser", { url: `${baseUrl}/`, pid: app.pid, headers: { ...rendered, ...browser } }],
        ["referenceBrowser", { url: referenceUrl, pid: reference.pid, headers: browser }],
      ],
      [["appCacheMissBrowser", { url: baseUrl, pid: app.pid, requests: missRequests(browser) }]],
    ];
    const figures = {};
    for (const loads of groups) {
      if (warmup > 0)
        for (const [name, options] of loads)
          await load(autocannon, `${name} warm-up`, { ...options, duration: warmup, connections });
      const measured = await alternating(autocannon, loads, {
        duration,
        connections,
        slices: loads.length > 1 ? 4 : 1,
        log,
      });
      for (const [name, result] of Object.entries(measured)) {
        log(`${name}: ${JSON.stringify(result)}`);
        figures[name] = result;
      }
    }

    const line = {
      bench: "home",
      durationSeconds: duration,
      connections,
      pageBytes: home.body.length,
      browserBytes: encoded.body.length,
      browserEncoding: encoding,
      ...figures,
      ratios: {
        cacheHitVsBare: ratio(figures.appCacheHit.rps, figures.bareNode.rps),
        cacheHitVsBareBrowser: ratio(figures.appCacheHitBrowser.rps, figures.bareNodeBrowser.rps),
        renderedCpuVsReference: ratio(figures.appRendered.cpuMsPerRequest, figures.reference.cpuMsPerRequest),
        renderedBrowserCpuVsReference: ratio(
          figures.appRenderedBrowser.cpuMsPerRequest,
          figures.reference.cpuMsPerRequest,
        ),
        // Like with like: both compress for a browser.
        renderedBrowserCpuVsReferenceBrowser: ratio(
          figures.appRenderedBrowser.cpuMsPerRequest,
          figures.referenceBrowser.cpuMsPerRequest,
        ),
        browserCpuVsNoEncoding: ratio(figures.appRenderedBrowser.cpuMsPerRequest, figures.appRendered.cpuMsPerRequest),
      },
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
// Child mode: the bare server, in its own process as the app is. It answers a client that
// accepts the app's encoding with the encoded bytes the app sent, others with the identity bytes.
if (process.argv[2] === "--bare") {
  const identity = fs.readFileSync(process.argv[3]);
  const encoded = fs.readFileSync(process.argv[4]);
  const encoding = process.argv[5];
  const server = http.createServer((req, res) => {
    req.resume();
    const accepts = encoding !== "identity" && (req.headers["accept-encoding"] ?? "").includes(encoding);
    const body = accepts ? encoded : identity;
    const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length };
    if (accepts) headers["Content-Encoding"] = encoding;
    res.writeHead(200, headers);
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, HOST, () => process.send({ port: server.address().port }));
  process.on("disconnect", () => process.exit(0));
  process.on("SIGTERM", () => process.exit(0));
} else {
  await main();
  process.exit(process.exitCode ?? 1);
}
