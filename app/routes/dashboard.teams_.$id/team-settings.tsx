import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import { Form, Link } from "@remix-run/react";
import { Pencil, Plus, Send, Tags, Trash2, UserPlus } from "~/components/icons";
import { CellLabel, EmptyRows, tableClass, TableHead, tbodyClass, tdClass, trClass } from "~/components/admin-table";
import { ControlField, ErrorList, Field, inputClass } from "~/components/forms";
import { IntentButton } from "~/components/intent-button";
import { Button, buttonClass } from "~/components/ui/button";
import { ROLE_TEXT, TEAM_ROLE_VALUES, TeamInviteSchema, type TeamRoleName } from "~/schemas/teams";
import { useIsPending } from "~/utils/pending";
import { AttributeList } from "./member-attributes";

/** The pieces of a team's settings page (route.tsx). */

export function InviteForm({
  action,
  canGrantOwner,
  lastResult,
}: {
  action: string;
  canGrantOwner: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const pending = useIsPending({ intent: "invite" });
  const [form, fields] = useForm({
    id: "team-invite",
    lastResult,
    constraint: getZodConstraint(TeamInviteSchema),
    defaultValue: { role: "member" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TeamInviteSchema }),
  });
  const roles = TEAM_ROLE_VALUES.filter((r) => r !== "owner" || canGrantOwner);
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
    >
      <input type="hidden" name="intent" value="invite" />
      <div className="min-w-0">
        <Field
          label="E-mail address"
          hint="They sign in (or sign up) with this address to accept."
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "off",
            placeholder: "name@example.com",
          }}
          errors={fields.email.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <ControlField label="Role" id={fields.role.id} errorId={fields.role.errorId} errors={fields.role.errors}>
        <select {...getSelectProps(fields.role)} className={inputClass}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_TEXT[r]}
            </option>
          ))}
        </select>
      </ControlField>
      <Button type="submit" pending={pending} disabled={pending} className="shrink-0 sm:mt-6">
        <UserPlus className="h-4 w-4" aria-hidden /> Send invitation
      </Button>
    </Form>
  );
}

interface MemberView {
  userId: string;
  email: string;
  name: string;
  role: TeamRoleName;
  editable: boolean;
  attributes: Record<string, string>;
}

function RoleForm({ action, member, canGrantOwner }: { action: string; member: MemberView; canGrantOwner: boolean }) {
  const pending = useIsPending({ intent: "role", fields: { id: member.userId } });
  const roles = TEAM_ROLE_VALUES.filter((r) => r !== "owner" || canGrantOwner);
  const selectId = `role-${member.userId}`;
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={member.userId} />
      <label htmlFor={selectId} className="sr-only">
        Role of {member.name || member.email}
      </label>
      <select id={selectId} name="role" defaultValue={member.role} className={`${inputClass} w-auto`}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {ROLE_TEXT[r]}
          </option>
        ))}
      </select>
      <Button
        type="submit"
        variant="secondary"
        pending={pending}
        disabled={pending}
        className="px-3 py-2"
        aria-label={`Save the role of ${member.name || member.email}`}
      >
        Save role
      </Button>
    </Form>
  );
}

export function MemberTable({
  rows,
  action,
  canGrantOwner,
  manage,
}: {
  rows: MemberView[];
  action: string;
  canGrantOwner: boolean;
  /** Owners and admins: an Attributes button on every row (decision 074). */
  manage: boolean;
}) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">Members of the team</caption>
      <TableHead columns={["Person", "Role", "Attributes", { label: "Actions", className: "w-40" }]} />
      <tbody className={tbodyClass}>
        {rows.map((m) => (
          <tr key={m.userId} className={trClass} data-testid="team-member" data-email={m.email}>
            <td className={`${tdClass} min-w-0`}>
              <CellLabel>Person</CellLabel>
              <span className="block break-words font-medium text-neutral-900">{m.name || m.email}</span>
              {m.name ? (
                <span className="block text-sm text-neutral-600 [overflow-wrap:anywhere]">{m.email}</span>
              ) : null}
            </td>
            <td className={tdClass}>
              <CellLabel>Role</CellLabel>
              {m.editable ? (
                <RoleForm action={action} member={m} canGrantOwner={canGrantOwner} />
              ) : (
                <span data-testid="member-role">{ROLE_TEXT[m.role]}</span>
              )}
            </td>
            <td className={tdClass}>
              <CellLabel>Attributes</CellLabel>
              <AttributeList attributes={m.attributes} />
            </td>
            <td className={`${tdClass} pt-3 md:pt-3`}>
              <div className="flex flex-wrap gap-2">
                {manage ? (
                  <Link
                    to={`${action}?attributes=${m.userId}`}
                    preventScrollReset
                    id={`attributes-${m.userId}`}
                    className={buttonClass("secondary", "px-3 py-2")}
                    aria-label={`Attributes of ${m.name || m.email}`}
                  >
                    <Tags className="h-4 w-4" aria-hidden /> Attributes
                  </Link>
                ) : null}
                {m.editable ? (
                  <Link
                    to={`${action}?remove=${m.userId}`}
                    preventScrollReset
                    id={`remove-${m.userId}`}
                    className={buttonClass("secondary", "px-3 py-2 text-red-700")}
                    aria-label={`Remove ${m.name || m.email}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden /> Remove
                  </Link>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function InvitationTable({
  rows,
  action,
}: {
  rows: Array<{ id: string; email: string; role: TeamRoleName; status: string }>;
  action: string;
}) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">Invitations not accepted yet</caption>
      <TableHead columns={["E-mail", "Role", "Status", { label: "Actions", className: "w-56" }]} />
      <tbody className={tbodyClass}>
        {rows.map((i) => (
          <tr key={i.id} className={trClass} data-testid="team-invitation" data-email={i.email}>
            <td className={`${tdClass} min-w-0 [overflow-wrap:anywhere]`}>
              <CellLabel>E-mail</CellLabel>
              {i.email}
            </td>
            <td className={tdClass}>
              <CellLabel>Role</CellLabel>
              {ROLE_TEXT[i.role]}
            </td>
            <td className={tdClass}>
              <CellLabel>Status</CellLabel>
              {i.status === "pending" ? "Invited" : "Declined"}
            </td>
            <td className={`${tdClass} pt-3 md:pt-3`}>
              <div className="flex flex-wrap gap-2">
                <IntentButton
                  action={action}
                  intent="resend"
                  id={i.id}
                  label={`Send the invitation to ${i.email} again`}
                >
                  <Send className="h-4 w-4" aria-hidden /> Resend
                </IntentButton>
                <IntentButton action={action} intent="revoke" id={i.id} label={`Withdraw the invitation to ${i.email}`}>
                  <Trash2 className="h-4 w-4" aria-hidden /> Revoke
                </IntentButton>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ConfirmForm({
  action,
  intent,
  id,
  note,
  submit,
}: {
  action: string;
  intent: string;
  id: string;
  note: string;
  submit: string;
}) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm text-neutral-700">{note}</p>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to={action} preventScrollReset data-autofocus className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" variant="danger" pending={pending} disabled={pending}>
          {submit}
        </Button>
      </div>
    </Form>
  );
}

/** The team's event types (decision 059): a card each; owners and admins get New and Edit. */
export function TeamEventTypes({
  teamId,
  rows,
  manage,
}: {
  teamId: string;
  rows: Array<{
    id: string;
    title: string;
    kind: string;
    duration: string;
    active: boolean;
    hosts: string[];
    managed: boolean;
    path: string | null;
  }>;
  manage: boolean;
}) {
  const base = `/dashboard/teams/${teamId}/event-types`;
  return (
    <section aria-labelledby="event-types-title" id="event-types" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="event-types-title" className="text-lg font-semibold text-neutral-900">
          Event types
        </h2>
        {manage ? (
          <Link to={`${base}/new`} className={buttonClass("primary", "px-3 py-2")} data-testid="new-team-event-type">
            <Plus className="h-4 w-4" aria-hidden /> New event type
          </Link>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyRows
          title="No event types yet"
          body={
            manage
              ? "Make a Collective, Round Robin or Managed event type: guests book the team at its own link."
              : "The team's owners and admins make its event types."
          }
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="The team's event types">
          {rows.map((t) => (
            <li
              key={t.id}
              className={`rounded-xl border border-neutral-200 p-5 shadow-sm ${t.active ? "bg-surface" : "bg-neutral-50"}`}
              data-testid="team-event-type-card"
            >
              <h3 className="break-words font-semibold text-neutral-900">{t.title}</h3>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700">
                <span>{t.duration}</span>
                <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-600/20">
                  {t.kind}
                </span>
                {t.active ? null : (
                  <span className="inline-flex rounded-full bg-neutral-200 px-2.5 py-0.5 text-xs font-semibold text-neutral-800">
                    Off
                  </span>
                )}
              </p>
              <p className="mt-2 text-sm text-neutral-700">
                <span className="font-medium">{t.managed ? "Copies: " : "Hosts: "}</span>
                {t.hosts.length ? t.hosts.join(", ") : "nobody yet"}
              </p>
              {t.path ? (
                <p className="mt-2 text-sm">
                  <a href={t.path} className="font-mono text-brand-700 underline [overflow-wrap:anywhere]">
                    {t.path}
                  </a>
                </p>
              ) : (
                <p className="mt-2 text-sm text-neutral-600">Each member books it on their own page.</p>
              )}
              {manage ? (
                <div className="mt-4 border-t border-neutral-200 pt-4">
                  <Link
                    to={`${base}/${t.id}`}
                    className={buttonClass("secondary", "px-3 py-2")}
                    aria-label={`Edit ${t.title}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden /> Edit
                  </Link>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
