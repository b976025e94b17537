import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Check, LogOut, Mail, Send, Trash2, UserPlus, X } from "lucide-react";
import type { ReactNode } from "react";
import { CellLabel, EmptyRows, tableClass, TableHead, tbodyClass, tdClass, trClass } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import {
  inviteMember,
  leaveTeam,
  listInvitationsTo,
  listTeam,
  removeMember,
  renewInvitation,
  respondToInvitation,
  TEAM_CAP,
  type InvitationToMe,
  type TeamRow,
} from "~/models/team.server";
import { TEAM_MESSAGES as M } from "~/messages/profile";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { linkBase, readFormData } from "~/utils/request.server";
import { InviteSchema, TEAM_PAGE as PAGE } from "~/schemas/team-form";
import { mailTeamInvitation } from "~/services/team-invitations.server";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";

/**
 * The Team page (decision 020): the people I invited (pending, accepted, declined; resend,
 * remove) and the invitations to me (accept, decline, leave). Every button is a form post;
 * the remove and leave confirmations are URLs (?remove=<id>, ?leave=<id>).
 */

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Team | Scheduler" }];

const STATUS_TEXT: Record<TeamRow["status"], string> = { pending: "Invited", accepted: "Member", declined: "Declined" };
const STATUS_CLASS: Record<TeamRow["status"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-600/20",
  accepted: "bg-green-50 text-green-800 ring-green-600/20",
  declined: "bg-neutral-100 text-neutral-800 ring-neutral-500/20",
};

function dateText(d: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: zone }).format(d);
}

function presentRow(r: TeamRow, zone: string) {
  return { id: r.id, email: r.email, name: r.memberName, status: r.status, invited: dateText(r.invitedAt, zone) };
}

function presentInvitation(i: InvitationToMe) {
  return { id: i.id, status: i.status, owner: i.ownerName || i.ownerEmail, ownerEmail: i.ownerEmail };
}

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

type Row = ReturnType<typeof presentRow>;
type Invitation = ReturnType<typeof presentInvitation>;

function InviteForm() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "invite" });
  const [form, fields] = useForm({
    id: "team-invite",
    lastResult: actionData?.result,
    constraint: getZodConstraint(InviteSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
  });
  return (
    <Form method="post" action={PAGE} {...getFormProps(form)} className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <input type="hidden" name="intent" value="invite" />
      <div className="min-w-0 flex-1">
        <Field
          label="E-mail address"
          hint="They get a link to accept; they sign in (or sign up) with this address."
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off", placeholder: "name@example.com" }}
          errors={fields.email.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <Button type="submit" pending={pending} disabled={pending} className="shrink-0 sm:mt-6">
        <UserPlus className="h-4 w-4" aria-hidden /> Send invitation
      </Button>
    </Form>
  );
}

function PostButton({ intent, id, label, children, variant = "secondary" }: { intent: string; id: string; label: string; children: ReactNode; variant?: "primary" | "secondary" }) {
  const pending = useIsPending({ intent, fields: { id } });
  return (
    <Form method="post" action={PAGE} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant={variant} pending={pending} disabled={pending} aria-label={label} className="px-3 py-2">
        {children}
      </Button>
    </Form>
  );
}

function TeamTable({ rows }: { rows: Row[] }) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">People you invited to your team</caption>
      <TableHead columns={["Person", "Status", "Invited", { label: "Actions", className: "w-56" }]} />
      <tbody className={tbodyClass}>
        {rows.map((r) => (
          <tr key={r.id} className={trClass} data-testid="team-row" data-email={r.email}>
            <td className={`${tdClass} min-w-0`}>
              <CellLabel>Person</CellLabel>
              <span className="block break-words font-medium text-neutral-900">{r.name || r.email}</span>
              {r.name ? <span className="block text-sm text-neutral-600 [overflow-wrap:anywhere]">{r.email}</span> : null}
            </td>
            <td className={tdClass}>
              <CellLabel>Status</CellLabel>
              <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_CLASS[r.status]}`} data-testid="team-status">
                {STATUS_TEXT[r.status]}
              </span>
            </td>
            <td className={`${tdClass} text-neutral-800`}>
              <CellLabel>Invited</CellLabel>
              {r.invited}
            </td>
            <td className={`${tdClass} pt-3 md:pt-3`}>
              <div className="flex flex-wrap gap-2">
                {r.status === "accepted" ? null : (
                  <PostButton intent="resend" id={r.id} label={`Send the invitation to ${r.email} again`}>
                    <Send className="h-4 w-4" aria-hidden /> Resend
                  </PostButton>
                )}
                <Link
                  to={`${PAGE}?remove=${r.id}`}
                  preventScrollReset
                  id={`remove-${r.id}`}
                  className={buttonClass("secondary", "px-3 py-2 text-red-700")}
                  aria-label={`Remove ${r.email}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden /> Remove
                </Link>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InvitationList({ items }: { items: Invitation[] }) {
  return (
    <ul className="space-y-3" aria-label="Invitations to you">
      {items.map((i) => (
        <li key={i.id} className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between" data-testid="invitation-to-me">
          <div className="min-w-0">
            <p className="break-words font-medium text-neutral-900">{i.owner}</p>
            <p className="text-sm text-neutral-600 [overflow-wrap:anywhere]">
              {i.status === "accepted" ? "You are on this team." : "Invites you to their team."} {i.ownerEmail}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {i.status === "pending" ? (
              <>
                <PostButton intent="accept" id={i.id} label={`Accept ${i.owner}'s invitation`} variant="primary">
                  <Check className="h-4 w-4" aria-hidden /> Accept
                </PostButton>
                <PostButton intent="decline" id={i.id} label={`Decline ${i.owner}'s invitation`}>
                  <X className="h-4 w-4" aria-hidden /> Decline
                </PostButton>
              </>
            ) : (
              <Link to={`${PAGE}?leave=${i.id}`} preventScrollReset id={`leave-${i.id}`} className={buttonClass("secondary", "px-3 py-2 text-red-700")} aria-label={`Leave ${i.owner}'s team`}>
                <LogOut className="h-4 w-4" aria-hidden /> Leave
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function ConfirmForm({ intent, id, note, submit }: { intent: string; id: string; note: string; submit: string }) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post" action={PAGE} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm text-neutral-700">{note}</p>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to={PAGE} preventScrollReset data-autofocus className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" variant="danger" pending={pending} disabled={pending}>
          {submit}
        </Button>
      </div>
    </Form>
  );
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
          <EmptyRows title="Nobody invited yet" body="Invite a colleague above. Once they accept, pick them as a host of a Collective or Round Robin event type." />
        ) : (
          <TeamTable rows={team} />
        )}
      </section>

      <section aria-labelledby="to-me-title" className="space-y-3">
        <h2 id="to-me-title" className="flex items-center gap-2 text-lg font-semibold text-neutral-900">
          <Mail className="h-5 w-5 text-brand-600" aria-hidden /> Invitations to you
        </h2>
        {toMe.length === 0 ? <p className="text-sm text-neutral-600">No invitations to you, and you are on nobody else&apos;s team.</p> : <InvitationList items={toMe} />}
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
          <ConfirmForm intent="leave" id={toLeave.id} submit="Leave team" note="You stop hosting their team event types at once. Meetings already booked stay on your schedule." />
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
