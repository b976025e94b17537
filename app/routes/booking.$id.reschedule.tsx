import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CircleCheck, Info } from "lucide-react";
import { MonthCalendar } from "~/components/booking/month-calendar";
import { SlotList, SlotPanel, slotClass, useSlotFocus } from "~/components/booking/slot-panel";
import { BookingSummary, GuestPage } from "~/components/booking-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { formatInZone } from "~/scheduling/zoned-time";
import { rescheduleBooking } from "~/services/bookings.server";
import { dateLabel, MONTH, monthOf, monthRange, shiftMonth } from "~/components/booking-page";
import {
  guestBookingOr404,
  guestPageHeaders,
  policyRefusalText,
  policyView,
  summaryOf,
  MESSAGES,
} from "~/html/guest-booking.server";
import { PolicyNote } from "~/components/booking/policy-note";
import { rescheduleDay, rescheduleSlotsByDate } from "~/services/reschedule-slots.server";
import { dateWindowMessage, isWithinDateWindow } from "~/schemas/input-rules";
import { linkBase, readFormData } from "~/utils/request.server";
import { notFound } from "~/utils/responses";
import { usePendingFormData, usePendingLocation } from "~/utils/pending";
import { pageMeta } from "~/utils/page-meta";

/**
 * /booking/{id}/reschedule?token=[&month=YYYY-MM][&date=YYYY-MM-DD]: the guest moves their booking
 * from the link in their mail, without an account and without JavaScript, with the booking page's
 * month calendar and times. The free starts come from the one slot computation (the month's, so
 * the calendar marks the open days); the POST takes the JSON API's own path
 * (rescheduleBooking: a free slot under the host lock, SEQUENCE + 1, REQUEST to guest and host).
 */

// Booking chrome: the page is the guest's, about the host's meeting (no site navbar or footer).
export const handle = { chrome: "booking" };

export const meta: MetaFunction = () => [
  ...pageMeta({
    title: "Reschedule your meeting | Scheduler",
    description: "Move a meeting you booked to another open time.",
  }),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export const headers = guestPageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking, token, zone } = await guestBookingOr404(request, params.id);
  const now = new Date();
  const q = new URL(request.url).searchParams;
  const bookingDate = formatInZone(booking.startsAt, zone);
  const day = rescheduleDay(
    q.get("date"),
    booking.startsAt,
    zone,
    now,
    booking.bookable?.eventType.bookingWindowDays ?? null,
  );
  const monthParam = q.get("month");
  const month =
    monthParam && MONTH.test(monthParam) && monthParam >= monthOf(day.today) && monthParam <= monthOf(day.lastDay)
      ? monthParam
      : monthOf(day.date);
  // A started meeting or the event type's policy (decision 077) closes the calendar: the page says why.
  const policy = policyView(booking, "reschedule", now);
  const open = booking.status !== "cancelled" && booking.bookable !== null && policy.refusal === null;
  const range = monthRange(month);
  const byDate = open
    ? await rescheduleSlotsByDate(
        booking,
        { start: range.start < day.today ? day.today : range.start, end: range.end },
        zone,
        now,
      )
    : {};
  const days = Object.keys(byDate).sort();
  // The day asked for (or the booking's own), else the month's first open day.
  const date = monthOf(day.date) === month ? day.date : (days[0] ?? null);
  return {
    summary: summaryOf(booking, zone),
    token,
    today: day.today,
    month,
    prevMonth: month > monthOf(day.today) ? shiftMonth(month, -1) : null,
    nextMonth: month < monthOf(day.lastDay) ? shiftMonth(month, 1) : null,
    days,
    date,
    slots: date ? (byDate[date] ?? []) : [],
    open,
    cancelled: booking.status === "cancelled",
    policy,
    bookAgainPath: booking.bookAgainPath,
    currentLabel: `${bookingDate.date}, ${bookingDate.time}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { booking, token } = await guestBookingOr404(request, params.id);
  const form = await readFormData(request);
  const startText = String(form.get("start") ?? "");
  const start = new Date(startText);
  if (!startText || !Number.isFinite(start.getTime()))
    return data({ moved: false, error: "Pick one of the times below." }, { status: 400 });
  if (!isWithinDateWindow(start, new Date()))
    return data({ moved: false, error: dateWindowMessage("The new time") }, { status: 400 });
  if (booking.status === "cancelled") return { moved: false, error: null };
  const result = await rescheduleBooking({
    id: booking.id,
    actor: { token },
    start,
    now: new Date(),
    linkBase: linkBase(request),
  });
  if (result.ok) return { moved: true, error: null };
  switch (result.reason) {
    case "not-found":
      return notFound();
    case "already-cancelled":
      return { moved: false, error: null };
    case "meeting-started":
      return data({ moved: false, error: policyRefusalText({ rule: "started" }, booking.hostName) }, { status: 409 });
    case "policy-refuses":
      return data({ moved: false, error: policyRefusalText(result.refusal, booking.hostName) }, { status: 409 });
    default:
      return data({ moved: false, error: MESSAGES.slotTaken }, { status: 409 });
  }
}

function pageHref(token: string, q: { month?: string; date?: string | null }) {
  const params = new URLSearchParams({ token });
  if (q.month) params.set("month", q.month);
  if (q.date) params.set("date", q.date);
  return `?${params.toString()}`;
}

export default function RescheduleBooking() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sending = usePendingFormData();
  const slotFocus = useSlotFocus(d.date);
  const dayLoading = usePendingLocation() !== null;

  if (actionData?.moved) {
    return (
      <GuestPage eyebrow="Your booking" heading="Rescheduled">
        <div role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>
            Your meeting with {d.summary.hostName} has moved to the time below. We let {d.summary.hostName} know and
            e-mailed you the updated calendar entry.
          </p>
        </div>
        <BookingSummary booking={d.summary} />
        <p className="text-sm text-neutral-600">
          Need another change?{" "}
          <Link
            to={pageHref(d.token, { month: d.month, date: d.date })}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Pick a different time
          </Link>
        </p>
      </GuestPage>
    );
  }

  if (d.cancelled) {
    return (
      <GuestPage eyebrow="Your booking" heading="This meeting is cancelled">
        <p role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />A cancelled meeting cannot be rescheduled.
        </p>
        <BookingSummary booking={d.summary} strike />
        {d.bookAgainPath ? (
          <Link to={d.bookAgainPath} className={buttonClass("primary", "w-full sm:w-auto")}>
            Book a new time
          </Link>
        ) : null}
      </GuestPage>
    );
  }

  const postTo = pageHref(d.token, { month: d.month, date: d.date });
  const submittingStart = sending ? sending.get("start") : null;
  return (
    <GuestPage eyebrow="Your booking" heading="Pick a new time" wide>
      <BookingSummary booking={d.summary} />
      {d.policy.refusal ? (
        <PolicyNote summary={d.policy.summary} refusal={d.policy.refusal} contact={d.policy.contact} />
      ) : !d.open ? (
        <p role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          {d.summary.hostName} no longer takes bookings of this kind, so it cannot be moved here. Reply to the
          invitation to ask your host.
        </p>
      ) : (
        <>
          <p className="text-sm text-neutral-600">
            Times in {d.summary.zone}. Now booked: {d.currentLabel}.
          </p>
          <PolicyNote summary={d.policy.summary} refusal={null} contact={null} />
          {actionData?.error ? (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              <ErrorList errors={[actionData.error]} />
            </div>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,14rem)] lg:gap-8">
            <div>
              <MonthCalendar
                month={d.month}
                today={d.today}
                selected={d.date}
                openDays={d.days}
                prevMonth={d.prevMonth}
                nextMonth={d.nextMonth}
                dayHref={(date) => pageHref(d.token, { month: d.month, date })}
                monthHref={(month) => pageHref(d.token, { month })}
                onPick={slotFocus.onPick}
              />
              {d.days.length === 0 ? (
                <p className="mt-3 text-sm text-neutral-600">No free times this month. Try the next month.</p>
              ) : null}
            </div>
            <SlotPanel ref={slotFocus.heading} title={d.date ? dateLabel(d.date) : "Pick a day"} busy={dayLoading}>
              {d.slots.length > 0 ? (
                <Form method="post" action={postTo} replace preventScrollReset aria-labelledby="slots-heading">
                  <SlotList label={`Free times on ${d.date ? dateLabel(d.date) : ""}`}>
                    {d.slots.map((s) => (
                      <li key={s.value}>
                        <button
                          type="submit"
                          name="start"
                          value={s.value}
                          className={`w-full ${slotClass(submittingStart === s.value)}`}
                          aria-busy={submittingStart === s.value || undefined}
                          disabled={sending !== null}
                        >
                          {s.label}
                        </button>
                      </li>
                    ))}
                  </SlotList>
                </Form>
              ) : (
                <p className="mt-3 rounded-lg border border-dashed border-neutral-300 p-4 text-center text-sm text-neutral-600">
                  {d.date ? "No free times on this day. Try another day." : "Days with free times are highlighted."}
                </p>
              )}
            </SlotPanel>
          </div>
        </>
      )}
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
