/**
 * Round robin with weights, priorities and modes (decision 060) over real HTTP against
 * PostgreSQL, on both app servers: 3:1 weights over 40 sequential bookings, the highest priority
 * free host always wins, the fairness mode offers only the turn-holder's times, 30 simultaneous
 * bookings of one slot on two hosts give one booking per host and no overlap, the 201's host, and
 * the assignment recorded with every candidate.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { allDayEventType, apiClient, at, dateIn, ok, type Account } from "./api-client";
import { roundRobinTeam, tune, type RoundRobinTeam } from "./round-robin-team";

const { db, call, account } = apiClient({ ipPrefix: "10.216", namePrefix: "RR" });

interface Created {
  booking: { id: string; start: string; host: { userId: string; name: string; email: string } };
}

let n = 0;
function book(eventTypeId: string, start: string, server = 0) {
  n += 1;
  return call("POST", "/api/bookings", {
    json: {
      eventTypeId,
      start,
      name: `Guest ${n}`,
      email: `rr-guest-${n}-${Date.now()}@example.test`,
      timeZone: "UTC",
    },
    server,
  });
}

const hostOf = async (id: string) => (await db`select host_id from events where id = ${id}`)[0].host_id as string;

/** Makes `person` busy at `start` for 30 minutes: a booking of an event type of their own. */
async function busy(person: Account, start: string) {
  const own = await allDayEventType(call, person.token, {
    title: "Own",
    slug: `own-${Date.now()}-${n++}`,
    duration: 30,
    minimumNotice: 0,
    location: { type: "video" },
  });
  await ok(await book(own._id, start), 201);
}

/** The 30-minute starts of a day, from 00:00: `count` of them from `from`. */
const halfHours = (day: number, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const minutes = (from + i) * 30;
    return at(day, `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
  });

describe("weights", () => {
  let owner: Account;
  let member: Account;
  let typeId: string;
  beforeAll(async () => {
    [owner, member] = await Promise.all([account("w-owner", "professional"), account("w-member", "professional")]);
    ({ typeId } = await roundRobinTeam(
      call,
      db,
      owner,
      [{ account: member }],
      [
        { account: owner, weight: 75 },
        { account: member, weight: 25 },
      ],
    ));
  });

  it("3:1 over 40 sequential bookings (both hosts free at each) gives 30/10, each 201 naming the host and each pick recorded", async () => {
    const counts = new Map<string, number>([
      [owner.id, 0],
      [member.id, 0],
    ]);
    for (const start of [...halfHours(3, 16, 20), ...halfHours(4, 16, 20)]) {
      const created = await ok<Created>(await book(typeId, start, n % 2), 201);
      const host = await hostOf(created.booking.id);
      expect(created.booking.host.userId).toBe(host);
      counts.set(host, (counts.get(host) ?? 0) + 1);
    }
    const ownerCount = counts.get(owner.id)!;
    expect(ownerCount + counts.get(member.id)!).toBe(40);
    expect(Math.abs(ownerCount - 30)).toBeLessThanOrEqual(3);
    const records = await db`select a.kind, a.host_id, a.actor_id, a.candidates, e.host_id as booked
      from booking_assignments a join events e on e.id = a.event_id where e.event_type_id = ${typeId}`;
    expect(records).toHaveLength(40);
    for (const r of records) {
      expect(r).toMatchObject({ kind: "assigned", actor_id: null, host_id: r.booked });
      expect(
        (r.candidates as Array<{ userId: string; free: boolean; weight: number }>)
          .map((c) => [c.userId, c.free, c.weight])
          .sort(),
      ).toEqual(
        [
          [owner.id, true, 75],
          [member.id, true, 25],
        ].sort(),
      );
    }
  });
});

describe("priorities and modes", () => {
  let owner: Account;
  let top: Account;
  let high: Account;
  let typeId: string;
  let rr: RoundRobinTeam;
  beforeAll(async () => {
    [owner, top, high] = await Promise.all([
      account("p-owner", "professional"),
      account("p-top", "professional"),
      account("p-high", "professional"),
    ]);
    rr = await roundRobinTeam(
      call,
      db,
      owner,
      [{ account: top }, { account: high }],
      [
        { account: owner, priority: "low" },
        { account: top, priority: "highest", weight: 10 },
        { account: high, priority: "high" },
      ],
      "availability",
    );
    typeId = rr.typeId;
    // The highest-priority host is busy at 10:00 and 11:00 of day 6; the high one at 11:00 too.
    await busy(top, at(6, "10:00"));
    await busy(top, at(6, "11:00"));
    await busy(high, at(6, "11:00"));
  });

  it("the highest-priority free host always wins, however many bookings they already have", async () => {
    const expected: Array<[string, Account]> = [
      ["09:00", top],
      ["09:30", top],
      ["10:00", high],
      ["10:30", top],
      ["11:00", owner],
      ["12:00", top],
      ["12:30", top],
    ];
    for (const [time, who] of expected) {
      const created = await ok<Created>(await book(typeId, at(6, time)), 201);
      expect(created.booking.host.userId, time).toBe(who.id);
    }
    const [record] = await db`select reason, candidates from booking_assignments a join events e on e.id = a.event_id
      where e.event_type_id = ${typeId} and e.starts_at = ${at(6, "10:00")}`;
    expect(record.reason).toMatch(
      /^RR p-high had the highest priority among the free hosts \(high\), of 2 free hosts: /,
    );
    expect(
      (record.candidates as Array<{ name: string; free: boolean; priority: string; bookings: number }>)
        .map((c) => `${c.name} ${c.free ? "free" : "busy"} ${c.priority} ${c.bookings}`)
        .sort(),
    ).toEqual(["RR p-high free high 0", "RR p-owner free low 0", "RR p-top busy highest 2"]);
  });

  it("fairness offers only the turn-holder's times: the highest priority host's, without their busy ones", async () => {
    await tune(call, rr, { mode: "fairness" });
    const slots = async () =>
      (
        await ok<{ slots: Record<string, string[]> }>(
          await call("GET", `/api/slots?eventTypeId=${typeId}&start=${dateIn(6)}&end=${dateIn(6)}&timeZone=UTC`),
        )
      ).slots[dateIn(6)];
    const offered = await slots();
    // top has the turn (highest priority) and is busy at 10:00 (their own meeting): not offered, though two others are free.
    expect(offered).not.toContain(at(6, "10:00"));
    expect(offered).toEqual(expect.arrayContaining([at(6, "11:30"), at(6, "13:00")]));
    expect((await book(typeId, at(6, "10:00"))).status).toBe(409);
    expect((await ok<Created>(await book(typeId, at(6, "13:00")), 201)).booking.host.userId).toBe(top.id);
    // availability: every host's free times; at 11:00 nobody is free (two own meetings and a booking).
    await tune(call, rr, { mode: "availability" });
    const union = await slots();
    expect(union).toContain(at(6, "10:00"));
    expect(union).not.toContain(at(6, "11:00"));
  });
});

describe("simultaneous bookings", () => {
  let owner: Account;
  let member: Account;
  let rr: RoundRobinTeam;
  beforeAll(async () => {
    [owner, member] = await Promise.all([account("c-owner", "professional"), account("c-member", "professional")]);
    rr = await roundRobinTeam(call, db, owner, [{ account: member }], [{ account: owner }, { account: member }]);
  });

  for (const mode of ["fairness", "availability"] as const) {
    it(`${mode}: 30 simultaneous bookings of one slot on two hosts give exactly 2, one per host, and no overlap`, async () => {
      await tune(call, rr, { mode });
      const typeId = rr.typeId;
      const start = at(8, mode === "fairness" ? "10:00" : "14:00");
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => book(typeId, start, i % 2)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s === 409)).toHaveLength(28);
      const won = await Promise.all(answers.filter((r) => r.status === 201).map((r) => r.json() as Promise<Created>));
      expect(won.map((w) => w.booking.host.userId).sort()).toEqual([owner.id, member.id].sort());
      const rows =
        await db`select host_id from events where event_type_id = ${typeId} and starts_at = ${start} and status <> 'cancelled'`;
      expect(rows.map((r) => r.host_id).sort()).toEqual([owner.id, member.id].sort());
      const [{ overlaps }] = await db`select count(*)::int as overlaps from events a join events b
        on a.host_id = b.host_id and a.id < b.id and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
        where a.host_id in (${owner.id}, ${member.id}) and a.status <> 'cancelled' and b.status <> 'cancelled'`;
      expect(overlaps).toBe(0);
      const [{ records }] = await db`select count(*)::int as records from booking_assignments a
        join events e on e.id = a.event_id where e.event_type_id = ${typeId} and e.starts_at = ${start}`;
      expect(records).toBe(2);
    });
  }
});

describe("the 201's host", () => {
  it("names the host of a one-to-one booking too", async () => {
    const host = await account("o-host", "professional");
    const type = await allDayEventType(call, host.token, {
      title: "Chat",
      slug: "chat",
      duration: 30,
      minimumNotice: 0,
      location: { type: "video" },
    });
    const created = await ok<Created>(await book(type._id, at(5, "09:00")), 201);
    expect(created.booking.host).toEqual({ userId: host.id, name: "RR o-host", email: host.email });
  });
});
