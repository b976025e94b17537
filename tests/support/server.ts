import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) {
    throw new Error("build/index.js is missing: run `npm run build` (npm test does it) before the integration tests.");
  }
}

/**
 * `node server.mjs` in production mode on a free port, with only the given environment (and
 * APP_URL, the server's own address, unless given). One
 * process per server unless WEB_CONCURRENCY is given (tests read one process's log lines and
 * exit; tests/integration/web-concurrency.test.ts runs several workers).
 */
async function spawnServer(env: Record<string, string>) {
  assertBuilt();
  const port = await freePort();
  // Production on PostgreSQL needs APP_URL (decision 063): the server's own address unless the
  // test gives one; APP_URL: "" starts it without.
  const appUrl = env.APP_URL ?? `http://127.0.0.1:${port}`;
  const { APP_URL: _given, ...rest } = env;
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      // Once a second: an idle server's poll costs it and PostgreSQL about 20 ms of CPU, so at
      // 200 ms the integration suite's idle servers alone kept a core a fifth busy (the suite:
      // 964 CPU-seconds and 570 s at 200 ms, 803 and 498 s at 1000 ms, one run after the other on one machine).
      // Mails leave at once anyway (a booking nudges the outbox); a test that waits on the poll
      // itself sets its own.
      JOBS_POLL_MS: "1000",
      WEB_CONCURRENCY: "1",
      // A developer's .env in the checkout stays out of the tests' servers (scripts/load-env.mjs).
      ENV_FILE: "/dev/null",
      ...rest,
      ...(appUrl ? { APP_URL: appUrl } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { text: "" };
  child.stdout!.on("data", (d) => (output.text += d));
  child.stderr!.on("data", (d) => (output.text += d));
  return { port, child, output };
}

/**
 * Starts the production server and waits until /healthz answers 200. `onSpawn` gets its output
 * so far at any moment before then (a test that acts on what the server says while it starts).
 * `timeoutMs` only bounds the wait for a broken server: a loaded 2-core machine has taken over a
 * minute to start one while others started too. So a test that starts servers itself (one killed
 * and another started later, say) has a limit of 400 s, and the integration projects' hooks 300 s:
 * they catch a hang, never a slow start.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 180_000,
  onSpawn?: (output: () => string) => void,
): Promise<RunningServer> {
  const { port, child, output } = await spawnServer(env);
  onSpawn?.(() => output.text);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.text}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output.text}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    process: child,
    output: () => output.text,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      // Far past the server's own grace (SHUTDOWN_GRACE_MS, 10 s by default), it is hung: a
      // slow drain on a loaded machine still exits by itself and reports its code.
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function runServerExpectingExit(env: Record<string, string>, timeoutMs = 30_000) {
  const { child, output } = await spawnServer(env);
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server kept running:\n${output.text}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.text });
    });
  });
}
