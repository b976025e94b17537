/**
 * What the language files share (languages.test.ts, languages-more.test.ts): a host in Madrid
 * open 09:00-17:00 every day, its dates and slots, and the JSON answer check.
 */
import crypto from "node:crypto";
import { expect } from "vitest";
import { wallClockToInstant } from "../../app/scheduling/zoned-time";
import type { apiClient, Account } from "./api-client";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A Madrid date `days` ahead, YYYY-MM-DD. */
export function madridDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * DAY_MS));
}

/** `hh:00` in Madrid on `date`: the instant, and the slot as the booking form posts it (with its offset). */
export function madridSlot(date: string, hour: number): { slot: string; instant: Date } {
  const hh = String(hour).padStart(2, "0");
  const r = wallClockToInstant(date, `${hh}:00`, "Europe/Madrid");
  if (!r.ok) throw new Error("no such time");
  const name = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Madrid", timeZoneName: "longOffset" })
    .formatToParts(r.instant)
    .find((p) => p.type === "timeZoneName")?.value;
  const offset = (name ?? "GMT+01:00").replace("GMT", "");
  return { slot: `${date}T${hh}:00:00${offset}`, instant: r.instant };
}

/** The JSON of an answer that must have `status` (the body is in the failure message). */
export async function ok(res: Response, status = 201) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown> & { _id: string };
}

/** A professional in Madrid with a username starting `prefix` and a schedule open 09:00-17:00 daily. */
export async function madridHost(
  client: ReturnType<typeof apiClient>,
  prefix: string,
): Promise<{ host: Account; username: string; scheduleId: string }> {
  const host = await client.account("host", "professional");
  const username = `${prefix}${crypto.randomUUID().slice(0, 8)}`;
  await client.db`update users set username = ${username}, time_zone = 'Europe/Madrid' where id = ${host.id}`;
  const schedule = await ok(
    await client.call("POST", "/api/schedules", {
      token: host.token,
      json: {
        name: "Madrid",
        timeZone: "Europe/Madrid",
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" })),
      },
    }),
  );
  return { host, username, scheduleId: schedule._id };
}
