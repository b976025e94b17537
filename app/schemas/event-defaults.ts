import { addDays, todayIn } from "~/scheduling/zoned-time";
import { DEFAULT_DURATION } from "./event";

/** A new event's form starts tomorrow at 09:00 in the host's zone, for 30 minutes. */
export function newEventDefaults(timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  return {
    timeZone,
    today,
    defaultValue: { date: addDays(today, 1), time: "09:00", duration: String(DEFAULT_DURATION) },
  };
}
