import { describe, expect, it } from "vitest";
import { brandColorField } from "./brand-color";
import { checkBrandColor, contrastRatio, normalizeHex, ratioLabel } from "./contrast";

describe("contrastRatio", () => {
  it("is 21:1 for black on white and 1:1 for a colour on itself", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#4f46e5", "#4f46e5")).toBe(1);
  });

  it("does not depend on the order of the two colours", () => {
    expect(contrastRatio("#ffffff", "#4f46e5")).toBe(contrastRatio("#4f46e5", "#ffffff"));
  });

  it("matches the WCAG figures of known colours", () => {
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 fails.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
    expect(contrastRatio("#4f46e5", "#ffffff")).toBeCloseTo(6.29, 1);
  });
});

describe("ratioLabel", () => {
  it("rounds down to one decimal", () => {
    expect(ratioLabel(4.49)).toBe("4.4:1");
    expect(ratioLabel(2.15)).toBe("2.1:1");
    expect(ratioLabel(21)).toBe("21.0:1");
  });
});

describe("normalizeHex", () => {
  it("accepts #rgb, rrggbb and upper case, and gives #rrggbb lower-case", () => {
    expect(normalizeHex("#ABC")).toBe("#aabbcc");
    expect(normalizeHex("0F766E")).toBe("#0f766e");
    expect(normalizeHex(" #0f766e ")).toBe("#0f766e");
  });

  it("refuses anything else", () => {
    for (const bad of ["", "#12345", "#gggggg", "red", "#1234567", "rgb(0,0,0)"]) expect(normalizeHex(bad)).toBeNull();
  });
});

describe("checkBrandColor", () => {
  it("accepts a dark colour", () => {
    expect(checkBrandColor("#0F766E")).toEqual({ ok: true, color: "#0f766e" });
  });

  it("refuses a light colour with its contrast and the rule", () => {
    expect(checkBrandColor("#f59e0b")).toEqual({
      ok: false,
      message: "This colour is too light for white text: contrast 2.1:1, at least 4.5:1 is needed.",
    });
  });

  it("refuses what is not a hex colour", () => {
    const result = checkBrandColor("blue");
    expect(result.ok).toBe(false);
  });
});

describe("brandColorField", () => {
  it("reads empty and null as the site's colour", () => {
    expect(brandColorField.parse("")).toBeNull();
    expect(brandColorField.parse(null)).toBeNull();
    expect(brandColorField.parse(undefined)).toBeNull();
  });

  it("gives the checked colour or the reason", () => {
    expect(brandColorField.parse("#123456")).toBe("#123456");
    const failed = brandColorField.safeParse("#ffff00");
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0].message).toMatch(/too light for white text: contrast 1\.0:1/);
  });
});
