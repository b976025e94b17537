import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { ArrowLeft, CalendarDays, ChevronLeft, ChevronRight, Clock, Globe, MapPin } from "lucide-react";
import { ErrorList, Field, inputClass, TextareaField } from "~/components/forms";
import { HostAvatar } from "~/components/host-avatar";
import { Button, buttonClass } from "~/components/ui/button";
import { isTakingBookings, nextFreeSlots, type BookingSuccess } from "~/models/booking.server";
import { idempotencyClaim, IDEMPOTENCY_KEY_PATTERN, runIdempotent } from "~/models/idempotency.server";
import { isTeamKind } from "~/models/team-hosts.server";
import { getBookableEventTypeBySlug, getPublicHost, slotSearch } from "~/models/event-type.server";
import { SlotConfigError } from "~/scheduling/availability";
import { computeSlots } from "~/scheduling/slots";
import { todayIn } from "~/scheduling/zoned-time";
import { BOOKING_GUESTS_MAX, BOOKING_NAME_MAX, BOOKING_NOTES_MAX, bookingBody } from "~/utils/booking-api";
import { createBookingChange } from "~/services/bookings.server";
import { linkBase, SLOT_TAKEN_MESSAGE } from "~/utils/booking-api.server";
import { DATE, dateLabel, MONTH, monthLabel, monthOf, monthRange, monthWeeks, pageHref, shiftMonth, slotLabel, USERNAME_IN_URL, type PageQuery } from "~/utils/booking-page";
import { LOCATION_LABELS } from "~/utils/event-type-form";
import { checkRateLimits, clientIp, RATE_LIMITS, retryAfterHeaders } from "~/utils/rate-limit.server";
import { readFormData } from "~/utils/request.server";
import { isTimeZone, packedTimeZoneNames, timeZoneHint, unpackTimeZones } from "~/utils/time-zone";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";

/**
 * /{username}/{slug}: the booking page.
 * Everything is in the first HTML: the loader runs the shared slot search (slotSearch, the one
 * behind GET /api/slots and createBooking) once for the month in view. Month, day, zone, clock
 * and slot are query parameters and the booking is a form post, so it all works without
 * JavaScript. The action books through createBooking, exactly as POST /api/bookings does.
 */

/**
 * The calendar may come from the full-page cache for an anonymous visitor (docs/decisions/032);
 * the page with a chosen slot (the form, with its own Idempotency-Key) is always rendered.
 */
export const handle = { embeddable: true, pageCache: (url: URL) => !url.searchParams.has("slot") };

/**
 * The page carries a fresh Idempotency-Key per load (decision 024): no shared cache may hand one
 * to several guests. A 429's Retry-After reaches the document response too.
 */
export const headers: HeadersFunction = (args) => {
  const h = new Headers(retryAfterHeaders(args));
  h.set("Cache-Control", "private, no-cache");
  return h;
};

async function findPage(params: LoaderFunctionArgs["params"]) {
  const username = params.username ?? "";
  if (!USERNAME_IN_URL.test(username)) return null;
  const [host, found] = await Promise.all([getPublicHost(username), getBookableEventTypeBySlug(username, params.slug ?? "")]);
  return host && found ? { host, found } : null;
}

/** "+" in an offset arrives as a space when someone types the URL by hand. */
const slotParam = (value: string | null) => (value ? value.replace(/ /g, "+") : null);

export async function loader({ params, request }: LoaderFunctionArgs) {
  const page = await findPage(params);
  if (!page) notFound();
  const { host, found } = page;
  const url = new URL(request.url);
  const q = url.searchParams;
  const now = new Date();
  const tzParam = q.get("tz");
  const timeZone = tzParam && isTimeZone(tzParam) ? tzParam : (timeZoneHint(request.headers.get("cookie")) ?? (isTimeZone(host.timeZone) ? host.timeZone : "UTC"));
  const today = todayIn(timeZone, now);
  const dateParam = q.get("date");
  const date = dateParam && DATE.test(dateParam) && Number.isFinite(Date.parse(dateParam)) ? dateParam : null;
  const monthParam = q.get("month");
  const month = monthParam && MONTH.test(monthParam) ? monthParam : date ? monthOf(date) : monthOf(today);
  const selectedDate = date && monthOf(date) === month ? date : null;

  // Team event types: the slot search passes capped hosts by (decision 020).
  const taking = isTeamKind(found.eventType.kind) || (await isTakingBookings(found.ownerId, now));
  let slots: Record<string, string[]> = {};
  if (taking) {
    try {
      slots = computeSlots(await slotSearch(found, { range: monthRange(month), timeZone, now })).slots;
    } catch (error) {
      if (!(error instanceof SlotConfigError)) throw error;
    }
  }
  const slot = slotParam(q.get("slot"));
  const daySlots = selectedDate ? (slots[selectedDate] ?? []) : [];
  const chosen = slot ? (daySlots.find((s) => Date.parse(s) === Date.parse(slot)) ?? null) : null;
  const { eventType } = found;
  return {
    host: { name: host.name || host.username, username: host.username },
    eventType: {
      slug: eventType.slug,
      title: eventType.title,
      duration: eventType.duration,
      description: eventType.description,
      location: LOCATION_LABELS[eventType.location.type],
      locationValue: eventType.location.type === "in-person" ? (eventType.location.value ?? null) : null,
      group: eventType.kind === "group",
    },
    taking,
    timeZone,
    /** The zone picker's options, packed (unpackTimeZones): a third of the JSON list's bytes. */
    timeZones: packedTimeZoneNames(),
    today,
    month,
    prevMonth: month > monthOf(today) ? shiftMonth(month, -1) : null,
    nextMonth: shiftMonth(month, 1),
    days: Object.keys(slots).filter((d) => (slots[d]?.length ?? 0) > 0),
    date: selectedDate,
    daySlots,
    slot: chosen,
    slotGone: Boolean(slot && selectedDate && !chosen),
    /** The zone came from ?tz= (the guest chose it): the browser's own zone does not replace it. */
    tzChosen: Boolean(tzParam && isTimeZone(tzParam)),
    clock24: q.get("clock") === "24",
    /** The form's Idempotency-Key (decision 024): a double submit or a resubmit lands on one booking. */
    idempotencyKey: crypto.randomUUID(),
    embed: q.get("embed") === "1",
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.eventType.title} with ${data.host.name} | Scheduler` : "Page not found | Scheduler" },
  ...(data?.embed ? [{ name: "robots", content: "noindex" }] : []),
];

type Values = { name: string; email: string; notes: string; guests: string[] };

export async function action({ params, request }: ActionFunctionArgs) {
  const page = await findPage(params);
  if (!page) notFound();
  const { found, host } = page;
  const form = await readFormData(request);
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const values: Values = {
    name: text("name"),
    email: text("email"),
    notes: text("notes"),
    guests: [1, 2, 3].map((i) => text(`guest${i}`).trim()),
  };
  // Per client address, before anything else: a script trying addresses gets nowhere.
  const limited = await checkRateLimits([[`booking-form:ip:${clientIp(request)}`, RATE_LIMITS.bookingFormPerIp]]);
  if (!limited.allowed) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60);
    const message = `Too many booking attempts from your network. Try again in about ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    return data(
      { status: "limited" as const, errors: { form: [message] } as Record<string, string[]>, values, nextSlots: [] as string[] },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const guests = found.eventType.kind === "group" ? values.guests.filter(Boolean) : [];
  const start = slotParam(text("nextSlot") || text("slot")) ?? "";
  const parsed = bookingBody.safeParse({
    eventTypeId: found.eventType.id,
    start,
    name: values.name,
    email: values.email,
    timeZone: text("tz"),
    notes: values.notes ? values.notes : undefined,
    guests: guests.length > 0 ? guests : undefined,
  });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      (errors[key] ??= []).push(issue.message);
    }
    return data({ status: "invalid" as const, errors, values, nextSlots: [] as string[] }, { status: 400 });
  }
  const input = parsed.data;
  const now = new Date();
  // Every guest holds a token: a group event type's guest their own seat's (decision 021).
  const embed = new URL(request.url).searchParams.get("embed") === "1" ? "&embed=1" : "";
  const bookedUrl = (ok: BookingSuccess) => `/${host.username}/${found.eventType.slug}/booked/${ok.booking.id}?token=${encodeURIComponent(ok.token)}${embed}`;
  // The page's key (a hidden field): a second submit of the same form gets the first booking.
  const key = text("idempotencyKey");
  const claim = IDEMPOTENCY_KEY_PATTERN.test(key) ? idempotencyClaim(key, `booking form ${found.eventType.id}`, input) : null;
  const outcome = await runIdempotent(claim, (hooks) =>
    createBookingChange({
      request: { found, start: new Date(input.start), name: input.name, email: input.email, timeZone: input.timeZone, notes: input.notes, guests: input.guests },
      now,
      linkBase: linkBase(request),
      idempotency: hooks ? { hooks, answer: (ok) => ({ status: 302, body: { location: bookedUrl(ok) } }) } : undefined,
    }),
  );
  if (outcome.kind === "mismatch") {
    const errors = { form: ["This form was already used for another booking. Reload the page to book again."] };
    return data({ status: "invalid" as const, errors, values, nextSlots: [] as string[] }, { status: 422 });
  }
  if (outcome.kind === "replay") return redirect((outcome.answer.body as { location: string }).location);
  const result = outcome.value;
  if (result.ok) {
    return redirect(bookedUrl(result));
  }
  if (result.reason === "not-taking-bookings") return data({ status: "capped" as const, errors: {}, values, nextSlots: [] as string[] }, { status: 409 });
  const nextSlots = await nextFreeSlots(found, new Date(input.start), input.timeZone, now);
  return data({ status: "taken" as const, errors: {}, values, nextSlots }, { status: 409 });
}

const NOT_TAKING = "This host is not taking bookings right now.";

function Calendar({ d, base }: { d: ReturnType<typeof useLoaderData<typeof loader>>; base: PageQuery }) {
  const href = (q: PageQuery) => pageHref(`/${d.host.username}/${d.eventType.slug}`, { ...base, ...q });
  const open = new Set(d.days);
  return (
    <div>
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold text-neutral-900" data-testid="calendar-month">
          {monthLabel(d.month)}
        </h2>
        <div className="flex gap-1">
          {d.prevMonth ? (
            <Link to={href({ month: d.prevMonth })} className={buttonClass("ghost", "px-2.5")} aria-label="Previous month" preventScrollReset>
              <ChevronLeft className="h-5 w-5" aria-hidden />
            </Link>
          ) : (
            <span className="inline-flex items-center px-2.5 py-2.5 text-neutral-300" aria-hidden>
              <ChevronLeft className="h-5 w-5" />
            </span>
          )}
          <Link to={href({ month: d.nextMonth })} className={buttonClass("ghost", "px-2.5")} aria-label="Next month" preventScrollReset>
            <ChevronRight className="h-5 w-5" aria-hidden />
          </Link>
        </div>
      </div>
      <table className="mt-3 w-full table-fixed text-center text-sm" role="grid" aria-label={monthLabel(d.month)}>
        <thead>
          <tr className="text-xs font-medium uppercase text-neutral-600">
            {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((w) => (
              <th key={w} scope="col" className="pb-2 font-medium">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(d.month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => {
                if (!day) return <td key={j} />;
                const n = Number(day.slice(8));
                const isToday = day === d.today;
                const selected = day === d.date;
                const ring = isToday ? "ring-2 ring-inset ring-neutral-500" : "";
                return (
                  <td key={day} className="p-0.5">
                    {open.has(day) ? (
                      <Link
                        to={href({ month: d.month, date: day })}
                        preventScrollReset
                        data-testid="calendar-day"
                        data-date={day}
                        aria-label={`${dateLabel(day)}, times available`}
                        aria-current={selected ? "date" : undefined}
                        className={`mx-auto flex h-10 w-10 items-center justify-center rounded-full font-semibold sm:h-11 sm:w-11 ${
                          selected ? "bg-brand-600 text-white" : `bg-brand-50 text-brand-800 hover:bg-brand-100 ${ring}`
                        }`}
                      >
                        {n}
                      </Link>
                    ) : (
                      <span className={`mx-auto flex h-10 w-10 items-center justify-center rounded-full text-neutral-500 sm:h-11 sm:w-11 ${ring}`}>{n}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {d.days.length === 0 ? <p className="mt-3 text-sm text-neutral-600">No open times this month. Try the next month.</p> : null}
    </div>
  );
}

function ZonePicker({ d }: { d: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const zones = useMemo(() => unpackTimeZones(d.timeZones), [d.timeZones]);
  return (
    <Form method="get" className="space-y-2" preventScrollReset>
      <input type="hidden" name="month" value={d.month} />
      {d.date ? <input type="hidden" name="date" value={d.date} /> : null}
      {d.slot ? <input type="hidden" name="slot" value={d.slot} /> : null}
      {d.embed ? <input type="hidden" name="embed" value="1" /> : null}
      <div>
        <label htmlFor="tz" className="mb-1 flex items-center gap-1 text-sm font-medium text-neutral-800">
          <Globe className="h-4 w-4" aria-hidden /> Time zone
        </label>
        <select
          id="tz"
          name="tz"
          defaultValue={d.timeZone}
          key={d.timeZone}
          className={inputClass}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
          data-testid="time-zone"
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, " ")}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2">
        <select name="clock" defaultValue={d.clock24 ? "24" : ""} key={String(d.clock24)} aria-label="Clock" className={`${inputClass} flex-1`} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          <option value="">12h</option>
          <option value="24">24h</option>
        </select>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </div>
    </Form>
  );
}

export default function BookingPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useIsPending();
  const base: PageQuery = { tz: d.timeZone, clock: d.clock24 ? "24" : undefined, embed: d.embed ? "1" : undefined };
  const here = `/${d.host.username}/${d.eventType.slug}`;
  const href = (q: PageQuery) => pageHref(here, { ...base, month: d.month, ...q });
  const capped = !d.taking || result?.status === "capped";
  const showForm = !capped && (d.slot !== null || result?.status === "invalid" || result?.status === "taken" || result?.status === "limited");
  const values = result?.values ?? { name: "", email: "", notes: "", guests: ["", "", ""] };
  const errors: Record<string, string[] | undefined> = result?.errors ?? {};
  // A first visit has no tz cookie yet (the host's zone was used): switch to the browser's zone.
  const navigate = useNavigate();
  useEffect(() => {
    if (d.tzChosen || result) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== d.timeZone && unpackTimeZones(d.timeZones).includes(zone)) {
      navigate(pageHref(here, { ...base, tz: zone, month: d.month, date: d.date ?? undefined, slot: d.slot ?? undefined }), { replace: true, preventScrollReset: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [d.tzChosen, d.timeZone]);

  return (
    <section className={`mx-auto max-w-5xl px-4 sm:px-6 ${d.embed ? "py-4" : "py-8 sm:py-12"}`}>
      <div className="grid overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <aside className="border-b border-neutral-200 p-6 md:border-b-0 md:border-r">
          {d.embed ? null : (
            <Link to={`/${d.host.username}`} className="mb-4 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
              <ArrowLeft className="h-4 w-4" aria-hidden /> All meeting types
            </Link>
          )}
          <div className="flex items-center gap-3">
            <HostAvatar name={d.host.name} username={d.host.username} />
            <p className="font-medium text-neutral-700" data-testid="booking-host">
              {d.host.name}
            </p>
          </div>
          <h1 className="mt-4 text-2xl font-bold text-neutral-900">{d.eventType.title}</h1>
          <ul className="mt-3 space-y-2 text-sm text-neutral-700">
            <li className="flex items-center gap-2">
              <Clock className="h-4 w-4 shrink-0" aria-hidden /> {d.eventType.duration} min
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="h-4 w-4 shrink-0" aria-hidden /> {d.eventType.location}
              {d.eventType.locationValue ? `: ${d.eventType.locationValue}` : ""}
            </li>
            {d.slot ? (
              <li className="flex items-center gap-2 font-semibold text-neutral-900" data-testid="chosen-slot">
                <CalendarDays className="h-4 w-4 shrink-0" aria-hidden /> {slotLabel(d.slot, d.clock24)}, {dateLabel(d.slot.slice(0, 10))}
              </li>
            ) : null}
          </ul>
          {d.eventType.description ? <p className="mt-4 whitespace-pre-line text-sm text-neutral-700">{d.eventType.description}</p> : null}
        </aside>

        <div className="p-6">
          {capped ? (
            <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="not-taking">
              {NOT_TAKING}
            </div>
          ) : showForm ? (
            <BookingForm d={d} result={result} values={values} errors={errors} submitting={submitting} back={href({ date: d.date ?? undefined })} />
          ) : (
            <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,15rem)]">
              <Calendar d={d} base={base} />
              <div>
                <ZonePicker d={d} />
                <h2 className="mt-5 text-sm font-semibold text-neutral-900" data-testid="slots-heading">
                  {d.date ? dateLabel(d.date) : "Pick a day"}
                </h2>
                {d.slotGone ? (
                  <p role="alert" className="mt-2 text-sm text-red-700">
                    That time is no longer available. Pick another.
                  </p>
                ) : null}
                {d.date ? (
                  d.daySlots.length > 0 ? (
                    <ul className="mt-3 space-y-2" data-testid="slots">
                      {d.daySlots.map((s) => (
                        <li key={s}>
                          <Link
                            to={href({ date: d.date ?? undefined, slot: s })}
                            className="block rounded-lg border border-brand-600 px-4 py-2.5 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50"
                            data-testid="slot"
                          >
                            {slotLabel(s, d.clock24)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-3 text-sm text-neutral-600">No open times on this day.</p>
                  )
                ) : (
                  <p className="mt-3 text-sm text-neutral-600">Days with open times are highlighted.</p>
                )}
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

function BookingForm({
  d,
  result,
  values,
  errors,
  submitting,
  back,
}: {
  d: ReturnType<typeof useLoaderData<typeof loader>>;
  result: ReturnType<typeof useActionData<typeof action>>;
  values: Values;
  errors: Record<string, string[] | undefined>;
  submitting: boolean;
  back: string;
}) {
  const taken = result?.status === "taken";
  // After a lost race the chosen slot is gone from the loader's list; the form still posts it back.
  const slot = d.slot;
  return (
    <Form method="post" className="mx-auto max-w-md space-y-5" data-testid="booking-form">
      <Link to={back} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline" preventScrollReset>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to times
      </Link>
      <h2 className="text-lg font-semibold text-neutral-900">Enter details</h2>
      {taken ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="slot-taken">
          <p className="font-semibold">{SLOT_TAKEN_MESSAGE}</p>
          {result.nextSlots.length > 0 ? (
            <>
              <p className="mt-1">Book one of the next open times instead:</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {result.nextSlots.map((s) => (
                  <button
                    key={s}
                    type="submit"
                    name="nextSlot"
                    value={s}
                    className={buttonClass("secondary", "border-brand-600 text-brand-700")}
                    data-testid="next-slot"
                  >
                    {dateLabel(s.slice(0, 10)).replace(/,.*$/, "")} {slotLabel(s, d.clock24)}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className="mt-1">Go back and pick another time.</p>
          )}
        </div>
      ) : null}
      {slot ? <input type="hidden" name="slot" value={slot} /> : null}
      <input type="hidden" name="tz" value={d.timeZone} />
      <input type="hidden" name="idempotencyKey" value={d.idempotencyKey} />
      <p className="text-sm text-neutral-600">Times are in {d.timeZone.replace(/_/g, " ")}.</p>
      <Field
        label="Name"
        inputProps={{ name: "name", id: "booking-name", defaultValue: values.name, required: true, maxLength: BOOKING_NAME_MAX, autoComplete: "name" }}
        errors={errors.name}
      />
      <Field
        label="Email"
        inputProps={{ name: "email", id: "booking-email", type: "email", defaultValue: values.email, required: true, autoComplete: "email" }}
        errors={errors.email}
      />
      <TextareaField
        label="Notes"
        hint="Optional: anything that helps prepare the meeting."
        textareaProps={{ name: "notes", id: "booking-notes", defaultValue: values.notes, maxLength: BOOKING_NOTES_MAX, rows: 3 }}
        errors={errors.notes}
      />
      {d.eventType.group ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-neutral-800">Other guests (optional, up to {BOOKING_GUESTS_MAX})</legend>
          {[1, 2, 3].map((i) => (
            <Field
              key={i}
              label={`Guest ${i} email`}
              inputProps={{ name: `guest${i}`, id: `booking-guest${i}`, type: "email", defaultValue: values.guests[i - 1] ?? "" }}
            />
          ))}
          <ErrorList id="booking-guests-error" errors={errors.guests} />
        </fieldset>
      ) : null}
      <ErrorList errors={[...(errors.start ?? []), ...(errors.timeZone ?? []), ...(errors.form ?? [])]} />
      {slot && !taken ? (
        <Button type="submit" className="w-full" pending={submitting}>
          Schedule event
        </Button>
      ) : null}
    </Form>
  );
}
