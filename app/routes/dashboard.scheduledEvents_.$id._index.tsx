import { BackLink } from "~/components/ui/back-link";
import {
  getScheduledEvent,
  meetingOf,
  paymentOfBooking,
  placeOf,
  requireDrawerPage,
  routingOfBooking,
} from "./dashboard.scheduledEvents_.$id._index.server";
import { formatMoney, PAYMENT_STATE_LABELS } from "~/schemas/price";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Ban, CalendarClock, Check, History, Mail, UserRoundCog, Video, X } from "~/components/icons";
import type { ReactNode } from "react";
import { EventStatusBadge, WhenText } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { LANGUAGE_NAMES, type Language } from "~/messages/languages";
import { MESSAGES } from "~/messages";
import { NO_SHOW_MESSAGES } from "~/messages/policies";
import { SCHEDULED_EVENTS_MESSAGES as M } from "~/messages/profile";
import { UTM_KEYS } from "~/schemas/utm";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";
import { row } from "./dashboard.scheduledEvents/rows.server";

/**
 * One booking, for its host and the managers of its team (decision 097): who, when in both zones,
 * where (with the join link), what the guest answered, how it came (routing form, link source),
 * and the actions the list offers on it. The actions are the list's own (its modals are URLs, its
 * forms post to it and come back here), so there is one path for each.
 */

const LIST = "/dashboard/scheduledEvents";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error || !data ? "Scheduler" : `${data.event.eventName} | Scheduler` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, LIST);
  const found = await getScheduledEvent(user.id, params.id ?? "");
  if (!found) notFound("No such booking.");
  const now = new Date();
  const [meeting, routing, payment] = await Promise.all([
    meetingOf(found.id),
    routingOfBooking(found.id),
    paymentOfBooking(found.id),
  ]);
  const place = placeOf({ ...found, meeting });
  const event = row(found, user.timeZone, now);
  const language = found.guestLanguage as Language | null;
  return {
    event,
    self: `${LIST}/${found.id}`,
    mine: found.hostId === user.id,
    zone: user.timeZone,
    bookedThrough: found.bookedThrough,
    join: place.joinUrl ?? null,
    dialIn: meeting?.dialIn ?? null,
    passcode: meeting?.passcode ?? null,
    reschedules: found.rescheduleCount ?? 0,
    language: language && LANGUAGE_NAMES[language] ? LANGUAGE_NAMES[language] : null,
    routing: routing
      ? {
          formId: routing.formId,
          text: `${routing.formName} (${routing.routeIndex === null ? "fallback" : `route ${routing.routeIndex + 1}`})`,
        }
      : null,
    payment: payment
      ? {
          amount: formatMoney(payment.amount, payment.currency),
          state: PAYMENT_STATE_LABELS[payment.state],
          receiptUrl: payment.receiptUrl,
        }
      : null,
    source: UTM_KEYS.flatMap((key) => (found.utm?.[key] ? [{ key, value: found.utm[key] as string }] : [])),
  };
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-neutral-600">{label}</dt>
      <dd className="min-w-0 break-words text-neutral-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Said({
  zone,
  notes,
  answers,
}: {
  zone: string | null;
  notes: string | null;
  answers: { label: string; text: string }[];
}) {
  return (
    <>
      {zone ? <span className="block text-sm text-neutral-700">Time zone: {zone}</span> : null}
      {notes ? <span className="block whitespace-pre-line text-sm text-neutral-700">Notes: {notes}</span> : null}
      {answers.map((a) => (
        <span key={a.label} className="block whitespace-pre-line text-sm text-neutral-700" data-testid="guest-answer">
          {`${a.label}: ${a.text}`}
        </span>
      ))}
    </>
  );
}

function Guests({ event }: { event: Data["event"] }) {
  if (event.seats) {
    return (
      <>
        <span className="block text-sm font-medium text-neutral-700">
          {M.seatsUsed(event.seats.used, event.seats.capacity)}
        </span>
        <ul className="mt-2 space-y-3">
          {event.seats.list.map((s) => (
            <li
              key={s.id}
              className={s.cancelled && event.status !== "cancelled" ? "text-neutral-500 line-through" : ""}
            >
              <span className="block">{s.name}</span>
              <a href={`mailto:${s.email}`} className="text-sm text-brand-700 underline underline-offset-2">
                {s.email}
              </a>
              {s.guests.length > 0 ? (
                <span className="block text-sm text-neutral-700">+ {s.guests.join(", ")}</span>
              ) : null}
              <Said zone={s.zone} notes={s.notes} answers={s.answers} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (event.guest) {
    return (
      <>
        <span className="block font-medium">{event.guest.name}</span>
        {event.guest.email ? (
          <a href={`mailto:${event.guest.email}`} className="text-sm text-brand-700 underline underline-offset-2">
            {event.guest.email}
          </a>
        ) : null}
        <Said zone={event.guest.zone} notes={event.guest.notes} answers={event.guest.answers} />
      </>
    );
  }
  return (
    <>
      <span className="block text-neutral-700">{M.noGuest}</span>
      {event.invitees.length > 0 ? (
        <span className="block text-sm text-neutral-700">{event.invitees.join(", ")}</span>
      ) : null}
    </>
  );
}

/** The list's actions on this booking; what it can no longer have (ended, cancelled) is simply absent. */
function Actions({ data }: { data: Data }) {
  const { event, self } = data;
  const approving = useIsPending({ intent: "approve", state: "busy" });
  const marking = useIsPending({ intent: "no-show", state: "busy" });
  const upcoming = !event.past && event.status === "confirmed";
  const link = (query: string) => `${LIST}?${query}=${event.id}`;
  const items: ReactNode[] = [];
  if (event.status === "pending" && !event.coHosted) {
    items.push(
      <Form key="approve" method="post" action={LIST}>
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="eventId" value={event.id} />
        <input type="hidden" name="returnTo" value={self} />
        <Button type="submit" className="px-3 py-2" disabled={approving} pending={approving}>
          <Check className="h-4 w-4" aria-hidden /> {M.approve}
        </Button>
      </Form>,
      <Link
        key="decline"
        to={`${LIST}?tab=pending&decline=${event.id}`}
        className={buttonClass("secondary", "px-3 py-2 text-red-700")}
      >
        <X className="h-4 w-4" aria-hidden /> {M.decline}
      </Link>,
    );
  }
  if (upcoming && !event.coHosted) {
    items.push(
      <Link key="reschedule" to={link("reschedule")} className={buttonClass("secondary", "px-3 py-2")}>
        <CalendarClock className="h-4 w-4" aria-hidden /> Reschedule
      </Link>,
      <Link key="cancel" to={link("cancel")} className={buttonClass("secondary", "px-3 py-2 text-red-700")}>
        <Ban className="h-4 w-4" aria-hidden /> Cancel
      </Link>,
    );
  }
  if (upcoming && event.reassignable) {
    items.push(
      <Link key="reassign" to={link("reassign")} className={buttonClass("secondary", "px-3 py-2")}>
        <UserRoundCog className="h-4 w-4" aria-hidden /> Reassign
      </Link>,
    );
  }
  if (event.markable) {
    items.push(
      <Form key="no-show" method="post" action={LIST}>
        <input type="hidden" name="intent" value="no-show" />
        <input type="hidden" name="eventId" value={event.id} />
        <input type="hidden" name="noShow" value={event.noShow ? "false" : "true"} />
        <input type="hidden" name="returnTo" value={self} />
        <Button type="submit" variant="secondary" className="px-3 py-2" disabled={marking} pending={marking}>
          {event.noShow ? "Undo no-show" : "Mark no-show"}
        </Button>
      </Form>,
    );
  }
  items.push(
    <Link key="timeline" to={`${self}/timeline`} className={buttonClass("secondary", "px-3 py-2")}>
      <History className="h-4 w-4" aria-hidden /> Timeline
    </Link>,
  );
  return (
    <div className="flex flex-wrap gap-2" data-testid="booking-actions">
      {items}
    </div>
  );
}

export default function BookingDetail() {
  const data = useLoaderData<typeof loader>();
  const { event, zone } = data;
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <BackLink to={LIST} label="Scheduled Events" />
        <h1 className="mt-2 break-words text-2xl font-bold text-neutral-900">{event.eventName}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <EventStatusBadge status={event.status} past={event.past} declined={event.declined} />
          {event.noShow || event.hostNoShow ? (
            <span
              className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-200"
              data-testid="no-show-badge"
            >
              {event.noShow ? NO_SHOW_MESSAGES.badge : NO_SHOW_MESSAGES.hostBadge}
            </span>
          ) : null}
        </p>
        {event.answerBy ? (
          <p className="mt-2 text-sm text-amber-900">{M.answerBy(`${event.answerBy.date}, ${event.answerBy.time}`)}</p>
        ) : null}
      </div>
      <Actions data={data} />
      {event.coHosted && !event.past && event.status !== "cancelled" ? (
        <p className="text-sm text-neutral-700">{MESSAGES.coHostedEvent}</p>
      ) : null}
      <section
        aria-labelledby="booking-details"
        className="rounded-xl border border-neutral-200 bg-surface px-4 shadow-sm sm:px-6"
      >
        <h2 id="booking-details" className="sr-only">
          Details
        </h2>
        <dl className="divide-y divide-neutral-100" data-testid="booking-details">
          <Detail label="When" testId="booking-when">
            <WhenText startsAt={event.startsAt} when={event.when} emphasis />
            <span className="block text-sm text-neutral-600">Times in {zone.replaceAll("_", " ")}</span>
          </Detail>
          <Detail label={event.seats ? "Seats" : "Guest"} testId="booking-guests">
            <Guests event={event} />
          </Detail>
          <Detail label="Where" testId="booking-where">
            <span className="block">{event.location}</span>
            {data.join ? (
              <a
                href={data.join}
                target="_blank"
                rel="noreferrer"
                className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
              >
                <Video className="h-4 w-4" aria-hidden /> Join link
              </a>
            ) : null}
            {data.dialIn ? <span className="block text-sm text-neutral-700">Dial-in: {data.dialIn}</span> : null}
            {data.passcode ? <span className="block text-sm text-neutral-700">Passcode: {data.passcode}</span> : null}
          </Detail>
          {data.bookedThrough ? (
            <Detail label="Event type">
              {data.mine ? (
                <Link
                  to={`/dashboard/eventTypes/${data.bookedThrough.id}`}
                  className="text-brand-700 underline underline-offset-2"
                >
                  {data.bookedThrough.title}
                </Link>
              ) : (
                data.bookedThrough.title
              )}
              <span className="block text-sm text-neutral-600">{event.eventWith}</span>
            </Detail>
          ) : null}
          {data.payment ? (
            <Detail label="Payment" testId="booking-payment">
              {`${data.payment.amount}: ${data.payment.state}`}
              {data.payment.receiptUrl ? (
                <>
                  {" · "}
                  <a href={data.payment.receiptUrl} className="font-medium text-brand-700 underline" rel="noreferrer">
                    Receipt
                  </a>
                </>
              ) : null}
            </Detail>
          ) : null}
          {!data.mine ? <Detail label="Host">{event.host.name}</Detail> : null}
          {data.language ? <Detail label="Guest's language">{data.language}</Detail> : null}
          {data.reschedules > 0 ? (
            <Detail label="Rescheduled">{data.reschedules === 1 ? "Once" : `${data.reschedules} times`}</Detail>
          ) : null}
          {data.routing ? (
            <Detail label="Routed by" testId="routed-by">
              <Link
                to={`/dashboard/routingForms?form=${data.routing.formId}`}
                className="text-brand-700 underline underline-offset-2"
              >
                {data.routing.text}
              </Link>
            </Detail>
          ) : null}
          {data.source.length > 0 ? (
            <Detail label="Source" testId="booking-source">
              {data.source.map((s) => (
                <span key={s.key} className="block text-sm">
                  <span className="font-medium text-neutral-700">{s.key}</span> {s.value}
                </span>
              ))}
            </Detail>
          ) : null}
        </dl>
      </section>
      {event.guest?.email ? (
        <p>
          <a href={`mailto:${event.guest.email}`} className={buttonClass("secondary", "px-3 py-2")}>
            <Mail className="h-4 w-4" aria-hidden /> E-mail {event.guest.name || "the guest"}
          </a>
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
