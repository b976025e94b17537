import { describe, expect, it } from "vitest";
import { initials, isHttpUrl, maskEmail, starFills } from "./review-format";

describe("initials", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initials("Maya Chen")).toBe("MC");
    expect(initials("  ada   byron  lovelace ")).toBe("AL");
  });
  it("takes one letter for one name and a question mark for none", () => {
    expect(initials("ada")).toBe("A");
    expect(initials("   ")).toBe("?");
  });
  it("keeps letters outside the basic plane whole", () => {
    expect(initials("𝓩oe Émile")).toBe("𝓩É");
  });
});

describe("isHttpUrl", () => {
  it("accepts absolute http and https addresses", () => {
    expect(isHttpUrl("https://example.com/me.png")).toBe(true);
    expect(isHttpUrl("http://localhost:3000/a.jpg")).toBe(true);
  });
  it("refuses other schemes, relative paths and junk", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:image/png;base64,AAAA",
      "ftp://x.org/a.png",
      "/a.png",
      "//evil.com/a.png",
      "not a url",
      "",
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });
});

describe("starFills", () => {
  it("fills as many stars as the rating, the rest stay empty", () => {
    expect(starFills(3)).toEqual([true, true, true, false, false]);
    expect(starFills(5)).toEqual([true, true, true, true, true]);
    expect(starFills(1)).toEqual([true, false, false, false, false]);
  });
  it("never draws more than five or fewer than zero", () => {
    expect(starFills(9)).toHaveLength(5);
    expect(starFills(9).every(Boolean)).toBe(true);
    expect(starFills(-2).some(Boolean)).toBe(false);
  });
});

describe("maskEmail", () => {
  it("keeps the first character and the domain only", () => {
    expect(maskEmail("tom@example.com")).toBe("t***@example.com");
    expect(maskEmail("a@b.c")).toBe("a***@b.c");
    expect(maskEmail("not-an-address")).toBe("***");
  });
});
