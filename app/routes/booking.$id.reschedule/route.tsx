import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  changeWordsOf,
  data,
  guestBookingOr404,
  guestPageHeaders,
  guestSpeech,
  linkBase,
  momentIn,
  policyRefusalText,
  policyView,
  readFormData,
  rescheduleBooking,
  rescheduleDay,
  rescheduleSlots,
  rescheduleSlotsByDate,
  summaryOf,
} from "~/routes/booking.$id.reschedule/route.server";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { CircleCheck, Info } from "~/components/icons";
import { BookingSummary, GuestPage } from "~/components/booking-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { instantToWallClock } from "~/scheduling/zoned-time";
import { currentZoneName, isTimeZone, timeZoneNames } from "~/scheduling/time-zone";
import { MONTH, monthOf, monthRange, shiftMonth, slotLabel } from "~/components/booking-page";
import type { GuestSpeech } from "~/html/guest-booking.server";
import { BOOKING_NOTES_MAX } from "~/schemas/booking-api";
import { DATE_WINDOW, isPlainText, isWithinDateWindow } from "~/schemas/input-rules";
import { GUEST_WORDS } from "~/messages/guest-words";
import { fill, plural, type Language } from "~/messages/languages";
import { notFound } from "~/utils/responses";
import { pageMeta } from "~/utils/page-meta";
import type { GuestBooking } from "~/models/booking.server";
import { PickStep } from "./pick-step";
import { ConfirmStep } from "./confirm-step";
import { pageHref } from "./href";

/**
 * /booking/{id}/reschedule?token=[&tz=][&month=YYYY-MM][&date=YYYY-MM-DD][&start=ISO][&reason=]:
 * the guest moves their booking from the link in their mail, without an account and without
 * JavaScript (decision 091). Two steps, both plain GETs: pick a day and a time in a zone of their
 * choice; then, with `start` in the query, confirm the move (old and new side by side, an optional
 * reason for the host, the policy). Only the confirm's POST moves the booking, through the JSON
 * API's own path (rescheduleBooking: a free slot under the host lock, SEQUENCE + 1, the mails).
 */

// Booking chrome: the page is the guest's, about the host's meeting (no site navbar or footer).
export const handle = { chrome: "booking" };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta({
    title: data?.words.rescheduleTitle ?? "Reschedule your meeting | Scheduler",
    description: data?.words.rescheduleDescription ?? "Move a meeting you booked to another open time.",
  }),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export const headers = guestPageHeaders;

const readableZone = (zone: string) => zone.replace(/_/g, " ");

/** A meeting's date, time range and zone in `zone`: the two sides of the confirm step. */
function timesOf(start: Date, minutes: number, zone: string, speech: GuestSpeech) {
  const from = momentIn(start, zone, speech);
  const to = momentIn(new Date(start.getTime() + minutes * 60_000), zone, speech);
  return { date: from.date, time: `${from.time} – ${to.time}`, zone: `${readableZone(zone)} (${from.zoneName})` };
}

/** The reschedule policy in plain sentences, with what this move leaves (decision 077's rule). */
function policyLines(booking: GuestBooking, summary: string | null, language: Language): string[] {
  const w = changeWordsOf(language);
  const lines = summary ? [summary] : [];
  const max = booking.policy?.maxReschedules ?? null;
  // A seat's moves are not counted (decision 077).
  if (max !== null && max > 0 && !booking.seat) {
    const left = Math.max(0, max - booking.rescheduleCount - 1);
    lines.push(left === 0 ? w.rescheduleLast : plural(language, w.rescheduleLeft, left));
  }
  if (lines.length === 0) lines.push(w.rescheduleLater);
  return lines;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking, token, zone: bookedZone } = await guestBookingOr404(request, params.id);
  const now = new Date();
  const q = new URL(request.url).searchParams;
  // The language the guest booked in, or ?lang=, and their clock (docs/decisions/099).
  const speech = guestSpeech(request, booking);
  const words = changeWordsOf(speech.language);
  // The zone the guest picked here, else the booking's (or the browser's hint).
  const tzParam = q.get("tz");
  const zone = tzParam && isTimeZone(tzParam) ? currentZoneName(tzParam) : bookedZone;
  const tz = tzParam && isTimeZone(tzParam) ? zone : null;
  // The reason travels with the chosen time through the GETs, so a time taken meanwhile loses nothing.
  const reason = (q.get("reason") ?? "").slice(0, BOOKING_NOTES_MAX);
  // A started meeting or the event type's policy (decision 077) closes the calendar: the page says why.
  const policy = policyView(booking, "reschedule", now, speech.language);
  const open = booking.status !== "cancelled" && booking.bookable !== null && policy.refusal === null;
  const minutes = Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000);

  // The confirm step: the chosen start, if it is still one of the free times.
  const startText = q.get("start");
  const asked = startText ? new Date(startText) : null;
  let askedDate = q.get("date");
  let confirm: { start: string; old: ReturnType<typeof timesOf>; next: ReturnType<typeof timesOf> } | null = null;
  let slotGone = false;
  if (open && asked && Number.isFinite(asked.getTime()) && isWithinDateWindow(asked, now)) {
    askedDate = instantToWallClock(asked, zone).date;
    const free = await rescheduleSlots(booking, askedDate, zone, now);
    const chosen = free.find((s) => Date.parse(s.value) === asked.getTime());
    if (chosen)
      confirm = {
        start: chosen.value,
        old: timesOf(booking.startsAt, minutes, zone, speech),
        next: timesOf(asked, minutes, zone, speech),
      };
    else slotGone = true;
  }

  const day = rescheduleDay(
    askedDate,
    booking.startsAt,
    zone,
    now,
    booking.bookable?.eventType.bookingWindowDays ?? null,
  );
  const monthParam = q.get("month");
  const month =
    !slotGone &&
    monthParam &&
    MONTH.test(monthParam) &&
    monthParam >= monthOf(day.today) &&
    monthParam <= monthOf(day.lastDay)
      ? monthParam
      : monthOf(day.date);
  const range = monthRange(month);
  // The confirm step needs them too: a time taken at its POST shows the pick step at once.
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
  const booked = momentIn(booking.startsAt, zone, speech);
  const slots = date ? (byDate[date] ?? []) : [];
  return {
    language: speech.language,
    locale: speech.locale,
    clock24: speech.clock24,
    /** The zone picker's words (the booking page's, in the guest's language). */
    zoneWords: (({ timeZone, zoneSearch, zoneList, zoneNoMatch, zoneNow }) => ({
      timeZone,
      zoneSearch,
      zoneList,
      zoneNoMatch,
      zoneNow,
    }))(GUEST_WORDS[speech.language]),
    /** ?lang= as the guest gave it: kept in every link and form of the pages. */
    lang: speech.langParam,
    words,
    summary: summaryOf(booking, zone, speech),
    token,
    zone,
    tz,
    zones: timeZoneNames(),
    reason,
    today: day.today,
    month,
    prevMonth: month > monthOf(day.today) ? shiftMonth(month, -1) : null,
    nextMonth: month < monthOf(day.lastDay) ? shiftMonth(month, 1) : null,
    days,
    date,
    // The times in the guest's clock and locale (the English 12-hour labels as they were).
    slots: speech.plain
      ? slots
      : slots.map((s) => {
          // As the booking page's own times are written ("09:00", "9:00 a. m.").
          const wall = instantToWallClock(new Date(s.value), zone);
          return { ...s, label: slotLabel(`${wall.date}T${wall.time}`, speech.clock24, speech.locale) };
        }),
    open,
    /** The chosen time is no longer free: the pick step says so (the words from the server). */
    slotGone: slotGone ? words.slotTaken : null,
    confirm,
    minutes,
    policyLines: policyLines(booking, policy.summary, speech.language),
    cancelled: booking.status === "cancelled",
    policy,
    // The booking page in the same language (it keeps ?lang= in its own links).
    bookAgainPath:
      booking.bookAgainPath && speech.language !== "en"
        ? `${booking.bookAgainPath}?lang=${encodeURIComponent(speech.language)}`
        : booking.bookAgainPath,
    currentLabel: `${booked.date}, ${booked.time}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { booking, token } = await guestBookingOr404(request, params.id);
  const { language } = guestSpeech(request, booking);
  const w = changeWordsOf(language);
  const form = await readFormData(request);
  const reason = String(form.get("reason") ?? "").trim();
  const answer = (status: number, error: string, more: { taken?: boolean; refused?: boolean; field?: "reason" } = {}) =>
    data(
      {
        moved: false as const,
        error,
        reason,
        taken: more.taken ?? false,
        refused: more.refused ?? false,
        field: more.field ?? null,
      },
      { status },
    );
  if (reason.length > BOOKING_NOTES_MAX)
    return answer(400, fill(w.reasonTooLong, { max: BOOKING_NOTES_MAX }), { field: "reason" });
  if (!isPlainText(reason, true)) return answer(400, w.reasonControlChars, { field: "reason" });
  const startText = String(form.get("start") ?? "");
  const start = new Date(startText);
  if (!startText || !Number.isFinite(start.getTime())) return answer(400, w.pickOneBelow);
  if (!isWithinDateWindow(start, new Date()))
    return answer(400, fill(w.newTimeWindow, { days: DATE_WINDOW.maxDaysAhead }));
  if (booking.status === "cancelled")
    return { moved: false as const, error: null, reason, taken: false, refused: false };
  const result = await rescheduleBooking({
    id: booking.id,
    actor: { token },
    start,
    now: new Date(),
    linkBase: linkBase(request),
    reason: reason || undefined,
  });
  if (result.ok) return { moved: true as const, error: null, reason: "", taken: false, refused: false };
  switch (result.reason) {
    case "not-found":
      return notFound();
    case "already-cancelled":
      return { moved: false as const, error: null, reason, taken: false, refused: false };
    case "meeting-started":
      return answer(409, policyRefusalText({ rule: "started" }, booking.hostName, language), { refused: true });
    case "policy-refuses":
      return answer(409, policyRefusalText(result.refusal, booking.hostName, language), { refused: true });
    default:
      return answer(409, w.slotTaken, { taken: true });
  }
}

/**
 * A time taken at the confirm's POST (a 409, after which the page's data is not fetched again by
 * default) shows the pick step: its times must be fetched again, or the taken one would still be
 * offered.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { taken?: boolean } | undefined)?.taken === true || defaultShouldRevalidate;

export type RescheduleData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function RescheduleBooking() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const w = d.words;

  if (actionData?.moved) {
    return (
      <GuestPage lang={d.language} poweredBy={w.poweredBy} eyebrow={w.yourBooking} heading={w.rescheduled}>
        <div role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>{fill(w.movedBody, { host: d.summary.hostName })}</p>
        </div>
        <BookingSummary booking={d.summary} words={w} />
        <p className="text-sm text-neutral-600">
          {w.needAnotherChange}{" "}
          <Link
            to={pageHref(d.token, { tz: d.tz, month: d.month, lang: d.lang })}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {w.pickDifferentTime}
          </Link>
        </p>
      </GuestPage>
    );
  }

  if (d.cancelled) {
    return (
      <GuestPage lang={d.language} poweredBy={w.poweredBy} eyebrow={w.yourBooking} heading={w.meetingIsCancelled}>
        <p role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          {w.cancelledCannotMove}
        </p>
        <BookingSummary booking={d.summary} strike words={w} />
        {d.bookAgainPath ? (
          <Link to={d.bookAgainPath} className={buttonClass("primary", "w-full sm:w-auto")}>
            {w.bookNewTime}
          </Link>
        ) : null}
      </GuestPage>
    );
  }

  // A time taken between the pick and the confirm sends the guest back to pick, their reason kept.
  const reason = actionData ? actionData.reason : d.reason;
  if (d.confirm && !actionData?.taken)
    return (
      <ConfirmStep
        d={d}
        confirm={d.confirm}
        error={actionData?.error ?? null}
        refused={actionData?.refused ?? false}
        reasonError={Boolean(actionData && "field" in actionData && actionData.field === "reason")}
        reason={reason}
      />
    );
  const error = actionData?.error ?? d.slotGone;
  return <PickStep d={d} error={error} reason={reason} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
