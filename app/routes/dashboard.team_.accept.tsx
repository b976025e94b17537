import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  errorToast,
  findTeamInvitationByToken,
  readFormData,
  redirectWithSuccess,
  requireUser,
  respondToTeamInvitation,
} from "./dashboard.team_.accept.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Check, UsersRound, X } from "~/components/icons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { teamSettingsPage, TEAMS_PAGE } from "~/schemas/teams";
import { forbidden, notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";

/**
 * /dashboard/team/accept?token=... : the mailed invitation link (decisions 020 and 057; links
 * mailed before named teams keep working, their token hashes moved with them). Signed out, the
 * dashboard sends the person to sign in (or sign up) and back here. A token that opens nothing
 * is 404; an invitation to another e-mail address is 403. Accept and decline are form posts.
 */

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Team invitation | Scheduler" }];

async function invitationFor(request: Request, token: string) {
  const user = await requireUser(request);
  const found = await findTeamInvitationByToken(token);
  if (!found) notFound(M.invitationNotFound);
  if (found.email.toLowerCase() !== user.email.toLowerCase()) forbidden(M.wrongPerson);
  return { user, found };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { found } = await invitationFor(request, token);
  return { token, team: found.teamName, role: found.role, email: found.email, status: found.status };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const token = String(form.get("token") ?? "");
  const answer = form.get("intent");
  const { user } = await invitationFor(request, token);
  if (answer !== "accept" && answer !== "decline") return data({ toast: errorToast(M.unknownForm) }, { status: 400 });
  const result = await respondToTeamInvitation(user, { token }, answer, new Date());
  if (result.ok) {
    return answer === "accept"
      ? redirectWithSuccess(teamSettingsPage(result.teamId), M.accepted(result.teamName))
      : redirectWithSuccess(TEAMS_PAGE, M.declined(result.teamName));
  }
  if (result.reason === "not-pending") return data({ toast: errorToast(M.notPending) }, { status: 409 });
  if (result.reason === "wrong-person") forbidden(M.wrongPerson);
  notFound(M.invitationNotFound);
}

export default function AcceptInvitation() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending();
  const accepting = useIsPending({ intent: "accept" });
  return (
    <div className="max-w-form space-y-6">
      <section
        className="rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm"
        aria-labelledby="invitation-title"
      >
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <UsersRound className="h-5 w-5" aria-hidden />
          </span>
          <h1 id="invitation-title" className="break-words text-2xl font-bold text-neutral-900">
            Join {d.team}?
          </h1>
        </div>
        <p className="mt-3 text-neutral-700 [overflow-wrap:anywhere]">
          You are invited as {d.role === "admin" ? "an admin" : `a ${d.role}`}, at {d.email}. Members host the
          team&apos;s Collective and Round Robin meetings: guests book the times your own default schedule leaves free,
          and the meetings land on your schedule.
        </p>
        {d.status === "pending" ? (
          <Form method="post" className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <input type="hidden" name="token" value={d.token} />
            <Button type="submit" name="intent" value="decline" variant="secondary" disabled={busy}>
              <X className="h-4 w-4" aria-hidden /> Decline
            </Button>
            <Button type="submit" name="intent" value="accept" disabled={busy} pending={accepting}>
              <Check className="h-4 w-4" aria-hidden /> Accept invitation
            </Button>
          </Form>
        ) : (
          <div className="mt-6 space-y-4">
            <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
              {M.notPending}
            </p>
            <Link to={TEAMS_PAGE} className={buttonClass("secondary")}>
              Go to Teams
            </Link>
          </div>
        )}
      </section>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
