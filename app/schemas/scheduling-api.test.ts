import { describe, expect, it } from "vitest";
import {
  daysInRange,
  eventTypeBody,
  eventTypeJson,
  firstOverlap,
  minutesOfTime,
  scheduleBody,
  slotsQuery,
} from "./scheduling-api";

function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (fields[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
  return fields;
}

describe("pure helpers", () => {
  it("reads HH:mm, with 24:00 only as an end", () => {
    expect(minutesOfTime("09:30")).toBe(570);
    expect(minutesOfTime("24:00")).toBeNull();
    expect(minutesOfTime("24:00", true)).toBe(1440);
    expect(minutesOfTime("9:30")).toBeNull();
    expect(minutesOfTime("12:60")).toBeNull();
  });
  it("finds the first overlapping pair; touching intervals do not overlap", () => {
    expect(
      firstOverlap([
        { start: "09:00", end: "12:00" },
        { start: "12:00", end: "17:00" },
      ]),
    ).toBeNull();
    expect(
      firstOverlap([
        { start: "13:00", end: "17:00" },
        { start: "09:00", end: "13:30" },
      ]),
    ).toEqual([0, 1]);
    expect(
      firstOverlap([
        { start: "00:00", end: "24:00" },
        { start: "23:00", end: "23:30" },
      ]),
    ).toEqual([0, 1]);
  });
  it("counts the days of a range, both ends included", () => {
    expect(daysInRange("2026-12-01", "2026-12-01")).toBe(1);
    expect(daysInRange("2026-12-01", "2027-01-31")).toBe(62);
    expect(daysInRange("2026-12-02", "2026-12-01")).toBe(0);
    expect(daysInRange("2026-02-30", "2026-03-01")).toBeNull();
  });
});

describe("scheduleBody", () => {
  const base = { name: "Work", timeZone: "America/New_York" };
  it("fills defaults and keeps the shapes", () => {
    const parsed = scheduleBody.parse({
      ...base,
      weekly: [{ day: 1, start: "09:00", end: "24:00" }],
      overrides: [
        { date: "2026-12-25", unavailable: true },
        { date: "2026-12-24", start: "10:00", end: "12:00" },
      ],
    });
    expect(parsed).toEqual({
      ...base,
      isDefault: false,
      weekly: [{ day: 1, start: "09:00", end: "24:00" }],
      overrides: [
        { date: "2026-12-25", unavailable: true },
        { date: "2026-12-24", start: "10:00", end: "12:00" },
      ],
    });
    expect(scheduleBody.parse(base)).toEqual({ ...base, isDefault: false, weekly: [], overrides: [] });
  });
  it.each([
    [{ timeZone: "Mars/Olympus" }, "timeZone"],
    [{ name: " " }, "name"],
    [{ weekly: [{ day: 8, start: "09:00", end: "10:00" }] }, "weekly.0.day"],
    [{ weekly: [{ day: 1, start: "10:00", end: "09:00" }] }, "weekly.0.end"],
    [{ weekly: [{ day: 1, start: "24:00", end: "24:00" }] }, "weekly.0.start"],
    [
      {
        weekly: [
          { day: 1, start: "09:00", end: "12:00" },
          { day: 2, start: "09:00", end: "12:00" },
          { day: 1, start: "11:00", end: "13:00" },
        ],
      },
      "weekly.2",
    ],
    [{ overrides: [{ date: "2026-02-30", unavailable: true }] }, "overrides.0.date"],
    [{ overrides: [{ date: "2026-12-24", start: "10:00" }] }, "overrides.0.end"],
    [
      { overrides: [{ date: "2026-12-24", start: "10:00", end: "11:00", unavailable: true }] },
      "overrides.0.unavailable",
    ],
    [
      {
        overrides: [
          { date: "2026-12-24", start: "10:00", end: "12:00" },
          { date: "2026-12-24", start: "11:00", end: "13:00" },
        ],
      },
      "overrides.1",
    ],
    [
      {
        overrides: [
          { date: "2026-12-24", unavailable: true },
          { date: "2026-12-24", start: "11:00", end: "13:00" },
        ],
      },
      "overrides.1",
    ],
  ])("refuses %j at %s", (patch, field) => {
    const result = scheduleBody.safeParse({ ...base, ...patch });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldsOf(result))).toContain(field);
  });
});

describe("eventTypeBody", () => {
  const base = { title: "Intro", slug: "intro", duration: 30 };
  it("fills the documented defaults and lower-cases the slug", () => {
    const parsed = eventTypeBody.parse({ ...base, slug: " Intro-Call " });
    expect(parsed).toMatchObject({
      slug: "intro-call",
      description: "",
      kind: "one-to-one",
      location: { type: "video" },
      seats: null,
      bufferBefore: 0,
      bufferAfter: 0,
      minimumNotice: 120,
      bookingWindowDays: 60,
      slotInterval: null,
      dailyLimit: null,
      scheduleId: null,
      active: true,
      hosts: null,
    });
  });
  it.each([
    [{ slug: "api" }, "slug"],
    [{ slug: "no spaces" }, "slug"],
    [{ slug: "-edge" }, "slug"],
    [{ slug: "a".repeat(61) }, "slug"],
    [{ duration: 4 }, "duration"],
    [{ duration: 721 }, "duration"],
    [{ duration: 30.5 }, "duration"],
    [{ kind: "group" }, "seats"],
    [{ kind: "group", seats: 1 }, "seats"],
    [{ seats: 4 }, "seats"],
    [{ bookingWindowDays: 731 }, "bookingWindowDays"],
    [{ location: { type: "in-person" } }, "location.value"],
    [{ location: { type: "carrier-pigeon" } }, "location.type"],
    [{ scheduleId: "nope" }, "scheduleId"],
  ])("refuses %j at %s", (patch, field) => {
    const result = eventTypeBody.safeParse({ ...base, ...patch });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldsOf(result))).toContain(field);
  });
  it("answers slotInterval = duration when none is set, and leaves out absent seats and dailyLimit", () => {
    const input = eventTypeBody.parse(base);
    const json = eventTypeJson({ ...input, id: "x", scheduleId: "s", hostIds: ["u"] });
    expect(json.slotInterval).toBe(30);
    expect("seats" in json).toBe(false);
    expect("dailyLimit" in json).toBe(false);
  });
});

describe("slotsQuery", () => {
  const base = { eventTypeId: "x", start: "2026-12-01", end: "2026-12-07", timeZone: "Europe/Berlin" };
  it.each([
    [{ end: "2026-11-30" }, "end"],
    [{ end: "2027-02-01" }, "end"],
    [{ timeZone: "Europe/Nowhere" }, "timeZone"],
    [{ start: "2026-13-01" }, "start"],
    [{ eventTypeId: undefined, username: "jane" }, "eventTypeId"],
  ])("refuses %j at %s", (patch, field) => {
    const result = slotsQuery.safeParse({ ...base, ...patch });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldsOf(result))).toContain(field);
  });
  it("takes 62 days, or a username and slug instead of the id", () => {
    expect(slotsQuery.safeParse({ ...base, end: "2027-01-31" }).success).toBe(true);
    expect(
      slotsQuery.safeParse({ ...base, eventTypeId: undefined, username: "Jane", slug: "intro" }).data,
    ).toMatchObject({ username: "jane", slug: "intro" });
  });
});
