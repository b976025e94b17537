import { describe, expect, it } from "vitest";
import {
  bookingPrefill,
  conditionHolds,
  conditionsHold,
  membersWithAttributes,
  routeAnswers,
  toNumber,
  type RoutingCondition,
} from "./routing";

const holds = (op: RoutingCondition["op"], value: RoutingCondition["value"], answer: unknown) =>
  conditionHolds({ field: "f", op, value }, answer === undefined ? {} : { f: answer as string });

describe("conditionHolds", () => {
  it("equals: text without case or spaces, numbers numerically, a ticked box as true", () => {
    expect(holds("equals", "EMEA", " emea ")).toBe(true);
    expect(holds("equals", "emea", "apac")).toBe(false);
    expect(holds("equals", 10, "10.0")).toBe(true);
    expect(holds("equals", "10", 10)).toBe(true);
    expect(holds("equals", true, true)).toBe(true);
    expect(holds("equals", true, false)).toBe(false);
    expect(holds("equals", "a", ["a"])).toBe(true);
    expect(holds("equals", "a", ["a", "b"])).toBe(false);
  });

  it("not_equals is the opposite, and holds for an unanswered field", () => {
    expect(holds("not_equals", "emea", "apac")).toBe(true);
    expect(holds("not_equals", "emea", "EMEA")).toBe(false);
    expect(holds("not_equals", "emea", undefined)).toBe(true);
    expect(holds("not_equals", "emea", "  ")).toBe(true);
  });

  it("contains: a substring of text, a choice of a multiple choice", () => {
    expect(holds("contains", "corp", "Acme Corporation")).toBe(true);
    expect(holds("contains", "gmbh", "Acme Corporation")).toBe(false);
    expect(holds("contains", "b", ["a", "b"])).toBe(true);
    expect(holds("contains", "c", ["a", "b"])).toBe(false);
  });

  it("in: the answer is one of the values (any shared choice for a multiple choice)", () => {
    expect(holds("in", ["de", "fr"], "FR")).toBe(true);
    expect(holds("in", ["de", "fr"], "es")).toBe(false);
    expect(holds("in", ["de", "fr"], ["es", "de"])).toBe(true);
    expect(holds("in", [1, 2], "2")).toBe(true);
  });

  it("between: numbers, both ends included; text that is no number never matches", () => {
    expect(holds("between", [10, 50], "10")).toBe(true);
    expect(holds("between", [10, 50], 50)).toBe(true);
    expect(holds("between", [10, 50], "9.5")).toBe(false);
    expect(holds("between", [10, 50], 51)).toBe(false);
    expect(holds("between", ["10", "50"], "25")).toBe(true);
    expect(holds("between", [10, 50], "twenty")).toBe(false);
    expect(holds("between", 10, 10)).toBe(false);
  });

  it("gte and lte coerce numeric text", () => {
    expect(holds("gte", 100, "100")).toBe(true);
    expect(holds("gte", 100, "99")).toBe(false);
    expect(holds("gte", "100", 250)).toBe(true);
    expect(holds("lte", 100, "100")).toBe(true);
    expect(holds("lte", 100, "101")).toBe(false);
    expect(holds("lte", 100, "lots")).toBe(false);
    // "9" < "10" as numbers, though not as text.
    expect(holds("lte", 10, "9")).toBe(true);
  });

  it("every operator but not_equals fails on an unanswered field", () => {
    for (const op of ["equals", "contains", "in", "between", "gte", "lte"] as const)
      expect(holds(op, op === "between" ? [0, 1] : "0", undefined), op).toBe(false);
  });
});

describe("conditionsHold", () => {
  const a = { field: "region", op: "equals" as const, value: "emea" };
  const b = { field: "size", op: "gte" as const, value: 100 };
  it("all needs every condition; any needs one", () => {
    expect(conditionsHold({ all: [a, b] }, { region: "emea", size: 200 })).toBe(true);
    expect(conditionsHold({ all: [a, b] }, { region: "emea", size: 20 })).toBe(false);
    expect(conditionsHold({ any: [a, b] }, { region: "emea", size: 20 })).toBe(true);
    expect(conditionsHold({ any: [a, b] }, { region: "apac", size: 20 })).toBe(false);
  });
  it("an empty all always holds; an empty any never does", () => {
    expect(conditionsHold({ all: [] }, {})).toBe(true);
    expect(conditionsHold({ any: [] }, {})).toBe(false);
  });
});

describe("routeAnswers", () => {
  const routes = [
    { conditions: { all: [{ field: "size", op: "gte" as const, value: 1000 }] }, action: "enterprise" },
    { conditions: { any: [{ field: "region", op: "equals" as const, value: "emea" }] }, action: "emea" },
    { conditions: { all: [{ field: "size", op: "gte" as const, value: 10 }] }, action: "mid" },
  ];
  it("tries the routes in order: the first that matches wins", () => {
    expect(routeAnswers(routes, "fallback", { size: 5000, region: "emea" })).toEqual({
      routeIndex: 0,
      action: "enterprise",
    });
    expect(routeAnswers(routes, "fallback", { size: 50, region: "emea" })).toEqual({ routeIndex: 1, action: "emea" });
    expect(routeAnswers(routes, "fallback", { size: 50, region: "apac" })).toEqual({ routeIndex: 2, action: "mid" });
  });
  it("takes the fallback when nothing matches (or there are no routes)", () => {
    expect(routeAnswers(routes, "fallback", { size: 2, region: "apac" })).toEqual({
      routeIndex: null,
      action: "fallback",
    });
    expect(routeAnswers([], "fallback", { size: 2 })).toEqual({ routeIndex: null, action: "fallback" });
  });
});

describe("membersWithAttributes", () => {
  const members: Array<{ id: string; attributes: Record<string, string> }> = [
    { id: "a", attributes: { region: "EMEA", language: "de" } },
    { id: "b", attributes: { region: "apac", language: "en" } },
    { id: "c", attributes: {} },
  ];
  it("keeps the members with every wanted attribute, without case", () => {
    expect(membersWithAttributes(members, { region: "emea" }).map((m) => m.id)).toEqual(["a"]);
    expect(membersWithAttributes(members, { region: "emea", language: "en" })).toEqual([]);
    expect(membersWithAttributes(members, {}).map((m) => m.id)).toEqual(["a", "b", "c"]);
  });
});

describe("bookingPrefill", () => {
  const fields = [
    { id: "name", label: "Your name" },
    { id: "email", label: "E-mail" },
    { id: "company", label: "Company" },
    { id: "topics", label: "Topics" },
    { id: "unmatched", label: "Nothing" },
  ];
  it("fills name, email and the questions with the same id or label", () => {
    expect(
      bookingPrefill(
        fields,
        { name: "Lea", email: "lea@example.test", company: "Acme", topics: ["sales"], unmatched: "x" },
        [
          { id: "q1", label: "company" },
          { id: "topics", label: "What about?" },
        ],
      ),
    ).toEqual({ name: "Lea", email: "lea@example.test", a_q1: "Acme", a_topics: "sales" });
  });
  it("leaves out blank answers and multiple choices with several picks", () => {
    expect(bookingPrefill(fields, { name: " ", topics: ["a", "b"] }, [{ id: "topics", label: "Topics" }])).toEqual({});
  });
});

describe("toNumber", () => {
  it("reads numbers and numeric text only", () => {
    expect(toNumber("  -3.5 ")).toBe(-3.5);
    expect(toNumber("1e3")).toBeNull();
    expect(toNumber(true)).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
  });
});
