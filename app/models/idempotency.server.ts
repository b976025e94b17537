import crypto from "node:crypto";
import { eq, lte } from "drizzle-orm";
import { idempotencyKeys } from "../../db/schema";
import type { Transaction } from "./event.server";

/**
 * Idempotency keys (decision 024): a write sent again with the same key (a retry after a lost
 * answer, a double submit) gets the first answer back instead of doing the write twice. The key
 * is claimed by the first statement of the write's own transaction (an insert on the primary
 * key), so a second request with the same key waits for the first to commit or roll back, then
 * replays its answer or does the write itself. Only a write that succeeded stores an answer: a
 * refused one throws inside its transaction, which rolls the claim back, and a retry tries again.
 */

/** How long an answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export { IDEMPOTENCY_KEY_PATTERN } from "~/schemas/idempotency-key";

export const IDEMPOTENCY_MISMATCH_MESSAGE =
  "This Idempotency-Key was already used for a different request. Use a new key for a new booking.";

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface IdempotencyClaim {
  keyHash: string;
  requestHash: string;
  cipherKey: Buffer;
}

export type IdempotentOutcome<T> =
  { kind: "done"; value: T } | { kind: "replay"; answer: StoredAnswer } | { kind: "mismatch" };

class IdempotentAnswer extends Error {
  constructor(readonly outcome: { kind: "replay"; answer: StoredAnswer } | { kind: "mismatch" }) {
    super(outcome.kind);
    this.name = "IdempotentAnswer";
  }
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/**
 * The claim for `key` in `scope` (the path and who calls it) for `request` (the validated
 * input). The stored answer is encrypted with a key derived from the Idempotency-Key itself.
 */
export function idempotencyClaim(key: string, scope: string, request: unknown): IdempotencyClaim {
  return {
    keyHash: sha256(`${scope}\n${key}`),
    requestHash: sha256(stableJson(request)),
    cipherKey: Buffer.from(crypto.hkdfSync("sha256", key, scope, "idempotency answer", 32)),
  };
}

function seal(claim: IdempotencyClaim, answer: StoredAnswer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", claim.cipherKey, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(answer), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64");
}

function open(claim: IdempotencyClaim, sealed: string): StoredAnswer {
  const raw = Buffer.from(sealed, "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", claim.cipherKey, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(
    Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"),
  ) as StoredAnswer;
}

/** What a write does with its claim inside its transaction. */
export interface IdempotencyHooks {
  /** First in the transaction: takes the key, or ends the write with the stored answer. */
  claim(tx: Transaction, now: Date): Promise<void>;
  /** Last in the transaction, on success: the answer a retry gets. */
  record(tx: Transaction, answer: StoredAnswer): Promise<void>;
}

function hooksFor(claim: IdempotencyClaim): IdempotencyHooks {
  return {
    async claim(tx, now) {
      const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
      for (let attempt = 0; attempt < 3; attempt++) {
        // Waits on the primary key while another transaction holds the same key.
        const taken = await tx
          .insert(idempotencyKeys)
          .values({
            keyHash: claim.keyHash,
            requestHash: claim.requestHash,
            status: 0,
            answer: "",
            createdAt: now,
            expiresAt,
          })
          .onConflictDoUpdate({
            target: idempotencyKeys.keyHash,
            set: { requestHash: claim.requestHash, status: 0, answer: "", createdAt: now, expiresAt },
            where: lte(idempotencyKeys.expiresAt, now),
          })
          .returning({ keyHash: idempotencyKeys.keyHash });
        if (taken.length > 0) return;
        const [row] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.keyHash, claim.keyHash));
        if (!row) continue; // removed in between: claim again
        if (row.requestHash !== claim.requestHash) throw new IdempotentAnswer({ kind: "mismatch" });
        throw new IdempotentAnswer({ kind: "replay", answer: open(claim, row.answer) });
      }
      throw new Error("Could not claim the Idempotency-Key");
    },
    async record(tx, answer) {
      await tx
        .update(idempotencyKeys)
        .set({ status: answer.status, answer: seal(claim, answer) })
        .where(eq(idempotencyKeys.keyHash, claim.keyHash));
    },
  };
}

/**
 * Runs a write with the hooks of `claim` (none without a key): its value, or the first answer
 * for a replay, or a mismatch when the key was used for a different request.
 */
export async function runIdempotent<T>(
  claim: IdempotencyClaim | null,
  write: (hooks: IdempotencyHooks | null) => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  if (!claim) return { kind: "done", value: await write(null) };
  try {
    return { kind: "done", value: await write(hooksFor(claim)) };
  } catch (error) {
    if (error instanceof IdempotentAnswer) return error.outcome;
    throw error;
  }
}
