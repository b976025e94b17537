import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  acceptedMembers,
  createEventType,
  createSingleUseLink,
  data,
  ensureDefaultSchedule,
  errorToast,
  getEventType,
  getProfile,
  getTeamById,
  listSchedules,
  listSingleUseLinks,
  managedCopyOf,
  readFormData,
  redirectWithSuccess,
  replaceEventType,
  requireDrawerPage,
  resolveEventTypeWrite,
  revokeSingleUseLink,
  siteBase,
  teamsRunBy,
} from "~/routes/dashboard.eventTypes_.$id/route.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "~/components/icons";
import type { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EmbedSnippets } from "~/components/embed-snippets";
import { ErrorList, Field } from "~/components/forms";
import { Toaster, type ToastData } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import type { EventType } from "~/models/event-type.server";
import { changedLockedField, TEAM_EVENT_TYPE_MESSAGES, teamEventTypePath } from "~/schemas/team-event-types";
import { EventTypeFormBody, type EventTypeFormFields } from "~/components/event-type-form/form-body";
import {
  EVENT_TYPE_MESSAGES as M,
  EVENT_TYPES_PAGE as PAGE,
  isKind,
  keepListIntent,
  keepLockedInForm,
  KIND_LABELS,
  noticeForForm,
  toBodyForm,
  uuidSchema,
  moreDurationsText,
} from "~/schemas/event-type-form";
import { eventTypeFormBody } from "~/schemas/event-type-price-form";
import { durationsOf, EVENT_TYPE_KINDS, isTeamKind } from "~/schemas/scheduling-api";
import { priceInputValue } from "~/schemas/price";
import { embedOffer } from "~/utils/embed-look";
import { bookingLink } from "~/schemas/username-rules";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";
import { useHydrated, HostsPicker, TeamChoice } from "~/components/event-type-form/fields";
import type { QuestionRow } from "~/components/event-type-form/questions-editor";
import { SingleUseLinks } from "./single-use-links";

/** /dashboard/eventTypes/new (optionally ?kind=group) and /dashboard/eventTypes/<id>: one form for both. */

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error || !data ? "Scheduler" : `${data.eventType ? "Edit event type" : "New event type"} | Scheduler` },
];

/** null for "new"; the owner's event type; 404 for a non-uuid or another person's. */
async function target(userId: string, id: string | undefined): Promise<EventType | null> {
  if (id === "new") return null;
  const parsed = uuidSchema.safeParse(id);
  const found = parsed.success ? await getEventType(userId, parsed.data) : null;
  if (!found) notFound(M.notFound);
  return found;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const eventType = await target(user.id, params.id);
  // The form offers the default schedule: make it when the host has none yet (as the API does).
  let schedules = await listSchedules(user.id);
  if (schedules.length === 0) {
    await ensureDefaultSchedule(user.id, user.timeZone);
    schedules = await listSchedules(user.id);
  }
  const profile = await getProfile(user.id);
  // Team kinds belong to a team the host runs, with hosts among its members (decisions 020, 059).
  const [members, teams] = await Promise.all([acceptedMembers(user.id), teamsRunBy(user.id)]);
  const copy = eventType?.parentId ? await managedCopyOf(eventType.id) : null;
  const origin = siteBase(request);
  const kind = new URL(request.url).searchParams.get("kind");
  const e = eventType;
  const notice = noticeForForm(e?.minimumNotice ?? 120);
  // Single-use links of a saved event type (decision 039), newest first.
  // A team's event type books under its team's URL (decision 059).
  const team = e?.teamId ? await getTeamById(e.teamId) : null;
  const pagePath = team
    ? `${origin}${teamEventTypePath(team.slug, e!.slug)}`
    : profile?.username && e
      ? `${bookingLink(origin, profile.username)}/${e.slug}`
      : null;
  const created = new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: user.timeZone,
  });
  const links = e
    ? ((await listSingleUseLinks(user.id, e.id)) ?? []).map((l) => ({
        id: l.id,
        url: pagePath ? `${pagePath}?link=${encodeURIComponent(l.token)}` : null,
        used: l.usedAt !== null,
        revoked: l.revokedAt !== null,
        created: created.format(l.createdAt),
      }))
    : null;
  return {
    eventType: e ? { id: e.id, title: e.title } : null,
    embed: e
      ? embedOffer(
          origin,
          team ? { username: `team/${team.slug}`, name: team.name } : profile,
          e,
          new URL(request.url).searchParams,
        )
      : null,
    schedules: schedules.map((s) => ({ id: s.id, name: s.name, isDefault: s.isDefault, timeZone: s.timeZone })),
    members: members.map((m) => ({ id: m.id, label: m.name ? `${m.name} (${m.email})` : m.email })),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    /** A member's copy of a managed event type (decision 059): what its team locks. */
    copy:
      copy && e
        ? {
            lockedFields: copy.lockedFields,
            teamName: copy.teamName,
            questions: e.questions.map((q) => ({ label: q.label, type: q.type as string, required: q.required })),
          }
        : null,
    linkBase: profile?.username ? bookingLink(origin, profile.username) : null,
    links,
    /** Its recurring series setting (decision 106), outside conform's fields (toBodyForm builds it). */
    recurring: e?.recurring ?? null,
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
      kind: e?.kind ?? (isKind(kind) ? kind : "one-to-one"),
      seats: e?.seats ? String(e.seats) : "",
      location: { type: e?.location.type ?? "video", value: e?.location.value ?? "" },
      scheduleId: e?.scheduleId ?? schedules.find((s) => s.isDefault)?.id ?? schedules[0]?.id ?? "",
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
      // Typed back as a person types it, in the currency's units ("25.00"), not minor units.
      price: {
        amount: e?.priceAmount && e.priceCurrency ? priceInputValue(e.priceAmount, e.priceCurrency) : "",
        currency: e?.priceCurrency ?? "",
      },
      refundPolicy: { type: e?.refundPolicy ?? "full", hours: e?.refundHours ? String(e.refundHours) : "" },
      requireCancelReason: e?.requireCancelReason ?? false,
      defaultLanguage: e?.defaultLanguage ?? "en",
      hosts: (e?.hostIds ?? []).filter((id) => id !== user.id),
      teamId: e?.teamId ?? teams[0]?.id ?? "",
      limitPerGuest: e?.limitPerGuest ? String(e.limitPerGuest) : "",
      weeklyLimit: e?.weeklyLimit ? String(e.weeklyLimit) : "",
      monthlyLimit: e?.monthlyLimit ? String(e.monthlyLimit) : "",
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

function refused(result: SubmissionResult<string[]>) {
  return data<Answer>({ result, toast: errorToast(M.checkFields) }, { status: 400 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const existing = await target(user.id, params.id);
  const raw = await readFormData(request, { repeatable: (name) => name === "hosts" });
  // The single-use links' own small forms (decision 039).
  const intent = raw.get("intent");
  if (existing && intent === "createLink") {
    await createSingleUseLink(user.id, existing.id);
    return redirectWithSuccess(`${PAGE}/${existing.id}#single-use-links`, "Single-use link made");
  }
  if (existing && intent === "revokeLink") {
    const outcome = await revokeSingleUseLink(user.id, existing.id, String(raw.get("linkId") ?? ""), new Date());
    if (outcome === "not-found") notFound("No such link.");
    return redirectWithSuccess(
      `${PAGE}/${existing.id}#single-use-links`,
      outcome === "revoked" ? "Link revoked" : "That link was already used",
    );
  }
  const copy = existing?.parentId ? await managedCopyOf(existing.id) : null;
  if (copy && existing) keepLockedInForm(raw, existing, copy.lockedFields);
  const { form, active } = toBodyForm(raw);
  keepListIntent(form);
  const submission = parseWithZod(form, { schema: eventTypeFormBody });
  // A question added, removed or moved (conform's list intents, plain buttons): the form again.
  if (submission.status === undefined) return data<Answer>({ result: submission.reply(), toast: null });
  if (submission.status !== "success") return refused(submission.reply());
  let value = submission.value;
  if (copy && existing) {
    // The locked questions were not on the form; anything else locked that differs was forged.
    const sentQuestions = [...raw.keys()].some((k) => k.startsWith("questions["));
    if (copy.lockedFields.includes("questions") && !sentQuestions) value = { ...value, questions: existing.questions };
    const changed = value.kind !== "one-to-one" ? "kind" : changedLockedField(existing, value, copy.lockedFields);
    if (changed) {
      const message =
        changed === "kind" ? TEAM_EVENT_TYPE_MESSAGES.kindLocked : TEAM_EVENT_TYPE_MESSAGES.locked(changed);
      return data<Answer>(
        { result: submission.reply({ fieldErrors: { [changed]: [message] } }), toast: errorToast(message) },
        { status: 403 },
      );
    }
  }

  // A one-to-one or group form ignores host boxes and the team left as they were (no JavaScript shows them all).
  const team = isTeamKind(value.kind);
  const resolved = await resolveEventTypeWrite(
    user,
    { ...value, active, hosts: team ? value.hosts : null, teamId: team ? value.teamId : null },
    existing?.teamId ?? null,
  );
  if (!resolved.ok) return refused(submission.reply({ fieldErrors: resolved.fields }));
  const write = resolved.write;
  const saved = existing ? await replaceEventType(user.id, existing.id, write) : await createEventType(user.id, write);
  if (saved.ok) return redirectWithSuccess(PAGE, existing ? M.saved : M.created);
  if (saved.reason === "not-found") notFound(M.notFound);
  if (saved.reason === "slug-taken") return refused(submission.reply({ fieldErrors: { slug: [M.slugTaken] } }));
  if (saved.reason === "active-cap") return refused(submission.reply({ fieldErrors: { active: [M.activeCap] } }));
  return refused(submission.reply({ fieldErrors: { scheduleId: ["Pick one of your own schedules."] } }));
}

export default function EventTypeForm() {
  const { eventType, schedules, members, teams, copy, linkBase, defaults, embed, links, recurring } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const hydrated = useHydrated();
  // The form's fields: the body's, plus the unit of the notice.
  const [form, fields] = useForm<
    Omit<z.input<typeof eventTypeFormBody>, "questions"> & { minimumNoticeUnit: string; questions: QuestionRow[] },
    z.output<typeof eventTypeFormBody>
  >({
    id: "event-type",
    lastResult: actionData?.result,
    defaultValue: {
      ...defaults,
      active: defaults.active ? "on" : "",
      requiresApproval: defaults.requiresApproval ? "on" : "",
      hidden: defaults.hidden ? "on" : "",
      redirectPassDetails: defaults.redirectPassDetails ? "on" : "",
      requirePhone: defaults.requirePhone ? "on" : "",
      requireCancelReason: defaults.requireCancelReason ? "on" : "",
    },
    // No getZodConstraint: it cannot read the body's transforms ("Unsupported schema"); the
    // same schema still validates here (onValidate) and on the server.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A managed copy's locked fields are not sent (the server fills them in): it validates there only.
    onValidate: copy
      ? undefined
      : ({ formData }) => parseWithZod(toBodyForm(formData).form, { schema: eventTypeFormBody }),
  });
  const kind = isKind(fields.kind.value) ? fields.kind.value : "one-to-one";
  const numberProps = (field: Parameters<typeof getInputProps>[0]) => ({
    ...getInputProps(field, { type: "number" }),
    inputMode: "numeric" as const,
  });

  return (
    <div className="max-w-form space-y-6 lg:max-w-[48rem]">
      <header>
        <Link to={PAGE} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Event Types
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">
          {eventType ? `Edit “${eventType.title}”` : "New event type"}
        </h1>
      </header>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        <EventTypeFormBody
          form={form as unknown as Parameters<typeof EventTypeFormBody>[0]["form"]}
          fields={fields as unknown as EventTypeFormFields}
          hydrated={hydrated}
          kinds={EVENT_TYPE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          kindDisabled={copy !== null}
          recurring={recurring}
          linkHint={(slug) => (
            <>
              Your booking link:{" "}
              <span className="font-mono [overflow-wrap:anywhere]">
                {linkBase ?? "/<username>"}/{slug}
              </span>
              . Left empty, it is made from the title.
              {linkBase ? null : (
                <>
                  {" "}
                  <Link to="/dashboard/profile#username-title" className="font-medium text-brand-700 underline">
                    Choose a username
                  </Link>{" "}
                  to share it.
                </>
              )}
            </>
          )}
          afterKind={
            <>
              {copy === null && (isTeamKind(kind) || !hydrated) ? (
                <>
                  <TeamChoice teams={teams} field={fields.teamId} hydrated={hydrated} />
                  <HostsPicker members={members} field={fields.hosts} hydrated={hydrated} />
                </>
              ) : null}
              {kind === "group" || !hydrated ? (
                <Field
                  label={hydrated ? "Seats" : "Seats (Group only)"}
                  hint="Guests per slot, 2 to 1000."
                  inputProps={numberProps(fields.seats)}
                  errors={fields.seats.errors}
                />
              ) : null}
            </>
          }
          schedules={schedules}
          locked={new Set(copy?.lockedFields ?? [])}
          lockedBy={copy?.teamName ?? null}
          lockedQuestions={copy?.questions ?? []}
          footer={
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link to={PAGE} className={buttonClass("secondary")}>
                Cancel
              </Link>
              <Button type="submit" pending={pending} disabled={pending}>
                {eventType ? "Save event type" : "Create event type"}
              </Button>
            </div>
          }
        />
      </Form>
      <div className="space-y-6 lg:pl-48">
        {links ? <SingleUseLinks links={links} hasUsername={linkBase !== null} /> : null}
        {embed ? <EmbedSnippets offer={embed} /> : null}
      </div>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
