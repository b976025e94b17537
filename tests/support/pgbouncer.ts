import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { ADMIN_URL } from "./postgres";
import { freePort, ROOT } from "./server";

export interface Pooler {
  /** `url` with host and port replaced by the pooler's. */
  via(url: string): string;
  stop(): Promise<void>;
}

/**
 * A PgBouncer of its own (own port, own ini file, own folder) in transaction mode in front of
 * the test server: every transaction may run on another server connection, as behind a
 * managed pooler. Installed by scripts/ensure-pgbouncer.sh when missing (root), else a clear failure.
 */
export async function startPgBouncer(): Promise<Pooler> {
  const ensured = spawnSync("bash", [path.join(ROOT, "scripts/ensure-pgbouncer.sh")], { encoding: "utf8" });
  if (ensured.status !== 0) throw new Error(`PgBouncer is needed for this test: ${ensured.stderr || ensured.stdout}`);
  const binary = fs.existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : "pgbouncer";
  const server = new URL(ADMIN_URL);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scheduler-pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  const user = decodeURIComponent(server.username || "postgres");
  fs.writeFileSync(path.join(dir, "users.txt"), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      "pool_mode = transaction",
      "default_pool_size = 3",
      // The app's client sets its timeouts at connect (docs/decisions/025), which a pooler
      // sharing server connections cannot keep per client: told to ignore them, as poolers are.
      "ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout",
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root: -u drops to the postgres user.
  const args =
    process.getuid?.() === 0 ? ["-u", "postgres", path.join(dir, "pgbouncer.ini")] : [path.join(dir, "pgbouncer.ini")];
  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const via = (url: string) => {
    const u = new URL(url);
    u.hostname = "127.0.0.1";
    u.port = String(port);
    return u.toString();
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}:\n${output}`);
    const probe = postgres(via(ADMIN_URL), { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 2 });
    try {
      await probe`select 1`;
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`pgbouncer did not answer on ${port}: ${String(error)}\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await probe.end({ timeout: 1 });
    }
  }
  return {
    via,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGINT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
