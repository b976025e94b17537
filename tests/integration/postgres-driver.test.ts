/**
 * postgres.js when a connection is lost (patches/postgres+3.4.9.patch, docs/decisions/025 and
 * 052). Each test fails without the patch.
 *
 * - A transaction whose connection closed wrote its next statement on the null socket from a
 *   timer: a TypeError no caller can catch, and the process exited.
 * - Its row counter outlived the connection: the rows a killed query had received were counted
 *   into the first result of the next connection, which then came back with that many empty
 *   places before its own rows. Drizzle maps over the holes, so a `select ... limit 1` gave
 *   `[undefined, ...]`: pages answered 404 ("no such event type") or 500 while PostgreSQL
 *   connections were being killed.
 */
import { execFile } from "node:child_process";
import net from "node:net";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_SERVER, ADMIN_URL } from "../support/postgres";

const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
afterAll(() => admin.end({ timeout: 1 }));

/**
 * Run in a process of its own, since without the fix it is the process that dies. It loads the
 * package's ES build (what the server build and the tests import) or its CommonJS build (its
 * `main`): both carry the fix.
 */
const KILLED_TRANSACTION = `
import { createRequire } from "node:module";
const build = process.argv[1];
const postgres = build === "commonjs" ? createRequire(process.cwd() + "/")("postgres") : (await import("postgres")).default;
const admin = postgres(process.env.ADMIN_URL, { max: 1, onnotice() {} });
const sql = postgres(process.env.ADMIN_URL, { max: 2, onnotice() {}, backoff: () => 0.05 });
const settle = (p) => p.then(() => "ok", (e) => e.code ?? e.message);
// The transaction may be rejected (its connection seen closed) before its function reaches the
// next statement: the answer waits for that statement, not for the transaction.
let reached;
const nextSettled = new Promise((r) => (reached = r));
const transaction = settle(
  sql.begin(async (tx) => {
    const [{ pid }] = await tx\`select pg_backend_pid() as pid\`;
    await admin\`select pg_terminate_backend(\${pid})\`;
    // The next statement comes once the client has seen the close.
    const next = settle(new Promise((r) => setTimeout(r, 300)).then(() => tx\`select 1 as one\`));
    reached(next);
    return next;
  }),
);
console.log(JSON.stringify({ transaction: await transaction, next: await nextSettled }));
await sql.end({ timeout: 1 });
await admin.end({ timeout: 1 });
`;

describe("postgres.js, a transaction's connection killed", () => {
  it.each(["module", "commonjs"])(
    "rejects the transaction's next statement with CONNECTION_CLOSED; the process lives (%s build)",
    { timeout: 20_000 },
    async (build) => {
      const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
        (resolve) => {
          execFile(
            process.execPath,
            ["--input-type=module", "-e", KILLED_TRANSACTION, build],
            { cwd: process.cwd(), env: { ...process.env, ADMIN_URL }, timeout: 15_000 },
            (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
          );
        },
      );
      expect({ code, stderr: stderr.split("\n").slice(0, 3).join("\n") }).toEqual({ code: 0, stderr: "" });
      expect(JSON.parse(stdout)).toEqual({ transaction: "CONNECTION_CLOSED", next: "CONNECTION_CLOSED" });
    },
  );
});

describe("postgres.js, a connection closed while a statement waits to be written", () => {
  /**
   * A statement under 1 KB is written on the next turn of the event loop (setImmediate). When
   * the connection's close is handled before that turn, as happens when the database's
   * connections are all reset at once (a failover, a network cut: their closes come together and
   * the queries the first ones fail start new ones on the others), the driver cancelled the
   * turn but kept both its handle and the unwritten bytes. The connection's next start-up
   * message then waited behind the cancelled turn and was never sent: every later query on
   * that connection ended in CONNECT_TIMEOUT although the database answered, and the app
   * answered 503 to pages after the database was back.
   */
  it("sends the next start-up alone and at once: the next query answers", { timeout: 30_000 }, async () => {
    const { host, port } = ADMIN_SERVER;
    const sockets: net.Socket[] = [];
    // The driver's sockets, so the test can close its connection's: postgres.js takes a socket
    // factory (`socket`, in its README), which its types leave out.
    const socketFactory: object = {
      socket: () => {
        const socket = net.connect(port, host);
        sockets.push(socket);
        return socket;
      },
    };
    const sql = postgres(ADMIN_URL, {
      max: 1,
      onnotice: () => {},
      backoff: () => 0.05,
      connect_timeout: 5,
      ...socketFactory,
    });
    let bystander: net.Socket | undefined;
    try {
      expect(await sql<{ one: number }[]>`select 1 as one`).toEqual([{ one: 1 }]);
      // Another socket (to the same server, never used), to close beside the driver's.
      bystander = await new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, host, () => resolve(socket)).once("error", reject);
      });
      // Both close in the same turn; Node handles the bystander's close first (its handles close
      // last in, first out), and a query issued there is on its way to the driver's connection,
      // whose close comes next, before the query's write.
      let pending: Promise<unknown> | undefined;
      const issued = new Promise<void>((resolve) =>
        bystander!.once("close", () => {
          pending = sql`select 2 as two`.then(
            () => "answered",
            (error: { code?: string }) => error.code,
          );
          resolve();
        }),
      );
      sockets[0].destroy();
      bystander.destroy();
      await issued;
      // The statement was waiting to be written when its connection's close was handled.
      expect(await pending).toBe("CONNECTION_CLOSED");
      const next = await sql<{ three: number }[]>`select 3 as three`.catch((error: { code?: string }) => error.code);
      expect(next).toEqual([{ three: 3 }]);
      expect(sockets.length).toBe(2);
    } finally {
      bystander?.destroy();
      await sql.end({ timeout: 1 });
    }
  });
});

describe("postgres.js, a connection killed while a result comes in", () => {
  it("gives the next query its own rows, from the first place", { timeout: 20_000 }, async () => {
    // Counts the rows of the long result as the driver stores them, so the kill below comes
    // only once rows have been counted into the result that dies with the connection.
    let received = 0;
    const sql = postgres(ADMIN_URL, {
      max: 1,
      onnotice: () => {},
      backoff: () => 0.05,
      connection: { application_name: "driver-test" },
      transform: {
        row: (row: Record<string, unknown>) => {
          if ("pad" in row) received++;
          return row;
        },
      },
    });
    try {
      const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      // Rows larger than PostgreSQL's send buffer, one every 20 ms: each reaches the client as it is made.
      const long = sql`select g, repeat('x', 20000) as pad, pg_sleep(0.02) from generate_series(1, 500) g`;
      const failed = long.then(
        () => null,
        (error: unknown) => error,
      );
      // The backend is killed once 20 rows have come in.
      const waitUntil = Date.now() + 8_000;
      while (received < 20 && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 10));
      expect(received).toBeGreaterThanOrEqual(20);
      await admin`select pg_terminate_backend(${pid})`;
      expect(await failed).toBeInstanceOf(Error);
      expect(received).toBeLessThan(500);

      // The first query may still meet the killed backend's farewell (an error, a 503 in the
      // app); every answer after it is the query's own rows, from the first place.
      let answered = 0;
      for (let i = 0; i < 4; i++) {
        try {
          const rows = await sql<{ one: number }[]>`select 1 as one`;
          expect(rows.length).toBe(1);
          expect(rows[0]).toEqual({ one: 1 });
          const values = await sql
            .unsafe("select $1::int as n, $2::text as t", [7, "seven"], { prepare: true })
            .values();
          expect(values.length).toBe(1);
          expect(values[0]).toEqual([7, "seven"]);
          answered++;
        } catch (error) {
          if (i > 0 || !(error instanceof Error) || !/terminating connection|CONNECTION_CLOSED/.test(error.message))
            throw error;
        }
      }
      expect(answered).toBeGreaterThanOrEqual(3);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
