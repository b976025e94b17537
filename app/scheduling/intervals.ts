/**
 * Interval algebra on instants. An interval is half-open, [start, end), in epoch milliseconds:
 * a meeting from 09:00 to 09:30 and one from 09:30 to 10:00 touch but do not overlap.
 *
 * A "list" below is sorted by start with no two intervals overlapping (they may touch). The
 * functions that take lists rely on that and run in linear time; `normalize` makes any array a
 * list in O(n log n). Pure: no clock, no zone.
 */

export interface Interval {
  start: number;
  end: number;
}

/** True when the two intervals share at least one instant (touching is not overlapping). */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < a.end && b.start < b.end && a.start < b.end && b.start < a.end;
}

/** True when `inner` lies within `outer` (an empty inner interval never does). */
export function contains(outer: Interval, inner: Interval): boolean {
  return inner.start < inner.end && outer.start <= inner.start && inner.end <= outer.end;
}

/**
 * Sorts, drops empty intervals and merges overlapping ones. Touching intervals are merged too
 * unless `mergeTouching` is false (the slot grid restarts at each interval's start, so keeping
 * two touching intervals apart keeps two grid anchors).
 */
export function normalize(intervals: readonly Interval[], { mergeTouching = true } = {}): Interval[] {
  const sorted = intervals.filter((i) => i.start < i.end).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && (i.start < last.end || (mergeTouching && i.start === last.end))) {
      if (i.end > last.end) last.end = i.end;
    } else {
      out.push({ start: i.start, end: i.end });
    }
  }
  return out;
}

/** The instants in both lists. Linear. */
export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i].start, b[j].start);
    const end = Math.min(a[i].end, b[j].end);
    if (start < end) out.push({ start, end });
    // Whichever ends first cannot meet anything further in the other list.
    if (a[i].end < b[j].end) i++;
    else j++;
  }
  return out;
}

/** The instants in every list (collective availability); no lists means no instants. */
export function intersectAll(lists: readonly (readonly Interval[])[]): Interval[] {
  if (lists.length === 0) return [];
  return lists.slice(1).reduce<Interval[]>(
    (acc, list) => intersect(acc, list),
    lists[0].map((i) => ({ ...i })),
  );
}

/** The instants in any list, merged (overlapping always, touching per `mergeTouching`). */
export function union(lists: readonly (readonly Interval[])[], options?: { mergeTouching?: boolean }): Interval[] {
  return normalize(lists.flat(), options);
}

/** The instants of `a` that are not in `b`. Linear. */
export function subtract(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const interval of a) {
    let start = interval.start;
    const end = interval.end;
    // Skip what ends before this interval starts; it cannot touch later ones either.
    while (j < b.length && b[j].end <= start) j++;
    let k = j;
    while (k < b.length && b[k].start < end) {
      if (b[k].start > start) out.push({ start, end: b[k].start });
      start = Math.max(start, b[k].end);
      k++;
    }
    if (start < end) out.push({ start, end });
  }
  return out;
}

/** The interval grown by `beforeMs` at its start and `afterMs` at its end (buffers). */
export function widen(interval: Interval, beforeMs: number, afterMs: number): Interval {
  return { start: interval.start - beforeMs, end: interval.end + afterMs };
}
