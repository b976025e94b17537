import { describe, expect, it } from "vitest";
import {
  absenceTimeProblems,
  awayAt,
  outOfOfficeBody,
  outOfOfficeJson,
  OutOfOfficeFormSchema,
  splitLocalDateTime,
} from "./out-of-office";

const now = new Date("2026-12-01T12:00:00Z");
const at = (iso: string) => new Date(iso);

function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (fields[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
  return fields;
}

describe("absenceTimeProblems", () => {
  it("takes an absence that ends in the future, even one that began in the past", () => {
    expect(absenceTimeProblems(at("2026-12-21T00:00:00Z"), at("2027-01-04T00:00:00Z"), now)).toEqual({});
    expect(absenceTimeProblems(at("2026-12-01T08:00:00Z"), at("2026-12-01T12:00:01Z"), now)).toEqual({});
  });

  it("refuses an end at or before the start, and an absence already over", () => {
    expect(absenceTimeProblems(at("2026-12-21T00:00:00Z"), at("2026-12-21T00:00:00Z"), now)).toEqual({
      end: ["The end must be after the start."],
    });
    expect(absenceTimeProblems(at("2026-12-21T00:00:00Z"), at("2026-12-20T00:00:00Z"), now).end).toHaveLength(1);
    expect(absenceTimeProblems(at("2026-11-01T00:00:00Z"), at("2026-12-01T12:00:00Z"), now)).toEqual({
      end: ["This absence is already over: pick an end in the future."],
    });
  });

  it("refuses absurd years on the field they are in", () => {
    expect(Object.keys(absenceTimeProblems(at("1999-12-31T00:00:00Z"), at("2026-12-24T00:00:00Z"), now))).toEqual([
      "start",
    ]);
    expect(Object.keys(absenceTimeProblems(at("2026-12-21T00:00:00Z"), at("9999-01-01T00:00:00Z"), now))).toEqual([
      "end",
    ]);
    // Two years ahead is the edge: the day after is refused.
    expect(absenceTimeProblems(at("2028-11-29T00:00:00Z"), at("2028-11-30T12:00:00Z"), now)).toEqual({});
    expect(absenceTimeProblems(at("2028-11-29T00:00:00Z"), at("2028-12-01T12:00:00Z"), now).end?.[0]).toMatch(
      /between 2000-01-01 and 730 days/,
    );
  });
});

describe("awayAt", () => {
  const a = (start: string, end: string, name = `${start}`) => ({ start: at(start), end: at(end), name });

  it("is null when no absence covers now (the end is not included)", () => {
    expect(awayAt([], now)).toBeNull();
    expect(awayAt([a("2026-12-02T00:00:00Z", "2026-12-05T00:00:00Z")], now)).toBeNull();
    expect(awayAt([a("2026-11-20T00:00:00Z", "2026-12-01T12:00:00Z")], now)).toBeNull();
  });

  it("covers from the start on, and reads absences in a row or overlapping as one", () => {
    const first = a("2026-12-01T12:00:00Z", "2026-12-03T00:00:00Z", "first");
    expect(awayAt([first], now)).toEqual({ absence: first, until: at("2026-12-03T00:00:00Z") });
    const touching = a("2026-12-03T00:00:00Z", "2026-12-06T00:00:00Z");
    const overlapping = a("2026-12-05T00:00:00Z", "2026-12-08T00:00:00Z");
    const later = a("2026-12-09T00:00:00Z", "2026-12-20T00:00:00Z");
    expect(awayAt([later, overlapping, touching, first], now)).toEqual({
      absence: first,
      until: at("2026-12-08T00:00:00Z"),
    });
  });

  it("names the absence that began first when several cover now", () => {
    const long = a("2026-11-01T00:00:00Z", "2026-12-02T00:00:00Z", "long");
    const short = a("2026-11-30T00:00:00Z", "2026-12-10T00:00:00Z", "short");
    expect(awayAt([short, long], now)).toEqual({ absence: long, until: at("2026-12-10T00:00:00Z") });
  });
});

describe("POST /api/out-of-office's body", () => {
  const good = { start: "2026-12-21T00:00:00+01:00", end: "2027-01-04T00:00:00+01:00" };

  it("takes instants with offsets, an optional reason and teammate", () => {
    const parsed = outOfOfficeBody.parse({
      ...good,
      reason: "  Holidays ",
      redirectToUserId: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f",
    });
    expect(parsed.reason).toBe("Holidays");
    expect(outOfOfficeBody.parse({ ...good, reason: null, redirectToUserId: null }).redirectToUserId).toBeNull();
    expect(outOfOfficeBody.safeParse({ start: "2026-12-21T00:00:00Z", end: "2026-12-22T00:00Z" }).success).toBe(true);
  });

  it("refuses instants without an offset, dates alone, out of order, and extra fields", () => {
    for (const [body, field] of [
      [{ ...good, start: "2026-12-21T00:00:00" }, "start"],
      [{ ...good, end: "2027-01-04" }, "end"],
      [{ ...good, end: "2027-13-01T00:00:00Z" }, "end"],
      [{ ...good, start: 5 }, "start"],
      [{ ...good, end: "2026-12-20T00:00:00+01:00" }, "end"],
      [{ ...good, extra: 1 }, "body"],
      [{ end: good.end }, "start"],
    ] as const) {
      const result = outOfOfficeBody.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(Object.keys(fieldsOf(result)), JSON.stringify(body)).toContain(field);
    }
  });

  it("refuses a long reason and control characters in it, and a teammate that is no uuid", () => {
    expect(fieldsOf(outOfOfficeBody.safeParse({ ...good, reason: "x".repeat(501) })).reason).toEqual([
      "A reason has at most 500 characters.",
    ]);
    expect(outOfOfficeBody.safeParse({ ...good, reason: "x".repeat(500) }).success).toBe(true);
    for (const reason of ["Away\u0000", "line\nbreak", "bell\u0007"])
      expect(fieldsOf(outOfOfficeBody.safeParse({ ...good, reason })).reason?.[0]).toMatch(/control characters/);
    expect(fieldsOf(outOfOfficeBody.safeParse({ ...good, redirectToUserId: "bob" })).redirectToUserId).toEqual([
      "Pick a teammate from the list.",
    ]);
  });

  it("answers with ISO instants in UTC and the teammate only when set", () => {
    const base = {
      id: "0b6f3c1e-2a47-4d8e-9c1f-6a2b3c4d5e6f",
      startsAt: at("2026-12-20T23:00:00Z"),
      endsAt: at("2027-01-03T23:00:00Z"),
      reason: null,
      redirectUserId: null,
      redirectTo: null,
    };
    expect(outOfOfficeJson(base)).toEqual({
      id: base.id,
      start: "2026-12-20T23:00:00.000Z",
      end: "2027-01-03T23:00:00.000Z",
      reason: null,
      redirectToUserId: null,
    });
    const teammate = { userId: "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", name: "Ann", username: "ann" };
    expect(outOfOfficeJson({ ...base, redirectUserId: teammate.userId, redirectTo: teammate }).redirectTo).toEqual(
      teammate,
    );
  });
});

describe("the dashboard form", () => {
  it("reads datetime-local values, with or without seconds", () => {
    expect(splitLocalDateTime("2026-12-21T09:30")).toEqual({ date: "2026-12-21", time: "09:30" });
    expect(splitLocalDateTime("2026-12-21T09:30:15.250")).toEqual({ date: "2026-12-21", time: "09:30" });
    expect(splitLocalDateTime("2026-12-21 09:30")).toBeNull();
    expect(splitLocalDateTime("2026-12-21")).toBeNull();
  });

  it("needs both times, the end after the start; reason and teammate are optional", () => {
    expect(OutOfOfficeFormSchema.safeParse({ start: "2026-12-21T09:00", end: "2026-12-22T09:00" }).success).toBe(true);
    expect(fieldsOf(OutOfOfficeFormSchema.safeParse({ end: "2026-12-22T09:00" })).start).toEqual([
      "Enter when your absence starts.",
    ]);
    expect(
      fieldsOf(OutOfOfficeFormSchema.safeParse({ start: "2026-12-21T09:00", end: "2026-12-21T09:00" })).end,
    ).toEqual(["The end must be after the start."]);
    expect(fieldsOf(OutOfOfficeFormSchema.safeParse({ start: "tomorrow", end: "2026-12-21T09:00" })).start).toEqual([
      "Enter a date and a time.",
    ]);
  });
});
