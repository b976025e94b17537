// npm run admin:grant -- someone@example.com
// Makes an existing account an admin, on the database the app is configured for
// (DATABASE_URL, or the embedded one in DATA_DIR; stop the app first when embedded).
import "./load-env.mjs";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";

const email = process.argv[2]?.trim().toLowerCase();
if (!email || !email.includes("@")) {
  console.error("Usage: npm run admin:grant -- <email>");
  process.exit(2);
}
const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? "./data",
});
try {
  await handle.prepare(async () => {});
  const [row] = await handle.db
    .update(users)
    .set({ role: "admin" })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!row) {
    console.error(`No account with e-mail ${email}. Sign up first, or list the e-mail in ADMIN_EMAILS.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now an admin.`);
  }
} finally {
  await handle.close();
}
