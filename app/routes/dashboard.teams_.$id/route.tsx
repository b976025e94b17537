import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  changeMemberRole,
  data,
  errorToast,
  getMyTeam,
  inviteAndMail,
  linkBase,
  listMembers,
  listTeamEventTypes,
  listTeamInvitations,
  readFormData,
  redirectWithSuccess,
  removeTeamMember,
  requirePermission,
  resendInvitation,
  revokeTeamInvitation,
  setMemberAttributes,
  teamMemberAttributes,
  updateTeamBrandColor,
} from "~/routes/dashboard.teams_.$id/route.server";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CalendarCheck, ExternalLink, LogOut, Webhook } from "~/components/icons";
import { EmptyRows } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import type { Refusal } from "~/models/teams.server";
import { BrandColorForm } from "~/components/brand-color-form";
import { TeamLogoForm } from "~/components/profile-photo-form";
import { BrandColorSchema } from "~/schemas/profile";
import {
  canChangeMember,
  canManage,
  TEAM_ROLE_VALUES,
  TEAM_SIZE_CAP,
  TeamInviteSchema,
  teamPage,
  teamLogoPage,
  teamSettingsPage,
  TEAMS_PAGE,
} from "~/schemas/teams";
import { forbidden, notFound } from "~/utils/responses";
import { teamBookingsPage, teamWebhooksPage } from "~/schemas/team-bookings";
import { ConfirmForm, InvitationTable, InviteForm, MemberTable, TeamEventTypes } from "./team-settings";
import { durationText, KIND_LABELS } from "~/schemas/event-type-form";
import { teamEventTypePath } from "~/schemas/team-event-types";
import { attributeRows, attributesFromForm } from "~/schemas/member-attributes-form";
import { AttributesForm } from "./member-attributes";

/**
 * A team's settings (decision 057): its event types (decision 059: everyone sees them, owners and
 * admins make and edit them), members with roles (change, remove), invitations (invite with a
 * role, resend, revoke) for owners and admins; everyone may leave. Anyone outside the
 * team gets 404. Confirmations are URLs (?remove=<userId>, ?leave=1), so it all works without
 * JavaScript.
 */

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error || !data ? "Scheduler" : `${data.team.name} | Teams | Scheduler` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const team = (await getMyTeam(user.id, params.id ?? "")) ?? notFound(M.notFound);
  const manage = canManage(team.role);
  const [members, invitations, eventTypes, attributes] = await Promise.all([
    listMembers(team.id),
    manage ? listTeamInvitations(team.id) : Promise.resolve([]),
    listTeamEventTypes(team.id),
    teamMemberAttributes(team.id),
  ]);
  const attributesOf = new Map(attributes.map((a) => [a.userId, a.attributes ?? {}]));
  const url = new URL(request.url);
  // ?attributes=<userId>: the member's attributes form (owners and admins only).
  const attributesId = url.searchParams.get("attributes");
  if (attributesId !== null && !manage) forbidden(M.forbidden);
  const toTag =
    attributesId === null ? null : (members.find((m) => m.userId === attributesId) ?? notFound(M.memberNotFound));
  const removeId = url.searchParams.get("remove");
  const toRemove =
    removeId === null
      ? null
      : (members.find((m) => m.userId === removeId && m.userId !== user.id) ?? notFound(M.memberNotFound));
  if (toRemove && !canChangeMember(team.role, toRemove.role)) forbidden(M.forbidden);
  return {
    team,
    me: user.id,
    manage,
    members: members.map(({ userId, email, name, role }) => ({
      userId,
      email,
      name,
      role,
      editable: userId !== user.id && canChangeMember(team.role, role),
      attributes: attributesOf.get(userId) ?? {},
    })),
    invitations: invitations.map(({ id, email, role, status }) => ({ id, email, role, status })),
    /** The team's event types (decision 059): everyone reads them, owners and admins edit. */
    eventTypes: eventTypes.map(({ eventType: e, hosts, copies }) => ({
      id: e.id,
      title: e.title,
      kind: KIND_LABELS[e.kind],
      duration: durationText(e.duration),
      active: e.active,
      hosts: e.kind === "managed" ? copies.map((c) => c.name) : hosts.map((h) => h.name),
      managed: e.kind === "managed",
      path: e.kind === "managed" ? null : teamEventTypePath(team.slug, e.slug),
    })),
    toRemove: toRemove ? { userId: toRemove.userId, who: toRemove.name || toRemove.email } : null,
    toTag: toTag
      ? {
          userId: toTag.userId,
          who: toTag.name || toTag.email,
          rows: attributeRows(attributesOf.get(toTag.userId) ?? {}),
        }
      : null,
    leaving: url.searchParams.get("leave") === "1",
  };
}

/** What the attributes form shows again after a refused post. */
type RefusedAttributes = Pick<Extract<ReturnType<typeof attributesFromForm>, { ok: false }>, "errors" | "rows">;

function refusal(reason: Refusal) {
  if (reason === "not-found") notFound(M.notFound);
  if (reason === "forbidden") forbidden(M.forbidden);
  if (reason === "owners-only") forbidden(M.ownersOnly);
  return data({ result: null, toast: errorToast(M.lastOwner) }, { status: 409 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const teamId = params.id ?? "";
  const team = (await getMyTeam(user.id, teamId)) ?? notFound(M.notFound);
  const page = teamSettingsPage(team.id);
  // The attributes form's rows repeat `name` and `value`.
  const form = await readFormData(request, { repeatable: (name) => name === "name" || name === "value" });
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const now = new Date();

  if (intent === "invite") {
    const submission = parseWithZod(form, { schema: TeamInviteSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
    const result = await inviteAndMail(
      linkBase(request),
      user,
      team.id,
      submission.value.email,
      submission.value.role,
      now,
    );
    if (!result.ok) {
      if (result.reason === "already-member" || result.reason === "already-invited" || result.reason === "cap") {
        const message =
          result.reason === "cap"
            ? M.cap(TEAM_SIZE_CAP)
            : result.reason === "already-member"
              ? M.alreadyMember
              : M.alreadyInvited;
        return data(
          { result: submission.reply({ fieldErrors: { email: [message] } }), toast: errorToast(message) },
          { status: 409 },
        );
      }
      return refusal(result.reason);
    }
    return redirectWithSuccess(page, M.invited(result.email));
  }
  if (intent === "resend") {
    const result = await resendInvitation(linkBase(request), user, team.id, id, now);
    return result.ok ? redirectWithSuccess(page, M.resent(result.email)) : refusal(result.reason);
  }
  if (intent === "revoke") {
    const result = await revokeTeamInvitation(user.id, team.id, id);
    return result.ok ? redirectWithSuccess(page, M.revoked(result.email)) : refusal(result.reason);
  }
  if (intent === "role") {
    const role = TEAM_ROLE_VALUES.find((r) => r === form.get("role"));
    if (!role) return data({ result: null, toast: errorToast(M.roleInvalid) }, { status: 400 });
    const result = await changeMemberRole(user.id, team.id, id, role, request);
    return result.ok
      ? redirectWithSuccess(page, M.roleChanged(result.member.name || result.member.email, role))
      : refusal(result.reason);
  }
  if (intent === "remove") {
    const result = await removeTeamMember(user.id, team.id, id, request);
    return result.ok
      ? redirectWithSuccess(page, M.removed(result.member.name || result.member.email))
      : refusal(result.reason);
  }
  if (intent === "attributes") {
    // Owners and admins set a member's attributes (decision 074), as PUT .../attributes does.
    if (!canManage(team.role)) forbidden(M.forbidden);
    const parsed = attributesFromForm(form);
    if (!parsed.ok)
      return data(
        {
          result: null,
          toast: errorToast(M.attributesInvalid),
          attributes: { errors: parsed.errors, rows: parsed.rows },
        },
        { status: 400 },
      );
    const saved = await setMemberAttributes(team.id, id, parsed.attributes);
    if (!saved) notFound(M.memberNotFound);
    return redirectWithSuccess(page, M.attributesSaved);
  }
  if (intent === "brandColor") {
    // Owners and admins set the team's booking-page colour (decision 108), as PATCH /api/teams/{id} does.
    if (!canManage(team.role)) forbidden(M.forbidden);
    const submission = parseWithZod(form, { schema: BrandColorSchema });
    if (submission.status !== "success") {
      return data({ result: null, toast: null, brand: submission.reply() }, { status: 400 });
    }
    await updateTeamBrandColor(team.id, submission.value.brandColor);
    return redirectWithSuccess(page, submission.value.brandColor ? M.brandColorSaved : M.brandColorRemoved);
  }
  if (intent === "leave") {
    const result = await removeTeamMember(user.id, team.id, user.id, request);
    return result.ok ? redirectWithSuccess(TEAMS_PAGE, M.left(team.name)) : refusal(result.reason);
  }
  return data({ result: null, toast: errorToast(M.unknownForm) }, { status: 400 });
}

export default function TeamSettings() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const page = teamSettingsPage(d.team.id);
  // The attributes form's rows and errors after a refused post, shown again in its modal.
  const tagged = actionData && "attributes" in actionData ? (actionData.attributes as RefusedAttributes) : null;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <p className="text-sm">
          <Link to={TEAMS_PAGE} className="font-medium text-brand-700 underline">
            Teams
          </Link>
        </p>
        <h1 className="break-words text-2xl font-bold text-neutral-900">{d.team.name}</h1>
        <p className="flex flex-wrap items-center gap-3 text-neutral-700">
          <Link
            to={teamPage(d.team.slug)}
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            /team/{d.team.slug} <ExternalLink className="h-4 w-4" aria-hidden />
          </Link>
          {d.manage ? (
            <>
              <Link
                to={teamBookingsPage(d.team.id)}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
              >
                <CalendarCheck className="h-4 w-4" aria-hidden /> Team bookings
              </Link>
              <Link
                to={teamWebhooksPage(d.team.id)}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
              >
                <Webhook className="h-4 w-4" aria-hidden /> Webhooks
              </Link>
            </>
          ) : null}
        </p>
      </header>

      {d.manage ? (
        <section
          aria-labelledby="brand-title"
          className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
        >
          <h2 id="brand-title" className="text-lg font-semibold text-neutral-900">
            Brand colour
          </h2>
          <p className="mb-4 mt-1 text-sm text-neutral-600">
            The team&apos;s booking pages use it for buttons, chosen times and highlights.
          </p>
          <BrandColorForm
            key={d.team.brandColor ?? ""}
            id="team-brand"
            action={page}
            brandColor={d.team.brandColor}
            lastResult={actionData && "brand" in actionData ? (actionData.brand as SubmissionResult<string[]>) : null}
          />
        </section>
      ) : null}

      {d.manage ? (
        <section
          id="team-logo"
          aria-labelledby="logo-title"
          className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
        >
          <h2 id="logo-title" className="text-lg font-semibold text-neutral-900">
            Logo
          </h2>
          <p className="mb-4 mt-1 text-sm text-neutral-600">
            Guests see it on the team&apos;s page and its booking pages, in place of a host&apos;s photo.
          </p>
          <TeamLogoForm
            action={teamLogoPage(d.team.id)}
            teamId={d.team.id}
            name={d.team.name}
            logoHash={d.team.logoHash}
            error={null}
          />
        </section>
      ) : null}

      {d.manage ? (
        <section
          aria-labelledby="invite-title"
          className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
        >
          <h2 id="invite-title" className="text-lg font-semibold text-neutral-900">
            Invite someone
          </h2>
          <p className="mb-4 mt-1 text-sm text-neutral-600">
            Up to 50 members and invitations. They get a link to accept.
          </p>
          <InviteForm action={page} canGrantOwner={d.team.role === "owner"} lastResult={actionData?.result ?? null} />
        </section>
      ) : null}

      <TeamEventTypes teamId={d.team.id} rows={d.eventTypes} manage={d.manage} />

      <section aria-labelledby="members-title" className="space-y-3">
        <h2 id="members-title" className="text-lg font-semibold text-neutral-900">
          Members
        </h2>
        <MemberTable rows={d.members} action={page} canGrantOwner={d.team.role === "owner"} manage={d.manage} />
      </section>

      {d.manage ? (
        <section aria-labelledby="invitations-title" className="space-y-3">
          <h2 id="invitations-title" className="text-lg font-semibold text-neutral-900">
            Invitations
          </h2>
          {d.invitations.length === 0 ? (
            <EmptyRows title="No open invitations" body="Invite someone above." />
          ) : (
            <InvitationTable rows={d.invitations} action={page} />
          )}
        </section>
      ) : null}

      <section aria-labelledby="leave-title" className="space-y-2">
        <h2 id="leave-title" className="text-lg font-semibold text-neutral-900">
          Leave the team
        </h2>
        <p className="text-sm text-neutral-600">
          You stop hosting its event types. Meetings already booked stay on your schedule.
        </p>
        <Link
          to={`${page}?leave=1`}
          id="leave-team"
          preventScrollReset
          className={buttonClass("secondary", "px-3 py-2 text-red-700")}
        >
          <LogOut className="h-4 w-4" aria-hidden /> Leave team
        </Link>
      </section>

      {d.toRemove ? (
        <Modal title={`Remove ${d.toRemove.who}?`} closeTo={page} returnFocusTo={`remove-${d.toRemove.userId}`}>
          <ConfirmForm
            action={page}
            intent="remove"
            id={d.toRemove.userId}
            submit="Remove from team"
            note="They stop hosting the team's event types at once. Meetings already booked stay on every calendar."
          />
        </Modal>
      ) : null}
      {d.toTag ? (
        <Modal title={`Attributes of ${d.toTag.who}`} closeTo={page} returnFocusTo={`attributes-${d.toTag.userId}`}>
          <AttributesForm
            action={`${page}?attributes=${d.toTag.userId}`}
            userId={d.toTag.userId}
            who={d.toTag.who}
            rows={tagged?.rows ?? d.toTag.rows}
            errors={tagged?.errors ?? []}
          />
        </Modal>
      ) : null}
      {d.leaving ? (
        <Modal title={`Leave ${d.team.name}?`} closeTo={page} returnFocusTo="leave-team">
          <ConfirmForm
            action={page}
            intent="leave"
            id={d.me}
            submit="Leave team"
            note="You stop hosting its event types at once."
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
