import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  createTeamEventType,
  data,
  deleteTeamEventType,
  errorToast,
  getMyTeam,
  getTeamEventType,
  isUuid,
  linkBase,
  listMembers,
  readFormData,
  redirectWithSuccess,
  replaceTeamEventType,
  requirePermission,
} from "~/routes/dashboard.teams_.$id_.event-types.$eventTypeId/route.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft, Trash2 } from "~/components/icons";
import type { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EmbedSnippets } from "~/components/embed-snippets";
import { ErrorList } from "~/components/forms";
import { Toaster, type ToastData } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { useHydrated } from "~/components/event-type-form/fields";
import { EventTypeFormBody, type EventTypeFormFields } from "~/components/event-type-form/form-body";
import type { QuestionRow } from "~/components/event-type-form/questions-editor";
import { TEAMS_MESSAGES } from "~/messages/teams";
import type { TeamEventTypeResult } from "~/models/team-event-types.server";
import {
  EVENT_TYPE_MESSAGES,
  keepListIntent,
  moreDurationsText,
  noticeForForm,
  toBodyForm,
} from "~/schemas/event-type-form";
import { teamEventTypeFormBody } from "~/schemas/event-type-price-form";
import { priceInputValue } from "~/schemas/price";
import { durationsOf } from "~/schemas/scheduling-api";
import {
  TEAM_EVENT_TYPE_MESSAGES as TM,
  TEAM_KIND_OPTIONS,
  teamEventTypePath,
  teamFormHosts,
  teamFormToBody,
} from "~/schemas/team-event-types";
import { canManage, teamSettingsPage } from "~/schemas/teams";
import { embedOffer } from "~/utils/embed-look";
import { useIsPending } from "~/utils/pending";
import { forbidden, notFound } from "~/utils/responses";
import { LockedFieldsPicker, RoundRobinModeChoice, TeamHostsPicker } from "./team-fields";

/**
 * /dashboard/teams/{id}/event-types/new and /{eventTypeId} (decision 059): a team's owners and
 * admins make and edit its collective, round-robin and managed event types with the event type
 * form's own fields, plus the hosts (members, each with a weight and a priority), round robin's
 * mode and a managed type's locked fields. Members get 403 (they read the list on the team's
 * page), anyone else 404. It all works without JavaScript.
 */

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title:
      error || !data
        ? "Scheduler"
        : `${data.eventType ? "Edit team event type" : "New team event type"} | ${data.team.name} | Scheduler`,
  },
];

async function teamAndTarget(userId: string, params: LoaderFunctionArgs["params"]) {
  const team = (await getMyTeam(userId, params.id ?? "")) ?? notFound(TEAMS_MESSAGES.notFound);
  if (!canManage(team.role)) forbidden(TEAMS_MESSAGES.forbidden);
  const id = params.eventTypeId ?? "";
  if (id === "new") return { team, existing: null };
  const existing = isUuid(id) ? await getTeamEventType(team.id, id) : null;
  return { team, existing: existing ?? notFound(EVENT_TYPE_MESSAGES.notFound) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const { team, existing } = await teamAndTarget(user.id, params);
  const members = await listMembers(team.id);
  const url = new URL(request.url);
  const e = existing?.eventType ?? null;
  const notice = noticeForForm(e?.minimumNotice ?? 120);
  const kind = url.searchParams.get("kind");
  const hosts = new Map((existing?.hosts ?? []).map((h) => [h.userId, h]));
  return {
    team: { id: team.id, name: team.name, slug: team.slug },
    eventType: e ? { id: e.id, title: e.title } : null,
    linkBase: `${linkBase(request)}/team/${team.slug}`,
    bookingPath: e && e.kind !== "managed" ? teamEventTypePath(team.slug, e.slug) : null,
    // A managed type is not booked itself: its copies are, each on its member's page.
    embed:
      e && e.kind !== "managed"
        ? embedOffer(
            linkBase(request),
            { username: `team/${team.slug}`, name: team.name },
            e,
            new URL(request.url).searchParams,
          )
        : null,
    copies: (existing?.copies ?? []).map((c) => ({
      name: c.name,
      path: c.username ? `/${c.username}/${e?.slug}` : null,
    })),
    members: members.map((m) => ({
      userId: m.userId,
      label: m.name ? `${m.name} (${m.email})` : m.email,
      // New: every member hosts; saved: its hosts.
      checked: existing ? hosts.has(m.userId) : true,
      weight: hosts.get(m.userId)?.weight ?? 100,
      priority: hosts.get(m.userId)?.priority ?? "medium",
    })),
    deleting: url.searchParams.get("delete") === "1" && e !== null,
    defaults: {
      title: e?.title ?? "",
      slug: e?.slug ?? "",
      description: e?.description ?? "",
      duration: String(e?.duration ?? 30),
      moreDurations: e ? moreDurationsText(durationsOf(e)) : "",
      hidden: e?.hidden ?? false,
      redirectUrl: e?.redirectUrl ?? "",
      redirectPassDetails: e?.redirectPassDetails ?? false,
      requirePhone: e?.requirePhone ?? false,
      kind: e?.kind ?? (TEAM_KIND_OPTIONS.some((k) => k.value === kind) ? kind! : "round-robin"),
      location: { type: e?.location.type ?? "video", value: e?.location.value ?? "" },
      bufferBefore: String(e?.bufferBefore ?? 0),
      bufferAfter: String(e?.bufferAfter ?? 0),
      minimumNotice: String(notice.value),
      minimumNoticeUnit: notice.unit,
      bookingWindowDays: String(e?.bookingWindowDays ?? 60),
      slotInterval: e?.slotInterval ? String(e.slotInterval) : "",
      dailyLimit: e?.dailyLimit ? String(e.dailyLimit) : "",
      active: e ? e.active : true,
      requiresApproval: e?.requiresApproval ?? false,
      approvalHoldHours: String(e?.approvalHoldHours ?? 24),
      cancelNoticeMinutes: String(e?.cancelNoticeMinutes ?? 0),
      rescheduleNoticeMinutes: String(e?.rescheduleNoticeMinutes ?? 0),
      maxReschedules: e?.maxReschedules !== null && e?.maxReschedules !== undefined ? String(e.maxReschedules) : "",
      reconfirmHours: e?.reconfirmHours ? String(e.reconfirmHours) : "",
      // As on a person's form (decision 116): typed back in the currency's units ("25.00").
      price: {
        amount: e?.priceAmount && e.priceCurrency ? priceInputValue(e.priceAmount, e.priceCurrency) : "",
        currency: e?.priceCurrency ?? "",
      },
      refundPolicy: { type: e?.refundPolicy ?? "full", hours: e?.refundHours ? String(e.refundHours) : "" },
      requireCancelReason: e?.requireCancelReason ?? false,
      defaultLanguage: e?.defaultLanguage ?? "en",
      limitPerGuest: e?.limitPerGuest ? String(e.limitPerGuest) : "",
      weeklyLimit: e?.weeklyLimit ? String(e.weeklyLimit) : "",
      monthlyLimit: e?.monthlyLimit ? String(e.monthlyLimit) : "",
      roundRobinMode: e?.roundRobinMode ?? "fairness",
      lockedFields: e?.lockedFields ?? [],
      questions: (e?.questions ?? []).map((q) => ({
        id: q.id,
        label: q.label,
        type: q.type as string,
        required: q.required ? "on" : "",
        optionsText: (q.options ?? []).join("\n"),
      })),
    },
  };
}

interface Answer {
  result: SubmissionResult<string[]>;
  toast: ToastData | null;
}

function refused(result: SubmissionResult<string[]>, status = 400) {
  return data<Answer>({ result, toast: errorToast(EVENT_TYPE_MESSAGES.checkFields) }, { status });
}

/** The form's answer to a write the model refused. */
function failure(
  result: Exclude<TeamEventTypeResult, { ok: true }>,
  reply: (f: Record<string, string[]>) => SubmissionResult<string[]>,
) {
  switch (result.reason) {
    case "not-members":
      return refused(reply({ hosts: [TM.notMembers] }), 422);
    case "needs-host":
      return refused(reply({ hosts: [TM.needsHost] }), 422);
    case "slug-taken":
      return refused(reply({ slug: [TM.slugTaken] }), 409);
    case "copy-slug-taken":
      return refused(reply({ slug: [TM.copySlugTaken(result.who, result.slug)] }), 409);
    case "kind-fixed":
      return refused(reply({ kind: [TM.kindFixed] }), 422);
    case "forbidden":
    case "owners-only":
      return forbidden(TEAMS_MESSAGES.forbidden);
    default:
      return notFound(EVENT_TYPE_MESSAGES.notFound);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const { team, existing } = await teamAndTarget(user.id, params);
  const page = `${teamSettingsPage(team.id)}#event-types`;
  const raw = await readFormData(request, { repeatable: (name) => name === "hostIds" || name === "lockedFields" });
  if (raw.get("intent") === "delete") {
    if (!existing) return notFound(EVENT_TYPE_MESSAGES.notFound);
    const result = await deleteTeamEventType(user.id, team.id, existing.eventType.id);
    if (!result.ok) return failure(result, () => ({}) as SubmissionResult<string[]>);
    return redirectWithSuccess(page, EVENT_TYPE_MESSAGES.deleted);
  }
  const { form, active } = toBodyForm(teamFormToBody(raw));
  keepListIntent(form);
  const submission = parseWithZod(form, { schema: teamEventTypeFormBody });
  // A question added, removed or moved (conform's list intents): the form again.
  if (submission.status === undefined) return data<Answer>({ result: submission.reply(), toast: null });
  if (submission.status !== "success") return refused(submission.reply());
  const input = { ...submission.value, active, hosts: teamFormHosts(raw, submission.value.hosts) };
  const result = existing
    ? await replaceTeamEventType(user.id, team.id, existing.eventType.id, input)
    : await createTeamEventType(user, team.id, input);
  if (!result.ok) return failure(result, (fieldErrors) => submission.reply({ fieldErrors }));
  return redirectWithSuccess(page, existing ? EVENT_TYPE_MESSAGES.saved : EVENT_TYPE_MESSAGES.created);
}

export default function TeamEventTypeForm() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ state: "submitting" });
  const deletingPending = useIsPending({ intent: "delete", state: "busy" });
  const hydrated = useHydrated();
  const back = `${teamSettingsPage(d.team.id)}#event-types`;
  const here = d.eventType
    ? `${teamSettingsPage(d.team.id)}/event-types/${d.eventType.id}`
    : `${teamSettingsPage(d.team.id)}/event-types/new`;
  const [form, fields] = useForm<
    Omit<z.input<typeof teamEventTypeFormBody>, "questions" | "hosts"> & {
      minimumNoticeUnit: string;
      questions: QuestionRow[];
      scheduleId: string;
    },
    z.output<typeof teamEventTypeFormBody>
  >({
    id: "team-event-type",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: {
      ...d.defaults,
      active: d.defaults.active ? "on" : "",
      requiresApproval: d.defaults.requiresApproval ? "on" : "",
      hidden: d.defaults.hidden ? "on" : "",
      redirectPassDetails: d.defaults.redirectPassDetails ? "on" : "",
      requirePhone: d.defaults.requirePhone ? "on" : "",
      requireCancelReason: d.defaults.requireCancelReason ? "on" : "",
    } as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(toBodyForm(teamFormToBody(formData)).form, { schema: teamEventTypeFormBody }),
  });
  const kind = String(fields.kind.value ?? d.defaults.kind);
  const hostErrors = Object.entries(form.allErrors)
    .filter(([name]) => name === "hosts" || name.startsWith("hosts["))
    .flatMap(([, messages]) => messages);

  return (
    <div className="max-w-form space-y-6 lg:max-w-[48rem]">
      <header>
        <Link to={back} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {d.team.name}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">
          {d.eventType ? `Edit “${d.eventType.title}”` : "New team event type"}
        </h1>
        {d.bookingPath ? (
          <p className="mt-1 text-sm text-neutral-700">
            Booking page:{" "}
            <a href={d.bookingPath} className="font-mono font-medium text-brand-700 underline [overflow-wrap:anywhere]">
              {d.bookingPath}
            </a>
          </p>
        ) : null}
      </header>
      <Form method="post" action={here} {...getFormProps(form)} className="space-y-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        <EventTypeFormBody
          form={form as unknown as Parameters<typeof EventTypeFormBody>[0]["form"]}
          fields={fields as unknown as EventTypeFormFields}
          hydrated={hydrated}
          kinds={TEAM_KIND_OPTIONS}
          kindDisabled={false}
          linkHint={(slug) => (
            <>
              {kind === "managed" && hydrated ? (
                <>Each member&rsquo;s copy books at /&lt;their username&gt;/{slug}.</>
              ) : (
                <>
                  The team&rsquo;s booking link:{" "}
                  <span className="font-mono [overflow-wrap:anywhere]">
                    {d.linkBase}/{slug}
                  </span>
                  .
                </>
              )}{" "}
              Left empty, it is made from the title.
            </>
          )}
          afterKind={
            <>
              <TeamHostsPicker
                members={d.members}
                kind={kind}
                hydrated={hydrated}
                errors={hostErrors}
                errorId={`${form.id}-hosts-error`}
              />
              {kind === "round-robin" || !hydrated ? (
                <RoundRobinModeChoice field={fields.roundRobinMode} hydrated={hydrated} />
              ) : null}
              {kind === "managed" || !hydrated ? (
                <LockedFieldsPicker field={fields.lockedFields} chosen={d.defaults.lockedFields} hydrated={hydrated} />
              ) : null}
            </>
          }
          schedules={null}
          footer={
            <>
              {d.copies.length > 0 ? (
                <section
                  className="rounded-xl border border-neutral-200 bg-surface p-5 text-sm shadow-sm"
                  aria-labelledby="copies-title"
                >
                  <h2 id="copies-title" className="font-semibold text-neutral-900">
                    Members&rsquo; copies
                  </h2>
                  <ul className="mt-2 space-y-1">
                    {d.copies.map((c) => (
                      <li key={c.name}>
                        {c.name}
                        {c.path ? (
                          <>
                            :{" "}
                            <a href={c.path} className="font-mono text-brand-700 underline [overflow-wrap:anywhere]">
                              {c.path}
                            </a>
                          </>
                        ) : (
                          " (no username yet)"
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                {d.eventType ? (
                  <Link
                    to={`${here}?delete=1`}
                    id="delete-team-event-type"
                    preventScrollReset
                    className={buttonClass("secondary", "text-red-700 sm:mr-auto")}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </Link>
                ) : null}
                <Link to={back} className={buttonClass("secondary")}>
                  Cancel
                </Link>
                <Button type="submit" pending={pending} disabled={pending}>
                  {d.eventType ? "Save event type" : "Create event type"}
                </Button>
              </div>
            </>
          }
        />
      </Form>
      {d.embed ? (
        <div className="lg:pl-48">
          <EmbedSnippets offer={d.embed} />
        </div>
      ) : null}
      {d.deleting && d.eventType ? (
        <Modal title={`Delete “${d.eventType.title}”?`} closeTo={here} returnFocusTo="delete-team-event-type">
          <Form method="post" action={here} className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <p className="text-sm text-neutral-700">
              Its booking link stops working at once (a managed event type&rsquo;s copies go with it). Meetings already
              booked stay on every calendar.
            </p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link to={here} data-autofocus className={buttonClass("secondary")}>
                Cancel
              </Link>
              <Button type="submit" variant="danger" pending={deletingPending} disabled={deletingPending}>
                Delete event type
              </Button>
            </div>
          </Form>
        </Modal>
      ) : null}
      <Toaster toast={actionData && "toast" in actionData ? actionData.toast : null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
