import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  createTeam,
  data,
  errorToast,
  listInvitationsToMe,
  listMyTeams,
  memberCounts,
  readFormData,
  redirectWithSuccess,
  requirePermission,
  respondToTeamInvitation,
} from "~/routes/dashboard.teams/route.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Check, Mail, Plus, Settings, X } from "~/components/icons";
import { EmptyRows } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { IntentButton } from "~/components/intent-button";
import { Button, buttonClass } from "~/components/ui/button";
import { TEAMS_MESSAGES as M } from "~/messages/teams";
import { OUT_OF_OFFICE_PAGE } from "~/schemas/out-of-office";
import { ROLE_TEXT, TeamCreateSchema, teamPage, teamSettingsPage, TEAMS_PAGE } from "~/schemas/teams";
import { useIsPending } from "~/utils/pending";
import { notFound } from "~/utils/responses";

/**
 * The Teams area (decision 057): my teams with my role, a form to create one, and the
 * invitations to me (accept, decline). Anyone signed in may use it. Every button is a form post.
 */

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Teams | Scheduler" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const [teams, toMe] = await Promise.all([listMyTeams(user.id), listInvitationsToMe(user.email)]);
  const counts = await memberCounts(teams.map((t) => t.id));
  return {
    teams: teams.map((t) => ({ ...t, members: counts.get(t.id) ?? 1 })),
    toMe: toMe.map((i) => ({ id: i.id, team: i.teamName, role: i.role })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: TeamCreateSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
    const result = await createTeam(user.id, submission.value);
    if (!result.ok)
      return data({ result: submission.reply({ fieldErrors: { slug: [M.slugTaken] } }), toast: null }, { status: 409 });
    return redirectWithSuccess(teamSettingsPage(result.team.id), M.created(result.team.name));
  }
  if (intent === "accept" || intent === "decline") {
    const result = await respondToTeamInvitation(user, { id: String(form.get("id") ?? "") }, intent, new Date());
    if (!result.ok) {
      if (result.reason === "not-pending")
        return data({ result: null, toast: errorToast(M.notPending) }, { status: 409 });
      notFound(M.invitationNotFound);
    }
    return intent === "accept"
      ? redirectWithSuccess(teamSettingsPage(result.teamId), M.accepted(result.teamName))
      : redirectWithSuccess(TEAMS_PAGE, M.declined(result.teamName));
  }
  return data({ result: null, toast: errorToast(M.unknownForm) }, { status: 400 });
}

function CreateTeamForm() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "create" });
  const [form, fields] = useForm({
    id: "team-create",
    lastResult: actionData?.result,
    constraint: getZodConstraint(TeamCreateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TeamCreateSchema }),
  });
  return (
    <Form method="post" action={TEAMS_PAGE} {...getFormProps(form)} className="max-w-form space-y-4">
      <input type="hidden" name="intent" value="create" />
      <Field
        label="Team name"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        errors={fields.name.errors}
      />
      <Field
        label="Team link"
        hint="Letters, digits and hyphens. The team page is /team/ followed by this."
        inputProps={{
          ...getInputProps(fields.slug, { type: "text" }),
          autoComplete: "off",
          autoCapitalize: "none",
          spellCheck: false,
        }}
        errors={fields.slug.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending} disabled={pending}>
        <Plus className="h-4 w-4" aria-hidden /> Create team
      </Button>
    </Form>
  );
}

export default function Teams() {
  const { teams, toMe } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-neutral-900">Teams</h1>
        <p className="mt-2 max-w-3xl text-neutral-700">
          A team has a name, a page and members. Owners and admins invite people and change roles; members host the
          team&apos;s Collective and Round Robin event types.
        </p>
        <p className="mt-2 text-sm text-neutral-700">
          Going away?{" "}
          <Link to={OUT_OF_OFFICE_PAGE} className="font-medium text-brand-700 underline underline-offset-2">
            Out of office
          </Link>{" "}
          keeps guests from booking you and can send them to a teammate.
        </p>
      </header>

      <section aria-labelledby="my-teams-title" className="space-y-3">
        <h2 id="my-teams-title" className="text-lg font-semibold text-neutral-900">
          Your teams
        </h2>
        {teams.length === 0 ? (
          <EmptyRows title="You are on no team yet" body="Create one below, or accept an invitation." />
        ) : (
          <ul className="space-y-3" aria-label="Your teams">
            {teams.map((t) => (
              <li
                key={t.id}
                data-testid="my-team"
                className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="break-words font-medium text-neutral-900">{t.name}</p>
                  <p className="text-sm text-neutral-600">
                    <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-600/20">
                      {ROLE_TEXT[t.role]}
                    </span>{" "}
                    {t.members === 1 ? "1 member" : `${t.members} members`} ·{" "}
                    <Link to={teamPage(t.slug)} className="font-medium text-brand-700 underline">
                      /team/{t.slug}
                    </Link>
                  </p>
                </div>
                <Link
                  to={teamSettingsPage(t.id)}
                  className={buttonClass("secondary", "px-3 py-2")}
                  aria-label={`Settings of ${t.name}`}
                >
                  <Settings className="h-4 w-4" aria-hidden /> Settings
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="to-me-title" className="space-y-3">
        <h2 id="to-me-title" className="flex items-center gap-2 text-lg font-semibold text-neutral-900">
          <Mail className="h-5 w-5 text-brand-600" aria-hidden /> Invitations to you
        </h2>
        {toMe.length === 0 ? (
          <p className="text-sm text-neutral-600">No invitations to you.</p>
        ) : (
          <ul className="space-y-3" aria-label="Invitations to you">
            {toMe.map((i) => (
              <li
                key={i.id}
                data-testid="invitation-to-me"
                className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <p className="min-w-0 break-words text-neutral-900">
                  <span className="font-medium">{i.team}</span> invites you as{" "}
                  {i.role === "admin" ? "an admin" : `a ${i.role}`}.
                </p>
                <div className="flex flex-wrap gap-2">
                  <IntentButton action={TEAMS_PAGE} intent="accept" id={i.id} label={`Join ${i.team}`} primary>
                    <Check className="h-4 w-4" aria-hidden /> Accept
                  </IntentButton>
                  <IntentButton
                    action={TEAMS_PAGE}
                    intent="decline"
                    id={i.id}
                    label={`Decline the invitation to ${i.team}`}
                  >
                    <X className="h-4 w-4" aria-hidden /> Decline
                  </IntentButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="create-title"
        className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="create-title" className="mb-4 text-lg font-semibold text-neutral-900">
          Create a team
        </h2>
        <CreateTeamForm />
      </section>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
