import fc from "fast-check";
import { DateTime, IANAZone } from "luxon";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dateOfDayNumber,
  dayNumber,
  formatInZone,
  instantToWallClock,
  isoWeekdayOfDayNumber,
  todayIn,
  wallClockToInstant,
  ZoneTimeline,
} from "./zoned-time";
import { isTimeZone } from "./time-zone";

function at(date: string, time: string, zone: string): string {
  const r = wallClockToInstant(date, time, zone);
  if (!r.ok) throw new Error(r.reason);
  return r.instant.toISOString();
}

describe("wallClockToInstant", () => {
  it("reads an ordinary wall clock in several zones, including 30/45-minute offsets", () => {
    expect(at("2026-12-07", "09:30", "America/New_York")).toBe("2026-12-07T14:30:00.000Z");
    expect(at("2026-12-07", "09:30", "Asia/Kolkata")).toBe("2026-12-07T04:00:00.000Z");
    expect(at("2026-12-07", "09:30", "Asia/Kathmandu")).toBe("2026-12-07T03:45:00.000Z");
    expect(at("2026-12-07", "09:30", "Pacific/Kiritimati")).toBe("2026-12-06T19:30:00.000Z");
    expect(at("2026-12-07", "09:30", "UTC")).toBe("2026-12-07T09:30:00.000Z");
  });

  it("refuses a time the clocks skip (spring forward) instead of moving it", () => {
    expect(wallClockToInstant("2026-03-08", "02:30", "America/New_York")).toEqual({ ok: false, reason: "nonexistent" });
    expect(wallClockToInstant("2026-03-29", "02:15", "Europe/Berlin")).toEqual({ ok: false, reason: "nonexistent" });
    // Lord Howe Island moves its clocks by 30 minutes only.
    expect(wallClockToInstant("2026-10-04", "02:10", "Australia/Lord_Howe")).toEqual({
      ok: false,
      reason: "nonexistent",
    });
    // The minutes either side of the gap exist.
    expect(at("2026-03-08", "01:59", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(at("2026-03-08", "03:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
  });

  it("takes the first of the two instants of a time that happens twice (fall back)", () => {
    expect(at("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026-10-25", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(at("2026-04-05", "01:45", "Australia/Lord_Howe")).toBe("2026-04-04T14:45:00.000Z");
  });

  it("keeps wall-clock hours on both sides of a transition", () => {
    expect(at("2026-03-07", "09:00", "America/New_York")).toBe("2026-03-07T14:00:00.000Z");
    expect(at("2026-03-09", "09:00", "America/New_York")).toBe("2026-03-09T13:00:00.000Z");
  });

  it("refuses malformed and impossible dates, times and zones", () => {
    expect(wallClockToInstant("2026-02-30", "09:00", "UTC")).toEqual({ ok: false, reason: "invalid" });
    expect(wallClockToInstant("2026-13-01", "09:00", "UTC")).toEqual({ ok: false, reason: "invalid" });
    expect(wallClockToInstant("2026-12-07", "24:00", "UTC")).toEqual({ ok: false, reason: "invalid" });
    expect(wallClockToInstant("7/12/2026", "09:00", "UTC")).toEqual({ ok: false, reason: "invalid" });
    expect(wallClockToInstant("2026-12-07", "09:00", "Mars/Olympus")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("instants back to wall clocks", () => {
  it("round-trips in zones east of the date line", () => {
    const instant = new Date("2026-12-06T19:30:00Z");
    expect(instantToWallClock(instant, "Pacific/Kiritimati")).toEqual({ date: "2026-12-07", time: "09:30" });
    expect(instantToWallClock(instant, "Pacific/Honolulu")).toEqual({ date: "2026-12-06", time: "09:30" });
  });

  it("knows today's date in a zone from a given now", () => {
    const now = new Date("2026-11-22T03:00:00Z");
    expect(todayIn("America/Los_Angeles", now)).toBe("2026-11-21");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-11-22");
  });

  it("adds calendar days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("formats an instant for people in the host's zone", () => {
    const f = formatInZone(new Date("2026-12-07T14:30:00Z"), "America/New_York");
    expect(f).toEqual({ date: "Mon, Dec 7, 2026", time: "9:30 AM", zoneName: "EST" });
  });
});

describe("ZoneTimeline", () => {
  const ms = (iso: string) => Date.parse(iso);
  const wall = (iso: string) => Date.parse(`${iso}Z`); // the wall clock read as if it were UTC
  const span = (t: ZoneTimeline, from: string, to: string) =>
    t.wallClockSpan(wall(from), wall(to)).map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()]);

  it("finds the transitions to the minute and formats with the offset then, never Z", () => {
    const ny = new ZoneTimeline("America/New_York", ms("2026-03-01T00:00:00Z"), ms("2026-03-20T00:00:00Z"));
    expect(ny.offsetAt(ms("2026-03-08T06:59:00Z"))).toBe(-300);
    expect(ny.offsetAt(ms("2026-03-08T07:00:00Z"))).toBe(-240);
    expect(ny.format(ms("2026-03-08T06:59:00Z"))).toBe("2026-03-08T01:59:00-05:00");
    expect(ny.format(ms("2026-03-08T07:00:00Z"))).toBe("2026-03-08T03:00:00-04:00");
    const utc = new ZoneTimeline("UTC", ms("2026-12-06T00:00:00Z"), ms("2026-12-08T00:00:00Z"));
    expect(utc.format(ms("2026-12-07T09:30:00Z"))).toBe("2026-12-07T09:30:00+00:00");
    const kathmandu = new ZoneTimeline("Asia/Kathmandu", ms("2026-12-06T00:00:00Z"), ms("2026-12-08T00:00:00Z"));
    expect(kathmandu.format(ms("2026-12-07T03:45:00Z"))).toBe("2026-12-07T09:30:00+05:45");
    const kiritimati = new ZoneTimeline("Pacific/Kiritimati", ms("2026-12-01T00:00:00Z"), ms("2026-12-10T00:00:00Z"));
    expect(kiritimati.format(ms("2026-12-06T19:30:00Z"))).toBe("2026-12-07T09:30:00+14:00");
    expect(kiritimati.dateAt(ms("2026-12-06T19:30:00Z"))).toBe("2026-12-07");
  });

  it("pins a 30-minute transition (Lord Howe Island, 2026-10-04) to the minute", () => {
    const lordHowe = new ZoneTimeline("Australia/Lord_Howe", ms("2026-09-20T00:00:00Z"), ms("2026-10-20T00:00:00Z"));
    expect(lordHowe.format(ms("2026-10-03T15:29:00Z"))).toBe("2026-10-04T01:59:00+10:30");
    expect(lordHowe.format(ms("2026-10-03T15:30:00Z"))).toBe("2026-10-04T02:30:00+11:00");
  });

  it("maps a wall-clock range into a spring-forward gap onto the first instant after it", () => {
    const ny = new ZoneTimeline("America/New_York", ms("2026-03-05T00:00:00Z"), ms("2026-03-12T00:00:00Z"));
    expect(span(ny, "2026-03-08T01:00", "2026-03-08T02:30")).toEqual([
      ["2026-03-08T06:00:00.000Z", "2026-03-08T07:00:00.000Z"],
    ]);
    expect(span(ny, "2026-03-08T02:30", "2026-03-08T05:00")).toEqual([
      ["2026-03-08T07:00:00.000Z", "2026-03-08T09:00:00.000Z"],
    ]);
    expect(span(ny, "2026-03-08T02:00", "2026-03-08T03:00")).toEqual([]);
  });

  it("gives both instants of repeated wall times at fall back, each once", () => {
    const ny = new ZoneTimeline("America/New_York", ms("2026-10-28T00:00:00Z"), ms("2026-11-05T00:00:00Z"));
    expect(span(ny, "2026-11-01T00:00", "2026-11-01T03:00")).toEqual([
      ["2026-11-01T04:00:00.000Z", "2026-11-01T06:00:00.000Z"],
      ["2026-11-01T06:00:00.000Z", "2026-11-01T08:00:00.000Z"],
    ]);
    expect(span(ny, "2026-11-01T01:30", "2026-11-01T02:00")).toEqual([
      ["2026-11-01T05:30:00.000Z", "2026-11-01T06:00:00.000Z"],
      ["2026-11-01T06:30:00.000Z", "2026-11-01T07:00:00.000Z"],
    ]);
  });

  it("knows day numbers, dates and ISO weekdays", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2026-02-30")).toBeNull();
    expect(dayNumber("2026-13-01")).toBeNull();
    expect(dayNumber("2026-00-10")).toBeNull();
    expect(dayNumber("2026-2-3")).toBeNull();
    expect(dateOfDayNumber(dayNumber("2026-12-31")! + 1)).toBe("2027-01-01");
    expect(isoWeekdayOfDayNumber(dayNumber("2026-12-07")!)).toBe(1); // a Monday
    expect(isoWeekdayOfDayNumber(dayNumber("2026-12-13")!)).toBe(7);
    expect(isoWeekdayOfDayNumber(dayNumber("1969-12-28")!)).toBe(7);
    expect(isTimeZone("Asia/Kathmandu")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("ZoneTimeline from the zone's kept day samples", () => {
  const zones = [...Intl.supportedValuesOf("timeZone"), "UTC"];
  const DAY = 86_400_000;
  const luxonOffset = (zone: string, ms: number) => IANAZone.create(zone).offset(ms);

  it("gives luxon's offset at every instant of its span, in every zone, 1990-2060, whatever was built before", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.parse("1990-01-01T00:00:00Z"), max: Date.parse("2060-01-01T00:00:00Z") }),
        fc.integer({ min: 0, max: 120 * DAY }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (zone, from, length, where) => {
          const timeline = new ZoneTimeline(zone, from, from + length);
          for (const f of where) {
            const ms = Math.floor(from + f * length);
            expect(timeline.offsetAt(ms), `${zone} ${new Date(ms).toISOString()}`).toBe(luxonOffset(zone, ms));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("pins each transition of a year to the minute, built in one piece or from overlapping spans", () => {
    const from = Date.parse("2031-01-01T00:00:00Z");
    const to = Date.parse("2032-01-01T00:00:00Z");
    for (const zone of [
      "America/New_York",
      "Australia/Lord_Howe",
      "Europe/Dublin",
      "Asia/Tehran",
      "Pacific/Chatham",
      "America/Santiago",
    ]) {
      // Pieces first (cached day by day), then the whole year from what they left.
      for (let start = from; start < to; start += 17 * DAY) new ZoneTimeline(zone, start + 3_600_000, start + 40 * DAY);
      const year = new ZoneTimeline(zone, from, to);
      for (let day = from; day < to; day += DAY) {
        if (luxonOffset(zone, day) === luxonOffset(zone, day + DAY)) continue;
        let minute = day;
        while (luxonOffset(zone, minute) === luxonOffset(zone, day)) minute += 60_000;
        expect(year.offsetAt(minute - 60_000), zone).toBe(luxonOffset(zone, minute - 60_000));
        expect(year.offsetAt(minute), zone).toBe(luxonOffset(zone, minute));
      }
    }
  });

  it("refuses an unknown zone every time", () => {
    expect(() => new ZoneTimeline("Mars/Olympus", 0, DAY)).toThrow(RangeError);
    expect(() => new ZoneTimeline("Mars/Olympus", 0, DAY)).toThrow(RangeError);
  });
});

describe("formatInZone and instantToWallClock from cached Intl formatters", () => {
  // What they answered when every call went through luxon: the reference.
  const viaLuxon = (instant: Date, zone: string) => {
    const local = DateTime.fromJSDate(instant, { zone });
    const en = local.setLocale("en-US");
    return {
      wall: { date: local.toFormat("yyyy-MM-dd"), time: local.toFormat("HH:mm") },
      text: {
        date: en.toFormat("ccc, LLL d, yyyy"),
        time: en.toLocaleString(DateTime.TIME_SIMPLE),
        zoneName: en.offsetNameShort ?? zone,
      },
    };
  };
  const zones = [...Intl.supportedValuesOf("timeZone"), "UTC", "utc", "Etc/GMT+5", "Etc/GMT-14", "UTC+3", "local"];

  it("answer what luxon answers, in every zone, over random instants from 1000 to 9999 and around", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: -31_000_000_000_000, max: 253_500_000_000_000 }),
        (zone, ms) => {
          const instant = new Date(ms);
          const expected = viaLuxon(instant, zone);
          expect(instantToWallClock(instant, zone)).toEqual(expected.wall);
          expect(formatInZone(instant, zone)).toEqual(expected.text);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("answer what luxon answers around each zone's transitions in 2026 and at year ends", () => {
    for (const zone of Intl.supportedValuesOf("timeZone")) {
      const ny = new ZoneTimeline(zone, Date.parse("2026-01-01T00:00:00Z"), Date.parse("2027-01-01T00:00:00Z"));
      const instants = [
        Date.parse("2026-12-31T23:59:00Z"),
        Date.parse("2027-01-01T00:00:00Z"),
        Date.parse("2026-06-30T12:00:00Z"),
      ];
      for (let ms = Date.parse("2026-01-01T00:00:00Z"); ms < Date.parse("2027-01-01T00:00:00Z"); ms += 86_400_000) {
        if (ny.offsetAt(ms) !== ny.offsetAt(ms + 86_400_000)) instants.push(ms, ms + 86_400_000);
      }
      for (const ms of instants) {
        const instant = new Date(ms);
        const expected = viaLuxon(instant, zone);
        expect(instantToWallClock(instant, zone)).toEqual(expected.wall);
        expect(formatInZone(instant, zone)).toEqual(expected.text);
      }
    }
  });

  it("leave another locale to luxon", () => {
    const instant = new Date("2026-12-07T14:30:00Z");
    expect(formatInZone(instant, "Europe/Berlin", "de-DE").date).toBe(
      DateTime.fromJSDate(instant, { zone: "Europe/Berlin" }).setLocale("de-DE").toFormat("ccc, LLL d, yyyy"),
    );
  });
});
