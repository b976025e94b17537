/**
 * Round robin's ranking (decision 060): which free host a booking goes to. Pure: the figures come
 * in (each host's bookings in the window, when they were last booked, weight and priority).
 *
 * - Each live host of the event type has a share of its bookings: weight / the sum of the live
 *   hosts' weights (all weights 0: equal shares). `total` is the live hosts' bookings in the
 *   window; a host's deficit is total x share - bookings (how far below their share they are).
 * - Among the FREE candidates: a host of weight 0 only when no one of weight above 0 is free;
 *   then only the highest priority present; then the greatest deficit; ties go to the higher
 *   weight (the pick that overshoots its share least), then fewer bookings, then the least
 *   recently booked (never booked first), then the smallest id, so the choice is stable.
 *
 * Deficits are compared exactly (integer arithmetic: total x weight - bookings x sum of weights).
 */

export const HOST_PRIORITIES = ["low", "medium", "high", "highest"] as const;
export type HostPriority = (typeof HOST_PRIORITIES)[number];

export const DEFAULT_WEIGHT = 100;
export const DEFAULT_PRIORITY: HostPriority = "medium";

/** What round robin weighs of one host. */
export interface RoundRobinStats {
  /** Bookings of the event type in the window. */
  bookings: number;
  /** Epoch ms of the host's latest booking, null if never. */
  lastBookedAt: number | null;
  /** 0-100; default 100. */
  weight?: number;
  /** Default medium. */
  priority?: HostPriority;
}

/** One host as the ranking saw it. */
export interface RankedHost {
  id: string;
  bookings: number;
  lastBookedAt: number | null;
  weight: number;
  priority: HostPriority;
  /** weight / the sum of the live hosts' weights. */
  share: number;
  /** total x share - bookings: positive when below their share. */
  deficit: number;
}

type Stats = Readonly<Record<string, RoundRobinStats | undefined>>;

const rankOfPriority = (p: HostPriority) => HOST_PRIORITIES.indexOf(p);

/** A ranked host with its deficit times the weights' sum: an integer for whole weights, compared exactly. */
type Scaled = RankedHost & { scaled: number };

/**
 * Every host of `stats` and `ids` with share and deficit (a host missing from `stats` counts as
 * never booked, at the default weight and priority), by id.
 */
function scaledHosts(ids: readonly string[], stats: Stats): Map<string, Scaled> {
  const everyone = [...new Set([...Object.keys(stats), ...ids])].map((id) => {
    const s = stats[id];
    const weight = s?.weight ?? DEFAULT_WEIGHT;
    return {
      id,
      bookings: s?.bookings ?? 0,
      lastBookedAt: s?.lastBookedAt ?? null,
      weight: Number.isFinite(weight) && weight > 0 ? weight : 0,
      priority: s?.priority && HOST_PRIORITIES.includes(s.priority) ? s.priority : DEFAULT_PRIORITY,
    };
  });
  const weightSum = everyone.reduce((n, h) => n + h.weight, 0);
  const total = everyone.reduce((n, h) => n + h.bookings, 0);
  // All weights 0: equal shares.
  const sum = weightSum > 0 ? weightSum : everyone.length;
  return new Map(
    everyone.map((h) => {
      const weight = weightSum > 0 ? h.weight : 1;
      return [
        h.id,
        {
          ...h,
          share: weight / sum,
          deficit: (total * weight) / sum - h.bookings,
          scaled: total * weight - h.bookings * sum,
        },
      ];
    }),
  );
}

const strip = ({ scaled: _scaled, ...h }: Scaled): RankedHost => h;

/** Each of `ids` with share and deficit among every live host (`stats`). */
export function rankedHosts(ids: readonly string[], stats: Stats): RankedHost[] {
  const all = scaledHosts(ids, stats);
  return ids.map((id) => strip(all.get(id)!));
}

/** What put one host before another. */
export type Criterion = "weight-zero" | "priority" | "deficit" | "weight" | "bookings" | "recency" | "id";

/** How two hosts compare (negative: `a` first), and on what. */
function compare(a: Scaled, b: Scaled): [number, Criterion] {
  if (a.weight > 0 !== b.weight > 0) return [a.weight > 0 ? -1 : 1, "weight-zero"];
  if (a.priority !== b.priority) return [rankOfPriority(b.priority) - rankOfPriority(a.priority), "priority"];
  if (a.scaled !== b.scaled) return [b.scaled - a.scaled, "deficit"];
  if (a.weight !== b.weight) return [b.weight - a.weight, "weight"];
  if (a.bookings !== b.bookings) return [a.bookings - b.bookings, "bookings"];
  const aLast = a.lastBookedAt ?? -Infinity;
  const bLast = b.lastBookedAt ?? -Infinity;
  if (aLast !== bLast) return [aLast < bLast ? -1 : 1, "recency"];
  return [a.id < b.id ? -1 : a.id > b.id ? 1 : 0, "id"];
}

function sorted(candidates: readonly string[], stats: Stats): Scaled[] {
  const unique = [...new Set(candidates)];
  const all = scaledHosts(unique, stats);
  return unique.map((id) => all.get(id)!).sort((a, b) => compare(a, b)[0]);
}

/**
 * `candidates` (the hosts free then) best first. `stats` holds every live host of the event type:
 * their weights and bookings make the shares, whether they are free or not.
 */
export function rankRoundRobin(candidates: readonly string[], stats: Stats): RankedHost[] {
  return sorted(candidates, stats).map(strip);
}

/** The host round robin gives a booking to, among `candidates` (the hosts free then); null without any. */
export function pickRoundRobinHost(candidates: readonly string[], stats: Stats): string | null {
  if (candidates.length === 1) return candidates[0];
  return sorted(candidates, stats)[0]?.id ?? null;
}

/**
 * pickRoundRobinHost for many picks over the same `stats` (every slot of a search): the shares are
 * worked out once, and each pick is the best of its candidates by the same order. A candidate
 * missing from `stats` changes everyone's share, so such a pick goes through pickRoundRobinHost.
 */
export function roundRobinPicker(stats: Stats): (candidates: readonly string[]) => string | null {
  const all = scaledHosts([], stats);
  return (candidates) => {
    if (candidates.length === 1) return candidates[0];
    let best: Scaled | undefined;
    for (const id of candidates) {
      const host = all.get(id);
      if (!host) return pickRoundRobinHost(candidates, stats);
      if (!best || compare(host, best)[0] < 0) best = host;
    }
    return best?.id ?? null;
  };
}

/** What put the pick before the runner-up, or null when only one host was free. */
export function decidingCriterion(candidates: readonly string[], stats: Stats): Criterion | null {
  const ranked = sorted(candidates, stats);
  return ranked.length < 2 ? null : compare(ranked[0], ranked[1])[1];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * One sentence: why `picked` got the booking, for the booking's timeline. `names` by id; `free` the
 * hosts free then; `stats` every live host. `windowDays` names the window.
 */
export function assignmentReason(input: {
  picked: string;
  free: readonly string[];
  stats: Stats;
  names: Readonly<Record<string, string>>;
  windowDays: number;
}): string {
  const { picked, free, stats, names, windowDays } = input;
  const name = (id: string) => names[id] || "A host";
  const [me] = rankedHosts([picked], stats);
  const figures = `${plural(me.bookings, "booking")} in ${windowDays} days against a weighted share of ${formatShare(
    me.deficit + me.bookings,
  )} (weight ${me.weight}, ${me.priority} priority)`;
  const others = [...new Set(free)].filter((id) => id !== picked);
  if (others.length === 0) return `${name(picked)} was the only host free to take it: ${figures}.`;
  const why = decidingCriterion(free, stats);
  const reasons: Record<Criterion, string> = {
    "weight-zero": "was the only free host with a weight above 0",
    priority: `had the highest priority among the free hosts (${me.priority})`,
    deficit: "was the furthest below their weighted share among the free hosts of the highest priority present",
    weight: "was as far below their share as another free host and had the higher weight",
    bookings: "was as far below their share as another free host and had fewer bookings",
    recency: "was level with another free host on share and bookings and had waited longest since a booking",
    id: "was level with another free host on every figure and came first by id",
  };
  return `${name(picked)} ${reasons[why ?? "deficit"]}, of ${plural(free.length, "free host")}: ${figures}.`;
}

function formatShare(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
