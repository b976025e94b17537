import { describe, expect, it } from "vitest";
import {
  dueWorkflowActions,
  nextWorkflowCheck,
  renderTemplate,
  smsText,
  SMS_STOP_LINE,
  type TimedAction,
  type WorkflowEvent,
} from "./workflows";

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

function event(overrides: Partial<WorkflowEvent> = {}): WorkflowEvent {
  return {
    status: "confirmed",
    startsAt: at("2026-12-10T15:00:00Z"),
    endsAt: at("2026-12-10T15:30:00Z"),
    startSetAt: at("2026-12-01T09:00:00Z"),
    hasGuests: true,
    guestTextable: true,
    hostTextable: true,
    ...overrides,
  };
}

const day: TimedAction = { id: "day", trigger: "before_start", offsetMinutes: 24 * 60, type: "email_guest" };
const hour: TimedAction = { id: "hour", trigger: "before_start", offsetMinutes: 60, type: "email_guest" };
const bell: TimedAction = { id: "bell", trigger: "before_start", offsetMinutes: 15, type: "bell" };
const text: TimedAction = { id: "text", trigger: "before_start", offsetMinutes: 120, type: "sms_guest" };
const thanks: TimedAction = { id: "thanks", trigger: "after_end", offsetMinutes: 60, type: "email_guest" };
const all = [day, hour, bell, text, thanks];

const due = (now: string, e = event(), delivered: string[] = [], actions = all) =>
  dueWorkflowActions({ event: e, actions, delivered: new Set(delivered), now: at(now) });

describe("dueWorkflowActions", () => {
  it("nothing before its time; each from its time until the start", () => {
    expect(due("2026-12-09T14:59:00Z")).toEqual([]);
    expect(due("2026-12-09T15:00:00Z")).toEqual(["day"]);
    expect(due("2026-12-10T13:00:00Z", event(), ["day"])).toEqual(["text"]);
    expect(due("2026-12-10T14:50:00Z", event(), ["day", "text"])).toEqual(["hour", "bell"]);
    expect(due("2026-12-10T15:00:00Z", event(), [])).toEqual([]);
  });

  it("sends nothing already sent, nothing for a cancelled or pending booking", () => {
    expect(due("2026-12-09T16:00:00Z", event(), ["day"])).toEqual([]);
    expect(due("2026-12-09T16:00:00Z", event({ status: "cancelled" }))).toEqual([]);
    expect(due("2026-12-09T16:00:00Z", event({ status: "pending" }))).toEqual([]);
  });

  it("never late: booked after an action's time, that action is skipped", () => {
    const late = event({ startSetAt: at("2026-12-10T14:30:00Z") });
    expect(due("2026-12-10T14:46:00Z", late)).toEqual(["bell"]);
  });

  it("of two guest e-mails due at once only the one closer to the start; other kinds still go", () => {
    expect(due("2026-12-10T14:10:00Z")).toEqual(["hour", "text"]);
  });

  it("after the end within a day of its time, never later", () => {
    expect(due("2026-12-10T16:30:00Z", event(), ["day", "hour", "bell", "text"])).toEqual(["thanks"]);
    expect(due("2026-12-11T16:30:00Z", event(), ["day", "hour", "bell", "text"])).toEqual(["thanks"]);
    expect(due("2026-12-11T16:31:00Z", event(), ["day", "hour", "bell", "text"])).toEqual([]);
  });

  it("guest actions only when there is someone to reach", () => {
    expect(due("2026-12-10T14:50:00Z", event({ hasGuests: false, guestTextable: false }), ["day"])).toEqual(["bell"]);
  });
});

describe("renderTemplate", () => {
  it("replaces known variables, keeps unknown ones, escapes values only", () => {
    const esc = (s: string) => s.replace(/</g, "&lt;");
    expect(
      renderTemplate("<b>Hi {guest_name}</b>, {nope} {answer_q1}", { guest_name: "<i>Sam</i>", answer_q1: "x" }, esc),
    ).toBe("<b>Hi &lt;i>Sam&lt;/i></b>, {nope} x");
  });
});

describe("smsText", () => {
  it("ends with the STOP line once", () => {
    expect(smsText("See you")).toBe(`See you\n\n${SMS_STOP_LINE}`);
    expect(smsText(`See you\n\n${SMS_STOP_LINE}`)).toBe(`See you\n\n${SMS_STOP_LINE}`);
  });
});

const next = (
  now: string,
  e = event(),
  delivered: string[] = [],
  actions: TimedAction[] = all,
  retry?: { at: Date; actionIds: ReadonlySet<string> },
) =>
  nextWorkflowCheck({ event: e, actions, delivered: new Set(delivered), now: at(now), retry })?.toISOString() ?? null;

describe("nextWorkflowCheck", () => {
  it("is the time of the earliest action not yet sent", () => {
    expect(next("2026-12-05T00:00:00Z")).toBe("2026-12-09T15:00:00.000Z");
    expect(next("2026-12-09T15:00:00Z", event(), ["day"])).toBe("2026-12-10T13:00:00.000Z");
    expect(next("2026-12-10T13:00:00Z", event(), ["day", "text"])).toBe("2026-12-10T14:00:00.000Z");
    expect(next("2026-12-10T14:50:00Z", event(), ["day", "text", "hour", "bell"])).toBe("2026-12-10T16:30:00.000Z");
  });

  it("skips what the booking got too late for, and what is past its window", () => {
    // Booked at 13:30 on the day: the day and 2-hour messages are never due, the hour one is next.
    expect(next("2026-12-10T13:30:00Z", event({ startSetAt: at("2026-12-10T13:30:00Z") }))).toBe(
      "2026-12-10T14:00:00.000Z",
    );
    // After the start only the follow-up is left; a day after its time nothing is.
    expect(next("2026-12-10T15:00:00Z")).toBe("2026-12-10T16:30:00.000Z");
    const retryThanks = (iso: string) => ({ at: at(iso), actionIds: new Set(["thanks"]) });
    expect(next("2026-12-11T16:29:00Z", event(), [], all, retryThanks("2026-12-11T16:30:00Z"))).toBe(
      "2026-12-11T16:30:00.000Z",
    );
    expect(next("2026-12-11T16:30:01Z", event(), [], all, retryThanks("2026-12-11T16:31:00Z"))).toBeNull();
    expect(next("2026-12-10T17:00:00Z", event(), ["thanks"])).toBeNull();
  });

  it("is null for a booking that is not confirmed", () => {
    expect(next("2026-12-05T00:00:00Z", event({ status: "cancelled" }))).toBeNull();
    expect(next("2026-12-05T00:00:00Z", event({ status: "pending" }))).toBeNull();
  });

  it("an action due but not sent waits for a change, unless it is to be retried", () => {
    // The day message is due (nobody to reach): the next look is the 2-hour text's time.
    expect(next("2026-12-09T16:00:00Z")).toBe("2026-12-10T13:00:00.000Z");
    const retry = { at: at("2026-12-09T16:01:00Z"), actionIds: new Set(["day"]) };
    expect(next("2026-12-09T16:00:00Z", event(), [], all, retry)).toBe("2026-12-09T16:01:00.000Z");
    // Not after its window: a retried "before" action is not looked at after the start.
    expect(next("2026-12-10T15:00:00Z", event(), ["thanks"], all, retry)).toBeNull();
  });
});

/**
 * What a poller sends, as (action, minute) pairs: one that looks every minute, and one that looks
 * only when nextWorkflowCheck says. They must send the same actions at the same minutes.
 */
function simulate(e: WorkflowEvent, actions: TimedAction[], from: Date, to: Date, onlyWhenDue: boolean) {
  const delivered = new Set<string>();
  const sent: string[] = [];
  let check: number | null = from.getTime();
  for (let t = from.getTime(); t <= to.getTime(); t += MINUTE) {
    if (onlyWhenDue && (check === null || t < check)) continue;
    const now = new Date(t);
    for (const id of dueWorkflowActions({ event: e, actions, delivered, now })) {
      delivered.add(id);
      sent.push(`${id}@${now.toISOString()}`);
    }
    check = nextWorkflowCheck({ event: e, actions, delivered, now })?.getTime() ?? null;
  }
  return sent;
}

describe("a poll that looks only when nextWorkflowCheck says", () => {
  const cases: Array<[string, WorkflowEvent, TimedAction[]]> = [
    ["booked long ago", event(), all],
    ["booked three hours before", event({ startSetAt: at("2026-12-10T12:00:00Z") }), all],
    ["booked 20 minutes before", event({ startSetAt: at("2026-12-10T14:40:00Z") }), all],
    ["no guests", event({ hasGuests: false, guestTextable: false }), all],
    [
      "two guest e-mails due at once after the booking",
      event({ startSetAt: at("2026-12-10T13:59:00Z") }),
      [day, hour, { ...hour, id: "hour2", offsetMinutes: 30 }],
    ],
    ["a follow-up at the end", event(), [{ ...thanks, offsetMinutes: 0 }]],
  ];
  it.each(cases)("sends what a poll every minute sends, at the same minutes: %s", (_, e, actions) => {
    const from = at("2026-12-08T00:00:00Z");
    const to = at("2026-12-12T00:00:00Z");
    const everyMinute = simulate(e, actions, from, to, false);
    expect(simulate(e, actions, from, to, true)).toEqual(everyMinute);
    expect(everyMinute.length).toBeGreaterThan(0);
  });
});
