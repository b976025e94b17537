import { and, asc, eq } from "drizzle-orm";
import { teamMembers, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import type { Transaction } from "./event.server";

/**
 * Decision 020's host list: who may host an owner's collective and round-robin event types.
 * Since decision 057 its rows are derived from named teams (models/teams.server.ts keeps them in
 * step in the same transaction as every membership change); the booking code reads them in
 * team-hosts.server.ts.
 */

export interface TeamHostChoice {
  id: string;
  name: string;
  email: string;
}

/** The owner's accepted members: who may host the owner's team event types. */
export async function acceptedMembers(ownerId: string, executor?: Transaction): Promise<TeamHostChoice[]> {
  const db = executor ?? (await getDb());
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberId))
    .where(and(eq(teamMembers.ownerId, ownerId), eq(teamMembers.status, "accepted")))
    .orderBy(asc(users.name), asc(users.email));
}
