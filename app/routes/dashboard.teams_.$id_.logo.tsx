import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "~/components/icons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TeamLogoForm } from "~/components/profile-photo-form";
import { Toaster } from "~/components/toaster";
import {
  imagePageAction,
  managedTeamOr404,
  removeTeamLogo,
  requirePermission,
  setTeamLogo,
} from "./dashboard.teams_.$id_.logo.server";
import { LOGO_MESSAGES } from "~/schemas/team-logo";
import { teamLogoPage, teamSettingsPage } from "~/schemas/teams";

/**
 * /dashboard/teams/{id}/logo: the team logo's upload and removal (decision 112), as the profile
 * photo's page (decision 095). Owners and admins only: a member gets 403, anyone outside the
 * team 404, before the body is read. The team's settings page posts here; a refused logo comes
 * back on this page with its message (and a 4xx), so it works without JavaScript.
 */

export const meta: MetaFunction = () => [{ title: "Team logo | Scheduler" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const team = await managedTeamOr404(user.id, params.id ?? "");
  return { team: { id: team.id, name: team.name, logoHash: team.logoHash } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const team = await managedTeamOr404(user.id, params.id ?? "");
  return imagePageAction(request, {
    field: "logo",
    messages: LOGO_MESSAGES,
    back: `${teamSettingsPage(team.id)}#team-logo`,
    set: (bytes) => setTeamLogo(team.id, bytes),
    remove: () => removeTeamLogo(team.id),
  });
}

export default function TeamLogo() {
  const { team } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-form space-y-6">
      <Toaster toast={actionData?.toast ?? null} />
      <header>
        <Link
          to={teamSettingsPage(team.id)}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> {team.name}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">Team logo</h1>
        <p className="mt-1 text-neutral-600">Guests see it on the team&apos;s page and its booking pages.</p>
      </header>
      <div className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">
        <TeamLogoForm
          action={teamLogoPage(team.id)}
          teamId={team.id}
          name={team.name}
          logoHash={team.logoHash}
          error={actionData?.error ?? null}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
