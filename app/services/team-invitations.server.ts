import { TEAM_ACCEPT_PAGE } from "~/schemas/team-form";

/** The accept link of an invitation on `base` (utils/request.server.ts linkBase). */
export function invitationLink(base: string, token: string): string {
  return `${base.replace(/\/$/, "")}${TEAM_ACCEPT_PAGE}?token=${encodeURIComponent(token)}`;
}
