/**
 * Statements prepared once per connection on PostgreSQL (docs/decisions/048), and the switch
 * for a transaction-mode pooler that cannot keep them (DATABASE_PREPARED_STATEMENTS=false).
 *
 * Covered: with the default, a statement with parameters run through the app's client (in a
 * transaction and a savepoint too) is a named prepared statement of its connection, run once per
 * connection however often it is sent; switched off, none is; switched off, the client works
 * through PgBouncer in transaction mode under concurrent transactions.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../../db/client";
import { startPgBouncer, type Pooler } from "../support/pgbouncer";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

let target: TestDatabase;
beforeAll(async () => {
  target = await createTestDatabase("scheduler_prepared");
});
afterAll(async () => {
  await target?.drop();
});

/** In one transaction (one connection): a statement with a parameter, then that connection's prepared statements. */
async function preparedAfterQuery(
  handle: DatabaseHandle,
  marker: string,
): Promise<{ inTx: string[]; inSavepoint: string[] }> {
  return handle.db.transaction(async (tx) => {
    await queryRows(tx, sql`select ${marker}::text as marker, 1 as tx`);
    const inTx = await queryRows<{ statement: string }>(
      tx,
      sql`select statement from pg_prepared_statements where statement like ${"%::text as marker, 1 as tx%"}`,
    );
    const inSavepoint = await tx.transaction(async (sp) => {
      await queryRows(sp, sql`select ${marker}::text as marker, 2 as savepoint`);
      return queryRows<{ statement: string }>(
        sp,
        sql`select statement from pg_prepared_statements where statement like ${"%::text as marker, 2 as savepoint%"}`,
      );
    });
    return { inTx: inTx.map((r) => r.statement), inSavepoint: inSavepoint.map((r) => r.statement) };
  });
}

describe("prepared statements", () => {
  it("by default, statements with parameters are prepared once per connection, in transactions and savepoints too", async () => {
    const handle = await openDatabase({ url: target.url, dataDir: ":memory:", poolSize: 1 });
    try {
      const first = await preparedAfterQuery(handle, "a");
      expect(first.inTx).toHaveLength(1);
      expect(first.inSavepoint).toHaveLength(1);
      // Sent again with other values on the same connection: the same one statement.
      const again = await preparedAfterQuery(handle, "b");
      expect(again.inTx).toHaveLength(1);
      expect(again.inSavepoint).toHaveLength(1);
      // Outside a transaction too (the pool's one connection): still that one.
      await queryRows(handle.db, sql`select ${"c"}::text as marker, 1 as tx`);
      const [{ n }] = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${"%::text as marker, 1 as tx%"}`,
      );
      expect(n).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it("with preparedStatements false, none is prepared", async () => {
    const handle = await openDatabase({ url: target.url, dataDir: ":memory:", poolSize: 1, preparedStatements: false });
    try {
      const result = await preparedAfterQuery(handle, "a");
      expect(result).toEqual({ inTx: [], inSavepoint: [] });
    } finally {
      await handle.close();
    }
  });
});

describe("through PgBouncer in transaction mode", () => {
  let pooler: Pooler;
  beforeAll(async () => {
    pooler = await startPgBouncer();
  });
  afterAll(async () => {
    await pooler?.stop();
  });

  it("with preparedStatements false, concurrent transactions with parameters all succeed", async () => {
    const handle = await openDatabase({
      url: pooler.via(target.url),
      dataDir: ":memory:",
      poolSize: 8,
      preparedStatements: false,
    });
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          handle.db.transaction(async (tx) => {
            const [row] = await queryRows<{ n: number }>(tx, sql`select ${i}::int + 1 as n`);
            const [again] = await queryRows<{ n: number }>(tx, sql`select ${row.n}::int * 2 as n`);
            return again.n;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 40 }, (_, i) => (i + 1) * 2));
    } finally {
      await handle.close();
    }
  });
});
