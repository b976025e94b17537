import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TeamLogoForm } from "~/components/profile-photo-form";
import { Toaster } from "~/components/toaster";
import { managedTeamOr404 } from "~/html/team-manager.server";
import { LOGO_MESSAGES } from "~/schemas/team-logo";
import { teamLogoPage, teamSettingsPage } from "~/schemas/teams";
import { removeTeamLogo, setTeamLogo } from "~/services/profile-photo.server";
import { requirePermission } from "~/utils/auth.server";
import { readPhotoUpload } from "~/utils/photo-upload.server";
import { readFormData } from "~/utils/request.server";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";

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

function refused(status: number, message: string) {
  return data({ error: message, toast: errorToast(message) }, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const team = await managedTeamOr404(user.id, params.id ?? "");
  const back = `${teamSettingsPage(team.id)}#team-logo`;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const upload = type.startsWith("application/x-www-form-urlencoded")
    ? { ok: true as const, intent: String((await readFormData(request)).get("intent") ?? ""), bytes: null }
    : await readPhotoUpload(request, "logo", LOGO_MESSAGES);
  if (!upload.ok) return refused(upload.status, upload.message);
  if (upload.intent === "remove") {
    if (!(await removeTeamLogo(team.id))) return refused(409, LOGO_MESSAGES.none);
    return redirectWithSuccess(back, LOGO_MESSAGES.removed);
  }
  if (upload.intent !== "upload") return refused(400, "Unknown form.");
  if (!upload.bytes || upload.bytes.length === 0) return refused(400, LOGO_MESSAGES.missing);
  const outcome = await setTeamLogo(team.id, upload.bytes);
  if (!outcome.ok) return refused(outcome.message === LOGO_MESSAGES.tooBig ? 413 : 422, outcome.message);
  return redirectWithSuccess(back, LOGO_MESSAGES.saved);
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
