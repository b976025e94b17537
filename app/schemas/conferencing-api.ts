import { z } from "zod";

/** The JSON of conferencing apps (decision 065). */
export const CONFERENCING_APP_IDS = ["zoom", "google-meet", "microsoft-teams"] as const;

export const conferencingAppJsonSchema = z
  .object({
    app: z.enum(CONFERENCING_APP_IDS),
    connected: z.boolean(),
    default: z
      .boolean()
      .meta({ description: "Your default video app (the first you connect, until you pick another)." }),
    account: z.string().nullable().meta({ description: "The connected account at the app (Zoom: its e-mail)." }),
    error: z
      .string()
      .nullable()
      .meta({ description: "The last trouble in words, e.g. a revoked grant: connect it again." }),
  })
  .meta({ id: "ConferencingApp" });

export const conferencingAuthorizeSchema = z
  .object({ authorizeUrl: z.string().meta({ description: "Zoom's consent page: open it where you are signed in." }) })
  .meta({ id: "ConferencingAuthorize" });
