import { and, asc, eq, ne, sql } from "drizzle-orm";
import { teamMemberships, teams, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import type { Transaction } from "./event.server";

/**
 * Who may host the collective and round-robin event types a person makes on the event type page
 * and POST /api/event-types (decisions 020, 057, 059): the members of the named teams they run
 * (as an owner or admin), read from team_memberships. The event type belongs to one of those teams.
 */

export interface TeamHostChoice {
  id: string;
  name: string;
  email: string;
}

const RUN_BY = (userId: string) =>
  sql`${teamMemberships.teamId} in (select team_id from ${teamMemberships} where user_id = ${userId} and role in ('owner', 'admin'))`;

/** Everyone who shares a team with the person in which the person is an owner or admin (each once). */
export async function acceptedMembers(userId: string, executor?: Transaction): Promise<TeamHostChoice[]> {
  const db = executor ?? (await getDb());
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.userId))
    .where(and(ne(teamMemberships.userId, userId), RUN_BY(userId)))
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
}

/** The teams the person runs (owner or admin), oldest first, each with its name and members' ids. */
export async function teamsRunBy(userId: string): Promise<Array<{ id: string; name: string; memberIds: Set<string> }>> {
  const db = await getDb();
  const rows = await db
    .select({ teamId: teams.id, name: teams.name, userId: teamMemberships.userId })
    .from(teams)
    .innerJoin(teamMemberships, eq(teamMemberships.teamId, teams.id))
    .where(RUN_BY(userId))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  const out = new Map<string, { id: string; name: string; memberIds: Set<string> }>();
  for (const r of rows) {
    if (!out.has(r.teamId)) out.set(r.teamId, { id: r.teamId, name: r.name, memberIds: new Set() });
    out.get(r.teamId)!.memberIds.add(r.userId);
  }
  return [...out.values()];
}
