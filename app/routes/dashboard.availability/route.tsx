import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  createSchedule,
  data,
  deleteSchedule,
  ensureDefaultSchedule,
  errorToast,
  getSchedule,
  listSchedules,
  readFormData,
  redirectWithSuccess,
  replaceSchedule,
  requireDrawerPage,
  successToast,
} from "~/routes/dashboard.availability/route.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster, type ToastData } from "~/components/toaster";
import type { Schedule } from "~/models/schedule.server";
import {
  addInterval,
  addOverride,
  copyMondayToWeekdays,
  draftFromForm,
  draftMatchesSaved,
  draftOf,
  removeInterval,
  removeOverride,
  validateDraft,
  weeklySummary,
  WEEKDAYS,
  type DraftErrors,
  type ScheduleDraft,
} from "./schedule-draft";
import { isTimeZone, timeZoneNames } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { timeZoneHint } from "~/browser/time-zone-hint";
import { PAGE, editUrl, M, ScheduleList, Editor, DefaultAndDelete, DeleteModal } from "./schedule-editor";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Availability | Scheduler" }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner's schedule named in the URL; another person's, a gone one and a non-uuid are all 404. */
async function scheduleOf(userId: string, id: string | null): Promise<Schedule> {
  const schedule = id && UUID.test(id) ? await getSchedule(userId, id) : null;
  if (!schedule) notFound(M.notFound);
  return schedule;
}

function zoneChoices(request: Request, ...known: string[]) {
  const browserZone = timeZoneHint(request.headers.get("Cookie"));
  const zones = timeZoneNames();
  for (const zone of [...known, browserZone]) if (zone && !zones.includes(zone)) zones.push(zone);
  return { zones, browserZone };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  await ensureDefaultSchedule(user.id, user.timeZone);
  const url = new URL(request.url);
  if (!url.searchParams.has("schedule")) {
    const schedules = await listSchedules(user.id);
    return {
      view: "list" as const,
      schedules: schedules.map((s) => ({
        id: s.id,
        name: s.name,
        timeZone: s.timeZone,
        isDefault: s.isDefault,
        summary: weeklySummary(s.weekly),
        overrides: s.overrides.length,
      })),
    };
  }
  const schedule = await scheduleOf(user.id, url.searchParams.get("schedule"));
  const { zones, browserZone } = zoneChoices(request, schedule.timeZone);
  return {
    view: "edit" as const,
    schedule: { id: schedule.id, name: schedule.name, isDefault: schedule.isDefault, draft: draftOf(schedule) },
    zones,
    browserZone,
    deleting: url.searchParams.has("delete"),
  };
}

type EditAnswer = {
  kind: "edit";
  id: string;
  rev: string;
  draft: ScheduleDraft;
  errors: DraftErrors;
  toast: ToastData | null;
};
type DeleteAnswer = { kind: "delete"; id: string; message: string; toast: ToastData };

function edited(id: string, draft: ScheduleDraft, errors: DraftErrors = {}, saved: string | null = null) {
  const failed = Object.keys(errors).length > 0;
  const body: EditAnswer = {
    kind: "edit",
    id,
    rev: crypto.randomUUID(),
    draft,
    errors,
    toast: failed ? errorToast(M.checkFields) : saved ? successToast(saved) : null,
  };
  return data(body, { status: failed ? 400 : 200 });
}

/**
 * Adding or removing a date override saves the overrides at once, on their own: the saved
 * schedule's other fields stay as they are, and the editor keeps the rest of the draft (still
 * unsaved, and said so) as typed.
 */
async function overridesSaved(userId: string, schedule: Schedule, draft: ScheduleDraft, message: string) {
  const result = validateDraft({ ...draftOf(schedule), overrides: draft.overrides }, schedule.isDefault);
  if (!result.ok) return edited(schedule.id, draft, result.errors);
  if (!(await replaceSchedule(userId, schedule.id, result.value))) notFound(M.notFound);
  return edited(schedule.id, draft, {}, message);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  // The weekly rows and overrides come as repeated fields (d1.start, o.date, ...).
  const form = await readFormData(request, {
    repeatable: (name) => /^(d[1-7]\.(start|end)|o\.(date|kind|start|end))$/.test(name),
  });
  const intent = String(form.get("intent") ?? "");

  if (intent === "new") {
    await ensureDefaultSchedule(user.id, user.timeZone);
    const made = await createSchedule(user.id, {
      name: "New schedule",
      timeZone: isTimeZone(user.timeZone) ? user.timeZone : "UTC",
      isDefault: false,
      weekly: WEEKDAYS.slice(0, 5).map(({ day }) => ({ day, start: "09:00", end: "17:00" })),
      overrides: [],
    });
    return redirectWithSuccess(editUrl(made.id), M.created);
  }

  const schedule = await scheduleOf(user.id, new URL(request.url).searchParams.get("schedule"));
  const id = schedule.id;

  if (intent === "makeDefault") {
    const { name, timeZone, weekly, overrides } = schedule;
    if (!(await replaceSchedule(user.id, id, { name, timeZone, isDefault: true, weekly, overrides })))
      notFound(M.notFound);
    return redirectWithSuccess(editUrl(id), M.defaultChanged);
  }
  if (intent === "delete") {
    const result = await deleteSchedule(user.id, id);
    if (result.ok) return redirectWithSuccess(PAGE, M.deleted);
    if (result.reason === "not-found") notFound(M.notFound);
    const message = result.reason === "in-use" ? M.inUse : M.isDefault;
    return data({ kind: "delete", id, message, toast: errorToast(message) } satisfies DeleteAnswer, { status: 409 });
  }

  // The editor's buttons: each answers the edited draft, exactly as typed.
  const draft = draftFromForm(form);
  const [verb, a, b] = intent.split(":");
  switch (verb) {
    case "save": {
      const result = validateDraft(draft, schedule.isDefault);
      if (!result.ok) return edited(id, draft, result.errors);
      if (!(await replaceSchedule(user.id, id, result.value))) notFound(M.notFound);
      return redirectWithSuccess(editUrl(id), M.saved);
    }
    case "add":
      return edited(id, addInterval(draft, Number(a)));
    case "remove":
      return edited(id, removeInterval(draft, Number(a), Number(b)));
    case "copyMonday":
      return edited(id, copyMondayToWeekdays(draft));
    case "addOverride": {
      const added = addOverride(draft);
      if (Object.keys(added.errors).length > 0) return edited(id, added.draft, added.errors);
      return overridesSaved(user.id, schedule, added.draft, M.overrideSaved);
    }
    case "removeOverride":
      return overridesSaved(user.id, schedule, removeOverride(draft, Number(a)), M.overrideRemoved);
    case "useBrowserZone": {
      const zone = timeZoneHint(request.headers.get("Cookie"));
      return edited(id, zone ? { ...draft, timeZone: zone } : draft);
    }
  }
  return data(
    {
      kind: "edit",
      id,
      rev: crypto.randomUUID(),
      draft,
      errors: { form: ["Unknown action."] },
      toast: errorToast("Unknown action."),
    } satisfies EditAnswer,
    {
      status: 400,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The page (its pieces are in schedule-editor.tsx)

export default function Availability() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  let content: ReactNode;
  if (loaded.view === "list") content = <ScheduleList schedules={loaded.schedules} />;
  else {
    const { schedule } = loaded;
    const answer = actionData && actionData.id === schedule.id ? actionData : null;
    const edit = answer?.kind === "edit" ? answer : null;
    const draft = edit?.draft ?? schedule.draft;
    content = (
      <>
        {/* Remounted for every answer, so the uncontrolled fields show the draft it carries. */}
        <Editor
          key={edit?.rev ?? JSON.stringify(schedule)}
          data={loaded}
          draft={draft}
          errors={edit?.errors ?? {}}
          unsaved={!draftMatchesSaved(draft, schedule.draft, schedule.isDefault)}
        />
        <DefaultAndDelete schedule={schedule} />
        {loaded.deleting ? (
          <DeleteModal schedule={schedule} refusal={answer?.kind === "delete" ? answer.message : null} />
        ) : null}
      </>
    );
  }
  return (
    <div className="space-y-6">
      <Toaster toast={actionData?.toast ?? null} />
      {content}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
