import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import {
  CalendarDays,
  CalendarPlus,
  CheckCircle2,
  Download,
  Globe,
  Hourglass,
  MapPin,
  MessageSquareText,
  User,
  Video,
  XCircle,
} from "~/components/icons";
import { buttonClass } from "~/components/ui/button";
import {
  confirmedBookingOr404,
  linkBase,
  linksFor,
  occurrenceToken,
  placeOf,
  redirectOfBooking,
  seriesTokenOf,
} from "./$username_.$slug_.booked.$id.server";
import { googleCalendarLink, outlookCalendarLinks } from "~/components/booking-page";
import { EMBED_PARAM, postBooked } from "~/utils/embed";
import { placeLine } from "~/schemas/meeting";
import { currentZoneName, dateTimeFormatters } from "~/scheduling/time-zone";
import { PoweredBy } from "~/components/powered-by";
import { MAIL_WORDS, placeNameIn } from "~/messages/guest-words/mail";
import { GUEST_WORDS } from "~/messages/guest-words";
import { acceptedLanguage, fill, languageOf, LOCALES, plural } from "~/messages/languages";

/**
 * /{username}/{slug}/booked/{id}?token= (and /team/{team slug}/{slug}/booked/{id}, decision 059,
 * routes/team.$team.$slug_.booked.$id.tsx): the guest's confirmation. Only the
 * booking's token opens it (a wrong or missing one is the site's 404, no hint the booking exists).
 */

export const handle = { embeddable: true, chrome: "booking" };

export async function loader({ params, request }: LoaderFunctionArgs) {
  const {
    booking,
    host,
    token,
    location: setting,
    answerLines,
    meeting,
    occurrences,
    brand,
    paid,
  } = await confirmedBookingOr404(params, request);
  // ?lang=, then the language the guest booked in, then their browser's (docs/decisions/088).
  const language =
    languageOf(new URL(request.url).searchParams.get("lang")) ??
    languageOf(booking.guestLanguage) ??
    acceptedLanguage(request.headers.get("accept-language")) ??
    "en";
  const locale = LOCALES[language];
  const w = GUEST_WORDS[language];
  const f = dateTimeFormatters(currentZoneName(booking.guestTimeZone ?? host.timeZone));
  // The guest's clock: 12-hour in English (US), 24-hour in the others.
  const time = new Intl.DateTimeFormat(locale, { timeZone: f.zone, hour: "numeric", minute: "2-digit" });
  // "Tuesday, December 1, 2026": the weekday too, so the guest cannot misread the day.
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: f.zone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
  const links = linksFor(linkBase(request), booking.id, token);
  const embed = new URL(request.url).searchParams.get(EMBED_PARAM) === "1";
  // Embedded, the event type's redirect (decision 087) goes to the embedding page with the booking.
  const redirectUrl =
    embed && booking.guestEmail
      ? await redirectOfBooking(booking.eventTypeId, {
          id: booking.id,
          startsAt: booking.startsAt,
          endsAt: booking.endsAt,
          status: booking.status,
          guestName: booking.guestName ?? "",
          guestEmail: booking.guestEmail,
          guestTimeZone: booking.guestTimeZone ?? host.timeZone,
        })
      : null;
  const hostName = host.name || host.email;
  const base = params.team !== undefined ? `/team/${params.team}/${params.slug}` : `/${params.username}/${params.slug}`;
  // The event type's real place (an address, a number, the host's link or our room; decision 028);
  // the event's legacy `eventType` option decides only when the event type is gone.
  const place = placeOf({ ...booking, location: setting, meeting });
  const location = placeLine(place);
  const calendarEvent = {
    title: fill(w.eventWith, { title: booking.eventName, host: hostName }),
    start: booking.startsAt,
    end: booking.endsAt,
    details: `${booking.description}\n\n${location}`.trim(),
  };
  return {
    language,
    words: w,
    title: booking.eventName,
    hostName,
    when:
      language === "en"
        ? `${day.format(booking.startsAt)}, ${f.time.format(booking.startsAt)} – ${f.time.format(booking.endsAt)}`
        : `${day.format(booking.startsAt)}, ${time.format(booking.startsAt)} – ${time.format(booking.endsAt)}`,
    zone: f.zone,
    location,
    placeName: placeNameIn(MAIL_WORDS[language], place.name),
    placeDetail: place.detail,
    placeHref: place.href,
    joinUrl: place.joinUrl,
    // A meeting's dial-in and passcode, or why the built-in room stands in (decision 065).
    placeExtra: place.extra ?? [],
    // The conferencing app's link is still being made: the page looks again in a few seconds.
    meetingOnItsWay: Boolean(place.app) && !place.joinUrl && booking.status === "confirmed",
    cancelled: booking.status === "cancelled",
    declined: booking.status === "cancelled" && booking.declinedAt !== null,
    // Waiting for the host's approval (decision 040): held, not yet in anyone's calendar.
    pending: booking.status === "pending",
    answerBy: booking.holdUntil
      ? `${day.format(booking.holdUntil)}, ${(language === "en" ? f.time : time).format(booking.holdUntil)}`
      : null,
    guestEmail: booking.guestEmail,
    // What the guest wrote when booking, as the host sees it (decision 039).
    notes: booking.notes || null,
    answers: answerLines,
    icsUrl: `${base}/booked/${booking.id}/ics?token=${encodeURIComponent(token)}`,
    googleUrl: googleCalendarLink(calendarEvent),
    ...outlookCalendarLinks(calendarEvent),
    bookAgainUrl: (() => {
      const again = new URLSearchParams();
      if (new URL(request.url).searchParams.get(EMBED_PARAM) === "1") again.set(EMBED_PARAM, "1");
      // The language the guest booked in goes on with them (docs/decisions/088).
      if (language !== "en") again.set("lang", language);
      return again.size ? `${base}?${again.toString()}` : base;
    })(),
    cancelUrl: links.cancelUrl,
    rescheduleUrl: links.rescheduleUrl,
    // A recurring series (decision 106): every meeting, each with its own change links.
    seriesHeading: plural(language, w.seriesOf, occurrences.length),
    occurrences: occurrences.map((o) => {
      const own = linksFor(linkBase(request), o.id, occurrenceToken(seriesTokenOf(token), o.seriesIndex ?? 1));
      const clock = language === "en" ? f.time : time;
      return {
        id: o.id,
        index: o.seriesIndex ?? 1,
        when: `${day.format(o.startsAt)}, ${clock.format(o.startsAt)} – ${clock.format(o.endsAt)}`,
        cancelled: o.status === "cancelled",
        cancelUrl: own.cancelUrl,
        rescheduleUrl: own.rescheduleUrl,
      };
    }),
    embed: new URL(request.url).searchParams.get(EMBED_PARAM) === "1",
    /** The booking page's colour and plan (decision 108). */
    brand,
    paid,
    /** What an embedding page is told (scheduler:booked); never the token. */
    booked: {
      id: booking.id,
      start: booking.startsAt.toISOString(),
      end: booking.endsAt.toISOString(),
      redirectUrl,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  // Works without JavaScript: the browser asks again until the meeting's link is there.
  ...(data?.meetingOnItsWay ? [{ httpEquiv: "refresh", content: "3" } as const] : []),
  {
    title: !data
      ? "You are scheduled | Scheduler"
      : data.declined
        ? data.words.titleDeclined
        : data.cancelled
          ? data.words.titleCancelled
          : data.pending
            ? data.words.titleReceived
            : data.words.titleScheduled,
  },
  { name: "robots", content: "noindex" },
];

export default function Booked() {
  const d = useLoaderData<typeof loader>();
  // Embedded, the host's page hears of the booking (once per booking, not for a cancelled one).
  const { embed, cancelled } = d;
  const { id, start, end, redirectUrl } = d.booked;
  useEffect(() => {
    if (embed && !cancelled) postBooked({ id, start, end, ...(redirectUrl ? { redirectUrl } : {}) });
  }, [embed, cancelled, id, start, end, redirectUrl]);
  // The reschedule and cancel pages are not framable: embedded, they open in the whole window.
  const leave = d.embed ? "_top" : undefined;
  const w = d.words;
  return (
    <section
      lang={d.language}
      {...d.brand}
      className={`mx-auto max-w-xl px-4 sm:px-6 ${d.embed ? "py-4" : "py-10 sm:py-16"}`}
    >
      <div className="rounded-xl border border-neutral-200 bg-surface p-6 text-center shadow-sm sm:p-8">
        {d.cancelled ? (
          <XCircle className="mx-auto h-10 w-10 text-red-600" aria-hidden />
        ) : d.pending ? (
          <Hourglass className="mx-auto h-10 w-10 text-amber-700" aria-hidden />
        ) : (
          <CheckCircle2 className="mx-auto h-10 w-10 text-green-600" aria-hidden />
        )}
        <h1 className="mt-3 text-2xl font-bold text-neutral-900">
          {d.declined
            ? w.requestDeclined
            : d.cancelled
              ? w.bookingCancelled
              : d.pending
                ? w.requestReceived
                : w.scheduled}
        </h1>
        {d.pending ? (
          <p className="mt-1 break-words text-neutral-600" data-testid="awaiting-approval">
            {fill(d.answerBy ? w.pendingHeldUntil : w.pendingHeld, { host: d.hostName, time: d.answerBy ?? "" })}{" "}
            {d.guestEmail ? fill(w.pendingMailTo, { email: d.guestEmail }) : w.pendingMail}
          </p>
        ) : d.guestEmail && !d.cancelled ? (
          <p className="mt-1 break-words text-neutral-600">{fill(w.invitationOnItsWay, { email: d.guestEmail })}</p>
        ) : null}
        <dl className="mt-6 space-y-3 rounded-lg border border-neutral-200 p-4 text-left text-sm text-neutral-800">
          <div className="flex gap-3">
            <dt className="sr-only">{w.what}</dt>
            <CalendarDays className="mt-0.5 h-4 w-4 shrink-0 text-neutral-500" aria-hidden />
            <dd className="font-semibold text-neutral-900">{d.title}</dd>
          </div>
          <div className="flex gap-3">
            <dt className="sr-only">{w.with}</dt>
            <User className="mt-0.5 h-4 w-4 shrink-0 text-neutral-500" aria-hidden />
            <dd data-testid="booked-host">{d.hostName}</dd>
          </div>
          <div className="flex gap-3">
            <dt className="sr-only">{w.when}</dt>
            <Globe className="mt-0.5 h-4 w-4 shrink-0 text-neutral-500" aria-hidden />
            <dd data-testid="booked-when" className={d.cancelled ? "line-through decoration-neutral-400" : undefined}>
              {d.when} <span className="text-neutral-600">({d.zone.replace(/_/g, " ")})</span>
            </dd>
          </div>
          <div className="flex gap-3">
            <dt className="sr-only">{w.where}</dt>
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-neutral-500" aria-hidden />
            <dd data-testid="booked-location" className="min-w-0 break-words">
              {d.placeName}
              {d.placeDetail ? (
                <>
                  {": "}
                  {d.placeHref && !d.joinUrl ? (
                    <a href={d.placeHref} className="font-medium text-brand-700 underline">
                      {d.placeDetail}
                    </a>
                  ) : (
                    <span>{d.placeDetail}</span>
                  )}
                </>
              ) : null}
              {d.placeExtra.map((line) => (
                <span key={line} className="mt-1 block text-sm text-neutral-700" data-testid="booked-location-extra">
                  {line}
                </span>
              ))}
            </dd>
          </div>
          {d.answers.length > 0 || d.notes ? (
            <div className="flex gap-3" data-testid="booked-answers">
              <dt className="sr-only">{w.yourAnswers}</dt>
              <MessageSquareText className="mt-0.5 h-4 w-4 shrink-0 text-neutral-500" aria-hidden />
              <dd className="min-w-0 space-y-1 break-words">
                {d.answers.map((a) => (
                  <p key={a.label} className="whitespace-pre-line" data-testid="booked-answer">
                    <span className="text-neutral-600">{`${a.label}:`}</span> {a.text}
                  </p>
                ))}
                {d.notes ? (
                  <p className="whitespace-pre-line" data-testid="booked-notes">
                    <span className="text-neutral-600">{w.notesLabel}</span> {d.notes}
                  </p>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
        {d.occurrences.length > 0 ? (
          <div className="mt-6 text-left" data-testid="series-dates">
            <h2 className="text-sm font-semibold text-neutral-900">{d.seriesHeading}</h2>
            <ol className="mt-2 divide-y divide-neutral-200 rounded-lg border border-neutral-200 text-sm">
              {d.occurrences.map((o) => (
                <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3">
                  <span
                    data-testid="series-date"
                    className={
                      o.cancelled ? "text-neutral-600 line-through decoration-neutral-400" : "text-neutral-900"
                    }
                  >
                    {`${o.index}. ${o.when}`}
                    {o.cancelled ? <span className="sr-only"> (cancelled)</span> : null}
                  </span>
                  {!o.cancelled && o.rescheduleUrl && o.cancelUrl ? (
                    <span className="flex gap-3">
                      <a
                        href={new URL(o.rescheduleUrl).pathname + new URL(o.rescheduleUrl).search}
                        className="font-medium text-brand-700 underline"
                        target={leave}
                        aria-label={`${w.reschedule}: ${o.when}`}
                      >
                        {w.reschedule}
                      </a>
                      <a
                        href={new URL(o.cancelUrl).pathname + new URL(o.cancelUrl).search}
                        className="font-medium text-brand-700 underline"
                        target={leave}
                        aria-label={`${w.cancel}: ${o.when}`}
                      >
                        {w.cancel}
                      </a>
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {d.cancelled ? (
          <Link
            to={d.bookAgainUrl}
            className={`${buttonClass("primary")} mt-6 w-full sm:w-auto`}
            data-testid="book-again"
          >
            <CalendarPlus className="h-4 w-4" aria-hidden /> {w.bookAnother}
          </Link>
        ) : (
          <>
            {d.joinUrl && !d.pending ? (
              <a
                href={d.joinUrl}
                className={`${buttonClass("primary")} mt-6 w-full sm:w-auto`}
                target="_blank"
                rel="noreferrer"
                data-testid="join-link"
              >
                <Video className="h-4 w-4" aria-hidden /> {w.joinMeeting}
              </a>
            ) : null}
            {d.pending ? null : (
              <>
                <h2 className="mt-6 text-sm font-semibold text-neutral-900">{w.addToCalendar}</h2>
                <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <a href={d.icsUrl} className={buttonClass("secondary")} download="invite.ics" data-testid="ics-link">
                    <Download className="h-4 w-4" aria-hidden /> {w.downloadIcs}
                  </a>
                  <a
                    href={d.googleUrl}
                    className={buttonClass("secondary")}
                    target="_blank"
                    rel="noreferrer"
                    data-testid="google-link"
                  >
                    <CalendarPlus className="h-4 w-4" aria-hidden /> Google Calendar
                  </a>
                  <a
                    href={d.outlook}
                    className={buttonClass("secondary")}
                    target="_blank"
                    rel="noreferrer"
                    data-testid="outlook-link"
                  >
                    <CalendarPlus className="h-4 w-4" aria-hidden /> Outlook.com
                  </a>
                  <a
                    href={d.office365}
                    className={buttonClass("secondary")}
                    target="_blank"
                    rel="noreferrer"
                    data-testid="office365-link"
                  >
                    <CalendarPlus className="h-4 w-4" aria-hidden /> Office 365
                  </a>
                </div>
              </>
            )}
            {d.rescheduleUrl && d.cancelUrl ? (
              <p className="mt-6 text-sm text-neutral-600">
                {w.needChange}{" "}
                <Link
                  to={new URL(d.rescheduleUrl).pathname + new URL(d.rescheduleUrl).search}
                  className="font-medium text-brand-700 underline"
                  reloadDocument
                  target={leave}
                >
                  {w.reschedule}
                </Link>{" "}
                {w.or}{" "}
                <Link
                  to={new URL(d.cancelUrl).pathname + new URL(d.cancelUrl).search}
                  className="font-medium text-brand-700 underline"
                  reloadDocument
                  target={leave}
                >
                  {w.cancel}
                </Link>
                .
              </p>
            ) : null}
          </>
        )}
      </div>
      {d.paid ? null : <PoweredBy embed={d.embed} label={d.words.poweredBy} />}
    </section>
  );
}
