import { describe, expect, it } from "vitest";
import { pageCountOf } from "./admin-event.server";

describe("pageCountOf", () => {
  it("counts the pages of an exact total, at least one", () => {
    expect(pageCountOf({ total: 0, totalIsEstimate: false, rows: 0 }, 1, 20)).toBe(1);
    expect(pageCountOf({ total: 20, totalIsEstimate: false, rows: 20 }, 1, 20)).toBe(1);
    expect(pageCountOf({ total: 21, totalIsEstimate: false, rows: 20 }, 1, 20)).toBe(2);
  });

  it("takes an estimate as it comes, but a short page is the last and a full one has a next", () => {
    expect(pageCountOf({ total: 52_000, totalIsEstimate: true, rows: 20 }, 3, 20)).toBe(2_600);
    // Fewer rows than the estimate said: this short page is the end.
    expect(pageCountOf({ total: 52_000, totalIsEstimate: true, rows: 7 }, 2_700, 20)).toBe(2_700);
    // More rows than the estimate said: a full page past its last still links to a next.
    expect(pageCountOf({ total: 52_000, totalIsEstimate: true, rows: 20 }, 2_650, 20)).toBe(2_651);
  });
});
