import { Form, useNavigate } from "@remix-run/react";
import { Info } from "~/components/icons";
import { MonthCalendar } from "~/components/booking/month-calendar";
import { SlotList, SlotPanel, slotClass, useSlotFocus } from "~/components/booking/slot-panel";
import { BookingSummary, GuestPage } from "~/components/booking-summary";
import { PolicyNote } from "~/components/booking/policy-note";
import { ErrorList } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { ZoneField } from "~/components/zone-field";
import { dateLabel } from "~/components/booking-page";
import { fill } from "~/messages/languages";
import { usePendingLocation } from "~/utils/pending";
import type { RescheduleData } from "./route";
import { pageHref } from "./href";

/**
 * The first step: a zone, a day and a time. Every choice is a GET (the times are buttons of a GET
 * form), so nothing moves here; the chosen time opens the confirm step.
 */
export function PickStep({ d, error, reason }: { d: RescheduleData; error: string | null; reason: string }) {
  const slotFocus = useSlotFocus(d.date);
  const pending = usePendingLocation();
  const dayLoading = pending !== null && !new URLSearchParams(pending.search).has("start");
  const pendingStart = pending ? new URLSearchParams(pending.search).get("start") : null;
  const navigate = useNavigate();
  const w = d.words;
  const keep = { tz: d.tz, month: d.month, reason, lang: d.lang };
  const hidden = (values: Record<string, string | null | undefined>) =>
    Object.entries(values).map(([name, value]) =>
      value ? <input key={name} type="hidden" name={name} value={value} /> : null,
    );
  return (
    <GuestPage lang={d.language} poweredBy={w.poweredBy} eyebrow={w.yourBooking} heading={w.pickNewTime} wide>
      <BookingSummary booking={d.summary} words={w} />
      {d.policy.refusal ? (
        <PolicyNote summary={d.policy.summary} refusal={d.policy.refusal} contact={d.policy.contact} />
      ) : !d.open ? (
        <p role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          {fill(w.notTakingKind, { host: d.summary.hostName })}
        </p>
      ) : (
        <>
          <p className="text-sm text-neutral-600">
            {w.nowBooked} <span data-testid="now-booked">{d.currentLabel}</span>{" "}
            {fill(w.nowBookedThen, { zone: d.summary.zone })}
          </p>
          <PolicyNote summary={d.policy.summary} refusal={null} contact={null} />
          {error ? (
            <div
              role="alert"
              data-testid="reschedule-error"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              <ErrorList errors={[error]} />
            </div>
          ) : null}
          <Form method="get" replace preventScrollReset className="flex flex-wrap items-end gap-2">
            {hidden({ token: d.token, lang: d.lang, month: d.month, date: d.date, reason })}
            <div className="min-w-0 flex-1 basis-56">
              <ZoneField
                id="tz"
                name="tz"
                value={d.zone}
                zones={d.zones}
                label={w.timeZone}
                locale={d.locale}
                clock24={d.clock24}
                words={d.zoneWords}
                onChange={(tz) => navigate(pageHref(d.token, { ...keep, tz, date: d.date }), { replace: true })}
              />
            </div>
            <Button type="submit" variant="secondary">
              {w.showTimesInZone}
            </Button>
          </Form>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,14rem)] lg:gap-8">
            <div>
              <MonthCalendar
                month={d.month}
                today={d.today}
                selected={d.date}
                openDays={d.days}
                prevMonth={d.prevMonth}
                nextMonth={d.nextMonth}
                dayHref={(date) => pageHref(d.token, { ...keep, date })}
                monthHref={(month) => pageHref(d.token, { ...keep, month })}
                onPick={slotFocus.onPick}
                locale={d.locale}
                words={w.calendar}
              />
              {d.days.length === 0 ? <p className="mt-3 text-sm text-neutral-600">{w.noFreeTimesMonth}</p> : null}
            </div>
            <SlotPanel
              ref={slotFocus.heading}
              title={d.date ? dateLabel(d.date, d.locale) : w.pickADay}
              busy={dayLoading}
            >
              {d.slots.length > 0 ? (
                <Form method="get" preventScrollReset aria-labelledby="slots-heading" data-testid="reschedule-slots">
                  {hidden({ token: d.token, lang: d.lang, tz: d.tz, reason })}
                  <SlotList
                    label={fill(w.freeTimesOn, {
                      date: d.date ? dateLabel(d.date, d.locale) : "",
                      zone: d.summary.zone,
                    })}
                  >
                    {d.slots.map((s) => {
                      const busy = pendingStart !== null && Date.parse(pendingStart) === Date.parse(s.value);
                      return (
                        <li key={s.value}>
                          <button
                            type="submit"
                            name="start"
                            value={s.value}
                            className={`w-full ${slotClass(busy)}`}
                            aria-busy={busy || undefined}
                          >
                            {s.label}
                          </button>
                        </li>
                      );
                    })}
                  </SlotList>
                </Form>
              ) : (
                <p className="mt-3 rounded-lg border border-dashed border-neutral-300 p-4 text-center text-sm text-neutral-600">
                  {d.date ? w.noFreeTimesDay : w.freeDaysHighlighted}
                </p>
              )}
            </SlotPanel>
          </div>
        </>
      )}
    </GuestPage>
  );
}
