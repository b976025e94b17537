import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { busyWindow, computeSlots, type BusyTime, type SlotInput } from "./slots";
import { dateOfDayNumber } from "./zoned-time";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ZONES = [
  "UTC",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "America/New_York",
  "Asia/Kathmandu",
  "Europe/Berlin",
  "Australia/Lord_Howe",
];
const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));

/** Busy times whose [start, end) meets the window, as the database's range overlap reads them. */
function within(busy: BusyTime[], window: { from: Date; to: Date }): BusyTime[] {
  return busy.filter(
    (b) => Number(b.start) < window.to.getTime() && Number(b.end) > window.from.getTime() && window.from < window.to,
  );
}

describe("busyWindow", () => {
  it("reads from a few days before now, not from the start of a month that began weeks ago", () => {
    const now = Date.parse("2026-11-24T15:00:00Z");
    const { from, to } = busyWindow(
      { bufferBefore: 30, bufferAfter: 60 },
      { start: "2026-11-01", end: "2026-11-30" },
      now,
    );
    expect(from.getTime()).toBeGreaterThanOrEqual(now - 4 * DAY - 60 * MINUTE);
    expect(from.getTime()).toBeLessThanOrEqual(now - 3 * DAY);
    expect(to.getTime()).toBeGreaterThanOrEqual(Date.parse("2026-12-01T00:00:00Z") + 2 * DAY);
  });

  it("keeps a range that starts after now as it was, and is empty for a range long past", () => {
    const now = Date.parse("2026-11-24T15:00:00Z");
    const later = busyWindow({}, { start: "2026-12-10", end: "2026-12-12" }, now);
    expect(later.from.toISOString()).toBe("2026-12-07T12:00:00.000Z");
    expect(later.to.toISOString()).toBe("2026-12-15T12:00:00.000Z");
    const past = busyWindow({}, { start: "2026-09-01", end: "2026-09-30" }, now);
    expect(past.from.getTime()).toBe(past.to.getTime());
  });

  it("gives the same slots as every busy time would, whatever the history, zones, buffers, notice and limits", () => {
    fc.assert(
      fc.property(
        fc.record({
          now: fc
            .integer({
              min: Date.parse("2026-01-01T00:00:00Z") / MINUTE,
              max: Date.parse("2027-01-01T00:00:00Z") / MINUTE,
            })
            .map((m) => m * MINUTE),
          startOffset: fc.oneof(fc.integer({ min: -3, max: 0 }), fc.integer({ min: -40, max: 8 })),
          length: fc.integer({ min: 0, max: 20 }),
          hostZone: fc.constantFrom(...ZONES),
          guestZone: fc.constantFrom(...ZONES),
          group: fc.boolean(),
          allDay: fc.boolean(),
          duration: fc.constantFrom(15, 30, 45, 60, 120),
          slotInterval: fc.constantFrom(15, 30, 60),
          bufferBefore: fc.integer({ min: 0, max: 180 }),
          bufferAfter: fc.integer({ min: 0, max: 180 }),
          minimumNotice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 24 * 60 })),
          dailyLimit: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
          busy: fc.array(
            fc.record({
              // Quarter hours from now: most within a day or two of it, where the window's edge is.
              at: fc.oneof(
                fc.integer({ min: -3 * 24 * 4, max: 2 * 24 * 4 }),
                fc.integer({ min: -45 * 24 * 4, max: 30 * 24 * 4 }),
              ),
              minutes: fc.integer({ min: 15, max: 300 }),
              bufferBefore: fc.integer({ min: 0, max: 180 }),
              bufferAfter: fc.integer({ min: 0, max: 180 }),
              own: fc.boolean(),
              seats: fc.integer({ min: 1, max: 2 }),
            }),
            { maxLength: 40 },
          ),
        }),
        (c) => {
          const today = Math.floor(c.now / DAY);
          const range = {
            start: dateOfDayNumber(today + c.startOffset),
            end: dateOfDayNumber(today + c.startOffset + c.length),
          };
          const eventType = {
            id: "et",
            kind: c.group ? ("group" as const) : ("one-to-one" as const),
            duration: c.duration,
            slotInterval: c.slotInterval,
            bufferBefore: c.bufferBefore,
            bufferAfter: c.bufferAfter,
            minimumNotice: c.minimumNotice,
            ...(c.group ? { seats: 3 } : {}),
            ...(c.dailyLimit ? { dailyLimit: c.dailyLimit } : {}),
          };
          const base = Math.floor(c.now / (15 * MINUTE)) * 15 * MINUTE;
          const busy: BusyTime[] = c.busy.map((b) => ({
            start: base + b.at * 15 * MINUTE,
            end: base + b.at * 15 * MINUTE + b.minutes * MINUTE,
            bufferBefore: b.bufferBefore,
            bufferAfter: b.bufferAfter,
            ...(b.own ? { eventTypeId: "et" } : {}),
            seats: b.seats,
          }));
          const search = (list: BusyTime[]): SlotInput => ({
            eventType,
            hosts: [
              {
                id: "h",
                schedule: {
                  timeZone: c.hostZone,
                  weekly: c.allDay ? everyDay("00:00", "24:00") : everyDay("07:00", "19:00"),
                },
                busy: list,
              },
            ],
            now: c.now,
            range,
            timeZone: c.guestZone,
          });
          const window = busyWindow(eventType, range, c.now);
          expect(computeSlots(search(within(busy, window)))).toEqual(computeSlots(search(busy)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
