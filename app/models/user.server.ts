import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { getDb } from "../utils/db.server";
import { hashPassword } from "../utils/password.server";

/** Creates a password account; null when the e-mail is already taken (decided by the unique index). */
export async function createPasswordUser(input: { email: string; name: string; password: string; timeZone?: string }) {
  const db = await getDb();
  const [created] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, passwordHash: await hashPassword(input.password), timeZone: input.timeZone })
    .onConflictDoNothing({ target: users.email })
    .returning({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      username: users.username,
      timeZone: users.timeZone,
    });
  return created ?? null;
}

export async function setRoleByEmail(email: string, role: "user" | "professional" | "admin") {
  const db = await getDb();
  const [row] = await db.update(users).set({ role }).where(eq(users.email, email)).returning({ id: users.id });
  return row ?? null;
}
