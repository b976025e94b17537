import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  cancelBooking,
  CancelledEventError,
  countUpcomingEvents,
  data,
  env,
  errorToast,
  EventLimitError,
  EventOverlapError,
  FREE_EVENT_CAP,
  getHostEvent,
  hostBookingLink,
  linkBase,
  LinkedEventError,
  listHostSchedulePage,
  locationsOfEventTypes,
  meetingsOf,
  onboardingFacts,
  overlapReply,
  questionsOfEventTypes,
  readFormData,
  redirect,
  redirectWithError,
  redirectWithSuccess,
  requirePermission,
  updateHostEventChange,
} from "./dashboard._index.server";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { CalendarDays, CalendarPlus, Clock, MapPin, Pencil, Phone, Trash2, Users, Video } from "~/components/icons";
import type { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EventDetailsFields } from "~/components/event-form";
import { ErrorList } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { MESSAGES } from "~/messages";
import { SCHEDULED_EVENTS_MESSAGES } from "~/messages/profile";
import type { HostEvent } from "~/models/event.server";
import { answerLines, type BookingQuestion } from "~/schemas/booking-answers";
import { hrefWith, pageParam, Pagination, whenOf } from "~/components/admin-table";
import { instantToWallClock, todayIn } from "~/scheduling/zoned-time";
import { updateEventFields, updateEventSchema } from "~/schemas/event";
import {
  meetingPlace,
  meetingRoomUrl,
  placeLine,
  type ConferenceMeeting,
  type LocationSetting,
} from "~/schemas/meeting";
import { readerTime } from "~/scheduling/reader-time";
import { can } from "~/utils/permissions";
import { notFound } from "~/utils/responses";
import { useIsPending, usePendingFormData } from "~/utils/pending";
import { OnboardingChecklist } from "~/components/onboarding-checklist";
import { BookingLinkCard } from "~/components/booking-link-card";
import { onboardingChecklist } from "~/schemas/onboarding";

export const meta: MetaFunction = () => [
  { title: `${MESSAGES.myScheduleHeading} | Scheduler` },
  { name: "description", content: "Your upcoming and past meetings on Scheduler." },
];

type ModalKind = "edit" | "delete" | "join";
const MODAL_KINDS: ModalKind[] = ["edit", "delete", "join"];

/**
 * Events a page: 25 keep a page near 200 KB of HTML, and under 300 KB when every card carries a
 * long description and a guest's notes (docs/decisions/104-my-schedule-pages.md).
 */
const PAGE_SIZE = 25;

/** The page asked for: a number too long for pageParam is past any last page, so the last page. */
function requestedPage(url: URL): number {
  return /^\d{7,}$/.test(url.searchParams.get("page") ?? "") ? Number.MAX_SAFE_INTEGER : pageParam(url);
}

/** My Schedule at `page`, with `query` (a modal) added: page 1 has no ?page=. */
function scheduleHref(page: number, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(page > 1 ? { page: String(page) } : {});
  for (const [key, value] of Object.entries(query)) params.set(key, value);
  const search = params.toString();
  return search ? `/dashboard?${search}` : "/dashboard";
}

function openModal(url: URL): { kind: ModalKind; eventId: string } | null {
  for (const kind of MODAL_KINDS) {
    const eventId = url.searchParams.get(kind);
    if (eventId) return { kind, eventId };
  }
  return null;
}

/** What a card shows of a long text (the description is clamped to three lines anyway); the whole of it is on the event's own pages. */
const CARD_TEXT_MAX = 300;

function clipped(text: string, max = CARD_TEXT_MAX): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function eventCard(
  event: HostEvent,
  timeZone: string,
  now: Date,
  setting: LocationSetting | null = null,
  questions: BookingQuestion[] = [],
  meeting: ConferenceMeeting | null = null,
) {
  const wall = instantToWallClock(event.startsAt, timeZone);
  const place = meetingPlace({
    setting,
    eventType: event.eventType,
    baseUrl: env().MEETING_BASE_URL,
    roomId: event.roomId,
    meeting,
  });
  return {
    // The real place (docs/decisions/028); our room's link stays out of the list (join modal only).
    place: placeLine(place, { hideRoom: true }),
    ownRoom: place.ownRoom,
    /** Join Meeting only where there is a video link to join, and not for a request still waiting for approval. */
    joinable: place.joinUrl !== null && event.status === "confirmed",
    /** What the guest of a booking told us: the zone they booked in and their notes. */
    guest: event.guestEmail
      ? {
          name: event.guestName ?? "",
          zone: event.guestTimeZone
            ? `${event.guestTimeZone.replace(/_/g, " ")} (${readerTime(event.startsAt, event.guestTimeZone).time} there)`
            : null,
          notes: event.notes ? clipped(event.notes) : null,
          answers: answerLines(questions, event.answers).map((a) => ({ label: a.label, text: clipped(a.text) })),
        }
      : null,
    id: event.id,
    /** A guest's booking: its Update is the host's reschedule in Scheduled Events (decision 089). */
    booking: event.guestEmail !== null,
    eventName: event.eventName,
    eventType: event.eventType,
    eventWith: event.eventWith,
    description: clipped(event.description),
    status: event.status,
    invitees: event.invitees,
    past: event.endsAt.getTime() <= now.getTime(),
    startsAt: event.startsAt.toISOString(),
    when: whenOf(event.startsAt, event.endsAt, timeZone),
    day: { month: event.startsAt.toLocaleString("en-US", { month: "short", timeZone }), day: wall.date.slice(8) },
  };
}

/** The Update form's values: only the open modal's event needs them, not every card of the page. */
function updateFormValues(event: HostEvent, timeZone: string) {
  const wall = instantToWallClock(event.startsAt, timeZone);
  return {
    eventName: event.eventName,
    eventType: event.eventType,
    description: event.description,
    date: wall.date,
    time: wall.time,
    duration: String(Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 60_000)),
  };
}

function hostJoinUrl(
  event: HostEvent,
  setting: LocationSetting | null,
  meeting: ConferenceMeeting | null,
  displayName: string,
): string | null {
  const baseUrl = env().MEETING_BASE_URL;
  const place = meetingPlace({ setting, eventType: event.eventType, baseUrl, roomId: event.roomId, meeting });
  if (!place.joinUrl) return null;
  return place.ownRoom ? meetingRoomUrl({ baseUrl, roomId: event.roomId, displayName }) : place.joinUrl;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const now = new Date();
  const url = new URL(request.url);
  const schedule = await listHostSchedulePage(user.id, now, { page: requestedPage(url), size: PAGE_SIZE });
  const modal = openModal(url);
  // The modal's event is one of the host's own (on any page): another host's id is not found.
  const modalEvent = modal ? ((await getHostEvent(user.id, modal.eventId)) ?? undefined) : undefined;
  if (modal && !modalEvent) notFound("Event not found");
  const shownEvents = modalEvent ? [...schedule.events, modalEvent] : schedule.events;
  const settings = await locationsOfEventTypes(shownEvents.map((e) => e.eventTypeId));
  const settingOf = (e: HostEvent) => (e.eventTypeId ? (settings.get(e.eventTypeId) ?? null) : null);
  const questions = await questionsOfEventTypes(shownEvents.filter((e) => e.answers).map((e) => e.eventTypeId));
  const questionsOf = (e: HostEvent) => (e.eventTypeId ? (questions.get(e.eventTypeId) ?? []) : []);
  const meetings = await meetingsOf(shownEvents.filter((e) => e.eventTypeId).map((e) => e.id));
  const meetingOf = (e: HostEvent) => meetings.get(e.id) ?? null;
  const events = schedule.events.map((e) =>
    eventCard(e, user.timeZone, now, settingOf(e), questionsOf(e), meetingOf(e)),
  );
  // A guest's booking is moved by the host's reschedule, with its slot rules and override (decision 089).
  if (modal?.kind === "edit" && modalEvent?.guestEmail) throw redirect(rescheduleHref(modalEvent.id));
  // A cancelled event has no Update or Join (decision 029): only Delete, which removes it from the list.
  if (modal && modalEvent?.status === "cancelled" && modal.kind !== "delete")
    throw new Response(MESSAGES.cancelledEvent, { status: 409 });
  const unlimited = can(user, "event:unlimited");
  // The cap's own count (upcoming events the host made; guests' bookings never count: decision 038).
  const upcoming = unlimited ? 0 : await countUpcomingEvents(user.id, now);
  // A host's "Get started" checklist (decision 041); admins host nothing.
  const hosting = !can(user, "admin:events");
  const facts = hosting ? await onboardingFacts(user.id) : null;
  const checklist = facts ? onboardingChecklist(facts) : [];
  const bookingLink = facts ? hostBookingLink(facts, linkBase(request)) : null;
  return {
    checklist,
    bookingLink,
    host: { email: user.email, timeZone: user.timeZone },
    events,
    paging: {
      page: schedule.page,
      pageCount: schedule.pageCount,
      total: schedule.total,
      first: (schedule.page - 1) * PAGE_SIZE + 1,
      last: (schedule.page - 1) * PAGE_SIZE + events.length,
    },
    cap: unlimited ? null : { limit: FREE_EVENT_CAP, upcoming },
    today: todayIn(user.timeZone, now),
    modal:
      modal && modalEvent
        ? {
            kind: modal.kind,
            event: eventCard(
              modalEvent,
              user.timeZone,
              now,
              settingOf(modalEvent),
              questionsOf(modalEvent),
              meetingOf(modalEvent),
            ),
            form: updateFormValues(modalEvent, user.timeZone),
          }
        : null,
    // The room id is the room's only secret: it leaves the server only in the join modal's link.
    // The host's own video link when the event type has one; none for an in-person or phone meeting.
    joinUrl:
      modal?.kind === "join" && modalEvent
        ? hostJoinUrl(modalEvent, settingOf(modalEvent), meetingOf(modalEvent), user.name || user.email)
        : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  // Back to the page the host was on (a page that no longer exists shows the last one).
  const back = scheduleHref(pageParam(new URL(request.url)));
  const form = await readFormData(request);
  const intent = form.get("intent");
  const eventId = String(form.get("eventId") ?? "");
  if (intent === "delete") {
    let deleted;
    try {
      // The one cancel path with `remove` (decision 029): cancelled with everything that belongs to it, told, then removed.
      deleted = (await cancelBooking({ id: eventId, actor: { hostId: user.id }, now: new Date(), remove: true })).ok;
    } catch (error) {
      if (!(error instanceof LinkedEventError)) throw error;
      return data({ result: undefined, toast: errorToast(MESSAGES.coHostedEvent) }, { status: 409 });
    }
    if (!deleted) notFound("Event not found");
    return redirectWithSuccess(back, MESSAGES.eventDeleted);
  }
  if (intent === "update") {
    const now = new Date();
    // A guest's booking is not renamed or moved here: the post changes nothing and leads to its reschedule.
    if ((await getHostEvent(user.id, eventId))?.guestEmail)
      return redirectWithError(rescheduleHref(eventId), SCHEDULED_EVENTS_MESSAGES.bookingMovesHere);
    const submission = parseWithZod(form, { schema: updateEventSchema({ timeZone: user.timeZone, now }) });
    if (submission.status !== "success") {
      return data({ result: submission.reply(), toast: errorToast("Check the highlighted fields.") }, { status: 400 });
    }
    const v = submission.value;
    let updated;
    try {
      updated = await updateHostEventChange(
        user,
        eventId,
        {
          eventName: v.eventName,
          eventType: v.eventType,
          description: v.description,
          startsAt: v.startsAt,
          endsAt: v.endsAt,
        },
        now,
      );
    } catch (error) {
      if (error instanceof EventOverlapError) return overlapReply(submission);
      if (error instanceof LinkedEventError) {
        return data(
          {
            result: submission.reply({ formErrors: [MESSAGES.coHostedEvent] }),
            toast: errorToast(MESSAGES.coHostedEvent),
          },
          { status: 409 },
        );
      }
      if (error instanceof CancelledEventError) {
        return data(
          {
            result: submission.reply({ formErrors: [MESSAGES.cancelledEvent] }),
            toast: errorToast(MESSAGES.cancelledEvent),
          },
          { status: 409 },
        );
      }
      if (!(error instanceof EventLimitError)) throw error;
      return data(
        { result: submission.reply({ formErrors: [MESSAGES.eventLimit] }), toast: errorToast(MESSAGES.eventLimit) },
        { status: 403 },
      );
    }
    if (!updated) notFound("Event not found");
    return redirectWithSuccess(back, MESSAGES.eventUpdated);
  }
  return data({ result: null, toast: errorToast("Unknown action.") }, { status: 400 });
}

type Card = Awaited<ReturnType<typeof loader>>["events"][number];
type UpdateValues = ReturnType<typeof updateFormValues>;

const rescheduleHref = (id: string) => `/dashboard/scheduledEvents?reschedule=${id}`;

/**
 * The cards' icons, drawn once per page and used by reference: fifty cards each inlining six
 * icons' paths made about 40% of the page's HTML.
 */
const CARD_ICONS = {
  calendar: CalendarDays,
  place: MapPin,
  phone: Phone,
  video: Video,
  people: Users,
  edit: Pencil,
  remove: Trash2,
} as const;
type CardIcon = keyof typeof CARD_ICONS;

function CardIconSymbols() {
  return (
    <svg aria-hidden className="absolute h-0 w-0 overflow-hidden">
      {Object.entries(CARD_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`card-icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

function CardIconUse({ name, className = "h-4 w-4" }: { name: CardIcon; className?: string }) {
  return (
    <svg aria-hidden className={className} viewBox="0 0 24 24">
      <use href={`#card-icon-${name}`} />
    </svg>
  );
}

const TYPE_ICONS = { "In Person Meeting": "place", "Phone Call": "phone", "Google Meet": "video" } as const;

function EventCard({ event, page }: { event: Card; page: number }) {
  const typeIcon = TYPE_ICONS[event.eventType];
  const link = (kind: ModalKind) => scheduleHref(page, { [kind]: event.id });
  const cancelled = event.status === "cancelled";
  return (
    <li
      className="flex flex-col rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm"
      data-testid="event-card"
      aria-labelledby={`event-${event.id}`}
    >
      <div className="flex items-start gap-4">
        <div
          className={`flex w-14 shrink-0 flex-col items-center rounded-lg py-1.5 ${event.past ? "bg-neutral-100 text-neutral-600" : "bg-brand-50 text-brand-700"}`}
          aria-hidden
        >
          <span className="text-xs font-semibold uppercase">{event.day.month}</span>
          <span className="text-xl font-bold leading-tight">{event.day.day}</span>
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`event-${event.id}`} className="break-words text-lg font-semibold text-neutral-900">
              {event.eventName}
            </h2>
            {cancelled ? (
              <span
                className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800"
                data-testid="cancelled-badge"
              >
                Cancelled
              </span>
            ) : null}
            {event.status === "pending" ? (
              // Waiting for the host's answer (decision 040): approve or decline it in Scheduled Events.
              <Link
                to="/dashboard/scheduledEvents?tab=pending"
                className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 underline"
                data-testid="pending-badge"
              >
                Pending approval
              </Link>
            ) : null}
            {event.past ? (
              <span
                className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700"
                data-testid="past-badge"
              >
                Past
              </span>
            ) : null}
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-neutral-700">
            <CardIconUse name="calendar" className="h-4 w-4 shrink-0" />
            <span>
              {event.when.date}, {event.when.time} <span className="text-neutral-500">({event.when.zone})</span>
            </span>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700">
            <span className="flex items-center gap-1.5">
              <CardIconUse name={typeIcon} /> {event.eventType}
            </span>
            <span className="flex items-center gap-1.5">
              <CardIconUse name="people" /> {event.eventWith}
            </span>
          </p>
        </div>
      </div>
      <p className="mt-3 line-clamp-3 whitespace-pre-line break-words text-sm text-neutral-600">{event.description}</p>
      <p className="mt-2 break-words text-sm text-neutral-700" data-testid="event-place">
        <span className="font-medium">Where:</span> {event.place}
      </p>
      {event.invitees.length > 0 ? (
        <p className="mt-2 break-words text-sm text-neutral-700">
          <span className="font-medium">With:</span> {event.invitees.join(", ")}
        </p>
      ) : null}
      {event.guest?.zone ? (
        <p className="mt-1 break-words text-sm text-neutral-700" data-testid="guest-zone">
          <span className="font-medium">Guest&apos;s time zone:</span> {event.guest.zone}
        </p>
      ) : null}
      {event.guest?.notes ? (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-neutral-700" data-testid="guest-notes">
          <span className="font-medium">Notes:</span> {event.guest.notes}
        </p>
      ) : null}
      {event.guest?.answers.map((a) => (
        <p
          key={a.label}
          className="mt-1 whitespace-pre-line break-words text-sm text-neutral-700"
          data-testid="guest-answer"
        >
          <span className="font-medium">{`${a.label}:`}</span> {a.text}
        </p>
      ))}
      <div className="mt-4 flex flex-wrap gap-2 border-t border-neutral-100 pt-4">
        {cancelled ? null : (
          <Link
            to={event.booking ? rescheduleHref(event.id) : link("edit")}
            preventScrollReset
            id={`edit-${event.id}`}
            className={buttonClass("secondary", "px-3 py-2")}
          >
            <CardIconUse name="edit" /> Update
          </Link>
        )}
        <Link
          to={link("delete")}
          preventScrollReset
          id={`delete-${event.id}`}
          className={buttonClass("secondary", "px-3 py-2 text-red-700")}
        >
          <CardIconUse name="remove" /> Delete
        </Link>
        {cancelled || !event.joinable ? null : (
          <Link
            to={link("join")}
            preventScrollReset
            id={`join-${event.id}`}
            className={buttonClass("primary", "px-3 py-2 sm:ml-auto")}
          >
            <CardIconUse name="video" /> Join Meeting
          </Link>
        )}
      </div>
    </li>
  );
}

function UpdateForm({
  event,
  values,
  page,
  timeZone,
  today,
}: {
  event: Card;
  values: UpdateValues;
  page: number;
  timeZone: string;
  today: string;
}) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "update" });
  const [form, fields] = useForm<z.input<typeof updateEventFields>>({
    id: `update-${event.id}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(updateEventFields),
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateEventSchema({ timeZone, now: new Date() }) }),
  });
  return (
    <Form
      method="post"
      action={`/dashboard?index&${new URLSearchParams(page > 1 ? { page: String(page), edit: event.id } : { edit: event.id })}`}
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="eventId" value={event.id} />
      <EventDetailsFields fields={fields} timeZone={timeZone} minDate={today} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to={scheduleHref(page)} preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" pending={pending} disabled={pending}>
          Update
        </Button>
      </div>
    </Form>
  );
}

function DeleteForm({ event, page }: { event: Card; page: number }) {
  const pending = useIsPending({ intent: "delete" });
  return (
    <Form
      method="post"
      action={page > 1 ? `/dashboard?index&page=${page}` : "/dashboard?index"}
      preventScrollReset
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="eventId" value={event.id} />
      <p className="text-sm text-neutral-700">
        {event.status === "cancelled"
          ? "It was cancelled and its invitees were told then; it is only removed from your schedule."
          : event.invitees.length > 0
            ? `It is removed from your schedule, and ${event.invitees.join(", ")} ${event.invitees.length > 1 ? "are" : "is"} told by e-mail.`
            : "It is removed from your schedule."}
      </p>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to={scheduleHref(page)} preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" variant="danger" pending={pending} disabled={pending}>
          Delete
        </Button>
      </div>
    </Form>
  );
}

function JoinPanel({ event, joinUrl, page }: { event: Card; joinUrl: string | null; page: number }) {
  return (
    <div className="space-y-4">
      <dl className="space-y-2 text-sm">
        <div className="flex gap-2">
          <dt className="font-medium text-neutral-800">When:</dt>
          <dd className="text-neutral-700">
            {event.when.date}, {event.when.time} ({event.when.zone})
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-medium text-neutral-800">Option:</dt>
          <dd className="text-neutral-700">{event.eventType}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-medium text-neutral-800">Where:</dt>
          <dd className="min-w-0 break-words text-neutral-700">{event.place}</dd>
        </div>
      </dl>
      <p className="text-sm text-neutral-600">
        {!joinUrl
          ? "This meeting has no video link: meet where it says above."
          : event.ownRoom
            ? "The meeting room opens in a new tab with your camera and microphone on. Invitees join from the link in their invitation."
            : "The meeting opens in a new tab. Invitees join from the link in their invitation."}
      </p>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to={scheduleHref(page)} preventScrollReset className={buttonClass("secondary")}>
          Close
        </Link>
        {joinUrl ? (
          <a
            href={joinUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("primary")}
            data-testid="join-now"
          >
            <Video className="h-4 w-4" aria-hidden /> {MESSAGES.joinNow}
          </a>
        ) : null}
      </div>
    </div>
  );
}

export default function MySchedule() {
  const { host, events, paging, cap, today, modal, joinUrl, checklist, bookingLink } = useLoaderData<typeof loader>();
  const location = useLocation();
  // Page links keep the page's other parameters but never carry an open modal to another page.
  const listSearch = hrefWith(location.search, { edit: null, delete: null, join: null });
  const { page } = paging;
  const closeTo = scheduleHref(page);
  const actionData = useActionData<typeof action>();
  // Optimistic: a card disappears as soon as its deletion is sent.
  const deleteForm = usePendingFormData({ intent: "delete", state: "busy" });
  const deleting = deleteForm ? deleteForm.get("eventId") : null;
  const shown = events.filter((e) => e.id !== deleting);
  const atCap = cap ? cap.upcoming >= cap.limit : false;
  return (
    <section aria-labelledby="my-schedule">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="my-schedule" className="text-2xl font-bold text-neutral-900">
            {MESSAGES.myScheduleHeading}
          </h1>
          <p className="mt-1 text-sm text-neutral-700">
            <span className="font-medium">Host:</span> <span data-testid="host-email">{host.email}</span>
          </p>
          <p className="mt-0.5 text-sm text-neutral-600">Times in {host.timeZone}.</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          {/* At the cap /eventtype sends the host to /pricing with the product's toast (checked on the server). */}
          <Link to="/eventtype" className={buttonClass("primary")} data-testid="create-event">
            <CalendarPlus className="h-4 w-4" aria-hidden /> {MESSAGES.createNewEvent}
          </Link>
          {cap ? (
            <p
              className={`text-xs ${atCap ? "font-medium text-amber-800" : "text-neutral-600"}`}
              data-testid="event-cap"
            >
              {cap.upcoming} of {cap.limit} upcoming events on the free plan
              {atCap ? (
                <>
                  {" "}
                  ·{" "}
                  <Link to="/pricing" className="underline">
                    upgrade
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>

      {bookingLink ? (
        <div className="mt-6">
          <BookingLinkCard link={bookingLink} title="Your booking link" />
        </div>
      ) : null}
      <OnboardingChecklist items={checklist} />

      {shown.length === 0 && paging.total === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-neutral-300 bg-surface p-10 text-center">
          <Clock className="mx-auto h-8 w-8 text-neutral-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold text-neutral-900">No events yet</h2>
          <p className="mt-1 text-sm text-neutral-600">Create your first meeting and invite people by e-mail.</p>
          <Link to="/eventtype" className={buttonClass("primary", "mt-5")}>
            {MESSAGES.createNewEvent}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-neutral-700" data-testid="schedule-range">
            {paging.total > events.length
              ? `Showing ${paging.first}–${paging.last} of ${paging.total.toLocaleString("en-US")} events`
              : `${paging.total} event${paging.total === 1 ? "" : "s"}`}
            {" · upcoming first, then past"}
          </p>
          <CardIconSymbols />
          <ul className="mt-3 grid gap-4 xl:grid-cols-2" aria-label="Events">
            {shown.map((event) => (
              <EventCard key={event.id} event={event} page={page} />
            ))}
          </ul>
          <Pagination page={page} pageCount={paging.pageCount} search={listSearch} label="Schedule pages" />
        </>
      )}

      {modal?.kind === "edit" ? (
        <Modal title={`Update ${modal.event.eventName}`} closeTo={closeTo} returnFocusTo={`edit-${modal.event.id}`}>
          <UpdateForm
            key={modal.event.id}
            event={modal.event}
            values={modal.form}
            page={page}
            timeZone={host.timeZone}
            today={today}
          />
        </Modal>
      ) : null}
      {modal?.kind === "delete" ? (
        <Modal
          title={`Delete "${modal.event.eventName}"?`}
          closeTo={closeTo}
          returnFocusTo={`delete-${modal.event.id}`}
        >
          <DeleteForm event={modal.event} page={page} />
        </Modal>
      ) : null}
      {modal?.kind === "join" ? (
        <Modal title={`Join ${modal.event.eventName}`} closeTo={closeTo} returnFocusTo={`join-${modal.event.id}`}>
          <JoinPanel event={modal.event} joinUrl={joinUrl} page={page} />
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
