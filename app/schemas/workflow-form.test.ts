import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_SETTINGS } from "~/scheduling/reminders";
import { amountAndUnit, formValues, workflowSchema } from "./workflow-form";

function form(values: Record<string, string | boolean>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (v === true) fd.set(k, "on");
    else if (v !== false) fd.set(k, v);
  }
  return parseWithZod(fd, { schema: workflowSchema });
}

describe("workflowSchema", () => {
  it("round-trips the defaults through the form", () => {
    const result = form(formValues(DEFAULT_REMINDER_SETTINGS));
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value).toEqual(DEFAULT_REMINDER_SETTINGS);
  });

  it("turns amounts and units into minutes; an unticked box is off", () => {
    const result = form({
      ...formValues(DEFAULT_REMINDER_SETTINGS),
      guestEmailAmount: "1.5",
      guestEmailUnit: "hours",
      hostInAppOn: false,
      followUpOn: true,
      followUpMessage: "  Thanks!  ",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.guestEmail).toEqual({ on: true, minutes: 90 });
    expect(result.value.hostInApp.on).toBe(false);
    expect(result.value.followUp).toEqual({ on: true, minutes: 60, message: "Thanks!" });
  });

  it("refuses offsets out of bounds, broken minutes, missing numbers and a second reminder before the first", () => {
    const base = formValues(DEFAULT_REMINDER_SETTINGS);
    const errors = (patch: Record<string, string | boolean>) => {
      const r = form({ ...base, ...patch });
      return r.status === "error" ? r.error : null;
    };
    expect(errors({ guestEmailAmount: "8", guestEmailUnit: "days" })).toEqual({
      guestEmailAmount: ["Choose between 5 minutes and 7 days."],
    });
    expect(errors({ guestEmailAmount: "2", guestEmailUnit: "minutes" })).toEqual({
      guestEmailAmount: ["Choose between 5 minutes and 7 days."],
    });
    expect(errors({ hostInAppAmount: "2", hostInAppUnit: "days" })).toEqual({
      hostInAppAmount: ["Choose between 1 minute and 1 day."],
    });
    expect(errors({ followUpAmount: "2.5", followUpUnit: "minutes" })).toEqual({
      followUpAmount: ["Use whole minutes (1.5 hours is fine, 2.5 minutes is not)."],
    });
    expect(errors({ guestEmailAmount: "" })).toEqual({ guestEmailAmount: ["Enter a number."] });
    expect(errors({ secondGuestEmailOn: true, secondGuestEmailAmount: "2", secondGuestEmailUnit: "days" })).toEqual({
      secondGuestEmailAmount: ["The second reminder must come closer to the start than the first."],
    });
    expect(errors({ followUpMessage: "x".repeat(1001) })).toEqual({
      followUpMessage: ["Use at most 1000 characters."],
    });
  });

  it("shows minutes in the largest unit that divides them", () => {
    expect(amountAndUnit(1440)).toEqual({ amount: 1, unit: "days" });
    expect(amountAndUnit(90)).toEqual({ amount: 90, unit: "minutes" });
    expect(amountAndUnit(1440, ["minutes", "hours"])).toEqual({ amount: 24, unit: "hours" });
  });
});
