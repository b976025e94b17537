import { describe, expect, it } from "vitest";
import {
  dueWorkflowActions,
  renderTemplate,
  smsText,
  SMS_STOP_LINE,
  type TimedAction,
  type WorkflowEvent,
} from "./workflows";

const at = (iso: string) => new Date(iso);

function event(overrides: Partial<WorkflowEvent> = {}): WorkflowEvent {
  return {
    status: "confirmed",
    startsAt: at("2026-12-10T15:00:00Z"),
    endsAt: at("2026-12-10T15:30:00Z"),
    startSetAt: at("2026-12-01T09:00:00Z"),
    hasGuests: true,
    guestTextable: true,
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
