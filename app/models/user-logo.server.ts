import { eq } from "drizzle-orm";
import { eventTypes, teamLogos, teams, userLogos, users } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { publicPageTag } from "~/server/page-cache.server";
import { hostLogoPath, logoMailUrl } from "~/schemas/team-logo";
import type { MailLogo } from "~/schemas/reminder-mail";
import { imageStore } from "./image-store.server";
import type { Executor } from "./event-type.server";

/** A host's own logo (decision 117): stored as a team's logo is (decision 112), a host's pages dropped on each write. */
const store = imageStore(userLogos, userLogos.userId, publicPageTag.host);

export const saveHostLogo = store.save;
/** false when there was no logo. */
export const deleteHostLogo = store.remove;
/** The current logo's hash, or null. */
export const hostLogoHashOf = store.hashOf;
/** The bytes of one rendition, with the hash they have now. */
export const hostLogoBytes = store.bytes;

/** A host's logo as a page shows it (decision 117): its 96 px and 256 px paths, or null without one. */
export async function hostLogoOf(userId: string): Promise<{ small: string; large: string } | null> {
  const hash = await store.hashOf(userId);
  return hash ? { small: hostLogoPath(userId, hash, "small"), large: hostLogoPath(userId, hash) } : null;
}

/**
 * The logo the guests' mails of a booking show (decision 117): the team's for a team's event type,
 * else the host's own; with whose name it is. Null when that one has no logo (a team's event type
 * never falls back to its host's).
 */
/** Whose logo a booking's guest mails show, with its hash (mailLogoOf). */
export type MailBrand = { owner: "team" | "host"; id: string; name: string; hash: string };

export async function mailLogoOf(
  hostId: string,
  eventTypeId: string | null | undefined,
  executor?: Executor,
): Promise<MailBrand | null> {
  const db = executor ?? (await getDb());
  if (eventTypeId) {
    const [team] = await db
      .select({ id: teams.id, name: teams.name, hash: teamLogos.hash })
      .from(eventTypes)
      .innerJoin(teams, eq(teams.id, eventTypes.teamId))
      .leftJoin(teamLogos, eq(teamLogos.teamId, teams.id))
      .where(eq(eventTypes.id, eventTypeId));
    if (team) return team.hash ? { owner: "team", id: team.id, name: team.name, hash: team.hash } : null;
  }
  const [host] = await db
    .select({ name: users.name, username: users.username, email: users.email, hash: userLogos.hash })
    .from(userLogos)
    .innerJoin(users, eq(users.id, userLogos.userId))
    .where(eq(userLogos.userId, hostId));
  return host ? { owner: "host", id: hostId, name: host.name || host.username || host.email, hash: host.hash } : null;
}

/**
 * The logo a booking's guest mails show at the top (decision 117): whose it is (for its alt text)
 * and its 96 px PNG under `base` (the configured APP_URL). Null without a logo, or without `base`:
 * the mail is then what it was without one. The invitations, the reminders and follow-ups, and the
 * workflows' e-mails to guests show it.
 */
export async function guestMailLogo(
  hostId: string,
  eventTypeId: string | null | undefined,
  base: string | null,
  executor?: Executor,
): Promise<MailLogo | null> {
  if (!base) return null;
  return mailLogoOfBrand(await mailLogoOf(hostId, eventTypeId, executor), base);
}

/** guestMailLogo of a brand already read (bookingMailFactsOf). */
export function mailLogoOfBrand(brand: MailBrand | null, base: string | null): MailLogo | null {
  const url = brand && base ? logoMailUrl(brand, base) : null;
  return brand && url ? { name: brand.name, url } : null;
}
