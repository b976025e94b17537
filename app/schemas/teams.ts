import { brandColorJson } from "./brand-color";
import { teamLogoPath } from "./team-logo";
import { z } from "zod";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { plainText } from "./input-rules";
import { isReservedUsername } from "./username-rules";

/** Named teams (decision 057): roles, the rules of who may do what, slugs, forms and JSON. */

export const TEAM_ROLE_VALUES = ["owner", "admin", "member"] as const;
export type TeamRoleName = (typeof TEAM_ROLE_VALUES)[number];

export const TEAMS_PAGE = "/dashboard/teams";
export const teamSettingsPage = (id: string) => `${TEAMS_PAGE}/${id}`;
export const teamPage = (slug: string) => `/team/${slug}`;
/** The team's logo upload and removal (decision 112); a refused logo comes back on this page. */
export const teamLogoPage = (id: string) => `${TEAMS_PAGE}/${id}/logo`;
/** Most members and pending invitations one team may have together (decision 020's cap). */
export const TEAM_SIZE_CAP = 50;

/** Owners and admins run the team: invite, remove, change roles. */
export function canManage(role: TeamRoleName | null | undefined): boolean {
  return role === "owner" || role === "admin";
}

/** May `actor` give someone `role` (by invitation or a change)? Only owners hand out "owner". */
export function canGrant(actor: TeamRoleName | null | undefined, role: TeamRoleName): boolean {
  if (!canManage(actor)) return false;
  return role !== "owner" || actor === "owner";
}

/**
 * May `actor` change or remove someone whose role is `target`? Admins may not touch owners.
 * Leaving (acting on oneself) is always allowed; the last-owner rule is the database's (see
 * models/teams.server.ts), since it depends on the others' rows.
 */
export function canChangeMember(actor: TeamRoleName | null | undefined, target: TeamRoleName, self = false): boolean {
  if (self) return true;
  if (!canManage(actor)) return false;
  return target !== "owner" || actor === "owner";
}

/** Would the team be left without an owner if this owner stopped being one? */
export function leavesNoOwner(owners: number, target: TeamRoleName, next: TeamRoleName | null): boolean {
  return target === "owner" && next !== "owner" && owners <= 1;
}

/** Same rules as usernames (they share a namespace), with the team's own messages. */
export function slugProblem(value: string): string | null {
  if (value.length === 0) return M.slugRequired;
  if (value.length < 3) return M.slugTooShort;
  if (value.length > 30) return M.slugTooLong;
  if (!/^[a-z]/.test(value)) return M.slugStart;
  if (!/^[a-z0-9-]+$/.test(value)) return M.slugCharacters;
  if (/--|-$/.test(value)) return M.slugHyphens;
  if (isReservedUsername(value)) return M.slugReserved;
  return null;
}

export const teamSlugSchema = z
  .string({ error: M.slugRequired })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = slugProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({
    description:
      "3-30 lower-case letters, digits and hyphens, starting with a letter; shares one namespace with usernames.",
    example: "sales-team",
  });

// A NUL in a name reached the database (a 500) before the text rule was put on it.
export const teamNameSchema = plainText(
  z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(80, M.nameTooLong),
  "The team name",
).meta({ description: "The team's name, 1-80 characters.", example: "Sales" });

export const teamRoleSchema = z.enum(TEAM_ROLE_VALUES, { error: M.roleInvalid });

export const teamEmailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .pipe(z.email({ error: M.emailInvalid }))
  .transform((e) => e.toLowerCase());

/** The create form and POST /api/teams. */
export const TeamCreateSchema = z.object({ name: teamNameSchema, slug: teamSlugSchema });
export const teamCreateBody = TeamCreateSchema.strict().meta({ id: "TeamCreate" });

/** The invite form and POST /api/teams/{id}/invitations. */
export const TeamInviteSchema = z.object({ email: teamEmailSchema, role: teamRoleSchema.default("member") });
export const teamInviteBody = TeamInviteSchema.strict().meta({ id: "TeamInvitationCreate" });

export const teamRoleBody = z.object({ role: teamRoleSchema }).strict().meta({ id: "TeamRoleChange" });
export const teamAcceptBody = z
  .object({ token: z.string().min(1).max(200).meta({ description: "The token of the mailed link (?token=)." }) })
  .strict()
  .meta({ id: "TeamInvitationAccept" });

export const teamSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    slug: z.string(),
    role: teamRoleSchema.meta({ description: "The caller's role in the team." }),
    brandColor: brandColorJson,
    logoUrl: z.string().nullable().meta({
      description:
        "The team's logo on its booking pages (decision 112): a path on this server to a 256 px square WebP, a new path for each new logo; null without one.",
    }),
  })
  .meta({ id: "Team" });

/** The Team resource of the JSON API: the logo's hash becomes its URL. */
export function teamJson(team: {
  id: string;
  name: string;
  slug: string;
  role: TeamRoleName;
  brandColor: string | null;
  logoHash: string | null;
}): z.infer<typeof teamSchema> {
  const { logoHash, ...rest } = team;
  return { ...rest, logoUrl: logoHash ? teamLogoPath(team.id, logoHash) : null };
}
export const teamMemberSchema = z
  .object({ userId: z.string().uuid(), email: z.string(), name: z.string(), role: teamRoleSchema })
  .meta({ id: "TeamMember" });
export const teamInvitationSchema = z
  .object({ id: z.string().uuid(), email: z.string(), role: teamRoleSchema, status: z.enum(["pending", "declined"]) })
  .meta({ id: "TeamInvitation" });

/** An invitation as listed to the team's owners and admins: when it was (last) sent. */
export const teamInvitationListItemSchema = teamInvitationSchema
  .extend({ invitedAt: z.string().meta({ description: "When it was last sent (ISO 8601, UTC)." }) })
  .meta({ id: "TeamInvitationListItem" });

export const ROLE_TEXT: Record<TeamRoleName, string> = { owner: "Owner", admin: "Admin", member: "Member" };
