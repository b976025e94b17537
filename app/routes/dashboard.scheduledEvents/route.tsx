import type { AnswerLine } from "~/schemas/booking-answers";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  approveBooking,
  bookableOf,
  cancelBooking,
  data,
  declineBooking,
  describeWhen,
  errorToast,
  getScheduledEvent,
  isUuid,
  linkBase,
  listMembers,
  listMyTeams,
  listScheduledEvents,
  pageCountOf,
  listScheduledForHost,
  listScheduledForTeam,
  managedRoundRobinBookings,
  managedTeamOr404,
  markBookingNoShow,
  readFormData,
  reassignBooking,
  reassignChoices,
  redirectWithSuccess,
  requireDrawerPage,
  rescheduleBooking,
  rescheduleDay,
  rescheduleSlotsByDate,
} from "~/routes/dashboard.scheduledEvents/route.server";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Ban, CalendarClock } from "~/components/icons";
import {
  EventStatusBadge,
  whenOf,
  CellLabel,
  EmptyRows,
  hrefWith,
  pageParam,
  Pagination,
  tableClass,
  TableHead,
  WhenText,
  tbodyClass,
  tdClass,
  trClass,
} from "~/components/admin-table";
import { MESSAGES } from "~/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TextareaField } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { ScheduledEvent } from "~/models/scheduled-events.server";
import { canManage } from "~/schemas/teams";
import { TeamViewPicker } from "./team-view";
import { PLACEHOLDER_PAGES, SCHEDULED_EVENTS_MESSAGES as M } from "~/messages/profile";
import type { AuthUser } from "~/utils/auth.server";
import { BOOKING_NOTES_MAX } from "~/schemas/booking-api";
import { NO_SHOW_MESSAGES } from "~/messages/policies";
import { MONTH, monthOf, monthRange, shiftMonth } from "~/components/booking-page";
import { RescheduleModal } from "./reschedule-modal";
import { row } from "./rows.server";
import { ApproveDecline, DeclineModal } from "./pending-actions";
import { ReassignLink, ReassignModal, TeamRoundRobinBookings } from "./reassign";
import { REASSIGN_MESSAGES as R } from "~/messages/reassign";
import { wallClockToInstant } from "~/scheduling/zoned-time";
import { can } from "~/utils/permissions";
import { SCHEDULED_TABS, scheduledTab, type ScheduledTab } from "~/schemas/scheduled-events";
import { controlCharMessage, dateWindowMessage, isPlainText, isWithinDateWindow } from "~/schemas/input-rules";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";

const PAGE = PLACEHOLDER_PAGES.scheduledEvents;
const PATH = "/dashboard/scheduledEvents";
const PAGE_SIZE = 20;

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : `${PAGE.heading} | Scheduler` }];

/**
 * Scheduled Events (decision 021). A host (user or professional) sees their own events in three
 * tabs (Upcoming, Past, Cancelled; `?tab=`), 20 a page, in their zone, with the guests (a group
 * session's seats) and, for upcoming ones, Cancel (`?cancel=<id>`) and Reschedule
 * (`?reschedule=<id>&month=&date=`, then `&start=` to confirm with a message to the guest): modals that are URLs, so everything works without JavaScript.
 * Another host's id is a 404. Admins keep the all-hosts list of upcoming events.
 * A team's owners and admins switch the list to the team (`?team=<id>`, then `&member=<userId>`,
 * decision 062): every booking of the team's event types with its host, and every action a host
 * has on them.
 */

/**
 * Whether the host may move it outside their hours (decision 089): a guest's booking, its event
 * type on, off or gone; not a group session (whose seats move by their own rules).
 */
function overridable(event: ScheduledEvent): boolean {
  return event.guestEmail !== null && event.seats.length === 0 && event.status !== "cancelled";
}

async function hostEventOr404(user: AuthUser, id: string | null): Promise<ScheduledEvent> {
  const event = id ? await getScheduledEvent(user.id, id) : null;
  if (!event) notFound("Event not found");
  return event;
}

/** The Reassign modal (decision 060): the booking's other hosts, who is free then, who is next in line; a 404 unless its host or a manager of its team. */
async function reassignModal(user: AuthUser, id: string | null, now: Date) {
  const found = id ? await reassignChoices(user.id, id, now) : null;
  if (!found) notFound("Event not found");
  const { event } = found;
  return {
    id: event.id,
    eventName: event.eventName,
    when: whenOf(event.startsAt, event.endsAt, user.timeZone),
    hostName: found.hostName,
    guestName: event.guestName ?? event.guestEmail ?? "",
    choices: found.choices,
    next: found.next,
    closed:
      event.status === "cancelled" ? MESSAGES.cancelledEvent : event.endsAt.getTime() <= now.getTime() ? R.ended : null,
  };
}

async function rescheduleModal(url: URL, user: AuthUser, now: Date) {
  const event = await hostEventOr404(user, url.searchParams.get("reschedule"));
  const zone = user.timeZone;
  const bookable = event.status === "cancelled" ? null : await bookableOf(event);
  const q = url.searchParams;
  const day = rescheduleDay(q.get("date"), event.startsAt, zone, now, bookable?.eventType.bookingWindowDays ?? null);
  const monthParam = q.get("month");
  const month =
    monthParam && MONTH.test(monthParam) && monthParam >= monthOf(day.today) && monthParam <= monthOf(day.lastDay)
      ? monthParam
      : monthOf(day.date);
  // A session moves whole: only to starts where no other session of its type is (its full capacity free).
  const seat = event.seats.length > 0 ? { sessionId: event.id, alone: true, places: event.capacity ?? 1 } : null;
  const range = monthRange(month);
  const byDate = bookable
    ? await rescheduleSlotsByDate(
        { bookable, id: event.id, hostId: event.hostId, startsAt: event.startsAt, seat },
        { start: range.start < day.today ? day.today : range.start, end: range.end },
        zone,
        now,
        "host",
      )
    : {};
  const days = Object.keys(byDate).sort();
  const date = monthOf(day.date) === month ? day.date : (days[0] ?? null);
  const slots = date ? (byDate[date] ?? []) : [];
  // ?start= picks a time: the confirm step, with the new time spelled out.
  const startParam = q.get("start");
  const chosen = startParam ? (slots.find((s) => Date.parse(s.value) === Date.parse(startParam)) ?? null) : null;
  return {
    id: event.id,
    eventName: event.eventName,
    when: whenOf(event.startsAt, event.endsAt, zone),
    movable: bookable !== null,
    overridable: overridable(event),
    cancelled: event.status === "cancelled",
    hasGuest: event.guestEmail !== null || event.seats.length > 0,
    today: day.today,
    month,
    prevMonth: month > monthOf(day.today) ? shiftMonth(month, -1) : null,
    nextMonth: month < monthOf(day.lastDay) ? shiftMonth(month, 1) : null,
    days,
    date,
    slots,
    chosen: chosen
      ? {
          ...chosen,
          when: whenOf(
            new Date(chosen.value),
            new Date(Date.parse(chosen.value) + (event.endsAt.getTime() - event.startsAt.getTime())),
            zone,
          ),
        }
      : null,
    startGone: Boolean(startParam && !chosen),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PATH);
  const url = new URL(request.url);
  const page = pageParam(url);
  const now = new Date();
  if (can(user, "admin:events")) {
    const { events, total, totalIsEstimate } = await listScheduledEvents(
      { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
      now,
    );
    return {
      host: null,
      admin: {
        page,
        pageCount: pageCountOf({ total, totalIsEstimate, rows: events.length }, page, PAGE_SIZE),
        offset: (page - 1) * PAGE_SIZE,
        total,
        totalIsEstimate,
        timeZone: user.timeZone,
        events: events.map((e) => ({
          id: e.id,
          eventName: e.eventName,
          eventType: e.eventType,
          eventWith: e.eventWith,
          hostName: e.hostName,
          hostEmail: e.hostEmail,
          startsAt: e.startsAt.toISOString(),
          when: whenOf(e.startsAt, e.endsAt, user.timeZone),
        })),
      },
    };
  }
  const tab = scheduledTab(url.searchParams.get("tab"));
  const view = await teamView(user, url);
  const paging = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const { events, total, totals } = view.team
    ? await listScheduledForTeam(view.team.id, view.member, tab, paging, now)
    : await listScheduledForHost(user.id, tab, paging, now);
  const cancelling = url.searchParams.has("cancel")
    ? row(await hostEventOr404(user, url.searchParams.get("cancel")), user.timeZone, now)
    : null;
  const rescheduling = url.searchParams.has("reschedule") ? await rescheduleModal(url, user, now) : null;
  const declining = url.searchParams.has("decline")
    ? row(await hostEventOr404(user, url.searchParams.get("decline")), user.timeZone, now)
    : null;
  const reassigning = url.searchParams.has("reassign")
    ? await reassignModal(user, url.searchParams.get("reassign"), now)
    : null;
  const teamBookings =
    tab === "upcoming"
      ? (await managedRoundRobinBookings(user.id, now)).map((e) => ({
          id: e.id,
          eventName: e.eventName,
          startsAt: e.startsAt.toISOString(),
          when: whenOf(e.startsAt, e.endsAt, user.timeZone),
          hostName: e.hostName,
          guestName: e.guestName ?? "",
          guestEmail: e.guestEmail ?? "",
        }))
      : [];
  return {
    admin: null,
    host: {
      view,
      tab,
      totals,
      page,
      pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      timeZone: user.timeZone,
      events: events.map((e) => row(e, user.timeZone, now)),
      cancelling,
      rescheduling,
      declining,
      reassigning,
      teamBookings,
    },
  };
}

/**
 * Whose bookings the list shows (decision 062): the reader's own, or, with `?team=`, every booking
 * of a team they run (a member 403, anyone else 404), of one member with `?member=` (someone not
 * on the team: 404). `teams` are the teams the reader may switch to.
 */
async function teamView(user: AuthUser, url: URL) {
  const teams = (await listMyTeams(user.id)).filter((t) => canManage(t.role)).map(({ id, name }) => ({ id, name }));
  const teamId = url.searchParams.get("team") || null;
  if (!teamId) return { teams, team: null, members: [], member: null };
  const team = teams.find((t) => t.id === teamId) ?? (await managedTeamOr404(user.id, teamId));
  const members = (await listMembers(team.id)).map((m) => ({ userId: m.userId, name: m.name || m.email }));
  const memberId = url.searchParams.get("member") || null;
  if (memberId && !members.some((m) => m.userId === memberId)) notFound("No such member.");
  return { teams, team: { id: team.id, name: team.name }, members, member: memberId };
}

export type ActionAnswer = {
  intent: "cancel" | "reschedule" | "approve" | "decline" | "reassign" | "no-show";
  error: string | null;
  reason?: string;
  /** Reschedule outside the host's hours: the date and time they entered (kept in the form). */
  outside?: { date: string; time: string };
  /** Reassign: the host that was chosen (kept in the form). */
  choice?: string;
  toast?: ReturnType<typeof errorToast>;
};

/** A booking's own page, when its form came from there (its actions are this page's). */
const DETAIL = /^\/dashboard\/scheduledEvents\/[0-9a-f-]{36}$/;

function backTo(request: Request, form?: FormData): string {
  const returnTo = String(form?.get("returnTo") ?? "");
  if (DETAIL.test(returnTo)) return returnTo;
  const back = new URL(request.url);
  for (const key of ["cancel", "reschedule", "decline", "reassign", "month", "date", "start", "index"])
    back.searchParams.delete(key);
  const query = back.searchParams.toString();
  return `${PATH}${query ? `?${query}` : ""}`;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PATH);
  if (can(user, "admin:events")) notFound();
  const form = await readFormData(request);
  const intent = form.get("intent");
  // Reassign (decision 060): a manager of the booking's team may act on a booking that is not theirs.
  if (intent === "reassign") return reassign(request, user, form);
  // A no-show mark or its undo (decision 078): the service checks who may, as the JSON path does.
  if (intent === "no-show") {
    const noShow = form.get("noShow") === "true";
    const result = await markBookingNoShow({
      id: String(form.get("eventId") ?? ""),
      actorId: user.id,
      who: "guest",
      noShow,
      now: new Date(),
    });
    if (result.ok)
      return redirectWithSuccess(
        backTo(request, form),
        noShow ? NO_SHOW_MESSAGES.markedGuest : NO_SHOW_MESSAGES.undone,
      );
    if (result.reason === "not-found") notFound();
    const error = result.reason === "not-started" ? NO_SHOW_MESSAGES.notStarted : NO_SHOW_MESSAGES.cancelled;
    return data<ActionAnswer>({ intent, error, toast: errorToast(error) }, { status: 409 });
  }
  const event = await hostEventOr404(user, String(form.get("eventId") ?? ""));
  const now = new Date();
  if (event.bookingId && (intent === "cancel" || intent === "reschedule")) {
    return data<ActionAnswer>({ intent, error: MESSAGES.coHostedEvent }, { status: 409 });
  }

  if (intent === "cancel") {
    const reason = String(form.get("reason") ?? "").trim();
    if (reason.length > BOOKING_NOTES_MAX)
      return data<ActionAnswer>({ intent, error: M.reasonTooLong(BOOKING_NOTES_MAX), reason }, { status: 400 });
    if (!isPlainText(reason, true))
      return data<ActionAnswer>({ intent, error: controlCharMessage("The reason", true), reason }, { status: 400 });
    if (event.status === "cancelled")
      return data<ActionAnswer>({ intent, error: M.alreadyCancelled, reason }, { status: 409 });
    if (event.endsAt.getTime() <= now.getTime())
      return data<ActionAnswer>({ intent, error: M.ended, reason }, { status: 409 });
    // The one cancel path (decision 029): a booking, a session with its seats, or the host's own event.
    const result = await cancelBooking({ id: event.id, actor: { hostId: user.id }, reason: reason || undefined, now });
    if (!result.ok) return data<ActionAnswer>({ intent, error: M.alreadyCancelled, reason }, { status: 409 });
    return redirectWithSuccess(backTo(request), M.cancelled);
  }

  if (intent === "reschedule") {
    const message = String(form.get("message") ?? "").trim();
    // The host's override (decision 089): a date and time of their own, confirmed by a tick.
    const outside = form.has("date") || form.has("time");
    const wall = { date: String(form.get("date") ?? ""), time: String(form.get("time") ?? "") };
    const refuse = (error: string, status = 400) =>
      data<ActionAnswer>({ intent, error, reason: message, ...(outside ? { outside: wall } : {}) }, { status });
    let start: Date;
    if (outside) {
      if (!wall.date || !wall.time) return refuse(M.pickDateTime);
      const instant = wallClockToInstant(wall.date, wall.time, user.timeZone);
      if (!instant.ok) return refuse(instant.reason === "nonexistent" ? M.notAWallTime : M.pickDateTime);
      start = instant.instant;
      if (start.getTime() <= now.getTime()) return refuse(M.mustBeFuture);
      if (form.get("outsideHours") !== "on") return refuse(M.confirmOutside);
    } else {
      const text = String(form.get("start") ?? "");
      start = new Date(text);
      if (!text || !Number.isFinite(start.getTime())) return refuse(M.pickTime);
    }
    if (message.length > BOOKING_NOTES_MAX)
      return data<ActionAnswer>(
        { intent, error: M.messageTooLong(BOOKING_NOTES_MAX), reason: message },
        { status: 400 },
      );
    if (!isPlainText(message, true))
      return data<ActionAnswer>(
        { intent, error: controlCharMessage("The message", true), reason: message },
        { status: 400 },
      );
    if (!isWithinDateWindow(start, now))
      return data<ActionAnswer>({ intent, error: dateWindowMessage("The new time") }, { status: 400 });
    if (event.status === "cancelled")
      return data<ActionAnswer>(
        { intent, error: MESSAGES.cancelledEvent, toast: errorToast(MESSAGES.cancelledEvent) },
        { status: 409 },
      );
    if (!outside && !(await bookableOf(event)))
      return data<ActionAnswer>({ intent, error: M.notBookable }, { status: 409 });
    if (outside && !overridable(event)) return refuse(M.notBookable, 409);
    const result = await rescheduleBooking({
      id: event.id,
      actor: { hostId: user.id },
      start,
      now,
      linkBase: linkBase(request),
      note: message || undefined,
      outsideHours: outside,
    });
    if (result.ok) return redirectWithSuccess(backTo(request), M.moved(describeWhen(start, user.timeZone)));
    if (outside && result.reason !== "already-cancelled") return refuse(M.overlaps, 409);
    const error = result.reason === "already-cancelled" ? MESSAGES.cancelledEvent : M.slotTaken;
    return data<ActionAnswer>(
      { intent, error, toast: result.reason === "already-cancelled" ? errorToast(error) : undefined },
      { status: 409 },
    );
  }

  // A booking waiting for approval (decision 040): the one approve / decline path.
  if (intent === "approve") {
    const result = await approveBooking({ id: event.id, actor: { hostId: user.id }, now });
    if (result.ok) return redirectWithSuccess(backTo(request, form), M.approved);
    return data<ActionAnswer>({ intent, error: M.notPending, toast: errorToast(M.notPending) }, { status: 409 });
  }
  if (intent === "decline") {
    const reason = String(form.get("reason") ?? "").trim();
    if (reason.length > BOOKING_NOTES_MAX)
      return data<ActionAnswer>({ intent, error: M.reasonTooLong(BOOKING_NOTES_MAX), reason }, { status: 400 });
    if (!isPlainText(reason, true))
      return data<ActionAnswer>({ intent, error: controlCharMessage("The reason", true), reason }, { status: 400 });
    const result = await declineBooking({ id: event.id, actor: { hostId: user.id }, reason, now });
    if (result.ok) return redirectWithSuccess(backTo(request), M.declined);
    return data<ActionAnswer>(
      { intent, error: M.notPending, reason, toast: errorToast(M.notPending) },
      { status: 409 },
    );
  }

  return data<ActionAnswer>({ intent: "cancel", error: null, toast: errorToast(M.unknownAction) }, { status: 400 });
}

/** Hands a round-robin booking to the chosen host or the next in line; refusals are said in the modal and a toast. */
async function reassign(request: Request, user: AuthUser, form: FormData) {
  const eventId = String(form.get("eventId") ?? "");
  const choice = String(form.get("host") ?? "next");
  const userId = choice === "next" || choice === "" ? null : choice;
  const refuse = (error: string, status: number) =>
    data<ActionAnswer>({ intent: "reassign", error, choice, toast: errorToast(error) }, { status });
  if (userId !== null && !isUuid(userId)) return refuse(R.notEligible, 400);
  const result = await reassignBooking({ id: eventId, actorId: user.id, userId, now: new Date() });
  if (result.ok) return redirectWithSuccess(backTo(request), R.reassigned(result.host.name || result.host.email));
  switch (result.reason) {
    case "not-found":
      return notFound("Event not found");
    case "forbidden":
      return refuse(R.forbidden, 403);
    case "not-round-robin":
      return refuse(R.notRoundRobin, 409);
    case "already-cancelled":
      return refuse(MESSAGES.cancelledEvent, 409);
    case "ended":
      return refuse(R.ended, 409);
    case "not-eligible":
      return refuse(R.notEligible, 400);
    case "host-not-free":
      return refuse(userId ? R.hostNotFree : R.nobodyFree, 409);
    case "awaiting-payment":
      return refuse(R.awaitingPayment, 409);
  }
}

export type HostData = NonNullable<Awaited<ReturnType<typeof loader>>["host"]>;
type Row = HostData["events"][number];

/** The guest's zone and notes, as they gave them when booking. */
function GuestSaid({
  zone,
  notes,
  answers = [],
}: {
  zone: string | null;
  notes: string | null;
  answers?: AnswerLine[];
}) {
  if (!zone && !notes && answers.length === 0) return null;
  return (
    <>
      {zone ? (
        <span className="block break-words text-xs text-neutral-600" data-testid="guest-zone">
          Time zone: {zone}
        </span>
      ) : null}
      {notes ? (
        <span className="block whitespace-pre-line break-words text-xs text-neutral-700" data-testid="guest-notes">
          Notes: {notes}
        </span>
      ) : null}
      {answers.map((a) => (
        <span
          key={a.label}
          className="block whitespace-pre-line break-words text-xs text-neutral-700"
          data-testid="guest-answer"
        >
          {`${a.label}: ${a.text}`}
        </span>
      ))}
    </>
  );
}

function Guests({ e }: { e: Row }) {
  if (e.seats) {
    return (
      <div>
        <span className="block text-xs font-medium text-neutral-700" data-testid="seats-used">
          {M.seatsUsed(e.seats.used, e.seats.capacity)}
        </span>
        <ul className="mt-1 space-y-1">
          {e.seats.list.map((s) => (
            <li
              key={s.id}
              className={s.cancelled && e.status !== "cancelled" ? "text-neutral-500 line-through" : ""}
              data-testid="seat"
            >
              <span className="block break-words text-neutral-900">{s.name}</span>
              <span className="block break-words text-xs text-neutral-600">
                {s.email}
                {s.guests.length > 0 ? ` + ${s.guests.join(", ")}` : ""}
              </span>
              <GuestSaid zone={s.zone} notes={s.notes} answers={s.answers} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (e.guest) {
    return (
      <>
        <span className="block break-words text-neutral-900">{e.guest.name}</span>
        {e.guest.email ? <span className="block break-words text-xs text-neutral-600">{e.guest.email}</span> : null}
        <GuestSaid zone={e.guest.zone} notes={e.guest.notes} answers={e.guest.answers} />
      </>
    );
  }
  return (
    <>
      <span className="block text-neutral-600">{M.noGuest}</span>
      {e.invitees.length > 0 ? (
        <span className="block break-words text-xs text-neutral-600">{e.invitees.join(", ")}</span>
      ) : null}
    </>
  );
}

function Tabs({ host, search }: { host: HostData; search: string }) {
  return (
    // Four equal columns on a phone (the count under the name), so every tab shows without scrolling.
    <nav aria-label="Scheduled events" className="mt-4 grid grid-cols-4 border-b border-neutral-200 sm:flex sm:gap-1">
      {SCHEDULED_TABS.map((t) => {
        const current = t === host.tab;
        return (
          <Link
            key={t}
            to={`${PATH}${hrefWith(search, { tab: t === "upcoming" ? null : t, page: null, cancel: null, reschedule: null, month: null, date: null, start: null })}`}
            aria-current={current ? "page" : undefined}
            className={`-mb-px flex min-w-0 flex-col items-center gap-1 whitespace-nowrap border-b-2 px-1 py-2 text-sm font-medium transition-colors duration-150 sm:flex-row sm:gap-0 sm:px-4 sm:py-2.5 ${
              current
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900"
            }`}
          >
            {M.tabs[t]}{" "}
            <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700 sm:ml-1">
              {host.totals[t]}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}

function EmptyTab({ tab }: { tab: ScheduledTab }) {
  const text = M.empty[tab];
  return (
    <EmptyRows title={text.title} body={text.body}>
      <Link to={tab === "upcoming" ? "/dashboard/eventTypes" : PATH} className={buttonClass("primary", "mt-6")}>
        {text.action}
      </Link>
    </EmptyRows>
  );
}

function CancelModal({ host, closeTo, search }: { host: HostData; closeTo: string; search: string }) {
  const e = host.cancelling;
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "cancel", state: "busy" });
  if (!e) return null;
  const answer = actionData?.intent === "cancel" ? actionData : null;
  const closed = e.status === "cancelled" || e.past;
  return (
    <Modal
      title={M.cancelTitle(e.eventName)}
      description={`${e.when.date}, ${e.when.time} (${e.when.zone})`}
      closeTo={closeTo}
      returnFocusTo={`cancel-${e.id}`}
    >
      <Form method="post" action={`${PATH}${search}`} preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="eventId" value={e.id} />
        <p className="text-sm text-neutral-700">{M.cancelBody}</p>
        {closed ? (
          <p className="text-sm font-medium text-amber-800">
            {e.status === "cancelled" ? M.alreadyCancelled : M.ended}
          </p>
        ) : (
          <TextareaField
            label={M.reasonLabel}
            hint={M.reasonHint}
            errors={answer?.error ? [answer.error] : undefined}
            textareaProps={{
              name: "reason",
              id: "cancel-reason",
              rows: 3,
              maxLength: BOOKING_NOTES_MAX,
              defaultValue: answer?.reason ?? "",
            }}
          />
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
            {M.keep}
          </Link>
          <Button type="submit" variant="danger" disabled={closed || pending} pending={pending}>
            {M.confirmCancel}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

function HostView({ host }: { host: HostData }) {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const closeTo = `${PATH}${hrefWith(location.search, { cancel: null, reschedule: null, decline: null, reassign: null, month: null, date: null, start: null }).replace(/^\?$/, "")}`;
  const actions = host.tab === "upcoming" || host.tab === "pending";
  const team = host.view.team;
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-neutral-900">{PAGE.heading}</h1>
        <p className="text-sm text-neutral-600">Times in {host.timeZone.replace(/_/g, " ")}</p>
      </div>
      {host.view.teams.length > 0 ? <TeamViewPicker view={host.view} tab={host.tab} /> : null}
      <Tabs host={host} search={location.search} />
      {host.events.length === 0 ? (
        <EmptyTab tab={host.tab} />
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">
            {M.tabs[host.tab]} {team ? `bookings of ${team.name}` : "events"},{" "}
            {host.tab === "upcoming" ? "soonest" : "latest"} first
          </caption>
          <TableHead
            columns={["When", "Event", "Guests", ...(actions ? [{ label: "Actions", className: "w-36" }] : [])]}
          />
          <tbody className={tbodyClass}>
            {host.events.map((e) => (
              <tr
                key={e.id}
                className={trClass}
                data-testid="scheduled-event-row"
                data-name={e.eventName}
                data-id={e.id}
              >
                <td className={`${tdClass} text-neutral-900`}>
                  <CellLabel>When</CellLabel>
                  <WhenText startsAt={e.startsAt} when={e.when} emphasis />
                  <span className="mt-1 block">
                    <EventStatusBadge status={e.status} past={e.past} declined={e.declined} />
                  </span>
                  {e.noShow || e.hostNoShow ? (
                    <span
                      className="mt-1 inline-flex whitespace-nowrap rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-200"
                      data-testid="no-show-badge"
                    >
                      {e.noShow ? NO_SHOW_MESSAGES.badge : NO_SHOW_MESSAGES.hostBadge}
                    </span>
                  ) : null}
                  {e.answerBy ? (
                    <span className="mt-1 block text-xs text-amber-900" data-testid="answer-by">
                      {M.answerBy(`${e.answerBy.date}, ${e.answerBy.time}`)}
                    </span>
                  ) : null}
                </td>
                <td className={tdClass}>
                  <CellLabel>Event</CellLabel>
                  <Link
                    to={`${PATH}/${e.id}`}
                    className="block break-words font-medium text-neutral-900 underline-offset-2 hover:underline"
                    aria-label={`Details of ${e.eventName} on ${e.when.date}`}
                  >
                    {e.eventName}
                  </Link>
                  <span className="block text-xs text-neutral-600">{e.eventWith}</span>
                  {team ? (
                    <span className="block break-words text-xs text-neutral-800" data-testid="event-host">
                      Host: {e.host.name}
                    </span>
                  ) : null}
                  <span className="mt-1 block break-words text-xs text-neutral-700" data-testid="event-location">
                    <span className="sr-only">Location: </span>
                    {e.location}
                  </span>
                  <Link
                    to={`${PATH}/${e.id}/timeline`}
                    className="mt-1 inline-block text-xs font-medium text-brand-700 underline underline-offset-2"
                    aria-label={`Timeline of ${e.eventName} on ${e.when.date}`}
                  >
                    Timeline
                  </Link>
                  {e.markable && host.tab === "past" ? (
                    <Form method="post" className="mt-1" preventScrollReset>
                      <input type="hidden" name="intent" value="no-show" />
                      <input type="hidden" name="eventId" value={e.id} />
                      <input type="hidden" name="noShow" value={e.noShow ? "false" : "true"} />
                      <button
                        type="submit"
                        className="text-xs font-medium text-brand-700 underline underline-offset-2"
                        aria-label={`${e.noShow ? "Undo no-show of" : "Mark no-show:"} ${e.guest?.name || "the guest"}, ${e.eventName} on ${e.when.date}`}
                      >
                        {e.noShow ? "Undo no-show" : "Mark no-show"}
                      </button>
                    </Form>
                  ) : null}
                </td>
                <td className={`${tdClass} ${actions ? "" : "pb-3"}`}>
                  <CellLabel>Guests</CellLabel>
                  <Guests e={e} />
                </td>
                {host.tab === "pending" ? (
                  <td className={`${tdClass} pb-3`}>
                    <CellLabel>Actions</CellLabel>
                    <ApproveDecline e={e} search={location.search} />
                  </td>
                ) : host.tab === "upcoming" && e.coHosted ? (
                  <td className={`${tdClass} pb-3 text-xs text-neutral-600`}>
                    <CellLabel>Actions</CellLabel>
                    {MESSAGES.coHostedEvent}
                  </td>
                ) : host.tab === "upcoming" ? (
                  <td className={`${tdClass} pb-3`}>
                    <div className="flex flex-wrap gap-2 pt-1 md:flex-col md:pt-0">
                      <Link
                        to={`${PATH}${hrefWith(location.search, { reschedule: e.id, cancel: null, month: null, date: null, start: null })}`}
                        preventScrollReset
                        id={`reschedule-${e.id}`}
                        className={buttonClass("secondary", "px-3 py-2")}
                        aria-label={`Reschedule ${e.eventName} on ${e.when.date}`}
                      >
                        <CalendarClock className="h-4 w-4" aria-hidden /> Reschedule
                      </Link>
                      <Link
                        to={`${PATH}${hrefWith(location.search, { cancel: e.id, reschedule: null, month: null, date: null, start: null })}`}
                        preventScrollReset
                        id={`cancel-${e.id}`}
                        className={buttonClass("secondary", "px-3 py-2 text-red-700")}
                        aria-label={`Cancel ${e.eventName} on ${e.when.date}`}
                      >
                        <Ban className="h-4 w-4" aria-hidden /> Cancel
                      </Link>
                      {e.reassignable ? <ReassignLink e={e} search={location.search} /> : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={host.page} pageCount={host.pageCount} search={location.search} />
      <TeamRoundRobinBookings rows={host.teamBookings} search={location.search} />
      <CancelModal host={host} closeTo={closeTo} search={location.search} />
      <ReassignModal reassigning={host.reassigning} closeTo={closeTo} search={location.search} />
      <RescheduleModal host={host} closeTo={closeTo} search={location.search} />
      <DeclineModal declining={host.declining} closeTo={closeTo} search={location.search} />
      <Toaster toast={actionData?.toast ?? null} />
    </section>
  );
}

function AdminView({ admin }: { admin: NonNullable<Awaited<ReturnType<typeof loader>>["admin"]> }) {
  const location = useLocation();
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-neutral-900">{PAGE.heading}</h1>
        <p className="text-sm text-neutral-600">
          {admin.totalIsEstimate ? `About ${admin.total.toLocaleString("en-US")}` : admin.total} upcoming, soonest first
          · times in {admin.timeZone}
        </p>
      </div>
      {admin.events.length === 0 ? (
        <EmptyRows title="Nothing scheduled" body="Upcoming events of every host appear here, soonest first.">
          <Link to="/dashboard/manageEvent" className={buttonClass("secondary", "mt-6")}>
            Open Manage All Event
          </Link>
        </EmptyRows>
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Upcoming events of every host, soonest first</caption>
          <TableHead columns={[{ label: "#", className: "w-14" }, "When", "Event", "Host"]} />
          <tbody className={tbodyClass}>
            {admin.events.map((e, i) => (
              <tr key={e.id} className={trClass} data-testid="scheduled-event-row" data-name={e.eventName}>
                <td className={`${tdClass} hidden text-neutral-600 md:table-cell`}>{admin.offset + i + 1}</td>
                <td className={`${tdClass} text-neutral-900`}>
                  <CellLabel>When</CellLabel>
                  <WhenText startsAt={e.startsAt} when={e.when} emphasis />
                </td>
                <td className={tdClass}>
                  <CellLabel>Event</CellLabel>
                  <span className="block break-words font-medium text-neutral-900">{e.eventName}</span>
                  <span className="block text-xs text-neutral-600">
                    {e.eventType} · {e.eventWith}
                  </span>
                </td>
                <td className={`${tdClass} pb-3`}>
                  <CellLabel>Host</CellLabel>
                  <span className="block break-words text-neutral-900">{e.hostName || "No name given"}</span>
                  <span className="block break-words text-xs text-neutral-600">{e.hostEmail}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={admin.page}
        pageCount={admin.pageCount}
        search={location.search}
        approximate={admin.totalIsEstimate}
      />
    </section>
  );
}

export default function ScheduledEvents() {
  const { admin, host } = useLoaderData<typeof loader>();
  if (admin) return <AdminView admin={admin} />;
  return host ? <HostView host={host} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
