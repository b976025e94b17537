import type { Refusal } from "~/models/teams.server";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { TEAM_SIZE_CAP } from "~/schemas/teams";
import { apiError } from "./api.server";

/** The JSON answer to a team write the model refused (decision 057): one mapping for every path. */
export function teamRefusal(
  reason: Refusal | "already-member" | "already-invited" | "cap",
  notFoundMessage: string = M.notFound,
): Response {
  switch (reason) {
    case "not-found":
      return apiError(404, "not_found", notFoundMessage);
    case "forbidden":
      return apiError(403, "forbidden", M.forbidden);
    case "owners-only":
      return apiError(403, "forbidden", M.ownersOnly);
    case "last-owner":
      return apiError(409, "last_owner", M.lastOwner);
    case "already-member":
      return apiError(409, "already_member", M.alreadyMember);
    case "already-invited":
      return apiError(409, "already_invited", M.alreadyInvited);
    case "cap":
      return apiError(409, "team_full", M.cap(TEAM_SIZE_CAP));
  }
}
