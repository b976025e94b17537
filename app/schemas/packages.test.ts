import { describe, expect, it } from "vitest";
import { formatDollars, formatPrice, highlightedIndex, packageFeatures, truncateAccessType } from "./packages";

describe("formatPrice", () => {
  it("says 'Free' for a zero price", () => {
    expect(formatPrice(0)).toBe("Free");
  });

  it("shows whole dollars without cents, per month", () => {
    expect(formatPrice(1000)).toBe("$10/Month");
    expect(formatPrice(2000)).toBe("$20/Month");
    expect(formatPrice(100)).toBe("$1/Month");
  });

  it("shows cents when the price is not a whole number of dollars", () => {
    expect(formatPrice(1050)).toBe("$10.50/Month");
    expect(formatPrice(999)).toBe("$9.99/Month");
    expect(formatPrice(5)).toBe("$0.05/Month");
  });
});

describe("formatDollars", () => {
  it("is the number the payment summary shows before '$'", () => {
    expect(formatDollars(1000)).toBe("10");
    expect(formatDollars(0)).toBe("0");
    expect(formatDollars(1234)).toBe("12.34");
  });
});

describe("truncateAccessType", () => {
  it("keeps the first 30 characters and adds '...' when longer", () => {
    const text = "Connect to Google, Office 365, Outlook, and iCloud calendars";
    expect(truncateAccessType(text)).toBe("Connect to Google, Office 365,...");
    expect(truncateAccessType(text)).toBe(`${text.slice(0, 30)}...`);
  });

  it("leaves text of 30 characters or fewer alone", () => {
    const exactly30 = "a".repeat(30);
    expect(truncateAccessType(exactly30)).toBe(exactly30);
    expect(truncateAccessType("a".repeat(31))).toBe(`${"a".repeat(30)}...`);
    expect(truncateAccessType("")).toBe("");
  });

  it("never cuts a character in half", () => {
    const text = `${"x".repeat(29)}📅📅`;
    expect(truncateAccessType(text)).toBe(`${"x".repeat(29)}📅...`);
  });
});

describe("packageFeatures", () => {
  it("labels every feature value in display order", () => {
    const features = packageFeatures({
      activeEvent: "3",
      calender: 1,
      goupEvent: "Unlimited",
      notificationStatus: "Only on site",
      oneToOne: "Unlimited",
    });
    expect(features.map((f) => [f.label, f.value])).toEqual([
      ["Active events", "3"],
      ["Calendars", "1"],
      ["Group events", "Unlimited"],
      ["Notifications", "Only on site"],
      ["One-to-one events", "Unlimited"],
    ]);
  });

  it("says 'Not included' for an empty value rather than showing nothing", () => {
    const features = packageFeatures({
      activeEvent: "",
      calender: 0,
      goupEvent: "  ",
      notificationStatus: "x",
      oneToOne: "y",
    });
    expect(features.find((f) => f.key === "activeEvent")?.value).toBe("Not included");
    expect(features.find((f) => f.key === "goupEvent")?.value).toBe("Not included");
    expect(features.find((f) => f.key === "calender")?.value).toBe("0");
  });
});

describe("highlightedIndex", () => {
  it("picks the middle plan of three or more", () => {
    expect(highlightedIndex(3)).toBe(1);
    expect(highlightedIndex(5)).toBe(2);
    expect(highlightedIndex(4)).toBe(1);
  });

  it("highlights nothing with fewer than three plans", () => {
    expect(highlightedIndex(0)).toBe(-1);
    expect(highlightedIndex(1)).toBe(-1);
    expect(highlightedIndex(2)).toBe(-1);
  });
});
