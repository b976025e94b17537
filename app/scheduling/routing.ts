/**
 * Routing forms' rules (decision 074), pure: which route a set of answers takes, which team
 * members a route's member attributes leave, and the booking page's prefill from the answers.
 */

export type RoutingAnswer = string | number | boolean | string[];
export type RoutingAnswers = Record<string, RoutingAnswer>;

export const ROUTING_OPERATORS = ["equals", "not_equals", "contains", "in", "between", "gte", "lte"] as const;
export type RoutingOperator = (typeof ROUTING_OPERATORS)[number];

export interface RoutingCondition {
  field: string;
  op: RoutingOperator;
  value: string | number | boolean | Array<string | number>;
}

export type RoutingConditions = { all: RoutingCondition[] } | { any: RoutingCondition[] };

export interface RoutingRule<A> {
  conditions: RoutingConditions;
  action: A;
}

/** Text compared without case or surrounding space. */
const norm = (v: unknown): string => String(v).trim().toLowerCase();

/** A number from a number or numeric text; null otherwise (so "abc" never passes gte/lte/between). */
export function toNumber(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** One scalar answer equals one scalar value: numerically when both are numbers, else as text ("true" for a ticked box). */
function same(answer: unknown, value: unknown): boolean {
  const a = toNumber(answer);
  const b = toNumber(value);
  if (a !== null && b !== null) return a === b;
  return norm(answer) === norm(value);
}

const blank = (v: RoutingAnswer | undefined): v is undefined =>
  v === undefined || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

/** Whether one condition holds for the answers. An unanswered field meets only `not_equals`. */
export function conditionHolds(condition: RoutingCondition, answers: RoutingAnswers): boolean {
  const answer = answers[condition.field];
  const { op, value } = condition;
  if (blank(answer)) return op === "not_equals";
  const many = Array.isArray(answer) ? answer : [answer];
  switch (op) {
    case "equals":
      // A multiple-choice answer equals a value when it is that one choice alone.
      return many.length === 1 && !Array.isArray(value) && same(many[0], value);
    case "not_equals":
      return !(many.length === 1 && !Array.isArray(value) && same(many[0], value));
    case "contains":
      if (Array.isArray(answer)) return answer.some((a) => same(a, value));
      return norm(answer).includes(norm(value));
    case "in": {
      const list = Array.isArray(value) ? value : [value];
      return many.some((a) => list.some((v) => same(a, v)));
    }
    case "between": {
      if (!Array.isArray(value) || value.length !== 2) return false;
      const n = toNumber(answer);
      const min = toNumber(value[0]);
      const max = toNumber(value[1]);
      return n !== null && min !== null && max !== null && n >= min && n <= max;
    }
    case "gte":
    case "lte": {
      const n = toNumber(answer);
      const v = toNumber(value);
      if (n === null || v === null) return false;
      return op === "gte" ? n >= v : n <= v;
    }
  }
}

/** `all` (every condition, none given: true) or `any` (at least one). */
export function conditionsHold(conditions: RoutingConditions, answers: RoutingAnswers): boolean {
  if ("all" in conditions) return conditions.all.every((c) => conditionHolds(c, answers));
  return conditions.any.some((c) => conditionHolds(c, answers));
}

/** The first route whose conditions hold (its index), else the fallback (index null). */
export function routeAnswers<A>(
  routes: readonly RoutingRule<A>[],
  fallback: A,
  answers: RoutingAnswers,
): { routeIndex: number | null; action: A } {
  const index = routes.findIndex((r) => conditionsHold(r.conditions, answers));
  return index === -1 ? { routeIndex: null, action: fallback } : { routeIndex: index, action: routes[index].action };
}

/** The members having every wanted attribute (values compared without case). */
export function membersWithAttributes<M extends { attributes: Record<string, string> }>(
  members: readonly M[],
  wanted: Record<string, string>,
): M[] {
  const keys = Object.entries(wanted);
  return members.filter((m) =>
    keys.every(([k, v]) => m.attributes[k] !== undefined && norm(m.attributes[k]) === norm(v)),
  );
}

/**
 * The booking page's prefill (`name`, `email`, `a_<questionId>`) from a response: a field with id
 * `name` or `email` fills those; any other fills the event type's question with the same id or
 * label. A multiple-choice answer fills its question only with one choice.
 */
export function bookingPrefill(
  fields: readonly { id: string; label: string }[],
  answers: RoutingAnswers,
  questions: readonly { id: string; label: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const answer = answers[field.id];
    if (blank(answer)) continue;
    const text = Array.isArray(answer) ? (answer.length === 1 ? answer[0] : null) : String(answer);
    if (text === null) continue;
    if (field.id === "name" || field.id === "email") {
      out[field.id] = text;
      continue;
    }
    const question =
      questions.find((q) => q.id === field.id) ?? questions.find((q) => norm(q.label) === norm(field.label));
    if (question) out[`a_${question.id}`] = typeof answer === "boolean" ? (answer ? "on" : "") : text;
  }
  return out;
}
