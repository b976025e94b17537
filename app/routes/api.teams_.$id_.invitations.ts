import type { LoaderFunctionArgs } from "@remix-run/node";
import { readJson, requireApiUser } from "~/api/api.server";
import { apiRoute } from "~/api/api-route.server";
import { requireTeamManager, teamRefusal } from "~/api/team-api.server";
import { listTeamInvitations } from "~/models/teams.server";
import { teamInviteBody } from "~/schemas/teams";
import { inviteAndMail } from "~/services/teams.server";
import { linkBase } from "~/utils/request.server";

/** GET /api/teams/{id}/invitations: owners and admins see the invitations not yet accepted. */
async function GET({ request, params }: LoaderFunctionArgs) {
  const { team } = await requireTeamManager(request, params.id ?? "");
  return Response.json(
    (await listTeamInvitations(team.id)).map(({ id, email, role, status, invitedAt }) => ({
      id,
      email,
      role,
      status,
      invitedAt: invitedAt.toISOString(),
    })),
  );
}

/** POST /api/teams/{id}/invitations: owners and admins invite by e-mail with a role (mailed link). */
async function POST({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const input = await readJson(request, teamInviteBody);
  const result = await inviteAndMail(linkBase(request), user, params.id ?? "", input.email, input.role, new Date());
  if (!result.ok) return teamRefusal(result.reason);
  return Response.json({ id: result.id, email: result.email, role: result.role, status: "pending" }, { status: 201 });
}

export const { loader, action } = apiRoute({ GET, POST });
