import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id with OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane).
 * The parameters live in the hash string, so raising them later keeps old hashes valid.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throw-away password, verified when the e-mail is unknown so the answer
 * takes as long as for a wrong password (no account enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  await verifyPassword(await dummyHash, password);
}
