import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(__dirname, "app") };
/**
 * Integration files run this many at a time, each worker on its own database and servers
 * (tests/integration/global-setup.ts). Two fit a 2-core machine; INTEGRATION_WORKERS=1 runs them in series.
 */
const integrationWorkers = Math.max(1, Number(process.env.INTEGRATION_WORKERS ?? 2) || 1);
/**
 * Files that run one at a time after the others, as all files did before: those that start servers
 * on the embedded database (PGlite's cold start and migrations take a core for many seconds) and
 * those that hold the app to a deadline while they cut or stop its database (db-faults: 503 within
 * 5 s; migration-lock). Sharing the two cores with another file would eat into those budgets. They
 * use no database of the global setup.
 */
const aloneFiles = [
  "migrate-step",
  "move-to-postgres",
  "no-overlap-db",
  "startup",
  "web-concurrency",
  "db-faults",
  "migration-lock",
  "job-due",
].map((name) => `tests/integration/${name}.test.ts`);
/**
 * Files whose two servers of their own poll for due messages (reminders, workflows; they wait on
 * the clock more than they compute): one at a time, after the unit suite and the checks and before
 * the `integration-alone` files, beside the end of the e2e suite (docs/decisions/113).
 */
const jobFiles = ["reminders", "workflows", "workflow-poll"].map((name) => `tests/integration/${name}.test.ts`);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts"],
          environment: "node",
          // The engine's exhaustive checks (every zone, 1990-2060) take 1-2 s idle and over 5 s on a
          // loaded 2-core machine: the limit only catches a hang, it does not time anything.
          testTimeout: 60_000,
          // The files of a worker share one module registry instead of importing the app afresh
          // each (docs/decisions/132): 16 s instead of 71 s here, the same 1,022 tests passing in
          // any order of the files.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...aloneFiles, ...jobFiles],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 120_000,
          // Hooks start servers and fake services: a hang-catcher, above startServer's own 180 s
          // bound (so its error, with the server's output, is the one reported). No file sets a
          // lower one: a loaded 2-core machine has taken over a minute to start a server.
          hookTimeout: 300_000,
          maxWorkers: integrationWorkers,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration-alone",
          include: aloneFiles,
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration-jobs",
          include: jobFiles,
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
