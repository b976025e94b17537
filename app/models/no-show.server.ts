import { transaction } from "~/server/transaction.server";
import { and, eq, sql } from "drizzle-orm";
import { events } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { actsAsHost } from "./booking-access.server";
import { hostOf, type BookingHost } from "./booking-request.server";
import { isUuid, withInvitees, type HostEvent, type Transaction } from "./event.server";

/**
 * No-show marks (decision 078): after the start, the booking's host (or an owner or admin of its
 * event type's team) marks the guest as not having come; only a team's owner or admin marks a
 * team booking's host. Undone the same way. The row is locked, the mark and its record written in
 * one transaction.
 */

export type NoShowWho = "guest" | "host";

export type NoShowResult =
  | { ok: true; booking: HostEvent; host: BookingHost }
  | { ok: false; reason: "not-found" | "not-started" | "cancelled" | "host-only-for-teams" };

/** A team manager of the booking's event type's team (the host alone is not enough to mark the host). */
function managesTeamOf(userId: string) {
  return sql`exists (
    select 1 from event_types team_type
    join team_memberships manager on manager.team_id = team_type.team_id
    where team_type.id = ${events.eventTypeId}
      and manager.user_id = ${userId}
      and manager.role in ('owner', 'admin'))`;
}

export async function markNoShow(
  input: { id: string; actorId: string; who: NoShowWho; noShow: boolean; now: Date },
  within: (tx: Transaction, result: Extract<NoShowResult, { ok: true }>) => Promise<void>,
): Promise<NoShowResult> {
  if (!isUuid(input.id)) return { ok: false, reason: "not-found" };
  const db = await getDb();
  return transaction(db, async (tx): Promise<NoShowResult> => {
    // A booking a guest made (not a co-host's row, not a host's own event) the actor acts on as host.
    const [current] = await tx
      .select({ row: events, teamManager: managesTeamOf(input.actorId) })
      .from(events)
      .where(
        and(
          eq(events.id, input.id),
          sql`${events.guestEmail} is not null`,
          sql`${events.bookingId} is null`,
          actsAsHost(input.actorId),
        ),
      )
      .for("update", { of: events });
    if (!current) return { ok: false, reason: "not-found" };
    const row = current.row;
    if (input.who === "host" && !current.teamManager) return { ok: false, reason: "host-only-for-teams" };
    if (row.status === "cancelled") return { ok: false, reason: "cancelled" };
    if (row.startsAt.getTime() > input.now.getTime()) return { ok: false, reason: "not-started" };
    const [updated] = await tx
      .update(events)
      .set(input.who === "guest" ? { guestNoShow: input.noShow } : { hostNoShow: input.noShow })
      .where(eq(events.id, row.id))
      .returning();
    const [booking] = await withInvitees(tx, [updated]);
    const result = { ok: true as const, booking, host: await hostOf(tx, updated.hostId) };
    await within(tx, result);
    return result;
  });
}
