import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Mail } from "lucide-react";
import { EmptyRows } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { Modal } from "~/components/ui/modal";
import { inviteMember, leaveTeam, listInvitationsTo, listTeam, removeMember, renewInvitation, respondToInvitation, TEAM_CAP } from "~/models/team.server";
import { TEAM_MESSAGES as M } from "~/messages/profile";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { linkBase, readFormData } from "~/utils/request.server";
import { InviteSchema, TEAM_PAGE as PAGE } from "~/schemas/team-form";
import { mailTeamInvitation } from "~/services/team-invitations.server";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";
import { notFound } from "~/utils/responses";
import { presentRow, presentInvitation, InviteForm, TeamTable, InvitationList, ConfirmForm } from "./team-lists";

/**
 * The Team page (decision 020): the people I invited (pending, accepted, declined; resend,
 * remove) and the invitations to me (accept, decline, leave). Every button is a form post;
 * the remove and leave confirmations are URLs (?remove=<id>, ?leave=<id>).
 */

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Team | Scheduler" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const url = new URL(request.url);
  const [team, toMe] = await Promise.all([listTeam(user.id), listInvitationsTo(user)]);
  const zone = user.timeZone;
  const removeId = url.searchParams.get("remove");
  const toRemove = removeId === null ? null : (team.find((r) => r.id === removeId) ?? notFound(M.notFound));
  const leaveId = url.searchParams.get("leave");
  const toLeave = leaveId === null ? null : (toMe.find((i) => i.id === leaveId && i.status === "accepted") ?? notFound(M.notFound));
  return {
    team: team.map((r) => presentRow(r, zone)),
    toMe: toMe.map(presentInvitation),
    cap: TEAM_CAP,
    toRemove: toRemove ? presentRow(toRemove, zone) : null,
    toLeave: toLeave ? presentInvitation(toLeave) : null,
  };
}

function refused(message: string, result: SubmissionResult<string[]> | null = null, status = 400) {
  return data({ result, toast: errorToast(message) }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const now = new Date();

  if (intent === "invite") {
    const submission = parseWithZod(form, { schema: InviteSchema });
    if (submission.status !== "success") return refused(M.emailInvalid, submission.reply());
    const result = await inviteMember(user, submission.value.email, now);
    if (!result.ok) {
      const message = { self: M.self, "already-member": M.alreadyMember, "already-invited": M.alreadyInvited, cap: M.cap(TEAM_CAP) }[result.reason];
      return refused(message, submission.reply({ fieldErrors: { email: [message] } }), result.reason === "cap" ? 403 : 409);
    }
    await mailTeamInvitation(linkBase(request), user, result.email, result.token);
    return redirectWithSuccess(PAGE, M.invited(result.email));
  }
  if (intent === "resend") {
    const renewed = await renewInvitation(user.id, id, now);
    if (!renewed) notFound(M.notFound);
    await mailTeamInvitation(linkBase(request), user, renewed.email, renewed.token);
    return redirectWithSuccess(PAGE, M.resent(renewed.email));
  }
  if (intent === "remove") {
    const removed = await removeMember(user.id, id);
    if (!removed) notFound(M.notFound);
    return redirectWithSuccess(PAGE, M.removed(removed.email));
  }
  if (intent === "accept" || intent === "decline") {
    const result = await respondToInvitation(user, { id }, intent, now);
    if (!result.ok) {
      if (result.reason === "not-pending") return refused(M.notPending, null, 409);
      notFound(M.notFound);
    }
    return redirectWithSuccess(PAGE, intent === "accept" ? M.accepted(result.ownerName) : M.declined(result.ownerName));
  }
  if (intent === "leave") {
    const left = await leaveTeam(user, id);
    if (!left) notFound(M.notFound);
    return redirectWithSuccess(PAGE, M.left(left.ownerName));
  }
  return refused(M.unknownForm);
}

export default function Team() {
  const { team, toMe, cap, toRemove, toLeave } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-neutral-900">{M.heading}</h1>
        <p className="mt-2 max-w-3xl text-neutral-700">{M.intro}</p>
      </header>

      <section aria-labelledby="invite-title" className="rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="invite-title" className="text-lg font-semibold text-neutral-900">
          Invite someone
        </h2>
        <p className="mb-4 mt-1 text-sm text-neutral-600">Up to {cap} people. You always host your own team event types too.</p>
        <InviteForm />
      </section>

      <section aria-labelledby="team-title">
        <h2 id="team-title" className="text-lg font-semibold text-neutral-900">
          Your team
        </h2>
        {team.length === 0 ? (
          <EmptyRows
            title="Nobody invited yet"
            body="Invite a colleague above. Once they accept, pick them as a host of a Collective or Round Robin event type."
          />
        ) : (
          <TeamTable rows={team} />
        )}
      </section>

      <section aria-labelledby="to-me-title" className="space-y-3">
        <h2 id="to-me-title" className="flex items-center gap-2 text-lg font-semibold text-neutral-900">
          <Mail className="h-5 w-5 text-brand-600" aria-hidden /> Invitations to you
        </h2>
        {toMe.length === 0 ? (
          <p className="text-sm text-neutral-600">No invitations to you, and you are on nobody else&apos;s team.</p>
        ) : (
          <InvitationList items={toMe} />
        )}
      </section>

      {toRemove ? (
        <Modal title={`Remove ${toRemove.email}?`} closeTo={PAGE} returnFocusTo={`remove-${toRemove.id}`}>
          <ConfirmForm
            intent="remove"
            id={toRemove.id}
            submit="Remove from team"
            note={
              toRemove.status === "accepted"
                ? "They stop hosting your team event types at once. Meetings already booked stay on every calendar."
                : "The invitation link stops working."
            }
          />
        </Modal>
      ) : null}
      {toLeave ? (
        <Modal title={`Leave ${toLeave.owner}'s team?`} closeTo={PAGE} returnFocusTo={`leave-${toLeave.id}`}>
          <ConfirmForm
            intent="leave"
            id={toLeave.id}
            submit="Leave team"
            note="You stop hosting their team event types at once. Meetings already booked stay on your schedule."
          />
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
