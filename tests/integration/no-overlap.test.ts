/**
 * No double booking (docs/decisions/017) over real HTTP against PostgreSQL: the database
 * refuses a host's overlapping busy time, and every write path says so instead of failing.
 * Pages answer 409 with the message under Time (the input kept), the JSON API 409 time_taken.
 */
import { describe, expect, it } from "vitest";
import { type HttpClient } from "../support/http";
import { apiClient, errorOf, type Account } from "./api-client";

const MESSAGE = "You already have an event at that time.";
const TAKEN = { code: "time_taken", message: MESSAGE };

const { db, call, account } = apiClient({ ipPrefix: "10.79", namePrefix: "Overlap" });

/** A day far enough ahead, different per test so hosts' times never meet by accident. */
function day(offset: number): string {
  return new Date(Date.now() + (30 + offset) * 86_400_000).toISOString().slice(0, 10);
}

/** An instant on day(offset) at hh:mm UTC, as the JSON API takes it. */
function at(offset: number, hhmm: string): string {
  return `${day(offset)}T${hhmm}:00.000Z`;
}

function pageForm(offset: number, time: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    eventName: "Slot",
    eventType: "Phone Call",
    description: "Overlap test.",
    date: day(offset),
    time,
    duration: "30",
    targetedEmail: "guest@example.org",
    ...overrides,
  };
}

function jsonEvent(dateTime: string, overrides: Record<string, unknown> = {}) {
  return {
    eventName: "API slot",
    eventType: "Google Meet",
    eventWith: "One-to-One",
    description: "Overlap test.",
    targetedEmail: "guest@example.org",
    dateTime,
    duration: 30,
    ...overrides,
  };
}

async function post(a: Account, dateTime: string, overrides: Record<string, unknown> = {}, server = 0) {
  return call("POST", "/events", { token: a.token, json: jsonEvent(dateTime, overrides), server });
}

async function created(a: Account, dateTime: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await post(a, dateTime, overrides);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

async function namesOf(hostId: string): Promise<string[]> {
  return (
    await db`select event_name from events where host_id = ${hostId} and status <> 'cancelled' order by starts_at`
  ).map((r) => r.event_name as string);
}

async function pageCreated(c: HttpClient, path: string, form: Record<string, string>) {
  const res = await c.post(path, form);
  expect(res.status, await res.clone().text()).toBe(302);
  expect(res.headers.get("location")).toBe("/dashboard");
}

describe("the event pages", () => {
  it("refuse an overlapping create on /one-to-one and /group-meeting with 409 and the message, keeping the input", async () => {
    const h = await account("pages", "professional");
    await pageCreated(h.c, "/one-to-one", pageForm(0, "10:00", { eventName: "First" }));

    const one = await h.c.post("/one-to-one", pageForm(0, "10:15", { eventName: "Second one" }));
    expect(one.status).toBe(409);
    const html = await one.text();
    expect(html).toContain(MESSAGE);
    expect(html).toMatch(/value="Second one"/);
    expect(html).toMatch(/value="10:15"/);
    // The browser with JavaScript (single fetch) gets the same 409.
    const scripted = await h.c.post("/one-to-one.data", pageForm(0, "09:45", { eventName: "Second data" }));
    expect(scripted.status).toBe(409);
    expect(await scripted.text()).toContain(MESSAGE);

    const group = await h.c.post("/group-meeting", {
      ...pageForm(0, "09:50", { eventName: "Group clash" }),
      email1: "a@example.org",
    });
    expect(group.status).toBe(409);
    expect(await group.text()).toContain(MESSAGE);

    // Touching is not overlapping: [10:00, 10:30) and [10:30, 11:00).
    await pageCreated(h.c, "/one-to-one", pageForm(0, "10:30", { eventName: "Right after" }));
    await pageCreated(h.c, "/group-meeting", {
      ...pageForm(0, "09:30", { eventName: "Right before" }),
      email1: "a@example.org",
    });
    expect(await namesOf(h.id)).toEqual(["Right before", "First", "Right after"]);
  });

  it("refuse moving an event onto another in the dashboard's update modal; a change at its own time is fine", async () => {
    const h = await account("modal", "professional");
    await pageCreated(h.c, "/one-to-one", pageForm(1, "10:00", { eventName: "Fixed" }));
    await pageCreated(h.c, "/one-to-one", pageForm(1, "12:00", { eventName: "Mover" }));
    const [mover] = await db`select id from events where host_id = ${h.id} and event_name = 'Mover'`;
    const update = (time: string, eventName: string) => ({
      intent: "update",
      eventId: mover.id as string,
      eventName,
      eventType: "Phone Call",
      description: "Moved.",
      date: day(1),
      time,
      duration: "60",
    });
    const clash = await h.c.post(`/dashboard?index&edit=${mover.id}`, update("09:30", "Mover clashing"));
    expect(clash.status).toBe(409);
    const html = await clash.text();
    expect(html).toContain(MESSAGE);
    expect(html).toMatch(/value="Mover clashing"/);
    const [row] = await db`select event_name, starts_at, sequence from events where id = ${mover.id}`;
    expect(row).toMatchObject({ event_name: "Mover", sequence: 0 });
    expect(row.starts_at.toISOString()).toBe(at(1, "12:00"));

    // Longer, over its own old time (12:00-12:30 becomes 11:45-12:45): only other rows count.
    const ok = await h.c.post(`/dashboard?index&edit=${mover.id}`, update("11:45", "Mover longer"));
    expect(ok.status, await ok.clone().text()).toBe(302);
    expect(await namesOf(h.id)).toEqual(["Fixed", "Mover longer"]);
  });
});

describe("the JSON API", () => {
  it("POST /events: an overlap is 409 time_taken; touching, another host and a deleted or cancelled event's time are fine", async () => {
    const a = await account("json", "professional");
    const b = await account("json-other", "professional");
    const first = await created(a, at(2, "10:00"), { eventName: "A first" });

    const clash = await post(a, at(2, "10:29"), { eventName: "A clash" });
    expect(clash.status).toBe(409);
    expect(await errorOf(clash)).toEqual(TAKEN);
    const covering = await post(a, at(2, "09:00"), { eventName: "A covering", duration: 180 });
    expect(covering.status).toBe(409);
    expect(await errorOf(covering)).toEqual(TAKEN);

    await created(a, at(2, "10:30"), { eventName: "A after" });
    await created(a, at(2, "09:30"), { eventName: "A before" });
    await created(b, at(2, "10:00"), { eventName: "B same time" });
    expect(await namesOf(a.id)).toEqual(["A before", "A first", "A after"]);

    // Deleting frees the time.
    expect((await call("DELETE", `/event/${first}`, { token: a.token })).status).toBe(204);
    const again = await created(a, at(2, "10:00"), { eventName: "A again" });

    // An admin's cancellation frees it too: cancelled events never block.
    const admin = await account("json-admin", "admin");
    const cancel = await admin.c.post(`/dashboard/manageEvent?cancel=${again}`, { intent: "cancel", eventId: again });
    expect(cancel.status).toBe(302);
    expect((await db`select status from events where id = ${again}`)[0].status).toBe("cancelled");
    await created(a, at(2, "10:10"), { eventName: "A after cancel", duration: 15 });
    expect(await namesOf(a.id)).toEqual(["A before", "A after cancel", "A after"]);
  });

  it("PUT /event/{id}: moving onto another event is 409 time_taken and changes nothing; over its own time is 200", async () => {
    const a = await account("json-put", "professional");
    await created(a, at(3, "10:00"), { eventName: "Stays" });
    const mover = await created(a, at(3, "14:00"), { eventName: "Mover", duration: 60 });
    const body = { eventName: "Moved", eventType: "Phone Call", description: "Moved." };

    const clash = await call("PUT", `/event/${mover}`, { token: a.token, json: { ...body, dateTime: at(3, "09:45") } });
    expect(clash.status).toBe(409);
    expect(await errorOf(clash)).toEqual(TAKEN);
    const [row] = await db`select event_name, starts_at, sequence from events where id = ${mover}`;
    expect(row).toMatchObject({ event_name: "Mover", sequence: 0 });
    expect(row.starts_at.toISOString()).toBe(at(3, "14:00"));

    const same = await call("PUT", `/event/${mover}`, { token: a.token, json: { ...body, dateTime: at(3, "14:00") } });
    expect(same.status).toBe(200);
    const shifted = await call("PUT", `/event/${mover}`, {
      token: a.token,
      json: { ...body, dateTime: at(3, "14:30"), duration: 90 },
    });
    expect(shifted.status).toBe(200);
    expect(await shifted.json()).toMatchObject({ _id: mover, dateTime: at(3, "14:30"), duration: 90 });
  });

  it("a race: 10 concurrent overlapping creates for one professional, across both servers, give one 201 and nine 409", async () => {
    const p = await account("race", "professional");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(p, at(4, `10:${String(i * 2).padStart(2, "0")}`), { eventName: `Racer ${i}` }, i % 2),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(await errorOf(r)).toEqual(TAKEN);
    expect(await namesOf(p.id)).toHaveLength(1);
  });
});
