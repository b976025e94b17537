import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import type { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EmbedSnippets, type EmbedOffer } from "~/components/embed-snippets";
import { ErrorList, Field, inputClass, TextareaField } from "~/components/forms";
import { Toaster, type ToastData } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { createEventType, getEventType, replaceEventType, type EventType } from "~/models/event-type.server";
import { ensureDefaultSchedule, listSchedules } from "~/models/schedule.server";
import { acceptedMembers } from "~/models/team.server";
import { getProfile } from "~/models/user.server";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { env } from "~/utils/env.server";
import {
  DURATION_CHOICES,
  EVENT_TYPE_MESSAGES as M,
  EVENT_TYPES_PAGE as PAGE,
  isKind,
  keepListIntent,
  KIND_HINTS,
  KIND_LABELS,
  LOCATION_LABELS,
  LOCATION_VALUE_LABELS,
  noticeForForm,
  slugify,
  toBodyForm,
  uuidSchema,
} from "~/schemas/event-type-form";
import { readFormData } from "~/utils/request.server";
import { EVENT_TYPE_KINDS, eventTypeBody, isTeamKind, LOCATION_TYPES } from "~/schemas/scheduling-api";
import { resolveEventTypeWrite } from "~/services/event-types.server";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";
import { embedSnippets } from "~/utils/embed";
import { bookingLink } from "~/schemas/username-rules";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";
import { useHydrated, Fieldset, SelectField, HostsPicker } from "./event-type-fields";
import { QuestionsEditor, type QuestionRow } from "./questions-editor";
import { SingleUseLinks } from "./single-use-links";
import { createSingleUseLink, listSingleUseLinks, revokeSingleUseLink } from "~/models/booking-controls.server";

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
  // Team kinds pick hosts among the members of the teams the host owns (decisions 020, 058).
  const members = await acceptedMembers(user.id);
  const origin = env().APP_URL ?? new URL(request.url).origin;
  const kind = new URL(request.url).searchParams.get("kind");
  const e = eventType;
  const notice = noticeForForm(e?.minimumNotice ?? 120);
  // Single-use links of a saved event type (decision 039), newest first.
  const pagePath = profile?.username && e ? `${bookingLink(origin, profile.username)}/${e.slug}` : null;
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
    embed: e ? embedOffer(origin, profile, e) : null,
    schedules: schedules.map((s) => ({ id: s.id, name: s.name, isDefault: s.isDefault, timeZone: s.timeZone })),
    members: members.map((m) => ({ id: m.id, label: m.name ? `${m.name} (${m.email})` : m.email })),
    linkBase: profile?.username ? bookingLink(origin, profile.username) : null,
    links,
    defaults: {
      title: e?.title ?? "",
      slug: e?.slug ?? "",
      description: e?.description ?? "",
      duration: String(e?.duration ?? 30),
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
      hosts: (e?.hostIds ?? []).filter((id) => id !== user.id),
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

/** The embed snippets of a saved event type, or why there are none yet (docs/decisions/019). */
function embedOffer(
  origin: string,
  profile: { username: string | null; name: string } | null,
  e: EventType,
): EmbedOffer {
  if (!profile?.username) return { state: "no-username" };
  if (!e.active) return { state: "inactive" };
  const { inline, popup, previewUrl } = embedSnippets({
    base: origin,
    username: profile.username,
    slug: e.slug,
    title: e.title,
    hostName: profile.name || profile.username,
  });
  return { state: "ready", inline, popup, previewUrl };
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
  const { form, active } = toBodyForm(raw);
  keepListIntent(form);
  const submission = parseWithZod(form, { schema: eventTypeBody });
  // A question added, removed or moved (conform's list intents, plain buttons): the form again.
  if (submission.status === undefined) return data<Answer>({ result: submission.reply(), toast: null });
  if (submission.status !== "success") return refused(submission.reply());

  // A one-to-one or group form ignores host boxes left ticked (no JavaScript shows them all).
  const hosts = isTeamKind(submission.value.kind) ? submission.value.hosts : null;
  const resolved = await resolveEventTypeWrite(user, { ...submission.value, active, hosts }, existing?.teamId ?? null);
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
  const { eventType, schedules, members, linkBase, defaults, embed, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const hydrated = useHydrated();
  // The form's fields: the body's, plus the unit of the notice.
  const [form, fields] = useForm<
    Omit<z.input<typeof eventTypeBody>, "questions"> & { minimumNoticeUnit: string; questions: QuestionRow[] },
    z.output<typeof eventTypeBody>
  >({
    id: "event-type",
    lastResult: actionData?.result,
    defaultValue: {
      ...defaults,
      active: defaults.active ? "on" : "",
      requiresApproval: defaults.requiresApproval ? "on" : "",
    },
    // No getZodConstraint: it cannot read the body's transforms ("Unsupported schema"); the
    // same schema still validates here (onValidate) and on the server.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(toBodyForm(formData).form, { schema: eventTypeBody }),
  });
  const location = fields.location.getFieldset();
  const kind = isKind(fields.kind.value) ? fields.kind.value : "one-to-one";
  const locationType = (LOCATION_TYPES as readonly string[]).includes(location.type.value ?? "")
    ? (location.type.value as (typeof LOCATION_TYPES)[number])
    : "video";
  const valueField = LOCATION_VALUE_LABELS[locationType];
  const slugPreview = fields.slug.value || slugify(fields.title.value ?? "") || "your-link";
  const numberProps = (field: Parameters<typeof getInputProps>[0]) => ({
    ...getInputProps(field, { type: "number" }),
    inputMode: "numeric" as const,
  });

  return (
    <div className="max-w-form space-y-6">
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
        <Fieldset legend="What it is">
          <Field
            label="Title"
            inputProps={{ ...getInputProps(fields.title, { type: "text" }), placeholder: "Intro call" }}
            errors={fields.title.errors}
          />
          <Field
            label="Link"
            hint={
              <>
                Your booking link:{" "}
                <span className="font-mono [overflow-wrap:anywhere]">
                  {linkBase ?? "/<username>"}/{slugPreview}
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
            }
            inputProps={{
              ...getInputProps(fields.slug, { type: "text" }),
              placeholder: slugify(fields.title.value ?? "") || "intro-call",
              autoCapitalize: "none",
              spellCheck: false,
            }}
            errors={fields.slug.errors}
          />
          <TextareaField
            label="Description (optional)"
            textareaProps={{ ...getTextareaProps(fields.description), rows: 3, className: "" }}
            errors={fields.description.errors}
          />
        </Fieldset>

        <Fieldset legend="Duration and kind">
          <Field
            label="Duration (minutes)"
            hint="15, 30, 45, 60, 90 or 120 are offered; any whole number from 5 to 720 works."
            inputProps={{ ...numberProps(fields.duration), list: "duration-choices" }}
            errors={fields.duration.errors}
          />
          <datalist id="duration-choices">
            {DURATION_CHOICES.map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
          <SelectField
            label="Kind"
            hint={KIND_HINTS[kind]}
            errors={fields.kind.errors}
            errorId={fields.kind.errorId}
            selectProps={getSelectProps(fields.kind)}
          >
            {EVENT_TYPE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          {isTeamKind(kind) || !hydrated ? (
            <HostsPicker members={members} field={fields.hosts} hydrated={hydrated} />
          ) : null}
          {kind === "group" || !hydrated ? (
            <Field
              label={hydrated ? "Seats" : "Seats (Group only)"}
              hint="Guests per slot, 2 to 1000."
              inputProps={numberProps(fields.seats)}
              errors={fields.seats.errors}
            />
          ) : null}
        </Fieldset>

        <Fieldset legend="Where">
          <SelectField
            label="Location"
            errors={location.type.errors}
            errorId={location.type.errorId}
            selectProps={getSelectProps(location.type)}
          >
            {LOCATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {LOCATION_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <Field
            label={hydrated ? valueField.label : "Address, phone number or link"}
            hint={
              hydrated
                ? valueField.hint
                : "The address for an in-person meeting (required), a phone number for a call, or a video link."
            }
            inputProps={getInputProps(location.value, { type: hydrated ? valueField.type : "text" })}
            errors={location.value.errors}
          />
        </Fieldset>

        <Fieldset legend="When">
          <SelectField
            label="Schedule"
            hint="The hours guests can book."
            errors={fields.scheduleId.errors}
            errorId={fields.scheduleId.errorId}
            selectProps={getSelectProps(fields.scheduleId)}
          >
            {schedules.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.timeZone.replaceAll("_", " ")}){s.isDefault ? " — default" : ""}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Buffer before (minutes)"
              inputProps={numberProps(fields.bufferBefore)}
              errors={fields.bufferBefore.errors}
            />
            <Field
              label="Buffer after (minutes)"
              inputProps={numberProps(fields.bufferAfter)}
              errors={fields.bufferAfter.errors}
            />
          </div>
          <div className="grid grid-cols-[1fr_auto] items-start gap-3">
            <Field
              label="Minimum notice"
              hint="How long before a meeting guests must book."
              inputProps={{ ...getInputProps(fields.minimumNotice, { type: "number" }), step: "any", min: 0 }}
              errors={fields.minimumNotice.errors}
            />
            <div className="pt-6">
              <select
                {...getSelectProps(fields.minimumNoticeUnit)}
                key={fields.minimumNoticeUnit.key}
                aria-label="Unit of the minimum notice"
                className={inputClass}
              >
                <option value="minutes">minutes</option>
                <option value="hours">hours</option>
              </select>
            </div>
          </div>
          <Field
            label="Booking window (days)"
            hint="How far ahead guests can book, 0 to 730 days."
            inputProps={numberProps(fields.bookingWindowDays)}
            errors={fields.bookingWindowDays.errors}
          />
          <Field
            label="Slot interval (minutes, optional)"
            hint="How often a slot starts; empty means every duration."
            inputProps={numberProps(fields.slotInterval)}
            errors={fields.slotInterval.errors}
          />
          <Field
            label="Daily limit (optional)"
            hint="At most this many bookings a day; empty means no limit."
            inputProps={numberProps(fields.dailyLimit)}
            errors={fields.dailyLimit.errors}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Weekly limit (optional)"
              hint="Bookings a week, Monday to Sunday."
              inputProps={numberProps(fields.weeklyLimit)}
              errors={fields.weeklyLimit.errors}
            />
            <Field
              label="Monthly limit (optional)"
              hint="Bookings a calendar month."
              inputProps={numberProps(fields.monthlyLimit)}
              errors={fields.monthlyLimit.errors}
            />
          </div>
          <Field
            label="Bookings per guest (optional)"
            hint="Upcoming bookings one guest e-mail may hold at once; empty means no limit."
            inputProps={numberProps(fields.limitPerGuest)}
            errors={fields.limitPerGuest.errors}
          />
        </Fieldset>

        <Fieldset legend="Booking questions">
          <QuestionsEditor
            form={form as unknown as Parameters<typeof QuestionsEditor>[0]["form"]}
            field={fields.questions}
            hydrated={hydrated}
          />
        </Fieldset>

        {kind === "group" ? null : (
          <Fieldset legend="Approval">
            <div className="flex items-start gap-3">
              <input
                {...getInputProps(fields.requiresApproval, { type: "checkbox" })}
                aria-describedby={fields.requiresApproval.errors ? fields.requiresApproval.errorId : undefined}
                className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
              />
              <label htmlFor={fields.requiresApproval.id} className="text-sm text-neutral-800">
                <span className="font-medium">Requires approval</span>: a booking waits for you to approve or decline it
                (Scheduled Events, Pending), and holds its time meanwhile.
              </label>
            </div>
            <ErrorList id={fields.requiresApproval.errorId} errors={fields.requiresApproval.errors} />
            <Field
              label="Hold time (hours)"
              hint="Unanswered for this long (1 to 168 hours, and never past the meeting's start), a request is declined and the guest told."
              inputProps={numberProps(fields.approvalHoldHours)}
              errors={fields.approvalHoldHours.errors}
            />
          </Fieldset>
        )}

        <div className="flex items-start gap-3 rounded-xl border border-neutral-200 bg-white p-5 shadow-sm">
          <input
            {...getInputProps(fields.active, { type: "checkbox" })}
            className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
          />
          <div>
            <label htmlFor={fields.active.id} className="text-sm text-neutral-800">
              <span className="font-medium">On</span>: guests can book through this link. Turned off, the link answers
              that it is not available.
            </label>
            <ErrorList id={fields.active.errorId} errors={fields.active.errors} />
          </div>
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={PAGE} className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Button type="submit" pending={pending} disabled={pending}>
            {eventType ? "Save event type" : "Create event type"}
          </Button>
        </div>
      </Form>
      {links ? <SingleUseLinks links={links} hasUsername={linkBase !== null} /> : null}
      {embed ? <EmbedSnippets offer={embed} /> : null}
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
