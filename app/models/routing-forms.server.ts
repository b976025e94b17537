import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  eventTypes,
  events,
  routingForms,
  routingResponses,
  teamMemberships,
  teams,
  users,
  type BookingAnswers,
  type BookingQuestion,
  type RoutingAction,
  type RoutingForm,
  type RoutingResponse,
} from "../../db/schema";
import type { RoutingFormInput } from "~/schemas/routing-forms";
import { canManage } from "~/schemas/teams";
import { getDb } from "~/server/db.server";
import { isUuid, type Transaction } from "./event.server";

/**
 * Routing forms and their responses (decision 074). A host's own form (team_id null) is theirs
 * alone; a team's is managed by its owners and admins and read by its members.
 */

export type RoutingFormAccess = "manage" | "read";

/** The form with what the person may do with it; null when it does not exist or is not theirs to see (no hint which). */
export async function routingFormFor(
  userId: string,
  id: string,
): Promise<{ form: RoutingForm; access: RoutingFormAccess } | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ form: routingForms, role: teamMemberships.role })
    .from(routingForms)
    .leftJoin(teamMemberships, and(eq(teamMemberships.teamId, routingForms.teamId), eq(teamMemberships.userId, userId)))
    .where(eq(routingForms.id, id))
    .limit(1);
  if (!row) return null;
  if (row.form.teamId === null) return row.form.userId === userId ? { form: row.form, access: "manage" } : null;
  if (!row.role) return null;
  return { form: row.form, access: canManage(row.role) ? "manage" : "read" };
}

/** The person's own forms and their teams' forms, newest first, each with its response and booking counts. */
export async function listRoutingForms(userId: string) {
  const db = await getDb();
  const mine = db
    .select({ teamId: teamMemberships.teamId })
    .from(teamMemberships)
    .where(eq(teamMemberships.userId, userId));
  return db
    .select({
      form: routingForms,
      teamName: teams.name,
      role: teamMemberships.role,
      responses: sql<number>`(select count(*)::int from ${routingResponses} r where r.form_id = ${routingForms.id})`,
      booked: sql<number>`(select count(*)::int from ${routingResponses} r where r.form_id = ${routingForms.id} and r.booking_id is not null)`,
    })
    .from(routingForms)
    .leftJoin(teams, eq(teams.id, routingForms.teamId))
    .leftJoin(teamMemberships, and(eq(teamMemberships.teamId, routingForms.teamId), eq(teamMemberships.userId, userId)))
    .where(or(and(isNull(routingForms.teamId), eq(routingForms.userId, userId)), inArray(routingForms.teamId, mine)))
    .orderBy(desc(routingForms.createdAt));
}

export async function createRoutingForm(userId: string, input: RoutingFormInput): Promise<RoutingForm> {
  const db = await getDb();
  const [row] = await db
    .insert(routingForms)
    .values({
      userId,
      teamId: input.teamId ?? null,
      name: input.name,
      fields: input.fields,
      routes: input.routes,
      fallback: input.fallback,
    })
    .returning();
  return row;
}

/** Replaces a form's name, fields and rules (its owner, a host or a team, stays). */
export async function updateRoutingForm(id: string, input: RoutingFormInput): Promise<RoutingForm | null> {
  const db = await getDb();
  const [row] = await db
    .update(routingForms)
    .set({ name: input.name, fields: input.fields, routes: input.routes, fallback: input.fallback })
    .where(eq(routingForms.id, id))
    .returning();
  return row ?? null;
}

export async function deleteRoutingForm(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(routingForms).where(eq(routingForms.id, id)).returning({ id: routingForms.id });
  return rows.length > 0;
}

/** A form as the public page shows it (null: no such form). */
export async function publicRoutingForm(id: string): Promise<RoutingForm | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.select().from(routingForms).where(eq(routingForms.id, id)).limit(1);
  return row ?? null;
}

/** An event type a route may lead to, with its booking page's path. */
export interface RoutableEventType {
  id: string;
  userId: string;
  teamId: string | null;
  kind: string;
  title: string;
  active: boolean;
  path: string | null;
  questions: BookingQuestion[];
}

export async function routableEventTypes(ids: string[]): Promise<Map<string, RoutableEventType>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      id: eventTypes.id,
      userId: eventTypes.userId,
      teamId: eventTypes.teamId,
      kind: eventTypes.kind,
      title: eventTypes.title,
      active: eventTypes.active,
      slug: eventTypes.slug,
      questions: eventTypes.questions,
      username: users.username,
      teamSlug: teams.slug,
    })
    .from(eventTypes)
    .innerJoin(users, eq(users.id, eventTypes.userId))
    .leftJoin(teams, eq(teams.id, eventTypes.teamId))
    .where(inArray(eventTypes.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        userId: r.userId,
        teamId: r.teamId,
        kind: r.kind,
        title: r.title,
        active: r.active,
        questions: r.questions,
        path: r.teamSlug ? `/team/${r.teamSlug}/${r.slug}` : r.username ? `/${r.username}/${r.slug}` : null,
      },
    ]),
  );
}

/** The team's members with their attributes (routing by member attributes, decision 074). */
export async function teamMemberAttributes(
  teamId: string,
): Promise<Array<{ userId: string; attributes: Record<string, string> }>> {
  const db = await getDb();
  return db
    .select({ userId: teamMemberships.userId, attributes: teamMemberships.attributes })
    .from(teamMemberships)
    .where(eq(teamMemberships.teamId, teamId));
}

/** Replaces a member's attributes; null when `userId` is not in the team. */
export async function setMemberAttributes(
  teamId: string,
  userId: string,
  attributes: Record<string, string>,
): Promise<Record<string, string> | null> {
  if (!isUuid(userId)) return null;
  const db = await getDb();
  const [row] = await db
    .update(teamMemberships)
    .set({ attributes })
    .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)))
    .returning({ attributes: teamMemberships.attributes });
  return row?.attributes ?? null;
}

export async function insertRoutingResponse(values: {
  formId: string;
  answers: BookingAnswers;
  routeIndex: number | null;
  action: RoutingAction;
  eventTypeId: string | null;
  hostIds: string[] | null;
}): Promise<RoutingResponse> {
  const db = await getDb();
  const [row] = await db.insert(routingResponses).values(values).returning();
  return row;
}

/** A response a booking link refers to (the `routing` parameter), null for an unknown one. */
export async function routingResponseOf(
  id: string,
): Promise<Pick<RoutingResponse, "id" | "eventTypeId" | "hostIds"> | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: routingResponses.id, eventTypeId: routingResponses.eventTypeId, hostIds: routingResponses.hostIds })
    .from(routingResponses)
    .where(eq(routingResponses.id, id))
    .limit(1);
  return row ?? null;
}

/** The response's conversion: the first booking made through it, in the booking's transaction. */
export async function recordRoutingConversion(tx: Transaction, responseId: string, bookingId: string, now: Date) {
  await tx
    .update(routingResponses)
    .set({ bookingId, bookedAt: now })
    .where(and(eq(routingResponses.id, responseId), isNull(routingResponses.bookingId)));
}

/** A form's responses, newest first, with the booking each led to. */
export async function listRoutingResponses(formId: string, limit = 1000) {
  const db = await getDb();
  return db
    .select({
      id: routingResponses.id,
      answers: routingResponses.answers,
      routeIndex: routingResponses.routeIndex,
      action: routingResponses.action,
      eventTypeId: routingResponses.eventTypeId,
      hostIds: routingResponses.hostIds,
      bookingId: routingResponses.bookingId,
      bookedAt: routingResponses.bookedAt,
      createdAt: routingResponses.createdAt,
      bookingStart: events.startsAt,
      bookingStatus: events.status,
      hostName: users.name,
    })
    .from(routingResponses)
    .leftJoin(events, eq(events.id, routingResponses.bookingId))
    .leftJoin(users, eq(users.id, events.hostId))
    .where(eq(routingResponses.formId, formId))
    .orderBy(desc(routingResponses.createdAt))
    .limit(limit);
}

/** Which form and route led to a booking (its timeline), null when none did. */
export async function routingOfBooking(
  eventId: string,
): Promise<{ formId: string; formName: string; routeIndex: number | null; answers: BookingAnswers } | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      formId: routingForms.id,
      formName: routingForms.name,
      routeIndex: routingResponses.routeIndex,
      answers: routingResponses.answers,
    })
    .from(events)
    .innerJoin(routingResponses, eq(routingResponses.id, events.routingResponseId))
    .innerJoin(routingForms, eq(routingForms.id, routingResponses.formId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}
