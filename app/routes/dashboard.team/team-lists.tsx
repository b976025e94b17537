import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData } from "@remix-run/react";
import { Check, LogOut, Send, Trash2, UserPlus, X } from "lucide-react";
import type { ReactNode } from "react";
import { CellLabel, tableClass, TableHead, tbodyClass, tdClass, trClass } from "~/components/admin-table";
import { ErrorList, Field } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { type InvitationToMe, type TeamRow } from "~/models/team.server";
import { InviteSchema, TEAM_PAGE as PAGE } from "~/schemas/team-form";
import { useIsPending } from "~/utils/pending";
import type { action } from "./route";

export const STATUS_TEXT: Record<TeamRow["status"], string> = { pending: "Invited", accepted: "Member", declined: "Declined" };

export const STATUS_CLASS: Record<TeamRow["status"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-600/20",
  accepted: "bg-green-50 text-green-800 ring-green-600/20",
  declined: "bg-neutral-100 text-neutral-800 ring-neutral-500/20",
};

export function dateText(d: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: zone }).format(d);
}

export function presentRow(r: TeamRow, zone: string) {
  return { id: r.id, email: r.email, name: r.memberName, status: r.status, invited: dateText(r.invitedAt, zone) };
}

export function presentInvitation(i: InvitationToMe) {
  return { id: i.id, status: i.status, owner: i.ownerName || i.ownerEmail, ownerEmail: i.ownerEmail };
}

export type Row = ReturnType<typeof presentRow>;

export type Invitation = ReturnType<typeof presentInvitation>;

export function InviteForm() {
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

export function PostButton({
  intent,
  id,
  label,
  children,
  variant = "secondary",
}: {
  intent: string;
  id: string;
  label: string;
  children: ReactNode;
  variant?: "primary" | "secondary";
}) {
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

export function TeamTable({ rows }: { rows: Row[] }) {
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
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_CLASS[r.status]}`}
                data-testid="team-status"
              >
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

export function InvitationList({ items }: { items: Invitation[] }) {
  return (
    <ul className="space-y-3" aria-label="Invitations to you">
      {items.map((i) => (
        <li
          key={i.id}
          className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          data-testid="invitation-to-me"
        >
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
              <Link
                to={`${PAGE}?leave=${i.id}`}
                preventScrollReset
                id={`leave-${i.id}`}
                className={buttonClass("secondary", "px-3 py-2 text-red-700")}
                aria-label={`Leave ${i.owner}'s team`}
              >
                <LogOut className="h-4 w-4" aria-hidden /> Leave
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ConfirmForm({ intent, id, note, submit }: { intent: string; id: string; note: string; submit: string }) {
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
