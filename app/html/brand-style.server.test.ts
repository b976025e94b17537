import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/schemas/contrast";
import { brandAttributes, brandShades, mixHex } from "./brand-style.server";
import { SURFACE } from "./theme-palette";

describe("mixHex", () => {
  it("goes from one colour to the other", () => {
    expect(mixHex("#000000", "#ffffff", 0)).toBe("#000000");
    expect(mixHex("#000000", "#ffffff", 1)).toBe("#ffffff");
    expect(mixHex("#000000", "#ffffff", 0.5)).toBe("#808080");
  });
});

describe("brandShades", () => {
  // Dark enough for white text (each at least 4.5:1), from a near-black to the lightest allowed.
  for (const color of ["#4f46e5", "#0f766e", "#b91c1c", "#767676", "#1a1a1a", "#7c3aed"]) {
    it(`keeps text readable on ${color}'s tints and surfaces in both themes`, () => {
      const s = brandShades(color);
      expect(s.accent).toBe(color);
      expect(contrastRatio("#ffffff", s.accentStrong)).toBeGreaterThanOrEqual(4.5);
      for (const [theme, surface] of [
        ["light", SURFACE.light],
        ["dark", SURFACE.dark],
      ] as const) {
        const shades = s[theme];
        for (const background of [surface, shades.tint, shades.tintStrong]) {
          expect(contrastRatio(shades.text, background), `${theme} ${background}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
  }
});

describe("brandAttributes", () => {
  it("is nothing without a colour, and the variables with one", () => {
    expect(brandAttributes(null)).toBeNull();
    const attrs = brandAttributes("#0f766e");
    expect(attrs?.["data-brand"]).toBe("");
    expect(attrs?.style["--c-accent"]).toBe("15 118 110");
  });
});
