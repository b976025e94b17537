import { z } from "zod";
import {
  CONFERENCING_APP_IDS,
  conferencingAppJsonSchema,
  conferencingAuthorizeSchema,
} from "~/schemas/conferencing-api";
import { errors, json, noContent, signedIn, type ZodOpenApiPathsObject } from "./common";

/**
 * Conferencing apps (decision 065): Zoom by its OAuth consent, Google Meet and Microsoft Teams
 * through a connected calendar of their kind. Each booking of an event type whose location is
 * one of them gets its own meeting, moved and deleted with the booking.
 */
const appParam = z.object({
  app: z.enum(CONFERENCING_APP_IDS).meta({ description: "zoom, google-meet or microsoft-teams." }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/conferencing": {
    get: {
      operationId: "listConferencingApps",
      summary:
        "Your conferencing apps (zoom, google-meet, microsoft-teams), connected or not, and which is your default.",
      tags: ["Conferencing"],
      security: signedIn,
      responses: { "200": json("Every app, in this order.", z.array(conferencingAppJsonSchema)), ...errors(401) },
    },
  },
  "/api/conferencing/{app}": {
    post: {
      operationId: "connectConferencingApp",
      summary:
        "Connects an app. Zoom answers { authorizeUrl }: open it in the browser where you are signed in, and Zoom comes back to /dashboard/conferencing/zoom/callback. Google Meet and Microsoft Teams connect at once through your connected Google or Microsoft 365 calendar, or answer 409 needs_calendar.",
      tags: ["Conferencing"],
      security: signedIn,
      requestParams: { path: appParam },
      responses: {
        "200": json(
          "Zoom: its consent's address; the others: the app, now connected.",
          z.union([
            conferencingAuthorizeSchema,
            conferencingAppJsonSchema.pick({ app: true, connected: true, default: true }),
          ]),
        ),
        ...errors(401, 404, 409),
        "503": { description: "The app is not set up on this server (conferencing_unavailable)." },
      },
    },
    delete: {
      operationId: "disconnectConferencingApp",
      summary:
        "Disconnects an app (its tokens are deleted; 204 also when it was not connected); bookings made since fall back to the built-in room, and their hosts are told.",
      tags: ["Conferencing"],
      security: signedIn,
      requestParams: { path: appParam },
      responses: { "204": noContent, ...errors(401, 404) },
    },
  },
};
