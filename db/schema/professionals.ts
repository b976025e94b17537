import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { packages } from "./packages";
import { users } from "./users";

/** Created once per verified payment (one row per Stripe PaymentIntent). */
export const professionals = pgTable(
  "professionals",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    packageId: uuid("package_id").references(() => packages.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    status: text("status").notNull().default("professional"),
    transactionId: text("transaction_id").notNull(),
    /** Package name at the time of purchase. */
    pack: text("pack").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("professionals_transaction_id_key").on(t.transactionId)],
);

export type Professional = typeof professionals.$inferSelect;
