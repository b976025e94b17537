import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/messages";
import { formatMonthlyPrice, packageFields, packageSchema, parsePrice, priceInputValue } from "./package-form";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

describe("parsePrice", () => {
  it.each([
    ["", 0],
    ["  ", 0],
    ["Free", 0],
    ["free", 0],
    ["FREE", 0],
    ["0", 0],
    ["10", 1000],
    ["$10", 1000],
    ["9.9", 990],
    ["9.99", 999],
    ["0.01", 1],
    [" 25.50 ", 2550],
    ["10.", 1000],
    ["100000", 10_000_000],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parsePrice(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ["-1", "The price cannot be negative."],
    ["-0.5", "The price cannot be negative."],
    ["9.999", "Use at most 2 decimals (cents)."],
    ["ten", "Enter a price in dollars (e.g. 10 or 9.99) or Free."],
    ["1e3", "Enter a price in dollars (e.g. 10 or 9.99) or Free."],
    ["10,50", "Enter a price in dollars (e.g. 10 or 9.99) or Free."],
    [".5", "Enter a price in dollars (e.g. 10 or 9.99) or Free."],
    ["100000.01", "That price is too high."],
    ["99999999999999999999", "That price is too high."],
  ])("refuses %j", (input, message) => {
    expect(parsePrice(input)).toEqual({ ok: false, message });
  });
});

describe("price display", () => {
  it("shows '$price/month' for a paid package and 'Free' for zero", () => {
    expect(formatMonthlyPrice(1000)).toBe("$10/month");
    expect(formatMonthlyPrice(999)).toBe("$9.99/month");
    expect(formatMonthlyPrice(1050)).toBe("$10.50/month");
    expect(formatMonthlyPrice(0)).toBe("Free");
  });

  it("puts back into the form what parsePrice reads again", () => {
    for (const cents of [0, 1, 999, 1000, 1050, 2500]) {
      expect(parsePrice(priceInputValue(cents))).toEqual({ ok: true, cents });
    }
  });
});

describe("packageSchema", () => {
  it("trims, converts the price to cents and fills the optional fields", () => {
    const submission = parseWithZod(
      form({ name: "  Team  ", price: "12.5", calender: "3", accessType: " All features " }),
      {
        schema: packageSchema,
      },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Team",
      priceCents: 1250,
      accessType: "All features",
      activeEvent: "",
      calender: 3,
      goupEvent: "",
      notificationStatus: "",
      oneToOne: "",
    });
  });

  it("stores an empty price as Free (0 cents) and an empty calender as 0", () => {
    const submission = parseWithZod(form({ name: "Starter", price: "", calender: "" }), { schema: packageSchema });
    expect(submission.status === "success" && submission.value).toMatchObject({ priceCents: 0, calender: 0 });
  });

  it("answers each bad field with its own message", () => {
    const submission = parseWithZod(
      form({ name: "   ", price: "9.999", calender: "-2", accessType: "x".repeat(2001), oneToOne: "y".repeat(501) }),
      {
        schema: packageSchema,
      },
    );
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.name).toEqual([MESSAGES.packageNameRequired]);
    expect(errors.price).toEqual(["Use at most 2 decimals (cents)."]);
    expect(errors.calender).toEqual(["Calendars: enter a whole number, 0 or more."]);
    expect(errors.accessType).toEqual(["Access type: use at most 2000 characters."]);
    expect(errors.oneToOne).toEqual(["One-to-one events: use at most 500 characters."]);
  });

  it("refuses a fractional or non-numeric calender count", () => {
    for (const calender of ["1.5", "many"]) {
      const submission = parseWithZod(form({ name: "A", calender }), { schema: packageSchema });
      expect(submission.reply().error?.calender).toEqual(["Calendars: enter a whole number, 0 or more."]);
    }
  });

  it("gives the browser the HTML constraints of the plain fields", () => {
    const constraint = getZodConstraint(packageFields);
    expect(constraint.name).toMatchObject({ required: true });
    expect(constraint.price?.required).toBeFalsy();
    expect(constraint.calender?.required).toBeFalsy();
  });
});
