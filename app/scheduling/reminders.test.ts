import { describe, expect, it } from "vitest";
import {
  DEFAULT_REMINDER_SETTINGS,
  dueReminders,
  reminderTime,
  type ReminderSettings,
  type RemindedEvent,
} from "./reminders";
import { wallClockToInstant } from "./zoned-time";

const at = (iso: string) => new Date(iso);
const MIN = 60_000;

function event(overrides: Partial<RemindedEvent> = {}): RemindedEvent {
  return {
    status: "confirmed",
    startsAt: at("2026-12-10T15:00:00Z"),
    endsAt: at("2026-12-10T15:30:00Z"),
    startSetAt: at("2026-12-01T09:00:00Z"),
    hasGuests: true,
    ...overrides,
  };
}

const settings = (patch: Partial<ReminderSettings> = {}): ReminderSettings => ({
  ...DEFAULT_REMINDER_SETTINGS,
  ...patch,
});

function due(e: RemindedEvent, now: Date, s = settings(), delivered: string[] = []) {
  return dueReminders({ event: e, settings: s, delivered: new Set(delivered), now });
}

describe("dueReminders", () => {
  it("sends the 24-hour e-mail from exactly 24 hours before, not a millisecond earlier", () => {
    const e = event();
    expect(due(e, at("2026-12-09T14:59:59.999Z"))).toEqual([]);
    expect(due(e, at("2026-12-09T15:00:00Z"))).toEqual(["guest-email"]);
    // Still due later on (a runner that was down catches up) until the event starts.
    expect(due(e, at("2026-12-10T14:00:00Z"))).toEqual(["guest-email"]);
  });

  it("sends the host's in-app reminder 15 minutes before, alongside a guest e-mail not sent yet", () => {
    const e = event();
    expect(due(e, at("2026-12-10T14:45:00Z"), settings(), ["guest-email"])).toEqual(["host-in-app"]);
    expect(due(e, at("2026-12-10T14:45:00Z"))).toEqual(["guest-email", "host-in-app"]);
  });

  it("reminds a booking that waits for approval only once it is approved (decision 040)", () => {
    expect(due(event({ status: "pending" }), at("2026-12-10T14:45:00Z"))).toEqual([]);
    expect(due(event({ status: "confirmed" }), at("2026-12-10T14:45:00Z"))).toEqual(["guest-email", "host-in-app"]);
  });

  it("never sends what was already sent for this start", () => {
    expect(due(event(), at("2026-12-10T14:50:00Z"), settings(), ["guest-email", "host-in-app"])).toEqual([]);
  });

  it("sends nothing once the event started, and nothing at all for a cancelled one", () => {
    expect(due(event(), at("2026-12-10T15:00:00Z"))).toEqual([]);
    expect(due(event({ status: "cancelled" }), at("2026-12-10T14:50:00Z"))).toEqual([]);
  });

  it("does not send a reminder late when its time had passed before the event was booked", () => {
    // Booked 30 minutes ahead: the 24-hour e-mail is skipped, the 15-minute bell still comes.
    const e = event({ startSetAt: at("2026-12-10T14:30:00Z") });
    expect(due(e, at("2026-12-10T14:40:00Z"))).toEqual([]);
    expect(due(e, at("2026-12-10T14:45:00Z"))).toEqual(["host-in-app"]);
    // Booked exactly at the reminder's time: it is sent.
    expect(due(event({ startSetAt: at("2026-12-09T15:00:00Z") }), at("2026-12-09T15:00:00Z"))).toEqual(["guest-email"]);
  });

  it("a rescheduled event (new start, new start-set time) is reminded again for the new time", () => {
    // Sent for the old start; the delivered set is per start, so it is empty for the new one.
    const moved = event({
      startsAt: at("2026-12-12T15:00:00Z"),
      endsAt: at("2026-12-12T15:30:00Z"),
      startSetAt: at("2026-12-10T16:00:00Z"),
    });
    expect(due(moved, at("2026-12-11T14:59:00Z"))).toEqual([]);
    expect(due(moved, at("2026-12-11T15:00:00Z"))).toEqual(["guest-email"]);
    // Moved to less than a day ahead: only what comes after the move.
    const soon = event({
      startsAt: at("2026-12-10T18:00:00Z"),
      endsAt: at("2026-12-10T18:30:00Z"),
      startSetAt: at("2026-12-10T16:00:00Z"),
    });
    expect(due(soon, at("2026-12-10T17:45:00Z"))).toEqual(["host-in-app"]);
  });

  it("guest e-mails need someone to e-mail; the host's bell does not", () => {
    const e = event({ hasGuests: false });
    expect(due(e, at("2026-12-10T14:50:00Z"))).toEqual(["host-in-app"]);
  });

  it("of two guest e-mails due at once after an outage, only the one closer to the start goes out", () => {
    const s = settings({ secondGuestEmail: { on: true, minutes: 60 } });
    expect(due(event(), at("2026-12-09T15:00:00Z"), s)).toEqual(["guest-email"]);
    expect(due(event(), at("2026-12-10T14:00:00Z"), s, ["guest-email"])).toEqual(["guest-email-2"]);
    // Down from before the first until after the second: one e-mail, not two.
    expect(due(event(), at("2026-12-10T14:10:00Z"), s)).toEqual(["guest-email-2"]);
  });

  it("sends the follow-up after the end, within a day of its time, never for events long past", () => {
    const s = settings({ followUp: { on: true, minutes: 60, message: "Thanks!" } });
    expect(due(event(), at("2026-12-10T16:29:59Z"), s, ["guest-email", "host-in-app"])).toEqual([]);
    expect(due(event(), at("2026-12-10T16:30:00Z"), s, ["guest-email", "host-in-app"])).toEqual(["follow-up"]);
    expect(due(event(), at("2026-12-11T16:30:00Z"), s, ["guest-email", "host-in-app"])).toEqual(["follow-up"]);
    expect(due(event(), at("2026-12-11T16:30:00.001Z"), s, ["guest-email", "host-in-app"])).toEqual([]);
    expect(due(event({ status: "cancelled" }), at("2026-12-10T16:30:00Z"), s)).toEqual([]);
    expect(due(event({ hasGuests: false }), at("2026-12-10T16:30:00Z"), s)).toEqual([]);
  });

  it("nothing is sent for a rule that is off", () => {
    const off = settings({ guestEmail: { on: false, minutes: 1440 }, hostInApp: { on: false, minutes: 15 } });
    expect(due(event(), at("2026-12-10T14:50:00Z"), off)).toEqual([]);
  });

  it("counts elapsed hours across a daylight-saving change in the event's zone", () => {
    // New York springs forward on 2026-03-08: 24 hours before 10:00 EDT is 09:00 EST the day before.
    const start = wallClockToInstant("2026-03-08", "10:00", "America/New_York");
    if (!start.ok) throw new Error("bad fixture");
    const e = event({
      startsAt: start.instant,
      endsAt: new Date(start.instant.getTime() + 30 * MIN),
      startSetAt: at("2026-03-01T00:00:00Z"),
    });
    const dayBefore = wallClockToInstant("2026-03-07", "09:00", "America/New_York");
    if (!dayBefore.ok) throw new Error("bad fixture");
    expect(reminderTime("guest-email", e, settings())).toEqual(dayBefore.instant);
    expect(due(e, new Date(dayBefore.instant.getTime() - 1))).toEqual([]);
    expect(due(e, dayBefore.instant)).toEqual(["guest-email"]);
  });
});
