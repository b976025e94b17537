import { Form, Link, useBeforeUnload, useBlocker, type useLoaderData } from "@remix-run/react";
import { ArrowLeft, CalendarOff, Copy, Globe, Plus, Star, Trash2 } from "~/components/icons";
import { useCallback, useEffect, useState } from "react";
import { ErrorList, inputClass } from "~/components/forms";
import { ZoneField } from "~/components/zone-field";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { formatDate, formatTime, WEEKDAYS, type DraftErrors, type ScheduleDraft } from "./schedule-draft";
import { useIsPending } from "~/utils/pending";
import { OUT_OF_OFFICE_PAGE } from "~/schemas/out-of-office";
import type { loader } from "./route";

export const PAGE = "/dashboard/availability";

export const editUrl = (id: string) => `${PAGE}?schedule=${id}`;

export const M = {
  saved: "Schedule saved",
  overrideSaved: "Date override saved",
  overrideRemoved: "Date override removed",
  unsaved: "You have unsaved changes. Press Save to keep them.",
  leave: "Leave without saving your changes?",
  created: "Schedule created",
  deleted: "Schedule deleted",
  defaultChanged: "Default schedule changed",
  notFound: "Schedule not found",
  checkFields: "Check the highlighted fields.",
  inUse: "An event type uses this schedule. Give that event type another schedule first, then delete this one.",
  isDefault: "The default schedule can't be deleted. Make another schedule the default first.",
} as const;

export const cardClass = "rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:p-6";

export const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

/** The page's data (its loader's answer), as the pieces below read it. */
type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type EditData = Extract<LoaderData, { view: "edit" }>;

export function DefaultBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-600/20"
      data-testid="default-badge"
    >
      <Star className="h-3 w-3" aria-hidden /> Default
    </span>
  );
}

export function ScheduleList({ schedules }: { schedules: Extract<LoaderData, { view: "list" }>["schedules"] }) {
  const pending = useIsPending({ intent: "new", state: "busy" });
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-neutral-900">Availability</h1>
          <p className="mt-1 max-w-2xl text-neutral-600">
            When you can be booked: weekly hours in a time zone, and dates with other hours. Event types use your
            default schedule unless they name another.
          </p>
          <p className="mt-1 max-w-2xl text-sm text-neutral-600">
            Away for a while? Add an absence on{" "}
            <Link to={OUT_OF_OFFICE_PAGE} className="font-medium text-brand-700 underline underline-offset-2">
              Out of office
            </Link>
            .
          </p>
        </div>
        <Form method="post" action={PAGE} className="shrink-0">
          <input type="hidden" name="intent" value="new" />
          <Button type="submit" pending={pending}>
            <Plus className="h-4 w-4" aria-hidden /> New schedule
          </Button>
        </Form>
      </header>
      <ul className="space-y-3" aria-label="Your schedules">
        {schedules.map((s) => (
          <li
            key={s.id}
            className={`${cardClass} relative flex flex-col gap-1 transition-colors duration-150 hover:border-brand-300`}
            data-testid="schedule-row"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={editUrl(s.id)}
                className="break-words text-lg font-semibold text-neutral-900 after:absolute after:inset-0 after:rounded-xl hover:text-brand-700"
              >
                {s.name}
              </Link>
              {s.isDefault ? <DefaultBadge /> : null}
            </div>
            <p className="text-sm text-neutral-800" data-testid="schedule-summary">
              {s.summary}
            </p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-neutral-600">
              <span className="inline-flex items-center gap-1">
                <Globe className="h-4 w-4" aria-hidden /> {zoneLabel(s.timeZone)}
              </span>
              <span className="inline-flex items-center gap-1" data-testid="schedule-overrides">
                <CalendarOff className="h-4 w-4" aria-hidden />{" "}
                {s.overrides === 1 ? "1 date override" : `${s.overrides} date overrides`}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** aria-invalid / aria-describedby of a control whose errors are listed at `errorId` (and the day's at `dayErrorId`). */
export function described(errors: string[] | undefined, errorId: string, dayErrorId?: string) {
  const ids = [errors?.length ? errorId : null, dayErrorId ?? null].filter(Boolean);
  return ids.length ? { "aria-invalid": true as const, "aria-describedby": ids.join(" ") } : {};
}

// Narrow padding on phones: "09:00 AM" and the clock icon must fit two to a row at 375 px.
export const timeClass = `${inputClass} w-full min-w-0 !px-2 sm:w-36 sm:!px-3 [&::-webkit-calendar-picker-indicator]:ml-0.5`;

export function DayRow({ day, errors }: { day: ScheduleDraft["days"][number]; errors: DraftErrors }) {
  const [available, setAvailable] = useState(day.available);
  const { name } = WEEKDAYS[day.day - 1];
  const dayErrors = errors[`d${day.day}`];
  // An overlap is the day's error: every row of the day points at it.
  const dayErrorId = dayErrors?.length ? `d${day.day}-error` : undefined;
  return (
    <div className="grid gap-3 py-4 sm:grid-cols-[9rem_1fr]" data-testid={`day-${day.day}`}>
      <label className="flex items-center gap-3 self-start pt-2.5 font-medium text-neutral-900">
        <input
          type="checkbox"
          name={`d${day.day}.available`}
          defaultChecked={day.available}
          onChange={(event) => setAvailable(event.currentTarget.checked)}
          className="h-5 w-5 rounded border-neutral-300 text-brand-600 focus:ring-brand-600"
        />
        {name}
      </label>
      <div className="min-w-0 space-y-2">
        {available ? null : <p className="pt-2.5 text-sm text-neutral-600">Unavailable</p>}
        <div hidden={!available} className="space-y-2">
          {day.rows.map((row, i) => {
            const startErrors = errors[`d${day.day}.${i}.start`];
            const endErrors = errors[`d${day.day}.${i}.end`];
            const errorId = `d${day.day}-${i}-error`;
            return (
              <div key={i}>
                <div className="flex items-center gap-1 sm:gap-2">
                  <input
                    type="time"
                    name={`d${day.day}.start`}
                    defaultValue={row.start}
                    aria-label={`${name} interval ${i + 1} start`}
                    className={timeClass}
                    {...described(startErrors, errorId, dayErrorId)}
                  />
                  <span aria-hidden className="text-neutral-500">
                    –
                  </span>
                  <input
                    type="time"
                    name={`d${day.day}.end`}
                    defaultValue={row.end}
                    aria-label={`${name} interval ${i + 1} end`}
                    className={timeClass}
                    {...described(endErrors, errorId, dayErrorId)}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value={`remove:${day.day}:${i}`}
                    formNoValidate
                    aria-label={`Remove ${name} interval ${i + 1}`}
                    title="Remove"
                    className="shrink-0 rounded-lg p-1.5 text-neutral-600 sm:p-2.5 transition-colors duration-150 hover:bg-neutral-100 hover:text-red-700"
                  >
                    <Trash2 className="h-5 w-5" aria-hidden />
                  </button>
                </div>
                <ErrorList id={errorId} errors={[...(startErrors ?? []), ...(endErrors ?? [])]} />
              </div>
            );
          })}
        </div>
        <ErrorList id={dayErrorId} errors={dayErrors} />
        <button
          type="submit"
          name="intent"
          value={`add:${day.day}`}
          formNoValidate
          aria-label={`Add interval on ${name}`}
          className={buttonClass("ghost", "-ml-2 px-2 py-1.5 text-brand-700")}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add interval
        </button>
      </div>
    </div>
  );
}

export function Overrides({ draft, errors }: { draft: ScheduleDraft; errors: DraftErrors }) {
  const added = draft.newOverride;
  const newErrors = [
    ...(errors["new.date"] ?? []),
    ...(errors["new.start"] ?? []),
    ...(errors["new.end"] ?? []),
    ...(errors.new ?? []),
  ];
  return (
    <section aria-labelledby="overrides-title" className={cardClass}>
      <h2 id="overrides-title" className="text-lg font-semibold text-neutral-900">
        Date overrides
      </h2>
      <p className="mt-1 text-sm text-neutral-600">
        Other hours on one date, or a day off. Add several hours for one date to give it several intervals.
      </p>
      {draft.overrides.length ? (
        <ul
          className="mt-4 divide-y divide-neutral-200 rounded-lg border border-neutral-200"
          aria-label="Date overrides"
        >
          {draft.overrides.map((o, i) => {
            const rowErrors = [
              ...(errors[`o.${i}`] ?? []),
              ...(errors[`o.${i}.date`] ?? []),
              ...(errors[`o.${i}.start`] ?? []),
              ...(errors[`o.${i}.end`] ?? []),
            ];
            return (
              <li key={i} className="flex items-start justify-between gap-3 px-4 py-3" data-testid="override-row">
                <input type="hidden" name="o.date" value={o.date} />
                <input type="hidden" name="o.kind" value={o.unavailable ? "unavailable" : "hours"} />
                <input type="hidden" name="o.start" value={o.start} />
                <input type="hidden" name="o.end" value={o.end} />
                <div className="min-w-0">
                  <p className="font-medium text-neutral-900">{formatDate(o.date)}</p>
                  <p className="text-sm text-neutral-700">
                    {o.unavailable
                      ? "Unavailable all day"
                      : `${formatTime(o.start)} – ${formatTime(o.end === "00:00" ? "24:00" : o.end)}`}
                  </p>
                  <ErrorList errors={rowErrors} />
                </div>
                <button
                  type="submit"
                  name="intent"
                  value={`removeOverride:${i}`}
                  formNoValidate
                  aria-label={`Remove override on ${formatDate(o.date)}`}
                  title="Remove"
                  className="shrink-0 rounded-lg p-1.5 text-neutral-600 sm:p-2.5 transition-colors duration-150 hover:bg-neutral-100 hover:text-red-700"
                >
                  <Trash2 className="h-5 w-5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 rounded-lg bg-neutral-50 px-4 py-3 text-sm text-neutral-600">No date overrides.</p>
      )}
      <fieldset className="mt-5 space-y-3 rounded-lg bg-neutral-50 p-4">
        <legend className="float-left mb-1 w-full text-sm font-semibold text-neutral-900">Add a date override</legend>
        <div className="clear-both">
          <label htmlFor="new-date" className="mb-1 block text-sm font-medium text-neutral-800">
            Date
          </label>
          <input
            id="new-date"
            type="date"
            name="new.date"
            defaultValue={added.date}
            className={`${inputClass} sm:w-48`}
            {...described(newErrors.length ? newErrors : undefined, "new-error")}
          />
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-neutral-800">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="new.kind"
              value="unavailable"
              defaultChecked={added.unavailable}
              className="h-4 w-4 text-brand-600"
            />
            Unavailable all day
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="new.kind"
              value="hours"
              defaultChecked={!added.unavailable}
              className="h-4 w-4 text-brand-600"
            />
            Other hours
          </label>
        </div>
        <div className="flex items-center gap-2">
          <input
            type="time"
            name="new.start"
            defaultValue={added.start}
            aria-label="Override start"
            className={timeClass}
          />
          <span aria-hidden className="text-neutral-500">
            –
          </span>
          <input type="time" name="new.end" defaultValue={added.end} aria-label="Override end" className={timeClass} />
        </div>
        <p className="text-xs text-neutral-600">The hours count only for “Other hours”.</p>
        <ErrorList id="new-error" errors={newErrors} />
        <Button type="submit" name="intent" value="addOverride" variant="secondary" formNoValidate>
          <Plus className="h-4 w-4" aria-hidden /> Add override
        </Button>
      </fieldset>
    </section>
  );
}

export function Editor({
  data: loaded,
  draft,
  errors,
  unsaved,
}: {
  data: EditData;
  draft: ScheduleDraft;
  errors: DraftErrors;
  /** The draft differs from the saved schedule (as the server answered it). */
  unsaved: boolean;
}) {
  const { schedule, zones, browserZone } = loaded;
  const saving = useIsPending({ intent: "save", state: "busy" });
  const [typed, setTyped] = useState(false);
  const dirty = unsaved || typed;
  const nameErrors = errors.name;
  const zoneErrors = errors.timeZone;
  return (
    <Form
      method="post"
      action={editUrl(schedule.id)}
      preventScrollReset
      className="space-y-6"
      noValidate
      onChange={() => setTyped(true)}
    >
      <LeaveGuard dirty={dirty} />
      {/* The first submit button is what Enter in a field presses: Save. */}
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <Link to={PAGE} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> All schedules
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-bold text-neutral-900">{schedule.name}</h1>
            {schedule.isDefault ? <DefaultBadge /> : null}
          </div>
        </div>
        <Button type="submit" name="intent" value="save" pending={saving} className="shrink-0">
          Save
        </Button>
      </header>
      <ErrorList errors={errors.form} />
      {unsaved ? (
        <p
          role="status"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20"
          data-testid="unsaved-changes"
        >
          {M.unsaved}
        </p>
      ) : null}

      <section aria-labelledby="details-title" className={`${cardClass} space-y-4`}>
        <h2 id="details-title" className="sr-only">
          Name and time zone
        </h2>
        <div>
          <label htmlFor="schedule-name" className="mb-1 block text-sm font-medium text-neutral-800">
            Name
          </label>
          <input
            id="schedule-name"
            name="name"
            type="text"
            defaultValue={draft.name}
            maxLength={100}
            className={inputClass}
            {...described(nameErrors, "schedule-name-error")}
          />
          <ErrorList id="schedule-name-error" errors={nameErrors} />
        </div>
        <div>
          <ZoneField
            id="schedule-zone"
            name="timeZone"
            value={draft.timeZone}
            zones={zones}
            hint="The weekly hours and overrides are clock times in this zone; guests see them in theirs."
            errors={zoneErrors}
            errorId="schedule-zone-error"
            onChange={() => setTyped(true)}
          />
          {browserZone && browserZone !== draft.timeZone ? (
            <div
              className="mt-3 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="browser-zone-hint"
            >
              <p className="flex items-start gap-2 text-sm text-amber-900">
                <Globe className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
                <span>
                  Your browser says <strong className="font-semibold">{zoneLabel(browserZone)}</strong>.
                </span>
              </p>
              <Button
                type="submit"
                name="intent"
                value="useBrowserZone"
                variant="secondary"
                formNoValidate
                className="shrink-0"
              >
                Use {zoneLabel(browserZone)}
              </Button>
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="weekly-title" className={cardClass}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="weekly-title" className="text-lg font-semibold text-neutral-900">
              Weekly hours
            </h2>
            <p className="mt-1 text-sm text-neutral-600">
              Tick the days you work and give one or more intervals. An end of 12:00 am is midnight.
            </p>
          </div>
          <Button
            type="submit"
            name="intent"
            value="copyMonday"
            variant="secondary"
            formNoValidate
            className="shrink-0"
          >
            <Copy className="h-4 w-4" aria-hidden /> Copy Monday to all weekdays
          </Button>
        </div>
        <div className="mt-2 divide-y divide-neutral-200">
          {draft.days.map((day) => (
            <DayRow key={day.day} day={day} errors={errors} />
          ))}
        </div>
      </section>

      <Overrides draft={draft} errors={errors} />

      <div className="flex justify-end">
        <Button type="submit" name="intent" value="save" pending={saving}>
          Save
        </Button>
      </div>
    </Form>
  );
}

export function DefaultAndDelete({ schedule }: { schedule: EditData["schedule"] }) {
  const pending = useIsPending({ intent: "makeDefault", state: "busy" });
  return (
    <section aria-labelledby="manage-title" className={`${cardClass} space-y-4`}>
      <h2 id="manage-title" className="text-lg font-semibold text-neutral-900">
        Default and delete
      </h2>
      {schedule.isDefault ? (
        <p className="text-sm text-neutral-700">
          This is your default schedule: event types without a schedule of their own use it. It can&apos;t be deleted;
          make another schedule the default first.
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Form method="post" action={editUrl(schedule.id)}>
            <input type="hidden" name="intent" value="makeDefault" />
            <Button type="submit" variant="secondary" pending={pending}>
              <Star className="h-4 w-4" aria-hidden /> Make default
            </Button>
          </Form>
          <Link
            to={`${editUrl(schedule.id)}&delete=1`}
            preventScrollReset
            id="delete-schedule"
            className={buttonClass("secondary", "text-red-700")}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Link>
        </div>
      )}
    </section>
  );
}

export function DeleteModal({ schedule, refusal }: { schedule: EditData["schedule"]; refusal: string | null }) {
  const pending = useIsPending({ intent: "delete", state: "busy" });
  const closeTo = editUrl(schedule.id);
  return (
    <Modal title={`Delete “${schedule.name}”?`} closeTo={closeTo} returnFocusTo="delete-schedule">
      {schedule.isDefault ? (
        <div className="space-y-4">
          <p className="text-sm text-neutral-700" role="alert">
            {M.isDefault}
          </p>
          <div className="flex justify-end">
            <Link to={closeTo} preventScrollReset data-autofocus className={buttonClass("secondary")}>
              Close
            </Link>
          </div>
        </div>
      ) : (
        <Form method="post" action={`${closeTo}&delete=1`} preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="delete" />
          <p className="text-sm text-neutral-700">
            Its weekly hours and date overrides go with it. This cannot be undone.
          </p>
          {refusal ? (
            <p
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              role="alert"
              data-testid="delete-refused"
            >
              {refusal}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Link to={closeTo} preventScrollReset data-autofocus className={buttonClass("secondary")}>
              Cancel
            </Link>
            <Button type="submit" variant="danger" pending={pending} disabled={pending}>
              Delete schedule
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}

/**
 * With JavaScript, unsaved changes are not lost by leaving: closing or reloading the tab asks
 * (the browser's own prompt), and a link elsewhere in the app asks first (a confirm). Posting the editor's
 * own form (Save, add a row, …) stays on the page and is never held.
 */
function LeaveGuard({ dirty }: { dirty: boolean }) {
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [dirty],
    ),
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty &&
      historyAction !== "REPLACE" &&
      `${currentLocation.pathname}${currentLocation.search}` !== `${nextLocation.pathname}${nextLocation.search}`,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    // The browser's own confirm: keyboard and screen-reader ready, and nothing of ours to load.
    if (window.confirm(M.leave)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}
