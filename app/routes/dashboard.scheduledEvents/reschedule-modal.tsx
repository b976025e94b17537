import { Form, Link, useActionData } from "@remix-run/react";
import { ArrowLeft, ArrowRight, Pencil } from "~/components/icons";
import { MonthCalendar } from "~/components/booking/month-calendar";
import { SlotList, SlotPanel, slotClass, useSlotFocus } from "~/components/booking/slot-panel";
import { ErrorList, Field, TextareaField } from "~/components/forms";
import { hrefWith } from "~/components/admin-table";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { SCHEDULED_EVENTS_MESSAGES as M } from "~/messages/profile";
import { BOOKING_NOTES_MAX } from "~/schemas/booking-api";
import { dateLabel } from "~/components/booking-page";
import { useIsPending, usePendingLocation } from "~/utils/pending";
import type { action, HostData } from "./route";

const PATH = "/dashboard/scheduledEvents";

/**
 * The host moves an event in two steps, both URLs (so they work without JavaScript): the month
 * calendar and the chosen day's free times (`&month=&date=`), then, with a time picked
 * (`&start=`), the old and new time side by side and an optional message for the guests, which
 * reaches them in the updated invitation. Nothing moves before "Reschedule" is pressed.
 */
export function RescheduleModal({ host, closeTo, search }: { host: HostData; closeTo: string; search: string }) {
  const r = host.rescheduling;
  const actionData = useActionData<typeof action>();
  const sending = useIsPending({ intent: "reschedule" });
  const slotFocus = useSlotFocus(r?.date ?? null);
  const dayLoading = usePendingLocation() !== null;
  if (!r) return null;
  // The override's answers are said in its own form.
  const answer = actionData?.intent === "reschedule" && !actionData.outside ? actionData : null;
  const here = (changes: Record<string, string | null>) => `${PATH}${hrefWith(search, changes)}`;
  return (
    <Modal
      title={M.rescheduleTitle(r.eventName)}
      description={`Now: ${r.when.date}, ${r.when.time} (${r.when.zone})`}
      closeTo={closeTo}
      returnFocusTo={`reschedule-${r.id}`}
    >
      {r.cancelled ? (
        <p className="text-sm font-medium text-amber-800">{M.alreadyCancelled}</p>
      ) : !r.movable && r.overridable ? (
        <div className="space-y-4">
          <p className="text-sm text-neutral-700">{M.bookingTypeOff}</p>
          <OutsideHoursForm host={host} search={search} open />
        </div>
      ) : !r.movable ? (
        <div className="space-y-4">
          <p className="text-sm text-neutral-700">{M.notBookable}</p>
          <Link to={`/dashboard?edit=${r.id}`} className={buttonClass("primary")}>
            <Pencil className="h-4 w-4" aria-hidden /> {M.editOnMySchedule}
          </Link>
        </div>
      ) : r.chosen ? (
        <Form
          method="post"
          action={`${PATH}${search}`}
          preventScrollReset
          className="space-y-4"
          aria-labelledby="reschedule-confirm"
        >
          <h3 id="reschedule-confirm" className="text-base font-semibold text-neutral-900">
            {M.confirmMoveTitle}
          </h3>
          <dl
            className="grid gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-4 text-sm sm:grid-cols-[1fr_auto_1fr] sm:items-center"
            data-testid="reschedule-change"
          >
            <div>
              <dt className="text-neutral-600">{M.from}</dt>
              <dd className="font-medium text-neutral-700 line-through decoration-neutral-400">
                {r.when.date}, {r.when.time}
              </dd>
            </div>
            <ArrowRight className="hidden h-5 w-5 text-neutral-500 sm:block" aria-hidden />
            <div>
              <dt className="text-neutral-600">{M.to}</dt>
              <dd className="font-semibold text-neutral-900">
                {r.chosen.when.date}, {r.chosen.when.time}
              </dd>
            </div>
          </dl>
          <input type="hidden" name="intent" value="reschedule" />
          <input type="hidden" name="eventId" value={r.id} />
          <input type="hidden" name="start" value={r.chosen.value} />
          {r.hasGuest ? (
            <GuestMessageField id="reschedule-message" defaultValue={answer?.reason ?? ""} autoFocus />
          ) : null}
          {answer?.error ? (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              <ErrorList errors={[answer.error]} />
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
            <Link to={here({ start: null })} preventScrollReset className={buttonClass("secondary")}>
              <ArrowLeft className="h-4 w-4" aria-hidden /> {M.backToTimes}
            </Link>
            <Button type="submit" pending={sending} disabled={sending}>
              {M.confirmMove}
            </Button>
          </div>
        </Form>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-neutral-700">{M.rescheduleBody}</p>
          <p className="text-sm text-neutral-600">Times in {host.timeZone.replace(/_/g, " ")}.</p>
          {answer?.error || r.startGone ? (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              <ErrorList errors={[answer?.error ?? M.timeGone]} />
            </div>
          ) : null}
          <MonthCalendar
            month={r.month}
            today={r.today}
            selected={r.date}
            openDays={r.days}
            prevMonth={r.prevMonth}
            nextMonth={r.nextMonth}
            dayHref={(date) => here({ month: r.month, date, start: null })}
            monthHref={(month) => here({ month, date: null, start: null })}
            onPick={slotFocus.onPick}
          />
          <SlotPanel ref={slotFocus.heading} title={r.date ? dateLabel(r.date) : "Pick a day"} busy={dayLoading}>
            {r.slots.length > 0 ? (
              <SlotList label={`Free times on ${r.date ? dateLabel(r.date) : ""}`} layout="grid">
                {r.slots.map((s) => (
                  <li key={s.value}>
                    <Link
                      to={here({ month: r.month, date: r.date, start: s.value })}
                      preventScrollReset
                      className={slotClass(false)}
                      data-testid="reschedule-slot"
                    >
                      {s.label}
                    </Link>
                  </li>
                ))}
              </SlotList>
            ) : (
              <p className="mt-3 rounded-lg border border-dashed border-neutral-300 p-4 text-center text-sm text-neutral-600">
                {M.noSlots}
              </p>
            )}
          </SlotPanel>
          {r.overridable ? <OutsideHoursForm host={host} search={search} /> : null}
        </div>
      )}
    </Modal>
  );
}

/**
 * The host's override (decision 089): a date and time of their own choosing, moved only once they
 * tick that it is outside their available hours. Inside a <details> under the free times (open
 * when the event type is off, or after a refusal), so it works without JavaScript.
 */
function OutsideHoursForm({ host, search, open = false }: { host: HostData; search: string; open?: boolean }) {
  const r = host.rescheduling;
  const actionData = useActionData<typeof action>();
  const sending = useIsPending({ intent: "reschedule" });
  if (!r) return null;
  const answer = actionData?.intent === "reschedule" && actionData.outside ? actionData : null;
  const zone = host.timeZone.replace(/_/g, " ");
  const form = (
    <Form
      method="post"
      action={`${PATH}${search}`}
      preventScrollReset
      className="space-y-4"
      data-testid="outside-hours"
    >
      <p className="text-sm text-neutral-600">{M.outsideBody}</p>
      <input type="hidden" name="intent" value="reschedule" />
      <input type="hidden" name="eventId" value={r.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={M.outsideDate}
          inputProps={{
            id: "outside-date",
            name: "date",
            type: "date",
            required: true,
            min: r.today,
            defaultValue: answer?.outside?.date ?? "",
          }}
        />
        <Field
          label={M.outsideTime(zone)}
          inputProps={{
            id: "outside-time",
            name: "time",
            type: "time",
            required: true,
            defaultValue: answer?.outside?.time ?? "",
          }}
        />
      </div>
      {r.hasGuest ? <GuestMessageField id="outside-message" defaultValue={answer?.reason ?? ""} /> : null}
      <label className="flex items-start gap-3 text-sm text-neutral-800">
        <input
          type="checkbox"
          name="outsideHours"
          required
          className="mt-0.5 h-4 w-4 rounded border-neutral-400 text-brand-600 focus-visible:ring-brand-600"
        />
        <span>{M.outsideConfirm}</span>
      </label>
      {answer?.error ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          <ErrorList errors={[answer.error]} />
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" pending={sending} disabled={sending}>
          {M.outsideSubmit}
        </Button>
      </div>
    </Form>
  );
  return (
    <details className="rounded-lg border border-neutral-200 p-4" open={open || answer !== null}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:underline">
        {M.outsideTitle}
      </summary>
      <div className="mt-4">{form}</div>
    </details>
  );
}

/** The host's optional message to the guests, in the updated invitation. */
function GuestMessageField({ id, defaultValue, autoFocus }: { id: string; defaultValue: string; autoFocus?: boolean }) {
  return (
    <TextareaField
      label={M.messageLabel}
      hint={M.messageHint}
      textareaProps={{ name: "message", id, rows: 3, maxLength: BOOKING_NOTES_MAX, defaultValue, autoFocus }}
    />
  );
}
