import type { BookingAnswers, RoutingAction, RoutingForm } from "../../db/schema";
import {
  createRoutingForm,
  deleteRoutingForm,
  insertRoutingResponse,
  listRoutingResponses,
  publicRoutingForm,
  routableEventTypes,
  teamMemberAttributes,
  updateRoutingForm,
} from "~/models/routing-forms.server";
import { getMyTeam } from "~/models/teams.server";
import { answerText, checkAnswers } from "~/schemas/booking-answers";
import { csvRows, type RoutingFormInput } from "~/schemas/routing-forms";
import { canManage } from "~/schemas/teams";
import { bookingPrefill, membersWithAttributes, routeAnswers } from "~/scheduling/routing";
import { recordAudit, type AuditOrigin } from "./audit.server";

/**
 * Routing forms' use cases (decision 074): saving a form (its event types must be its owner's),
 * and a lead's response: checked answers, the first matching route, the team members a route's
 * attributes leave, and the booking link with the answers as its prefill.
 */

export type RoutingFormRefusal = {
  ok: false;
  status: 404 | 403 | 422;
  code: string;
  message: string;
  fields?: Record<string, string[]>;
};

/** The actions of a form with where each sits in the body (for 422 field paths). */
function actionsOf(input: RoutingFormInput): Array<{ path: string; action: RoutingAction }> {
  return [
    ...input.routes.map((r, i) => ({ path: `routes.${i}.action`, action: r.action })),
    { path: "fallback", action: input.fallback },
  ];
}

/**
 * A form's event types must be the owner's own (a host's form) or the team's (a team's form);
 * member attributes narrow only a team's round-robin event type. `teamId` a team the actor manages.
 */
async function checkTargets(actorId: string, input: RoutingFormInput): Promise<RoutingFormRefusal | null> {
  const teamId = input.teamId ?? null;
  if (teamId) {
    const team = await getMyTeam(actorId, teamId);
    if (!team) return { ok: false, status: 404, code: "not_found", message: "There is no such team." };
    if (!canManage(team.role))
      return {
        ok: false,
        status: 403,
        code: "forbidden",
        message: "Only a team's owners and admins make its routing forms.",
      };
  }
  const actions = actionsOf(input);
  const types = await routableEventTypes(
    actions.flatMap((a) => (a.action.type === "event-type" ? [a.action.eventTypeId] : [])),
  );
  const fields: Record<string, string[]> = {};
  for (const { path, action } of actions) {
    if (action.type !== "event-type") continue;
    const type = types.get(action.eventTypeId);
    const owned = type && (teamId ? type.teamId === teamId : type.teamId === null && type.userId === actorId);
    if (!type || !owned || type.kind === "managed") {
      fields[`${path}.eventTypeId`] = [
        teamId ? "Choose one of the team's event types." : "Choose one of your own event types.",
      ];
    } else if (
      action.memberAttributes &&
      Object.keys(action.memberAttributes).length > 0 &&
      type.kind !== "round-robin"
    ) {
      fields[`${path}.memberAttributes`] = [
        "Member attributes pick among the hosts of a team's round-robin event type.",
      ];
    }
  }
  if (Object.keys(fields).length > 0)
    return { ok: false, status: 422, code: "invalid_targets", message: "Check the highlighted fields.", fields };
  return null;
}

/** What the audit log keeps of a form (decision 070): enough to tell versions apart, no answers. */
function audited(form: RoutingForm) {
  return {
    name: form.name,
    teamId: form.teamId,
    fields: form.fields.map((f) => f.id),
    routes: form.routes.length,
    fallback: form.fallback.type,
  };
}

/**
 * Creates a form, or replaces `existing` (pages and JSON alike), and writes the audit log's
 * `routing_form.created` / `routing_form.updated` entry with the form before and after.
 */
export async function saveRoutingForm(
  actorId: string,
  input: RoutingFormInput,
  existing: RoutingForm | undefined,
  request: Request | AuditOrigin | null,
): Promise<{ ok: true; form: RoutingForm } | RoutingFormRefusal> {
  // A form stays its owner's: the team (or none) it was made for.
  const body = existing ? { ...input, teamId: existing.teamId } : input;
  const refusal = await checkTargets(actorId, body);
  if (refusal) return refusal;
  const form = existing ? await updateRoutingForm(existing.id, body) : await createRoutingForm(actorId, body);
  if (!form) return { ok: false, status: 404, code: "not_found", message: "There is no such routing form." };
  await recordAudit({
    actorId,
    action: existing ? "routing_form.updated" : "routing_form.created",
    targetType: "routing_form",
    targetId: form.id,
    before: existing ? audited(existing) : null,
    after: audited(form),
    request,
  });
  return { ok: true, form };
}

/** Deletes a form with its responses (bookings made through it stay) and audits it (`routing_form.deleted`). */
export async function removeRoutingForm(
  actorId: string,
  form: RoutingForm,
  request: Request | AuditOrigin | null,
): Promise<void> {
  await deleteRoutingForm(form.id);
  await recordAudit({
    actorId,
    action: "routing_form.deleted",
    targetType: "routing_form",
    targetId: form.id,
    before: audited(form),
    request,
  });
}

/** What a lead is told: the action without its member attributes, and the booking link when it books. */
export type PublicRoutingAction =
  { type: "event-type"; eventTypeId: string } | { type: "url"; url: string } | { type: "message"; message: string };

export type RoutingSubmission =
  | { ok: true; responseId: string; action: PublicRoutingAction; bookingUrl?: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid-answers"; errors: Record<string, string[]>; answers: BookingAnswers };

/**
 * A lead's response to form `formId`: answers checked like booking answers, routed (first
 * matching route, else the fallback), stored whether or not it books. A route whose member
 * attributes no team member has goes to the fallback instead. `base` is the site's origin.
 */
export async function submitRoutingResponse(
  formId: string,
  raw: Record<string, unknown>,
  base: string,
): Promise<RoutingSubmission> {
  const form = await publicRoutingForm(formId);
  if (!form) return { ok: false, reason: "not-found" };
  const checked = checkAnswers(form.fields, raw);
  if (Object.keys(checked.errors).length > 0)
    return { ok: false, reason: "invalid-answers", errors: checked.errors, answers: checked.answers };
  const answers = checked.answers;
  let { routeIndex, action } = routeAnswers(form.routes, form.fallback, answers);
  let hostIds = await narrowedHosts(action);
  if (hostIds !== null && hostIds.length === 0 && routeIndex !== null) {
    routeIndex = null;
    action = form.fallback;
    hostIds = await narrowedHosts(action);
  }
  const type =
    action.type === "event-type"
      ? ((await routableEventTypes([action.eventTypeId])).get(action.eventTypeId) ?? null)
      : null;
  const response = await insertRoutingResponse({
    formId: form.id,
    answers,
    routeIndex,
    action,
    eventTypeId: type?.id ?? null,
    hostIds,
  });
  if (action.type === "url") return { ok: true, responseId: response.id, action: { type: "url", url: action.url } };
  if (action.type === "message")
    return { ok: true, responseId: response.id, action: { type: "message", message: action.message } };
  // An event type deleted or switched off since the form was saved: the lead is told so.
  if (!type || !type.active || !type.path)
    return {
      ok: true,
      responseId: response.id,
      action: { type: "message", message: "This booking page is not available any more. Please contact us directly." },
    };
  const params = new URLSearchParams({ routing: response.id, ...bookingPrefill(form.fields, answers, type.questions) });
  return {
    ok: true,
    responseId: response.id,
    action: { type: "event-type", eventTypeId: type.id },
    bookingUrl: `${base}${type.path}?${params.toString()}`,
  };
}

/** The team members a route's attributes leave (null: no narrowing). */
async function narrowedHosts(action: RoutingAction): Promise<string[] | null> {
  if (action.type !== "event-type" || !action.memberAttributes || Object.keys(action.memberAttributes).length === 0)
    return null;
  const type = (await routableEventTypes([action.eventTypeId])).get(action.eventTypeId);
  if (!type?.teamId || type.kind !== "round-robin") return null;
  const members = await teamMemberAttributes(type.teamId);
  return membersWithAttributes(members, action.memberAttributes).map((m) => m.userId);
}

/** A form's responses as JSON rows. */
export async function routingResponsesJson(form: RoutingForm) {
  const rows = await listRoutingResponses(form.id);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    answers: r.answers,
    route: r.routeIndex,
    action: r.action.type,
    eventTypeId: r.eventTypeId,
    booking: r.bookingId
      ? {
          id: r.bookingId,
          start: r.bookingStart?.toISOString() ?? null,
          status: r.bookingStatus ?? null,
          hostName: r.hostName ?? null,
        }
      : null,
  }));
}

/** A form's responses as CSV: one column per field, then the route and the booking. */
export async function routingResponsesCsv(form: RoutingForm): Promise<string> {
  const rows = await routingResponsesJson(form);
  return csvRows([
    ["submitted_at", ...form.fields.map((f) => f.label), "route", "action", "booking_id", "booking_start", "host"],
    ...rows.map((r) => [
      r.createdAt,
      ...form.fields.map((f) => (r.answers[f.id] === undefined ? "" : answerText(r.answers[f.id]))),
      r.route === null ? "fallback" : String(r.route + 1),
      r.action,
      r.booking?.id ?? "",
      r.booking?.start ?? "",
      r.booking?.hostName ?? "",
    ]),
  ]);
}
