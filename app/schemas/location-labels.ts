import type { LOCATION_TYPES } from "./scheduling-api";

// Without zod, so the booking page can name its location in the browser without loading it.
export const LOCATION_LABELS: Record<(typeof LOCATION_TYPES)[number], string> = {
  "in-person": "In Person Meeting",
  phone: "Phone Call",
  "google-meet": "Google Meet",
  video: "Video room",
  zoom: "Zoom",
  "microsoft-teams": "Microsoft Teams",
};
