import { createEventType, listEventTypes } from "~/models/event-type.server";
import { ensureDefaultSchedule } from "~/models/schedule.server";
import { setUsername } from "~/models/user.server";
import { DEFAULT_EVENT_TYPE, suggestUsername, usernameCandidates } from "~/schemas/onboarding";
import { eventTypeBody } from "~/schemas/scheduling-api";

/**
 * A new host's start (decision 041): a username suggested from their name (the first free one of
 * its candidates; the unique index decides a race), the default schedule, and a "30 Minute
 * Meeting" event type, so their booking link works the moment they sign up. Runs for an account
 * that has no username yet (a password sign-up; a Google sign-up's first visit), never again.
 */
export async function onboardNewHost(user: {
  id: string;
  name: string;
  email: string;
  timeZone: string;
  username: string | null;
}): Promise<void> {
  if (user.username) return;
  for (const candidate of usernameCandidates(suggestUsername(user.name, user.email))) {
    if ((await setUsername(user.id, candidate)) === "saved") break;
  }
  const schedule = await ensureDefaultSchedule(user.id, user.timeZone);
  if ((await listEventTypes(user.id)).length > 0) return;
  const { scheduleId: _scheduleId, hosts: _hosts, ...fields } = eventTypeBody.parse(DEFAULT_EVENT_TYPE);
  // A slug taken by a racing second call is simply left as it is.
  await createEventType(user.id, { ...fields, scheduleId: schedule.id, hostIds: [user.id], teamId: null });
}
