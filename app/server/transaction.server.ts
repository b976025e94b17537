import type { Database } from "../../db/client";
import { runWithInvalidationsAfterCommit } from "./page-cache.server";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Every transaction of the app begins here (a lint rule forbids `db.transaction` elsewhere in
 * app/): the page cache's invalidations asked for inside `work` take effect once it commits,
 * and not at all when it rolls back (docs/decisions/105). Inside another one it joins it.
 */
export function transaction<T>(
  db: Database | Transaction,
  work: (tx: Transaction) => Promise<T>,
  config?: Parameters<Database["transaction"]>[1],
): Promise<T> {
  return runWithInvalidationsAfterCommit(() => db.transaction(work, config));
}
