/**
 * The slot engine: one pure entry point from schedules, busy times, event type settings, `now`
 * and a requested range and zone to the free slots. No clock, no database, no Remix.
 *
 *   computeSlots(input) -> { timeZone, slots: { "YYYY-MM-DD": ["2026-12-07T09:00:00-05:00", ...] } }
 *   findSlots(input)    -> the same slots as instants, with hosts and seats remaining
 *
 * The slot grid (docs/decisions/016): within each available interval of a host (wall-clock
 * hours of one date in the schedule's zone, see availability.ts; for a collective event the
 * intersection of every host's intervals), candidates start at the interval's start and step by
 * `slotInterval` minutes of elapsed time. A candidate is offered when
 * - it ends inside the interval;
 * - widened by the event type's buffers, it overlaps no busy time widened by that busy time's
 *   own buffers (a booking of another event type brings that type's buffers);
 * - it starts no earlier than `now + minimumNotice` and no later than
 *   `now + bookingWindowDays x 24 h` (elapsed time), and inside the requested range;
 * - the host's date (in the host's schedule zone) holds fewer than `dailyLimit` bookings of this
 *   event type (bookings at one start count once: a group session is one booking);
 * - group events: bookings of this event type at the very same start do not block it while
 *   their seats add up to fewer than `seats`; they still block other starts that overlap them.
 *
 * Collective: every host must be free (intersection). Round robin (decision 060): each slot goes to
 * one free host by `pickRoundRobinHost` (round-robin.ts); in the `availability` mode the slots are
 * the union of the hosts' slots (each host on their own grid), in the `fairness` mode only the slots
 * of the host whose turn it is (the best ranked of the hosts with any free slot in the range).
 */
import { parseSchedule, SlotConfigError, availableIntervals, type ParsedSchedule, type Schedule } from "./availability";
import { intersectAll, normalize, widen, type Interval } from "./intervals";
import { dateOfDayNumber, dayNumber, ZoneTimeline } from "./zoned-time";
import { isTimeZone } from "./time-zone";
import { MAX_BOOKING_WINDOW_DAYS, MAX_RANGE_DAYS } from "./slot-limits";
import { pickRoundRobinHost, roundRobinPicker, type RoundRobinStats } from "./round-robin";

export { SlotConfigError } from "./availability";
export { pickRoundRobinHost, type RoundRobinStats } from "./round-robin";
export type { Schedule } from "./availability";

/** An instant: a Date or epoch milliseconds. */
export type Instant = Date | number;

export type EventKind = "one-to-one" | "group" | "collective" | "round-robin";

/** The event type's settings. Durations, buffers and notice are in minutes. */
export interface SlotEventType {
  /** Marks this event type's own bookings in the busy lists (daily limit, seats, round robin). */
  id?: string;
  kind: EventKind;
  duration: number;
  /** Step of the slot grid; defaults to `duration`. */
  slotInterval?: number;
  bufferBefore?: number;
  bufferAfter?: number;
  /** No slot starts before now + this. */
  minimumNotice?: number;
  /** No slot starts after now + this many days (0 to 730); unlimited when absent. */
  bookingWindowDays?: number;
  /** Bookings of this event type per date in the host's schedule zone; unlimited when absent. */
  dailyLimit?: number;
  /** Group only: guests per slot. */
  seats?: number;
  /** Bookings of this event type per week (Monday to Sunday) / calendar month of the first host's zone; unlimited when absent. */
  weeklyLimit?: number;
  monthlyLimit?: number;
  /**
   * Round robin only (decision 060): `availability` offers every host's free slots, `fairness` only
   * those of the host whose turn it is. Absent: availability.
   */
  roundRobinMode?: RoundRobinMode;
}

export type RoundRobinMode = "fairness" | "availability";

/** A time the host is busy: a booking (of any event type) or an outside calendar event. */
export interface BusyTime {
  start: Instant;
  end: Instant;
  /** Buffers (minutes) of the event type this busy time is a booking of. */
  bufferBefore?: number;
  bufferAfter?: number;
  /** The event type it is a booking of, if any. */
  eventTypeId?: string;
  /** Seats it takes in a group slot (default 1). */
  seats?: number;
}

export interface SlotHost {
  id: string;
  schedule: Schedule;
  busy?: readonly BusyTime[];
  /**
   * Round robin only: bookings in the window, last booked, weight and priority; by default counted
   * from `busy` (this event type's bookings, latest start) at the default weight and priority.
   */
  roundRobin?: RoundRobinStats;
}

export interface SlotInput {
  eventType: SlotEventType;
  /** One host for one-to-one and group events; one or more for collective and round robin. */
  hosts: readonly SlotHost[];
  now: Instant;
  /** Dates in `timeZone`, both included, at most 62 days. */
  range: { start: string; end: string };
  /** IANA zone of the guest: days are its dates, slots are written with its offsets. */
  timeZone: string;
  /**
   * With a weekly or monthly limit: the starts of this event type's bookings in every week and
   * month the range touches (a start counts once, so a group session is one booking).
   */
  bookedStarts?: readonly Instant[];
  /**
   * Round robin: a booking being moved keeps this host wherever they are free (decision 060). A
   * move offers every host's free slots whatever the mode (it is no new turn); where this host is
   * busy the slot goes to the best ranked free host.
   */
  keepHostId?: string;
}

export interface SlotDetail {
  start: number;
  end: number;
  /** Who hosts it: the host, every host (collective), or the assigned host (round robin). */
  hostIds: string[];
  /** Round robin: every host free at that time (the assigned one among them). */
  freeHostIds?: string[];
  /** Group: seats still open (`seats` minus the seats already booked at that start). */
  seatsRemaining?: number;
}

export interface SlotList {
  timeZone: string;
  /** Every date of the range, each with its slot starts ("YYYY-MM-DDTHH:mm:ss±HH:MM"). */
  slots: Record<string, string[]>;
}

export { MAX_BOOKING_WINDOW_DAYS, MAX_RANGE_DAYS } from "./slot-limits";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// ---------------------------------------------------------------------------------------------
// Validation

interface Settings {
  kind: EventKind;
  eventTypeId: string | undefined;
  durationMs: number;
  stepMs: number;
  beforeMs: number;
  afterMs: number;
  noticeMs: number;
  windowMs: number;
  dailyLimit: number;
  seats: number;
  roundRobinMode: RoundRobinMode;
}

const KINDS: readonly EventKind[] = ["one-to-one", "group", "collective", "round-robin"];

function wholeMinutes(
  value: unknown,
  name: string,
  { min, max = Number.MAX_SAFE_INTEGER }: { min: number; max?: number },
): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new SlotConfigError(
      `${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : " up"}, got ${String(value)}`,
    );
  }
  return value;
}

function toMs(instant: Instant, name: string): number {
  const ms = instant instanceof Date ? instant.getTime() : instant;
  if (typeof ms !== "number" || !Number.isFinite(ms)) throw new SlotConfigError(`${name} is not a valid instant`);
  return ms;
}

function settingsOf(eventType: SlotEventType): Settings {
  if (!eventType || !KINDS.includes(eventType.kind))
    throw new SlotConfigError(`eventType.kind must be one of ${KINDS.join(", ")}`);
  const duration = wholeMinutes(eventType.duration, "eventType.duration", { min: 1, max: 24 * 60 });
  const step = wholeMinutes(eventType.slotInterval ?? duration, "eventType.slotInterval", { min: 1, max: 24 * 60 });
  const seats = eventType.kind === "group" ? wholeMinutes(eventType.seats ?? 1, "eventType.seats", { min: 1 }) : 1;
  return {
    kind: eventType.kind,
    eventTypeId: eventType.id,
    durationMs: duration * MINUTE_MS,
    stepMs: step * MINUTE_MS,
    beforeMs: wholeMinutes(eventType.bufferBefore ?? 0, "eventType.bufferBefore", { min: 0 }) * MINUTE_MS,
    afterMs: wholeMinutes(eventType.bufferAfter ?? 0, "eventType.bufferAfter", { min: 0 }) * MINUTE_MS,
    noticeMs: wholeMinutes(eventType.minimumNotice ?? 0, "eventType.minimumNotice", { min: 0 }) * MINUTE_MS,
    windowMs:
      eventType.bookingWindowDays === undefined
        ? Infinity
        : wholeMinutes(eventType.bookingWindowDays, "eventType.bookingWindowDays", {
            min: 0,
            max: MAX_BOOKING_WINDOW_DAYS,
          }) * DAY_MS,
    dailyLimit:
      eventType.dailyLimit === undefined
        ? Infinity
        : wholeMinutes(eventType.dailyLimit, "eventType.dailyLimit", { min: 1 }),
    seats,
    roundRobinMode: eventType.roundRobinMode === "fairness" ? "fairness" : "availability",
  };
}

function rangeDaysOf(range: SlotInput["range"]): { first: number; last: number } {
  const first = dayNumber(range?.start);
  const last = dayNumber(range?.end);
  if (first === null) throw new SlotConfigError(`range.start "${range?.start}" is not a date (YYYY-MM-DD)`);
  if (last === null) throw new SlotConfigError(`range.end "${range?.end}" is not a date (YYYY-MM-DD)`);
  if (last < first) throw new SlotConfigError(`range.end (${range.end}) is before range.start (${range.start})`);
  if (last - first + 1 > MAX_RANGE_DAYS) {
    throw new SlotConfigError(`range covers ${last - first + 1} days; at most ${MAX_RANGE_DAYS} per call`);
  }
  return { first, last };
}

function checkHosts(kind: EventKind, hosts: readonly SlotHost[]) {
  if (!Array.isArray(hosts) || hosts.length === 0) throw new SlotConfigError("at least one host is needed");
  if ((kind === "one-to-one" || kind === "group") && hosts.length !== 1) {
    throw new SlotConfigError(`a ${kind} event type has exactly one host, got ${hosts.length}`);
  }
  const ids = new Set<string>();
  for (const host of hosts) {
    if (typeof host?.id !== "string" || host.id === "") throw new SlotConfigError("every host needs an id");
    if (ids.has(host.id)) throw new SlotConfigError(`host ${host.id} is listed twice`);
    ids.add(host.id);
  }
}

function isWholeAtLeast(value: unknown, min: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min;
}

/** Throws the SlotConfigError that says what is wrong with a busy time. */
function explainBadBusy(b: BusyTime, where: string): never {
  const start = toMs(b.start, `${where}.start`);
  const end = toMs(b.end, `${where}.end`);
  if (end < start) throw new SlotConfigError(`${where} ends before it starts`);
  wholeMinutes(b.bufferBefore ?? 0, `${where}.bufferBefore`, { min: 0 });
  wholeMinutes(b.bufferAfter ?? 0, `${where}.bufferAfter`, { min: 0 });
  wholeMinutes(b.seats ?? 1, `${where}.seats`, { min: 1 });
  throw new SlotConfigError(`${where} is not a valid busy time`);
}

// ---------------------------------------------------------------------------------------------
// Hosts prepared for the search

/** Bookings of a group event type at one start that still have seats. */
interface OpenSeats {
  start: number;
  taken: number;
  /** Their time widened by their buffers: it blocks every other start. */
  blocks: Interval;
}

interface PreparedHost {
  id: string;
  schedule: ParsedSchedule;
  timeline: ZoneTimeline;
  available: Interval[];
  /** Merged busy time widened by buffers; blocks any candidate it overlaps. */
  busy: Interval[];
  /** Index of the first busy interval that may still overlap a candidate (candidates only move forward). */
  cursor: number;
  openSeats: OpenSeats[];
  openSeatsByStart: Map<number, OpenSeats>;
  longestOpenSeats: number;
  /** Bookings of this event type per date of the host's zone (distinct starts). */
  bookingsPerDay: Map<number, number>;
  roundRobin: RoundRobinStats;
}

interface Search {
  settings: Settings;
  rangeStart: number;
  rangeEnd: number;
  /** Earliest start: the range start, now + minimum notice. */
  earliest: number;
  /** Latest start (inclusive): now + booking window. */
  latest: number;
}

function prepareHost(
  host: SlotHost,
  index: number,
  search: Search,
  timelineOf: (zone: string) => ZoneTimeline,
): PreparedHost {
  const { settings, rangeStart, rangeEnd } = search;
  const schedule = parseSchedule(host.schedule, `hosts[${index}].schedule`);
  const timeline = timelineOf(schedule.timeZone);
  // Only busy time a candidate of the range could meet matters.
  const reachFrom = search.earliest - settings.beforeMs;
  const reachTo = rangeEnd + settings.durationMs + settings.afterMs;
  const countFrom = rangeStart - 2 * DAY_MS;
  const countTo = rangeEnd + 2 * DAY_MS;
  const blocking: Interval[] = [];
  const seatsByStart = new Map<number, OpenSeats>();
  const ownStarts = new Set<number>();
  let ownBookings = 0;
  let lastOwnStart: number | null = null;
  const busyTimes = host.busy ?? [];
  for (let i = 0; i < busyTimes.length; i++) {
    const b = busyTimes[i];
    const start = b.start instanceof Date ? b.start.getTime() : b.start;
    const end = b.end instanceof Date ? b.end.getTime() : b.end;
    const beforeMinutes = b.bufferBefore ?? 0;
    const afterMinutes = b.bufferAfter ?? 0;
    const seats = b.seats ?? 1;
    // Thousands of these per call: check cheaply, explain only when something is wrong.
    if (!(
      Number.isFinite(start) &&
      Number.isFinite(end) &&
      end >= start &&
      isWholeAtLeast(beforeMinutes, 0) &&
      isWholeAtLeast(afterMinutes, 0) &&
      isWholeAtLeast(seats, 1)
    )) {
      explainBadBusy(b, `hosts[${index}].busy[${i}]`);
    }
    const before = beforeMinutes * MINUTE_MS;
    const after = afterMinutes * MINUTE_MS;
    const own = settings.eventTypeId !== undefined && b.eventTypeId === settings.eventTypeId;
    if (own) {
      ownBookings++;
      if (lastOwnStart === null || start > lastOwnStart) lastOwnStart = start;
      if (start >= countFrom && start < countTo) ownStarts.add(start);
    }
    const blocks = widen({ start, end }, before, after);
    if (blocks.end <= reachFrom || blocks.start >= reachTo) continue;
    if (own && settings.kind === "group") {
      const group = seatsByStart.get(start);
      if (group) {
        group.taken += seats;
        if (blocks.start < group.blocks.start) group.blocks.start = blocks.start;
        if (blocks.end > group.blocks.end) group.blocks.end = blocks.end;
      } else {
        seatsByStart.set(start, { start, taken: seats, blocks });
      }
    } else {
      blocking.push(blocks);
    }
  }
  // Full group sessions block like any booking.
  const openSeats: OpenSeats[] = [];
  for (const group of seatsByStart.values()) {
    if (group.taken >= settings.seats) blocking.push(group.blocks);
    else openSeats.push(group);
  }
  openSeats.sort((a, b) => a.blocks.start - b.blocks.start);
  const bookingsPerDay = new Map<number, number>();
  for (const start of ownStarts) {
    const day = timeline.dayNumberAt(start);
    bookingsPerDay.set(day, (bookingsPerDay.get(day) ?? 0) + 1);
  }
  return {
    id: host.id,
    schedule,
    timeline,
    available: availableIntervals(schedule, rangeStart, rangeEnd, timeline),
    busy: normalize(blocking),
    cursor: 0,
    openSeats,
    openSeatsByStart: new Map(openSeats.map((g) => [g.start, g])),
    longestOpenSeats: openSeats.reduce((m, g) => Math.max(m, g.blocks.end - g.blocks.start), 0),
    bookingsPerDay,
    roundRobin: host.roundRobin ?? { bookings: ownBookings, lastBookedAt: lastOwnStart },
  };
}

/**
 * Whether `host` can take the candidate starting at `start`: -1 if not, otherwise the seats
 * already taken at that start (0 outside group events). Candidates must come in increasing order.
 */
function seatsTakenIfFree(host: PreparedHost, start: number, settings: Settings): number {
  const from = start - settings.beforeMs;
  const to = start + settings.durationMs + settings.afterMs;
  const busy = host.busy;
  while (host.cursor < busy.length && busy[host.cursor].end <= from) host.cursor++;
  if (host.cursor < busy.length && busy[host.cursor].start < to) return -1;
  const own = host.openSeatsByStart.get(start);
  if (host.openSeats.length > 0) {
    // Other open group sessions overlapping this one block it (few: a binary search then a scan).
    const seats = host.openSeats;
    let lo = 0;
    let hi = seats.length;
    const scanFrom = from - host.longestOpenSeats;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seats[mid].blocks.start < scanFrom) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < seats.length && seats[i].blocks.start < to; i++) {
      if (seats[i] !== own && seats[i].blocks.end > from) return -1;
    }
  }
  // Joining an existing group session adds no booking to the day.
  if (!own && settings.dailyLimit !== Infinity) {
    if ((host.bookingsPerDay.get(host.timeline.dayNumberAt(start)) ?? 0) >= settings.dailyLimit) return -1;
  }
  return own ? own.taken : 0;
}

/** Calls `visit` with each grid start of `available` that fits the search bounds, in order. */
function forEachCandidate(available: readonly Interval[], search: Search, visit: (start: number) => void) {
  const { durationMs, stepMs } = search.settings;
  const { earliest, latest, rangeEnd } = search;
  for (const interval of available) {
    const lastStart = Math.min(interval.end - durationMs, latest, rangeEnd - 1);
    if (lastStart < earliest || lastStart < interval.start) continue;
    const skip = earliest > interval.start ? Math.ceil((earliest - interval.start) / stepMs) : 0;
    for (let start = interval.start + skip * stepMs; start <= lastStart; start += stepMs) visit(start);
  }
}

/** The starts `host` is free for, with the seats already taken at each (0 outside group events). */
function freeStarts(host: PreparedHost, search: Search): { starts: number[]; taken: number[] } {
  const starts: number[] = [];
  const taken: number[] = [];
  forEachCandidate(host.available, search, (start) => {
    const seats = seatsTakenIfFree(host, start, search.settings);
    if (seats < 0) return;
    starts.push(start);
    taken.push(seats);
  });
  return { starts, taken };
}

function singleHostSlots(host: PreparedHost, search: Search): SlotDetail[] {
  const { settings } = search;
  const { starts, taken } = freeStarts(host, search);
  return starts.map((start, i) => {
    const slot: SlotDetail = { start, end: start + settings.durationMs, hostIds: [host.id] };
    if (settings.kind === "group") slot.seatsRemaining = settings.seats - taken[i];
    return slot;
  });
}

function collectiveSlots(hosts: PreparedHost[], search: Search): SlotDetail[] {
  const { settings } = search;
  const out: SlotDetail[] = [];
  const ids = hosts.map((h) => h.id);
  forEachCandidate(intersectAll(hosts.map((h) => h.available)), search, (start) => {
    if (hosts.every((h) => seatsTakenIfFree(h, start, settings) >= 0)) {
      out.push({ start, end: start + settings.durationMs, hostIds: [...ids] });
    }
  });
  return out;
}

function roundRobinSlots(hosts: PreparedHost[], search: Search, keepHostId: string | undefined): SlotDetail[] {
  const lists = hosts.map((host) => freeStarts(host, search).starts);
  const stats = Object.fromEntries(hosts.map((h) => [h.id, h.roundRobin]));
  const pick = roundRobinPicker(stats);
  // Fairness: only the slots of the host whose turn it is, among those with any free slot in the range.
  const turn =
    search.settings.roundRobinMode === "fairness" && keepHostId === undefined
      ? pickRoundRobinHost(
          hosts.filter((_, h) => lists[h].length > 0).map((h) => h.id),
          stats,
        )
      : null;
  // Merge the hosts' sorted lists (few hosts: a scan of the heads beats a heap).
  const heads = lists.map(() => 0);
  const out: SlotDetail[] = [];
  for (;;) {
    let start = Infinity;
    for (let h = 0; h < lists.length; h++)
      if (heads[h] < lists[h].length && lists[h][heads[h]] < start) start = lists[h][heads[h]];
    if (start === Infinity) break;
    const free: string[] = [];
    for (let h = 0; h < lists.length; h++) {
      if (lists[h][heads[h]] === start) {
        free.push(hosts[h].id);
        heads[h]++;
      }
    }
    if (turn !== null && !free.includes(turn)) continue;
    const host = turn ?? (keepHostId !== undefined && free.includes(keepHostId) ? keepHostId : pick(free)!);
    out.push({ start, end: start + search.settings.durationMs, hostIds: [host], freeHostIds: free });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** The free slots as instants, in order, with their hosts (and seats left for group events). */
/**
 * The instants whose busy times a search over `range` (the guest's dates) must read: nothing
 * outside it can change a slot. The range's dates widened by two and a half days and the event
 * type's buffers (a date in any zone, and a busy time's own buffers), and never more than three
 * and a half days before `now` (plus those buffers): no slot starts before now, so older busy
 * times can't touch one, nor count toward a daily limit (a host's date that holds a slot began
 * less than a day before now). A month's calendar that starts weeks ago reads only from then,
 * however long the host's history. Empty (from = to) when the whole range is long past.
 */
export function busyWindow(
  eventType: Pick<SlotEventType, "bufferBefore" | "bufferAfter">,
  range: { start: string; end: string },
  now: Instant,
): { from: Date; to: Date } {
  const margin =
    2 * DAY_MS + Math.max(eventType.bufferBefore ?? 0, eventType.bufferAfter ?? 0) * MINUTE_MS + 12 * 60 * MINUTE_MS;
  const to = ((dayNumber(range.end) ?? 0) + 1) * DAY_MS + margin;
  const earliest = toMs(now, "now") - DAY_MS - margin;
  const from = Math.min(Math.max((dayNumber(range.start) ?? 0) * DAY_MS - margin, earliest), to);
  return { from: new Date(from), to: new Date(to) };
}

export function findSlots(input: SlotInput): SlotDetail[] {
  return search(input).slots;
}

/** The free slots per date of the requested zone, written with that zone's offsets. */
export function computeSlots(input: SlotInput): SlotList {
  const { slots, viewer, days } = search(input);
  const byDate: Record<string, string[]> = {};
  for (let day = days.first; day <= days.last; day++) byDate[dateOfDayNumber(day)] = [];
  for (const slot of slots) {
    const text = viewer.format(slot.start);
    byDate[text.slice(0, 10)]?.push(text);
  }
  return { timeZone: input.timeZone, slots: byDate };
}

/** ISO week (Monday first) of a day number: day 0 (1970-01-01) was a Thursday. */
const weekOf = (day: number) => Math.floor((day + 3) / 7);
const monthOfDay = (day: number) => dateOfDayNumber(day).slice(0, 7);

/**
 * Drops the slots of weeks / months that already hold `weeklyLimit` / `monthlyLimit` bookings
 * (in the first host's zone, like the daily limit); a slot at a start already booked (joining a
 * group session) adds no booking and stays.
 */
function withinPeriodLimits(slots: SlotDetail[], input: SlotInput, rangeTimeline: ZoneTimeline): SlotDetail[] {
  const weekly = input.eventType.weeklyLimit;
  const monthly = input.eventType.monthlyLimit;
  if (weekly === undefined && monthly === undefined) return slots;
  if (weekly !== undefined) wholeMinutes(weekly, "eventType.weeklyLimit", { min: 1 });
  if (monthly !== undefined) wholeMinutes(monthly, "eventType.monthlyLimit", { min: 1 });
  const starts = new Set((input.bookedStarts ?? []).map((s, i) => toMs(s, `bookedStarts[${i}]`)));
  if (slots.length === 0) return slots;
  // The counted bookings reach a month either side of the range: a timeline that covers them.
  let from = slots[0].start;
  let to = slots[slots.length - 1].start;
  for (const s of starts) {
    if (s < from) from = s;
    if (s > to) to = s;
  }
  const timeline = new ZoneTimeline(rangeTimeline.zone, from - DAY_MS, to + DAY_MS);
  const perWeek = new Map<number, number>();
  const perMonth = new Map<string, number>();
  for (const start of starts) {
    const day = timeline.dayNumberAt(start);
    perWeek.set(weekOf(day), (perWeek.get(weekOf(day)) ?? 0) + 1);
    perMonth.set(monthOfDay(day), (perMonth.get(monthOfDay(day)) ?? 0) + 1);
  }
  return slots.filter((slot) => {
    if (starts.has(slot.start)) return true;
    const day = timeline.dayNumberAt(slot.start);
    if (weekly !== undefined && (perWeek.get(weekOf(day)) ?? 0) >= weekly) return false;
    if (monthly !== undefined && (perMonth.get(monthOfDay(day)) ?? 0) >= monthly) return false;
    return true;
  });
}

function search(input: SlotInput): {
  slots: SlotDetail[];
  viewer: ZoneTimeline;
  days: { first: number; last: number };
} {
  const prepared = prepare(input);
  const { viewer, days } = prepared;
  if (!prepared.search) return { slots: [], viewer, days };
  const { search: searchBounds, hosts, settings } = prepared;
  const slots =
    settings.kind === "collective"
      ? collectiveSlots(hosts, searchBounds)
      : settings.kind === "round-robin"
        ? roundRobinSlots(hosts, searchBounds, input.keepHostId)
        : singleHostSlots(hosts[0], searchBounds);
  return { slots: withinPeriodLimits(slots, input, hosts[0].timeline), viewer, days };
}

/**
 * The input checked and its hosts prepared for the range; `at` narrows the candidates to that one
 * start, whatever the notice and window. No search when the range has no instants.
 */
function prepare(
  input: SlotInput,
  at?: number,
): {
  settings: Settings;
  viewer: ZoneTimeline;
  days: { first: number; last: number };
  search: Search | null;
  hosts: PreparedHost[];
} {
  if (!input || typeof input !== "object") throw new SlotConfigError("no input");
  if (!isTimeZone(input.timeZone)) throw new SlotConfigError(`unknown time zone "${input.timeZone}"`);
  const settings = settingsOf(input.eventType);
  const days = rangeDaysOf(input.range);
  checkHosts(settings.kind, input.hosts);
  const now = toMs(input.now, "now");

  // The range is the guest's dates: from the first instant of the first to the end of the last.
  const wallFrom = days.first * DAY_MS;
  const wallTo = (days.last + 1) * DAY_MS;
  const viewer = new ZoneTimeline(input.timeZone, wallFrom - 3 * DAY_MS, wallTo + 3 * DAY_MS);
  const span = viewer.wallClockSpan(wallFrom, wallTo);
  if (span.length === 0) return { settings, viewer, days, search: null, hosts: [] };
  const rangeStart = span[0].start;
  const rangeEnd = span[span.length - 1].end;

  const timelines = new Map<string, ZoneTimeline>([[input.timeZone, viewer]]);
  const timelineOf = (zone: string) => {
    let timeline = timelines.get(zone);
    if (!timeline) {
      timeline = new ZoneTimeline(zone, rangeStart - 3 * DAY_MS, rangeEnd + 3 * DAY_MS);
      timelines.set(zone, timeline);
    }
    return timeline;
  };
  const searchBounds: Search = {
    settings,
    rangeStart,
    rangeEnd,
    earliest: at ?? Math.max(rangeStart, now + settings.noticeMs),
    latest: at ?? now + settings.windowMs,
  };
  const hosts = input.hosts.map((host, i) => prepareHost(host, i, searchBounds, timelineOf));
  return { settings, viewer, days, search: searchBounds, hosts };
}

/**
 * The hosts free for a meeting of the event type at `start`: inside their hours, not busy (with
 * the buffers), under their day's limit, whatever the slot grid, the notice or the booking window
 * (decision 060: who an existing booking can be handed to). `input.range` must cover the
 * meeting's dates in `input.timeZone`; `input.now` is not used.
 */
export function freeHostsAt(input: SlotInput, start: Instant): string[] {
  const at = toMs(start, "start");
  const { hosts, settings } = prepare(input, at);
  return hosts
    .filter(
      (host) =>
        host.available.some((i) => i.start <= at && at + settings.durationMs <= i.end) &&
        seatsTakenIfFree(host, at, settings) >= 0,
    )
    .map((host) => host.id);
}
