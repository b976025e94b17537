import { z } from "zod";
import { plainText } from "./input-rules";
import { WORKFLOW_MESSAGES as M } from "~/messages/profile";
import { FOLLOW_UP_MESSAGE_MAX, REMINDER_BOUNDS, type ReminderSettings } from "~/scheduling/reminders";

/**
 * The Workflows page's form (docs/decisions/022): per rule an on/off box, an amount and a unit;
 * the schema turns them into ReminderSettings (minutes) and checks the bounds. Shared by the
 * server and the browser.
 */

export const WORKFLOW_PAGE = "/dashboard/workFlow";

export const UNITS = { minutes: 1, hours: 60, days: 24 * 60 } as const;
export type Unit = keyof typeof UNITS;
const unitSchema = z.enum(["minutes", "hours", "days"]);

export const WORKFLOW_RULES = ["guestEmail", "secondGuestEmail", "hostInApp", "followUp"] as const;
export type WorkflowRule = (typeof WORKFLOW_RULES)[number];

/** Which units each rule offers (an in-app reminder days ahead makes no sense). */
export const RULE_UNITS: Record<WorkflowRule, Unit[]> = {
  guestEmail: ["minutes", "hours", "days"],
  secondGuestEmail: ["minutes", "hours", "days"],
  hostInApp: ["minutes", "hours"],
  followUp: ["minutes", "hours", "days"],
};

/** 1440 → 1 day, 90 → 90 minutes, 120 → 2 hours: the largest unit that divides evenly. */
export function amountAndUnit(
  minutes: number,
  units: Unit[] = ["minutes", "hours", "days"],
): { amount: number; unit: Unit } {
  for (const unit of ["days", "hours"] as const) {
    if (units.includes(unit) && minutes > 0 && minutes % UNITS[unit] === 0)
      return { amount: minutes / UNITS[unit], unit };
  }
  return { amount: minutes, unit: "minutes" };
}

/** "5 minutes", "7 days" */
export function durationWords(minutes: number): string {
  const { amount, unit } = amountAndUnit(minutes);
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}

const amount = z.number({ message: M.amountRequired }).min(0, M.amountRequired);

export const workflowSchema = z
  .object({
    guestEmailOn: z.boolean().default(false),
    guestEmailAmount: amount,
    guestEmailUnit: unitSchema,
    secondGuestEmailOn: z.boolean().default(false),
    secondGuestEmailAmount: amount,
    secondGuestEmailUnit: unitSchema,
    hostInAppOn: z.boolean().default(false),
    hostInAppAmount: amount,
    hostInAppUnit: unitSchema,
    followUpOn: z.boolean().default(false),
    followUpAmount: amount,
    followUpUnit: unitSchema,
    followUpMessage: plainText(
      z.string().trim().max(FOLLOW_UP_MESSAGE_MAX, M.messageTooLong(FOLLOW_UP_MESSAGE_MAX)),
      "The message",
      {
        multiline: true,
      },
    ).optional(),
  })
  .superRefine((v, ctx) => {
    const minutes: Partial<Record<WorkflowRule, number>> = {};
    for (const rule of WORKFLOW_RULES) {
      const m = v[`${rule}Amount`] * UNITS[v[`${rule}Unit`]];
      const { min, max } = REMINDER_BOUNDS[rule];
      if (!Number.isInteger(Math.round(m * 1e6) / 1e6)) {
        ctx.addIssue({ code: "custom", path: [`${rule}Amount`], message: M.wholeMinutes });
      } else if (m < min || m > max || !RULE_UNITS[rule].includes(v[`${rule}Unit`])) {
        ctx.addIssue({
          code: "custom",
          path: [`${rule}Amount`],
          message: M.between(durationWords(min), durationWords(max)),
        });
      } else minutes[rule] = m;
    }
    const first = minutes.guestEmail;
    const second = minutes.secondGuestEmail;
    if (v.guestEmailOn && v.secondGuestEmailOn && first !== undefined && second !== undefined && second >= first) {
      ctx.addIssue({ code: "custom", path: ["secondGuestEmailAmount"], message: M.secondAfterFirst });
    }
  })
  .transform((v): ReminderSettings => ({
    guestEmail: { on: v.guestEmailOn, minutes: Math.round(v.guestEmailAmount * UNITS[v.guestEmailUnit]) },
    secondGuestEmail: {
      on: v.secondGuestEmailOn,
      minutes: Math.round(v.secondGuestEmailAmount * UNITS[v.secondGuestEmailUnit]),
    },
    hostInApp: { on: v.hostInAppOn, minutes: Math.round(v.hostInAppAmount * UNITS[v.hostInAppUnit]) },
    followUp: {
      on: v.followUpOn,
      minutes: Math.round(v.followUpAmount * UNITS[v.followUpUnit]),
      message: v.followUpMessage ?? "",
    },
  }));

/** The form's starting values for saved settings. */
export function formValues(s: ReminderSettings): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = { followUpMessage: s.followUp.message };
  for (const rule of WORKFLOW_RULES) {
    const { amount: a, unit } = amountAndUnit(s[rule].minutes, RULE_UNITS[rule]);
    values[`${rule}On`] = s[rule].on;
    values[`${rule}Amount`] = String(a);
    values[`${rule}Unit`] = unit;
  }
  return values;
}
