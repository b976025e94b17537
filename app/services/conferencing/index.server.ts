import type { ConferencingApp } from "../../../db/schema";
import { googleMeet } from "./google-meet.server";
import { microsoftTeams } from "./microsoft-teams.server";
import type { ConferencingProvider } from "./provider";
import { zoom } from "./zoom.server";

/** Every conferencing app, in the order hosts see them (decision 065): one file each in this folder. */
export const PROVIDERS: Record<ConferencingApp, ConferencingProvider> = {
  zoom,
  "google-meet": googleMeet,
  "microsoft-teams": microsoftTeams,
};

export { ConferencingError, type ConferencingProvider, type MadeMeeting, type MeetingDetails } from "./provider";
