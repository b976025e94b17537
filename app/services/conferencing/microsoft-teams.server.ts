import { ConferencingError, type ConferencingProvider } from "./provider";

/**
 * Microsoft Teams through the host's Microsoft 365 calendar (decision 065). There is no Microsoft
 * calendar kind yet, so no host is ever ready: the JSON path answers 409 needs_calendar and a
 * teams location falls back to the built-in room with the host told. Plugging it in means
 * answering `ready` from the Microsoft calendar connection and making the meeting as that
 * calendar's online meeting in create/move/remove.
 */
const NOT_YET = "Microsoft Teams needs a connected Microsoft 365 calendar.";

export const microsoftTeams: ConferencingProvider = {
  app: "microsoft-teams",
  label: "Microsoft Teams",
  connectsWith: "microsoft-calendar",
  available: () => true,
  ready: async () => false,
  async create() {
    throw new ConferencingError(NOT_YET, true);
  },
  async move() {
    throw new ConferencingError(NOT_YET, true);
  },
  async remove() {
    throw new ConferencingError(NOT_YET, true);
  },
};
