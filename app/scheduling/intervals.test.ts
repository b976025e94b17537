import { describe, expect, it } from "vitest";
import {
  contains,
  intersect,
  intersectAll,
  normalize,
  overlaps,
  subtract,
  union,
  widen,
  type Interval,
} from "./intervals";

const iv = (start: number, end: number): Interval => ({ start, end });
const list = (...pairs: [number, number][]) => pairs.map(([s, e]) => iv(s, e));

describe("overlaps and contains", () => {
  it("treats touching intervals as not overlapping (half-open)", () => {
    expect(overlaps(iv(0, 10), iv(10, 20))).toBe(false);
    expect(overlaps(iv(0, 10), iv(9, 20))).toBe(true);
    expect(overlaps(iv(0, 10), iv(2, 3))).toBe(true);
    expect(overlaps(iv(5, 5), iv(0, 10))).toBe(false);
  });

  it("contains nested and equal intervals, never an empty one", () => {
    expect(contains(iv(0, 10), iv(0, 10))).toBe(true);
    expect(contains(iv(0, 10), iv(2, 10))).toBe(true);
    expect(contains(iv(0, 10), iv(2, 11))).toBe(false);
    expect(contains(iv(0, 10), iv(3, 3))).toBe(false);
  });
});

describe("normalize", () => {
  it("sorts, merges overlapping, nested and touching intervals, drops empty ones", () => {
    expect(normalize(list([20, 30], [0, 10], [5, 8], [10, 12], [40, 40], [29, 35]))).toEqual(list([0, 12], [20, 35]));
  });

  it("keeps touching intervals apart when asked", () => {
    expect(normalize(list([10, 20], [0, 10], [15, 25]), { mergeTouching: false })).toEqual(list([0, 10], [10, 25]));
  });

  it("handles empty input and does not mutate its input", () => {
    expect(normalize([])).toEqual([]);
    const input = list([5, 10], [0, 6]);
    normalize(input);
    expect(input).toEqual(list([5, 10], [0, 6]));
  });
});

describe("intersect", () => {
  it("keeps the common instants of two lists", () => {
    expect(intersect(list([0, 10], [20, 30]), list([5, 25]))).toEqual(list([5, 10], [20, 25]));
  });

  it("yields nothing for touching intervals or an empty side", () => {
    expect(intersect(list([0, 10]), list([10, 20]))).toEqual([]);
    expect(intersect([], list([0, 10]))).toEqual([]);
    expect(intersect(list([0, 10]), [])).toEqual([]);
  });

  it("handles nested intervals and one interval spanning many", () => {
    expect(intersect(list([0, 100]), list([10, 20], [30, 40], [90, 120]))).toEqual(list([10, 20], [30, 40], [90, 100]));
    expect(intersect(list([10, 20], [30, 40]), list([0, 100]))).toEqual(list([10, 20], [30, 40]));
  });

  it("intersects many lists (collective), none meaning no time", () => {
    expect(intersectAll([list([0, 50]), list([10, 60]), list([0, 20], [40, 45])])).toEqual(list([10, 20], [40, 45]));
    expect(intersectAll([list([0, 50])])).toEqual(list([0, 50]));
    expect(intersectAll([])).toEqual([]);
  });
});

describe("union", () => {
  it("merges lists (round robin), touching per option", () => {
    expect(union([list([0, 10], [30, 40]), list([5, 20]), list([20, 25])])).toEqual(list([0, 25], [30, 40]));
    expect(union([list([0, 10]), list([10, 20])], { mergeTouching: false })).toEqual(list([0, 10], [10, 20]));
  });
});

describe("subtract", () => {
  it("cuts busy time out of free time", () => {
    expect(subtract(list([0, 100]), list([10, 20], [50, 60]))).toEqual(list([0, 10], [20, 50], [60, 100]));
  });

  it("keeps touching edges and removes fully covered intervals", () => {
    expect(subtract(list([0, 10], [20, 30]), list([10, 20]))).toEqual(list([0, 10], [20, 30]));
    expect(subtract(list([0, 10], [20, 30]), list([-5, 15]))).toEqual(list([20, 30]));
    expect(subtract(list([0, 10]), list([0, 10]))).toEqual([]);
  });

  it("lets one busy interval cut several free ones", () => {
    expect(subtract(list([0, 10], [20, 30], [40, 50]), list([5, 45]))).toEqual(list([0, 5], [45, 50]));
  });

  it("handles empty sides", () => {
    expect(subtract([], list([0, 10]))).toEqual([]);
    expect(subtract(list([0, 10]), [])).toEqual(list([0, 10]));
  });
});

describe("widen", () => {
  it("adds buffers on both sides", () => {
    expect(widen(iv(100, 200), 10, 30)).toEqual(iv(90, 230));
    expect(widen(iv(100, 200), 0, 0)).toEqual(iv(100, 200));
  });
});
