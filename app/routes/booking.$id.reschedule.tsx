import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChevronLeft, ChevronRight, CircleCheck, Info } from "lucide-react";
import { BookingSummary, GuestPage } from "~/components/booking-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { formatInZone } from "~/scheduling/zoned-time";
import { rescheduleAndTell, SLOT_TAKEN_MESSAGE } from "~/api/booking-api.server";
import { guestBookingOr404, guestPageHeaders, rescheduleDay, rescheduleSlots, summaryOf } from "~/pages/booking-page.server";
import { dateWindowMessage, isWithinDateWindow } from "~/schemas/input-rules";
import { readFormData } from "~/utils/request.server";
import { notFound } from "~/utils/responses";
import { usePendingFormData } from "~/utils/pending";

/**
 * /booking/{id}/reschedule?token=[&date=YYYY-MM-DD]: the guest moves their booking from the link
 * in their mail, without an account and without JavaScript. The day's free
 * starts come from the one slot computation; the POST takes the JSON API's own path
 * (rescheduleAndTell: a free slot under the host lock, SEQUENCE + 1, REQUEST to guest and host).
 */

export const meta: MetaFunction = () => [{ title: "Reschedule your meeting | Scheduler" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];

export const headers = guestPageHeaders;


export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking, token, zone } = await guestBookingOr404(request, params.id);
  const now = new Date();
  const bookingDate = formatInZone(booking.startsAt, zone);
  const day = rescheduleDay(new URL(request.url).searchParams.get("date"), booking.startsAt, zone, now, booking.bookable?.eventType.bookingWindowDays ?? null);
  const open = booking.status !== "cancelled" && booking.bookable !== null;
  const slots = open ? await rescheduleSlots(booking, day.date, zone, now) : [];
  return {
    summary: summaryOf(booking, zone),
    token,
    ...day,
    slots,
    open,
    cancelled: booking.status === "cancelled",
    bookAgainPath: booking.bookAgainPath,
    currentLabel: `${bookingDate.date}, ${bookingDate.time}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { booking, token } = await guestBookingOr404(request, params.id);
  const form = await readFormData(request);
  const startText = String(form.get("start") ?? "");
  const start = new Date(startText);
  if (!startText || !Number.isFinite(start.getTime())) return data({ moved: false, error: "Pick one of the times below." }, { status: 400 });
  if (!isWithinDateWindow(start, new Date())) return data({ moved: false, error: dateWindowMessage("The new time") }, { status: 400 });
  if (booking.status === "cancelled") return { moved: false, error: null };
  const result = await rescheduleAndTell(request, booking.id, { token }, start, new Date());
  if (result.ok) return { moved: true, error: null };
  switch (result.reason) {
    case "not-found":
      return notFound();
    case "already-cancelled":
      return { moved: false, error: null };
    case "not-taking-bookings":
      return data({ moved: false, error: "This host is not taking bookings right now." }, { status: 409 });
    default:
      return data({ moved: false, error: SLOT_TAKEN_MESSAGE }, { status: 409 });
  }
}

function dayHref(token: string, date: string) {
  return `?${new URLSearchParams({ token, date }).toString()}`;
}

export default function RescheduleBooking() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sending = usePendingFormData();

  if (actionData?.moved) {
    return (
      <GuestPage eyebrow="Your booking" heading="Rescheduled">
        <div role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>Your meeting with {d.summary.hostName} has moved to the time below. We let {d.summary.hostName} know and e-mailed you the updated calendar entry.</p>
        </div>
        <BookingSummary booking={d.summary} />
        <p className="text-sm text-neutral-600">
          Need another change?{" "}
          <Link to={dayHref(d.token, d.date)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
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

  const postTo = dayHref(d.token, d.date);
  const submittingStart = sending ? sending.get("start") : null;
  return (
    <GuestPage eyebrow="Your booking" heading="Pick a new time">
      <BookingSummary booking={d.summary} />
      {!d.open ? (
        <p role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          {d.summary.hostName} no longer takes bookings of this kind, so it cannot be moved here. Reply to the invitation to ask your host.
        </p>
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="token" value={d.token} />
            <div className="min-w-0 flex-1">
              <label htmlFor="date" className="mb-1 block text-sm font-medium text-neutral-800">
                Day
              </label>
              <input id="date" type="date" name="date" defaultValue={d.date} min={d.today} max={d.lastDay} required className={inputClass} key={d.date} />
            </div>
            <Button type="submit" variant="secondary">
              Show times
            </Button>
          </Form>

          <div>
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-base font-semibold text-neutral-900" id="slots-heading">
                {d.dateLabel}
              </h2>
              <nav aria-label="Other days" className="flex gap-1">
                {d.prevDate ? (
                  <Link to={dayHref(d.token, d.prevDate)} className={buttonClass("ghost", "px-2.5")} aria-label="Previous day" preventScrollReset>
                    <ChevronLeft className="h-5 w-5" aria-hidden />
                  </Link>
                ) : null}
                {d.nextDate ? (
                  <Link to={dayHref(d.token, d.nextDate)} className={buttonClass("ghost", "px-2.5")} aria-label="Next day" preventScrollReset>
                    <ChevronRight className="h-5 w-5" aria-hidden />
                  </Link>
                ) : null}
              </nav>
            </div>
            <p className="mt-1 text-sm text-neutral-600">Times in {d.summary.zone}. Now booked: {d.currentLabel}.</p>
            {actionData?.error ? (
              <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
                <ErrorList errors={[actionData.error]} />
              </div>
            ) : null}
            {d.slots.length > 0 ? (
              <Form method="post" action={postTo} replace preventScrollReset aria-labelledby="slots-heading" className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
                {d.slots.map((s) => (
                  <Button key={s.value} type="submit" name="start" value={s.value} variant="secondary" className="w-full" pending={submittingStart === s.value} disabled={sending !== null}>
                    {s.label}
                  </Button>
                ))}
              </Form>
            ) : (
              <p className="mt-4 rounded-lg border border-dashed border-neutral-300 p-4 text-center text-sm text-neutral-600">
                No free times on this day. Try another day.
              </p>
            )}
          </div>
        </>
      )}
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
