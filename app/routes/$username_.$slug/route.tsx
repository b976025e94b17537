import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useRevalidator,
  useRouteError,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useMemo, useRef } from "react";
import { makeIcon } from "~/components/icon";
import arrowLeftDrawing from "lucide/dist/esm/icons/arrow-left.mjs";
import calendarDaysDrawing from "lucide/dist/esm/icons/calendar-days.mjs";
import clockDrawing from "lucide/dist/esm/icons/clock.mjs";
import globeDrawing from "lucide/dist/esm/icons/globe.mjs";
import mapPinDrawing from "lucide/dist/esm/icons/map-pin.mjs";
import usersDrawing from "lucide/dist/esm/icons/users.mjs";
import hourglassDrawing from "lucide/dist/esm/icons/hourglass.mjs";
import { MonthCalendar } from "~/components/booking/month-calendar";
import { SlotList, SlotPanel, slotClass, useSlotFocus } from "~/components/booking/slot-panel";
import { useHydrated } from "~/components/booking/use-hydrated";
import { inputClass } from "~/components/forms";
import { HostAvatar } from "~/components/host-avatar";
import { Button, buttonClass } from "~/components/ui/button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { answerFieldName, questionsToAsk } from "~/schemas/booking-answers";
import { MAIL_WORDS, placeNameIn } from "~/messages/guest-words/mail";
import { GUEST_WORDS } from "~/messages/guest-words";
import {
  chooseLanguage,
  CLOCK_COOKIE,
  clockCookie,
  defaultClock24,
  fill,
  languageOf,
  LOCALES,
  plural,
  zoneFromAcceptLanguage,
  type Language,
} from "~/messages/languages";
import { addDays } from "~/scheduling/calendar-days";
import {
  DATE,
  dateLabel,
  MONTH,
  monthOf,
  pageHref,
  prefillOf,
  shiftMonth,
  slotLabel,
  type PageQuery,
} from "~/components/booking-page";
import { LOCATION_LABELS } from "~/schemas/location-labels";
import { utmOf } from "~/schemas/utm";
import { currentZoneName, isTimeZone, packedTimeZoneNames, timeIn, unpackTimeZones } from "~/scheduling/time-zone";
import { timeZoneHint, TIME_ZONE_GUESS_META, TIME_ZONE_PENDING_ATTRIBUTE } from "~/browser/time-zone-hint";
import { invariantResponse, notFound } from "~/utils/responses";
import { useIsPending, usePendingLocation } from "~/utils/pending";
import { BookingForm, FIRST_FIELD_ID } from "./booking-form";
// Every server-only name the loader uses comes through this one module (decision 122).
import {
  awayNotice,
  awayNoticeMarkup,
  bookableForDuration,
  data,
  durationsOf,
  embedLookParams,
  eventTypeOff,
  findPage,
  formatMoney,
  hostCalendarsStale,
  isPayableKind,
  notTakingBookings,
  openMonth,
  pageLogo,
  pageLook,
  photoHashOf,
  publicAbsences,
  publicPageTag,
  rangeSlots,
  redirect,
  repeatFieldsMarkup,
  retryAfterHeaders,
  ROUTING_LINK_INVALID,
  singleUseLinkState,
  tagPublicPage,
  textsGuests,
  todayIn,
  withRouting,
  type OffPage,
} from "./month.server";
import { WeekView } from "./week-view";
import { DurationPicker } from "./duration-picker";
import { action, slotParam } from "./book.server";
import { PoweredBy } from "~/components/powered-by";
import { phoneFields, SMS_BOOKING_WORDS } from "~/messages/sms";

const ArrowLeft = makeIcon(arrowLeftDrawing, "arrow-left");
const CalendarDays = makeIcon(calendarDaysDrawing, "calendar-days");
const Clock = makeIcon(clockDrawing, "clock");
const Globe = makeIcon(globeDrawing, "globe");
const MapPin = makeIcon(mapPinDrawing, "map-pin");
const Users = makeIcon(usersDrawing, "users");
const Hourglass = makeIcon(hourglassDrawing, "hourglass");

/**
 * /{username}/{slug}: the booking page, and /team/{team slug}/{slug} for a team's event type
 * (routes/team.$team.$slug.tsx is this module under the team's URL, decision 059).
 * Everything is in the first HTML: the loader runs the shared slot search (slotSearch, the one
 * behind GET /api/slots and createBooking) for the month in view. Month, day, zone, clock and
 * slot are query parameters and the booking is a form post, so it all works without
 * JavaScript. The action books through bookSlot, exactly as POST /api/bookings does.
 * Without a month or day asked for, the page opens on the first open day (in a later month when
 * this one is full), so a guest sees times at once.
 */

/**
 * The calendar may come from the full-page cache for an anonymous visitor (docs/decisions/032);
 * the page with a chosen slot (the form, with its own Idempotency-Key) is always rendered.
 */
export { action };

export const handle = {
  embeddable: true,
  chrome: "booking",
  // A single-use link's page changes once it is used; a prefilled page carries a guest's details.
  pageCache: (url: URL) =>
    !url.searchParams.has("slot") &&
    !url.searchParams.has("link") &&
    !url.searchParams.has("routing") &&
    Object.keys(prefillOf(url.searchParams)).length === 0,
};

/**
 * The page carries a fresh Idempotency-Key per load (decision 024): no shared cache may hand one
 * to several guests. A 429's Retry-After reaches the document response too.
 */
export const headers: HeadersFunction = (args) => {
  const h = new Headers(retryAfterHeaders(args));
  h.set("Cache-Control", "private, no-cache");
  // The page speaks the guest's language (docs/decisions/088) and remembers their clock.
  h.set("Vary", "Accept-Language, Cookie");
  const clock = args.loaderHeaders.get("Set-Cookie");
  if (clock) h.set("Set-Cookie", clock);
  return h;
};

/** "Europe/Berlin (GMT+1)": the zone and its offset at that instant. */
function zoneLabelAt(ms: number, zone: string): string {
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
    .formatToParts(ms)
    .find((p) => p.type === "timeZoneName")?.value;
  return `${zone.replace(/_/g, " ")}${offset ? ` (${offset})` : ""}`;
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const link = q.get("link");
  const now = new Date();
  // The host's absences are read beside the page's rows (decision 061).
  const [page, absences] = await Promise.all([findPage(params, link), publicAbsences(params.username ?? "", now)]);
  if (!page) notFound();
  if ("off" in page) eventTypeOff(page.off);
  // A team's event type moved to its team's URL (decision 059): the old link still leads there.
  if ("moved" in page) throw redirect(`${page.moved}${url.search}`, 301);
  const { host } = page;
  // What the page shows (the owner's, every host's, the team's): a write to one drops it from the page cache.
  tagPublicPage(context, [
    publicPageTag.host(page.found.ownerId),
    ...(page.found.eventType.hostIds ?? []).map(publicPageTag.host),
    ...(page.found.eventType.teamId ? [publicPageTag.team(page.found.eventType.teamId)] : []),
    ...absences.flatMap((a) => (a.teammateId ? [publicPageTag.host(a.teammateId)] : [])),
    // A team's page: its owners' plan decides "Powered by" (decision 112); a payment drops their pages.
    ...(host.team ? host.team.ownerIds.map(publicPageTag.host) : []),
  ]);
  // A routing form's booking link (decision 074): its response narrows the hosts; a forged one is refused.
  const routed = await withRouting(page.found, q.get("routing"));
  invariantResponse(routed !== "invalid", ROUTING_LINK_INVALID, { status: 400 });
  // The length the guest picked (decision 087): slots and the booking take it; an unknown one is the default.
  const askedDuration = Number(q.get("duration"));
  const found = bookableForDuration(routed, Number.isInteger(askedDuration) ? askedDuration : null) ?? routed;
  // A single-use link (decision 039): used or revoked says so instead of the calendar.
  const linkState = link ? ((await singleUseLinkState(found.eventType.id, link)) ?? "used") : null;
  const tzParam = q.get("tz");
  const tzChosen = Boolean(tzParam && isTimeZone(tzParam));
  const timeZone = currentZoneName(
    tzChosen && tzParam
      ? tzParam
      : (timeZoneHint(request.headers.get("cookie")) ??
          // A first visit: the browser's languages may name a one-zone country (decision 091).
          zoneFromAcceptLanguage(request.headers.get("accept-language")) ??
          (isTimeZone(host.timeZone) ? host.timeZone : "UTC")),
  );
  const today = todayIn(timeZone, now);
  // ?lang=, then Accept-Language, then the event type's default (docs/decisions/088).
  const language = chooseLanguage({
    query: q.get("lang"),
    acceptLanguage: request.headers.get("accept-language"),
    fallback: found.eventType.defaultLanguage,
  });
  const locale = LOCALES[language];
  // The clock: the guest's choice on this page (remembered in a cookie), else the cookie's, else the language's own.
  const clockParam: "12" | "24" | null = q.get("clock") === "24" ? "24" : q.get("clock") === "12" ? "12" : null;
  const clockKept = clockCookie(request.headers.get("cookie"));
  const clock24 = (clockParam ?? clockKept ?? (defaultClock24(language) ? "24" : "12")) === "24";
  const dateParam = q.get("date");
  const date = dateParam && DATE.test(dateParam) && Number.isFinite(Date.parse(dateParam)) ? dateParam : null;
  const monthParam = q.get("month");
  const askedMonth = monthParam && MONTH.test(monthParam) ? monthParam : date ? monthOf(date) : null;

  // Guest bookings never meet the free plan's cap (decision 038): only a used link stops the page.
  // A deactivated host (decision 068) takes no bookings: the page says so instead of the calendar.
  const taking = linkState !== "used" && !found.hostDeactivated;
  const shown = taking
    ? await openMonth(found, { month: askedMonth ?? monthOf(today), asked: askedMonth !== null, today, timeZone, now })
    : {
        month: askedMonth ?? monthOf(today),
        slots: {} as Record<string, string[]>,
        seatsLeft: {} as Record<string, number>,
        nextOpen: null,
      };
  const { month, slots } = shown;
  const days = Object.keys(slots).sort();
  // The day asked for, else the month's first open day.
  const selectedDate = date && monthOf(date) === month ? date : (days[0] ?? null);
  const slot = slotParam(q.get("slot"));
  const daySlots = selectedDate ? (slots[selectedDate] ?? []) : [];
  const chosen = slot ? (daySlots.find((s) => Date.parse(s) === Date.parse(slot)) ?? null) : null;
  const { eventType } = found;
  // The week view: the week (Monday first) of the day asked for, else of the chosen day.
  const weekView = q.get("view") === "week";
  const week =
    weekView && taking
      ? await (async () => {
          const anchor = date ?? selectedDate ?? today;
          const monday = addDays(anchor, -((new Date(`${anchor}T00:00:00Z`).getUTCDay() + 6) % 7));
          const found7 = await rangeSlots(found, { start: monday, end: addDays(monday, 6) }, timeZone, now);
          return {
            start: monday,
            days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)).map((d) => ({
              date: d,
              slots: found7.slots[d] ?? [],
            })),
            seatsLeft: found7.seatsLeft,
            prev: monday > today ? addDays(monday, -7) : null,
            next: addDays(monday, 7),
          };
        })()
      : null;
  const summary = chosen
    ? (() => {
        const start = Date.parse(chosen);
        const end = start + eventType.duration * 60_000;
        return {
          time: `${timeIn(start, timeZone, clock24, locale)} – ${timeIn(end, timeZone, clock24, locale)}`,
          date: new Intl.DateTimeFormat(locale, {
            timeZone,
            weekday: "long",
            month: "long",
            day: "numeric",
            year: "numeric",
          }).format(start),
          zone: zoneLabelAt(start, timeZone),
        };
      })()
    : null;
  // The photo and the logo (decision 117) in one round of queries: the page shows one of them.
  const [photoHash, logo] = await Promise.all([
    host.team ? null : photoHashOf(found.ownerId),
    pageLogo(host, found.ownerId),
  ]);
  const payload = {
    language,
    locale,
    /** The page's words in the guest's language: they travel as data, not in the page's JavaScript. */
    words: GUEST_WORDS[language],
    /** ?lang= as the guest gave it (a valid one): kept in every link of the page. */
    langParam: languageOf(q.get("lang")) ? (languageOf(q.get("lang")) as Language) : null,
    /** ?clock= as the guest gave it: kept in every link. */
    clockParam,
    host: {
      name: host.name,
      username: host.username,
      path: host.path,
      home: host.home,
      /** The host's photo (decision 095); a new one drops the host's pages from the page cache. */
      id: found.ownerId,
      photoHash,
      /** A team's page shows the team's logo instead (decision 112), its initials without one; a host's own logo (decision 117) takes the photo's place. */
      logo,
    },
    /** The host's or team's colour, and a paid host's pages without "Powered by" (decision 108). */
    ...(await pageLook(found.ownerId, host, q)),
    eventType: {
      slug: eventType.slug,
      title: eventType.title,
      duration: eventType.duration,
      /** Every length offered, the default first (decision 087); one means no choice. */
      durations: durationsOf(routed.eventType),
      defaultDuration: routed.eventType.duration,
      /** Bookable by link, listed nowhere (decision 087): search engines are asked to leave it out. */
      hidden: routed.eventType.hidden,
      description: eventType.description,
      location: placeNameIn(MAIL_WORDS[language], LOCATION_LABELS[eventType.location.type]),
      locationValue: eventType.location.type === "in-person" ? (eventType.location.value ?? null) : null,
      group: eventType.kind === "group",
      requiresApproval: eventType.requiresApproval && eventType.kind !== "group",
      /** A paid event type's price, formatted here so the page carries no money code (decisions 107, 120). */
      price:
        eventType.priceAmount !== null && eventType.priceCurrency !== null && isPayableKind(eventType.kind)
          ? formatMoney(eventType.priceAmount, eventType.priceCurrency)
          : null,
    },
    taking,
    // The series choice (decision 106): one-to-one without approval only.
    repeatMarkup:
      eventType.kind === "one-to-one" && !eventType.requiresApproval && routed.eventType.recurring
        ? repeatFieldsMarkup(routed.eventType.recurring, {}, [], { language, words: GUEST_WORDS[language] })
        : null,
    timeZone,
    zoneLabel: zoneLabelAt(selectedDate ? Date.parse(`${selectedDate}T12:00:00Z`) : now.getTime(), timeZone),
    /** The zone picker's options, packed (unpackTimeZones): a third of the JSON list's bytes. */
    timeZones: packedTimeZoneNames(),
    today,
    month,
    prevMonth: month > monthOf(today) ? shiftMonth(month, -1) : null,
    nextMonth: shiftMonth(month, 1),
    days,
    nextOpen: shown.nextOpen,
    date: selectedDate,
    daySlots,
    /** Group event types: places still open per slot of the day. */
    seatsLeft: Object.fromEntries(
      daySlots.filter((s) => shown.seatsLeft[s] !== undefined).map((s) => [s, shown.seatsLeft[s]]),
    ),
    slot: chosen,
    summary,
    slotGone: Boolean(slot && selectedDate && !chosen),
    /** The zone came from ?tz= (the guest chose it): the browser's own zone does not replace it. */
    tzChosen,
    clock24,
    week,
    /** The form's Idempotency-Key (decision 024): a double submit or a resubmit lands on one booking. */
    idempotencyKey: crypto.randomUUID(),
    embed: q.get("embed") === "1",
    /** An embed's theme and colour, kept in the frame's links (decision 112). */
    embedLook: embedLookParams(q),
    link: linkState === "open" ? link : null,
    routing: found.routingResponseId ?? null,
    linkUsed: linkState === "used",
    /** The host is deactivated (decision 068): the words travel from the server (the page's bundle loads no messages). */
    notTaking: found.hostDeactivated ? notTakingBookings(host.name) : null,
    /** The questions the form asks (the phone location's number first), decision 039. */
    questions: questionsToAsk(eventType),
    /**
     * The host's or team's workflows text guests of this event type (decisions 090, 109): ask for a
     * phone and consent; an event type that requires a phone asks for it, required.
     */
    sms: phoneFields(
      SMS_BOOKING_WORDS[language],
      await textsGuests(found.ownerId, found.eventType.id),
      found.eventType.requirePhone,
    ),
    /** `?name=&email=&notes=&a_<questionId>=`: the form's first values, kept from link to link. */
    prefill: prefillOf(q),
    /** The form's first values: the prefill, each question's answer from it or empty (made here, not in the page's scripts). */
    firstValues: (() => {
      const prefill = prefillOf(q);
      return {
        name: prefill.name ?? "",
        email: prefill.email ?? "",
        notes: prefill.notes ?? "",
        guests: ["", "", ""],
        answers: Object.fromEntries(
          questionsToAsk(eventType).map((question) => [
            question.id,
            prefill[answerFieldName(question.id)] ?? (question.type === "multiple_choice" ? [] : ""),
          ]),
        ),
      };
    })(),
    /** The link's source parameters (decision 079): in every link and the form's hidden fields. */
    utm: utmOf(q),
    /** A host calendar could not be read on its last try: the times come from the last good read (docs/decisions/035). */
    calendarsStale:
      taking && found.calendars !== false
        ? await hostCalendarsStale([found.ownerId, ...(found.eventType.hostIds ?? [])])
        : false,
    /**
     * "{Name} is away until {date}" while an absence covers now (decision 061): on the host's own
     * event types; a team's go on with the hosts who are in.
     */
    awayMarkup: await (async () => {
      if (eventType.kind !== "one-to-one" && eventType.kind !== "group") return null;
      const notice = await awayNotice(host.name || host.username, absences, now, timeZone, {
        slug: eventType.slug,
        embed: q.get("embed") === "1",
      });
      return notice ? awayNoticeMarkup(notice) : null;
    })(),
  };
  // A clock chosen here is remembered for the next booking pages (a year, this site only).
  return clockParam && clockParam !== clockKept
    ? data(payload, {
        headers: { "Set-Cookie": `${CLOCK_COOKIE}=${clockParam}; Path=/; Max-Age=31536000; SameSite=Lax` },
      })
    : payload;
}

export const meta: MetaFunction<typeof loader> = ({ data, location, error }) => {
  const off = offPageOf(error);
  if (off) return [{ title: `${off.title} | Scheduler` }];
  if (!data) return [{ title: "Page not found | Scheduler" }];
  const w = data.words;
  const names = { title: data.eventType.title, host: data.host.name, duration: data.eventType.duration };
  const title = fill(w.pageTitle, names);
  const description = fill(w.pageDescription, names);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Scheduler" },
    { property: "og:title", content: fill(w.socialTitle, names) },
    { property: "og:locale", content: data.locale.replace("-", "_") },
    { property: "og:description", content: description },
    { property: "og:url", content: location.pathname },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: fill(w.socialTitle, names) },
    { name: "twitter:description", content: description },
    // Times were rendered in a zone the page guessed: the root's hint script may mark them pending.
    ...(data.tzChosen ? [] : [{ name: TIME_ZONE_GUESS_META, content: data.timeZone }]),
    ...(data.embed || data.eventType.hidden ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

// The searchable zone picker replaces the native select only once scripts run, so its code is
// not needed to hydrate the page: it loads then, and the select stays until it has.
const TimeZonePicker = lazy(() =>
  import("~/components/booking/time-zone-picker").then((m) => ({ default: m.TimeZonePicker })),
);

/** The zone (searchable once scripts run; a select and a button without them) and the clock. */
function ZoneAndClock({ d, href, hydrated }: { d: PageData; href: (q: PageQuery) => string; hydrated: boolean }) {
  const zones = useMemo(() => unpackTimeZones(d.timeZones), [d.timeZones]);
  const navigate = useNavigate();
  const keep = { date: d.date ?? undefined, slot: d.slot ?? undefined };
  const nativePicker = (
    <Form method="get" className="space-y-2" preventScrollReset>
      <input type="hidden" name="month" value={d.month} />
      {d.date ? <input type="hidden" name="date" value={d.date} /> : null}
      {d.slot ? <input type="hidden" name="slot" value={d.slot} /> : null}
      {d.clockParam ? <input type="hidden" name="clock" value={d.clockParam} /> : null}
      {d.langParam ? <input type="hidden" name="lang" value={d.langParam} /> : null}
      {d.embed ? <input type="hidden" name="embed" value="1" /> : null}
      {Object.entries({ ...d.embedLook, ...d.utm }).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="tz" className="mb-1 flex items-center gap-1 text-sm font-medium text-neutral-800">
        <Globe className="h-4 w-4" aria-hidden /> {d.words.timeZone}
      </label>
      <div className="flex gap-2">
        <select
          id="tz"
          name="tz"
          defaultValue={d.timeZone}
          key={d.timeZone}
          className={`${inputClass} min-w-0 flex-1`}
          data-testid="time-zone"
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, " ")}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary">
          {d.words.apply}
        </Button>
      </div>
    </Form>
  );
  return (
    <div className="space-y-3">
      {hydrated ? (
        <Suspense fallback={nativePicker}>
          <TimeZonePicker
            zones={zones}
            value={d.timeZone}
            clock24={d.clock24}
            locale={d.locale}
            words={d.words}
            onChoose={(tz) => navigate(href({ ...keep, tz }), { preventScrollReset: true })}
          />
          {/* The chosen zone as the form value the native select carried. */}
          <input type="hidden" value={d.timeZone} data-testid="time-zone" readOnly />
        </Suspense>
      ) : (
        nativePicker
      )}
      <div
        role="group"
        aria-label={d.words.clock}
        className="inline-flex rounded-lg border border-neutral-300 p-0.5 text-sm"
      >
        {[
          { label: d.words.clock12, clock: "12" as const },
          { label: d.words.clock24, clock: "24" as const },
        ].map((c) => {
          const active = (c.clock === "24") === d.clock24;
          return (
            <Link
              key={c.label}
              to={href({ ...keep, clock: c.clock })}
              preventScrollReset
              replace
              aria-current={active ? "true" : undefined}
              className={`rounded-md px-3 py-1 font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${active ? "bg-accent text-white" : "text-neutral-700 hover:bg-neutral-100"}`}
            >
              {c.label}
            </Link>
          );
        })}
      </div>
    </div>
  );
}

/** Month calendar or week columns: two links, so it works without JavaScript too. */
function ViewSwitch({
  week,
  monthHref,
  weekHref,
  words,
}: {
  week: boolean;
  monthHref: string;
  weekHref: string;
  words: { view: string; viewMonth: string; viewWeek: string };
}) {
  const item = (active: boolean) =>
    `rounded-md px-3 py-1 font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${active ? "bg-accent text-white" : "text-neutral-700 hover:bg-neutral-100"}`;
  return (
    <div className="mb-4 flex justify-end">
      <div
        role="group"
        aria-label={words.view}
        className="inline-flex rounded-lg border border-neutral-300 p-0.5 text-sm"
      >
        <Link to={monthHref} preventScrollReset aria-current={week ? undefined : "true"} className={item(!week)}>
          {words.viewMonth}
        </Link>
        <Link
          to={weekHref}
          preventScrollReset
          aria-current={week ? "true" : undefined}
          className={item(week)}
          data-testid="week-view-link"
        >
          {words.viewWeek}
        </Link>
      </div>
    </div>
  );
}

function offPageOf(error: unknown): OffPage | null {
  const off = isRouteErrorResponse(error) ? (error.data as { off?: OffPage } | null)?.off : null;
  return off?.title ? off : null;
}

/** A switched-off event type says so (its words come from the server), with a way to the owner's other types. */
export function ErrorBoundary() {
  const off = offPageOf(useRouteError());
  if (!off) return <GeneralErrorBoundary />;
  return (
    <section className="mx-auto max-w-form px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold text-neutral-900">{off.title}</h1>
      <p className="mt-2 text-neutral-600">{off.body}</p>
      <Link to={off.home} className={buttonClass("primary", "mt-6")}>
        {off.link}
      </Link>
    </section>
  );
}

export default function BookingPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useIsPending();
  const hydrated = useHydrated();
  const base: PageQuery = {
    // Only a zone the guest chose rides in the links: a guessed one would pin itself on the next
    // click, before the browser's zone (decision 091) replaces it; the cookie carries that one.
    tz: d.tzChosen ? d.timeZone : undefined,
    clock: d.clockParam ?? undefined,
    lang: d.langParam ?? undefined,
    duration: d.eventType.duration !== d.eventType.defaultDuration ? String(d.eventType.duration) : undefined,
    view: d.week ? "week" : undefined,
    embed: d.embed ? "1" : undefined,
    ...d.embedLook,
    link: d.link ?? undefined,
    routing: d.routing ?? undefined,
    prefill: d.prefill,
    utm: d.utm,
  };
  const here = d.host.path;
  const href = (q: PageQuery) => pageHref(here, { ...base, month: d.month, ...q });
  const linkUsed = d.linkUsed || result?.status === "link-used";
  const showForm =
    !linkUsed &&
    !d.notTaking &&
    (d.slot !== null || result?.status === "invalid" || result?.status === "taken" || result?.status === "limited");
  const values = result?.values ?? d.firstValues;
  const errors: Record<string, string[] | undefined> = result?.errors ?? {};
  const w = d.words;

  // A first visit rendered in a guessed zone (decision 091): the root's hint script wrote the
  // browser's zone to the cookie and marked the page pending; the loader's data comes again in that
  // zone, with no document load. A browser that keeps no cookie (a third-party frame) gets ?tz=.
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const refetched = useRef(false);
  useEffect(() => {
    const root = document.documentElement;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zone = browserZone ? currentZoneName(browserZone) : null;
    if (d.tzChosen || result || !zone || zone === d.timeZone || !unpackTimeZones(d.timeZones).includes(zone)) {
      root.removeAttribute(TIME_ZONE_PENDING_ATTRIBUTE);
      return;
    }
    const kept = timeZoneHint(document.cookie);
    if (kept && currentZoneName(kept) === zone && !refetched.current) {
      refetched.current = true;
      revalidator.revalidate();
    } else if (!refetched.current) {
      navigate(
        pageHref(here, { ...base, tz: zone, month: d.month, date: d.date ?? undefined, slot: d.slot ?? undefined }),
        {
          replace: true,
          preventScrollReset: true,
        },
      );
    } else root.removeAttribute(TIME_ZONE_PENDING_ATTRIBUTE);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [d.tzChosen, d.timeZone]);
  // The data came back (in whatever zone the server chose): the times show. Only once the
  // revalidation has been seen loading: on the first render this effect runs right after the one
  // above asked for it, while the state it reads is still the render's "idle".
  const revalidating = useRef(false);
  useEffect(() => {
    if (revalidator.state === "loading") revalidating.current = true;
    else if (refetched.current && revalidating.current)
      document.documentElement.removeAttribute(TIME_ZONE_PENDING_ATTRIBUTE);
  }, [revalidator.state]);

  // A day picked: once its times are here, they get the focus (and come into view on a phone).
  const slotFocus = useSlotFocus(d.date);

  // A time chosen: the form's first field gets the focus.
  const lastSlot = useRef(d.slot);
  useEffect(() => {
    if (d.slot && d.slot !== lastSlot.current) document.getElementById(FIRST_FIELD_ID)?.focus();
    lastSlot.current = d.slot;
  }, [d.slot]);

  const pendingLoad = usePendingLocation();
  const loadingSearch = pendingLoad && pendingLoad.pathname === here ? new URLSearchParams(pendingLoad.search) : null;
  const pendingSlot = loadingSearch?.get("slot")?.replace(/ /g, "+") ?? null;
  const dayLoading = loadingSearch !== null && !pendingSlot;

  return (
    <section
      lang={d.language}
      {...d.brand}
      className={`mx-auto max-w-5xl px-4 sm:px-6 ${d.embed ? "py-4" : "py-6 sm:py-10"}`}
    >
      <div className="grid overflow-hidden rounded-xl border border-neutral-200 bg-surface shadow-sm md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <aside className="border-b border-neutral-200 p-6 md:border-b-0 md:border-r">
          {d.embed ? null : (
            <Link
              to={d.host.home}
              className="mb-4 inline-flex items-center gap-1 rounded text-sm text-brand-700 hover:underline"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden /> {w.allMeetingTypes}
            </Link>
          )}
          <div className="flex items-center gap-3">
            <HostAvatar
              name={d.host.name}
              username={d.host.username}
              userId={d.host.id}
              photoHash={d.host.photoHash}
              logo={d.host.logo}
            />
            <p className="font-medium text-neutral-700" data-testid="booking-host">
              {d.host.name}
            </p>
          </div>
          <h1 className="mt-4 text-2xl font-bold text-neutral-900">{d.eventType.title}</h1>
          <ul className="mt-3 space-y-2 text-sm text-neutral-700">
            {d.eventType.durations.length > 1 ? (
              <DurationPicker
                durations={d.eventType.durations}
                current={d.eventType.duration}
                hrefOf={(minutes) =>
                  href({
                    duration: minutes === d.eventType.defaultDuration ? undefined : String(minutes),
                    date: d.date ?? undefined,
                  })
                }
                label={w.duration}
                labelOf={(minutes) => fill(w.minutes, { duration: minutes })}
              />
            ) : (
              <li className="flex items-center gap-2">
                <Clock className="h-4 w-4 shrink-0" aria-hidden /> {fill(w.minutes, { duration: d.eventType.duration })}
              </li>
            )}
            <li className="flex items-center gap-2">
              <MapPin className="h-4 w-4 shrink-0" aria-hidden /> {d.eventType.location}
              {d.eventType.locationValue ? `: ${d.eventType.locationValue}` : ""}
            </li>
            {d.eventType.price ? (
              <li className="pl-6 font-medium" data-testid="event-price">
                {d.eventType.price}
              </li>
            ) : null}
            {d.eventType.requiresApproval ? (
              <li className="flex items-center gap-2" data-testid="requires-approval">
                <Hourglass className="h-4 w-4 shrink-0" aria-hidden />{" "}
                {fill(w.requiresConfirmation, { host: d.host.name })}
              </li>
            ) : null}
            {d.summary ? (
              <li className="flex items-start gap-2 font-semibold text-neutral-900" data-testid="chosen-slot">
                <CalendarDays className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <span>
                  {d.summary.time}, {d.summary.date}
                  <span className="block font-normal text-neutral-700">{d.summary.zone}</span>
                </span>
              </li>
            ) : null}
          </ul>
          {d.eventType.description ? (
            <p className="mt-4 whitespace-pre-line text-sm text-neutral-700">{d.eventType.description}</p>
          ) : null}
        </aside>

        {/* Hidden, its space kept, while the times are in a zone about to be replaced (decision 091). */}
        <div className="min-w-0 p-4 sm:p-6 [html[data-tz-pending]_&]:invisible" data-testid="booking-times">
          {d.notTaking ? (
            <div
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
              data-testid="not-taking-bookings"
            >
              <p className="font-semibold">{d.notTaking.title}</p>
              <p className="mt-1 text-sm">{d.notTaking.body}</p>
            </div>
          ) : linkUsed ? (
            <div
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
              data-testid="link-used"
            >
              <p className="font-semibold">{w.linkUsed}</p>
              <p className="mt-1 text-sm">{fill(w.linkUsedBody, { host: d.host.name })}</p>
            </div>
          ) : showForm ? (
            <BookingForm
              slot={d.slot}
              timeZone={d.timeZone}
              zoneLabel={d.summary?.zone ?? d.zoneLabel}
              idempotencyKey={d.idempotencyKey}
              clock24={d.clock24}
              language={d.language}
              locale={d.locale}
              words={w}
              group={d.eventType.group}
              questions={d.questions}
              sms={d.sms}
              link={d.link}
              routing={d.routing}
              utm={d.utm}
              requiresApproval={d.eventType.requiresApproval}
              repeatMarkup={(result as { repeatMarkup?: string | null } | undefined)?.repeatMarkup ?? d.repeatMarkup}
              duration={d.eventType.duration !== d.eventType.defaultDuration ? d.eventType.duration : null}
              taken={result?.status === "taken" ? { message: result.message, nextSlots: result.nextSlots } : null}
              values={values}
              errors={errors}
              submitting={submitting}
              back={href({ date: d.date ?? undefined })}
            />
          ) : (
            <>
              {d.awayMarkup ? <div dangerouslySetInnerHTML={{ __html: d.awayMarkup }} /> : null}
              <ViewSwitch
                week={d.week !== null}
                monthHref={href({ view: undefined, date: d.date ?? undefined })}
                weekHref={href({ view: "week", date: d.date ?? undefined })}
                words={w}
              />
              {d.calendarsStale ? (
                <p
                  className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
                  data-testid="availability-stale"
                >
                  {w.availabilityStale}
                </p>
              ) : null}
              {d.week ? (
                <div className="space-y-5">
                  <WeekView
                    week={d.week}
                    clock24={d.clock24}
                    language={d.language}
                    locale={d.locale}
                    words={w}
                    zoneLabel={d.zoneLabel}
                    pendingSlot={pendingSlot}
                    busy={dayLoading}
                    weekHref={(monday) => href({ month: monthOf(monday), date: monday })}
                    slotHref={(date, slot) => href({ month: monthOf(date), date, slot })}
                  />
                  <div className="border-t border-neutral-200 pt-4">
                    <ZoneAndClock d={d} href={href} hydrated={hydrated} />
                  </div>
                </div>
              ) : (
                <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,15rem)] lg:gap-8">
                  <div>
                    <MonthCalendar
                      month={d.month}
                      today={d.today}
                      selected={d.date}
                      openDays={d.days}
                      prevMonth={d.prevMonth}
                      nextMonth={d.nextMonth}
                      dayHref={(date) => href({ date })}
                      monthHref={(month) => href({ month })}
                      onPick={slotFocus.onPick}
                      locale={d.locale}
                      words={w}
                    />
                    {d.days.length === 0 ? (
                      <p className="mt-3 text-sm text-neutral-600" data-testid="no-open-times">
                        {d.nextOpen ? (
                          <>
                            {w.noOpenTimesNext}{" "}
                            <Link
                              to={href({ month: monthOf(d.nextOpen), date: d.nextOpen })}
                              className="font-medium text-brand-700 underline underline-offset-2"
                              preventScrollReset
                            >
                              {dateLabel(d.nextOpen, d.locale)}
                            </Link>
                          </>
                        ) : (
                          w.noOpenTimesAhead
                        )}
                      </p>
                    ) : null}
                    <div className="mt-5 border-t border-neutral-200 pt-4">
                      <ZoneAndClock d={d} href={href} hydrated={hydrated} />
                    </div>
                  </div>
                  <SlotPanel
                    ref={slotFocus.heading}
                    title={d.date ? dateLabel(d.date, d.locale) : w.pickADay}
                    busy={dayLoading}
                    note={
                      d.slotGone ? (
                        <p role="alert" className="mt-2 text-sm text-red-700">
                          {w.slotGone}
                        </p>
                      ) : null
                    }
                  >
                    {d.date ? (
                      d.daySlots.length > 0 ? (
                        <SlotList label={fill(w.openTimesOn, { date: dateLabel(d.date, d.locale), zone: d.zoneLabel })}>
                          {d.daySlots.map((s) => {
                            const left = d.seatsLeft[s];
                            const pending = pendingSlot !== null && Date.parse(pendingSlot) === Date.parse(s);
                            return (
                              <li key={s}>
                                <Link
                                  to={href({ date: d.date ?? undefined, slot: s })}
                                  preventScrollReset
                                  className={slotClass(pending)}
                                  aria-busy={pending || undefined}
                                  data-testid="slot"
                                >
                                  {slotLabel(s, d.clock24, d.locale)}
                                  {left !== undefined ? (
                                    <span
                                      className="flex items-center gap-1 text-xs font-normal text-neutral-700"
                                      data-testid="places-left"
                                    >
                                      <Users className="h-3.5 w-3.5" aria-hidden />
                                      {plural(d.language, w.placesLeft, left)}
                                    </span>
                                  ) : null}
                                </Link>
                              </li>
                            );
                          })}
                        </SlotList>
                      ) : (
                        <p className="mt-3 text-sm text-neutral-600">{w.noOpenTimesDay}</p>
                      )
                    ) : (
                      <p className="mt-3 text-sm text-neutral-600">{w.daysHighlighted}</p>
                    )}
                  </SlotPanel>
                </div>
              )}
            </>
          )}
        </div>
      </div>
      {d.paid ? null : <PoweredBy embed={d.embed} label={d.words.poweredBy} />}
    </section>
  );
}
