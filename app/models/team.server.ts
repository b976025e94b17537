import { and, asc, eq, ne, sql } from "drizzle-orm";
import { teamMemberships, teams, users } from "../../db/schema";
import { getDb } from "~/utils/db.server";
import type { Transaction } from "./event.server";

/**
 * Who may host an owner's collective and round-robin event types made on the event type page
 * and POST /api/event-types (decisions 020, 057, 058): the members of the named teams the owner
 * owns, read from team_memberships.
 */

export interface TeamHostChoice {
  id: string;
  name: string;
  email: string;
}

/** Everyone who shares a team with the owner in which the owner is an owner (each once). */
export async function acceptedMembers(ownerId: string, executor?: Transaction): Promise<TeamHostChoice[]> {
  const db = executor ?? (await getDb());
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(
      and(
        ne(teamMemberships.userId, ownerId),
        sql`${teamMemberships.teamId} in (select team_id from ${teamMemberships} where user_id = ${ownerId} and role = 'owner')`,
      ),
    )
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
}

/** The teams the owner owns, oldest first, each with its members' ids. */
export async function ownedTeams(ownerId: string): Promise<Array<{ id: string; memberIds: Set<string> }>> {
  const db = await getDb();
  const rows = await db
    .select({ teamId: teams.id, userId: teamMemberships.userId })
    .from(teams)
    .innerJoin(teamMemberships, eq(teamMemberships.teamId, teams.id))
    .where(sql`${teams.id} in (select team_id from ${teamMemberships} where user_id = ${ownerId} and role = 'owner')`)
    .orderBy(asc(teams.createdAt), asc(teams.id));
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!out.has(r.teamId)) out.set(r.teamId, new Set());
    out.get(r.teamId)!.add(r.userId);
  }
  return [...out].map(([id, memberIds]) => ({ id, memberIds }));
}
