import { describe, expect, it } from "vitest";
import { busyFromGraphEvents, graphInstant } from "./graph-busy";

const window = { from: new Date("2026-12-01T00:00:00Z"), to: new Date("2026-12-31T00:00:00Z"), zone: "Europe/Berlin" };
const utc = (dateTime: string) => ({ dateTime, timeZone: "UTC" });

describe("busyFromGraphEvents", () => {
  it("blocks busy, tentative, away and unknown; not free, working elsewhere or cancelled", () => {
    const at = (day: number, showAs: string, isCancelled = false) => ({
      id: `${showAs}-${day}`,
      showAs,
      isCancelled,
      start: utc(`2026-12-${String(day).padStart(2, "0")}T10:00:00.0000000`),
      end: utc(`2026-12-${String(day).padStart(2, "0")}T11:00:00.0000000`),
    });
    const busy = busyFromGraphEvents(
      [
        at(2, "busy"),
        at(3, "tentative"),
        at(4, "oof"),
        at(5, "unknown"),
        at(6, "free"),
        at(7, "workingElsewhere"),
        at(8, "busy", true),
      ],
      window,
    );
    expect(busy.map((b) => b.start.toISOString())).toEqual([
      "2026-12-02T10:00:00.000Z",
      "2026-12-03T10:00:00.000Z",
      "2026-12-04T10:00:00.000Z",
      "2026-12-05T10:00:00.000Z",
    ]);
  });

  it("reads an IANA-zoned time in its zone and UTC as UTC", () => {
    const [berlin, plain] = busyFromGraphEvents(
      [
        {
          start: { dateTime: "2026-12-10T09:00:00.0000000", timeZone: "Europe/Berlin" },
          end: { dateTime: "2026-12-10T10:00:00.0000000", timeZone: "Europe/Berlin" },
        },
        { start: utc("2026-12-11T09:00:00.0000000"), end: utc("2026-12-11T09:30:00.0000000") },
      ],
      window,
    );
    expect(berlin).toEqual({ start: new Date("2026-12-10T08:00:00Z"), end: new Date("2026-12-10T09:00:00Z") });
    expect(plain).toEqual({ start: new Date("2026-12-11T09:00:00Z"), end: new Date("2026-12-11T09:30:00Z") });
  });

  it("reads an all-day event as its dates in the host's zone", () => {
    const [day] = busyFromGraphEvents(
      [{ isAllDay: true, start: utc("2026-12-24T00:00:00.0000000"), end: utc("2026-12-25T00:00:00.0000000") }],
      window,
    );
    expect(day).toEqual({ start: new Date("2026-12-23T23:00:00Z"), end: new Date("2026-12-24T23:00:00Z") });
  });

  it("leaves out what lies outside the window, what it cannot read, and empty or reversed times", () => {
    expect(
      busyFromGraphEvents(
        [
          { start: utc("2026-11-20T09:00:00"), end: utc("2026-11-20T10:00:00") },
          {
            start: { dateTime: "2026-12-12T09:00:00", timeZone: "Mars Standard Time" },
            end: utc("2026-12-12T10:00:00"),
          },
          { start: utc("2026-12-13T10:00:00"), end: utc("2026-12-13T10:00:00") },
          { start: utc("2026-12-14T11:00:00"), end: utc("2026-12-14T10:00:00") },
          { start: utc("not a time"), end: utc("2026-12-14T10:00:00") },
        ],
        window,
      ),
    ).toEqual([]);
  });

  it("graphInstant takes seven fractional digits and an offset-less time", () => {
    expect(graphInstant(utc("2026-12-10T09:15:30.1234567"), false, "UTC")).toBe(Date.parse("2026-12-10T09:15:30.123Z"));
  });
});
