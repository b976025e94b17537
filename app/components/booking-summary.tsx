import { makeIcon } from "~/components/icon";
import calendarDaysDrawing from "lucide/dist/esm/icons/calendar-days.mjs";
import clock3Drawing from "lucide/dist/esm/icons/clock-3.mjs";
import earthDrawing from "lucide/dist/esm/icons/earth.mjs";
import userRoundDrawing from "lucide/dist/esm/icons/user-round.mjs";
import type { ReactNode } from "react";
import { PoweredBy } from "./powered-by";

const CalendarDays = makeIcon(calendarDaysDrawing, "calendar-days");
const Clock3 = makeIcon(clock3Drawing, "clock-3");
const Globe2 = makeIcon(earthDrawing, "earth");
const UserRound = makeIcon(userRoundDrawing, "user-round");

/** The booking as the guest sees it on the cancel and reschedule pages (texts already in the guest's zone). */
export interface BookingSummaryData {
  title: string;
  hostName: string;
  date: string;
  timeRange: string;
  zone: string;
  status: "confirmed" | "cancelled" | "pending" | "awaiting_payment";
}

/** The summary's labels in the guest's language (docs/decisions/099); English when not given. */
export interface SummaryWords {
  host: string;
  date: string;
  time: string;
  timeZone: string;
  statusPending: string;
  statusCancelled: string;
  statusConfirmed: string;
}

const ENGLISH: SummaryWords = {
  host: "Host",
  date: "Date",
  time: "Time",
  timeZone: "Time zone",
  statusPending: "Awaiting approval",
  statusCancelled: "Cancelled",
  statusConfirmed: "Confirmed",
};

export function StatusBadge({
  status,
  words = ENGLISH,
}: {
  status: BookingSummaryData["status"];
  words?: SummaryWords;
}) {
  if (status === "awaiting_payment")
    return (
      <span className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-200">
        Awaiting payment
      </span>
    );
  if (status === "pending")
    return (
      <span className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-200">
        {words.statusPending}
      </span>
    );
  return status === "cancelled" ? (
    <span className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-inset ring-red-200">
      {words.statusCancelled}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-inset ring-green-200">
      {words.statusConfirmed}
    </span>
  );
}

export function BookingSummary({
  booking,
  strike = false,
  words = ENGLISH,
}: {
  booking: BookingSummaryData;
  strike?: boolean;
  words?: SummaryWords;
}) {
  const rows: { icon: typeof CalendarDays; label: string; value: ReactNode }[] = [
    { icon: UserRound, label: words.host, value: booking.hostName },
    { icon: CalendarDays, label: words.date, value: booking.date },
    { icon: Clock3, label: words.time, value: booking.timeRange },
    { icon: Globe2, label: words.timeZone, value: booking.zone },
  ];
  return (
    <div className="rounded-xl border border-neutral-200 bg-neutral-50 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className={`text-lg font-semibold text-neutral-900 ${strike ? "line-through decoration-neutral-400" : ""}`}>
          {booking.title}
        </h2>
        <StatusBadge status={booking.status} words={words} />
      </div>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="flex items-start gap-3">
            <dt className="flex items-center text-neutral-500">
              <r.icon className="h-5 w-5" aria-hidden />
              <span className="sr-only">{r.label}</span>
            </dt>
            <dd className={`text-neutral-800 ${strike ? "line-through decoration-neutral-400" : ""}`}>{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The page frame both guest pages share: a centred card under a small heading. */
export function GuestPage({
  eyebrow,
  heading,
  children,
  wide = false,
  lang,
  poweredBy,
}: {
  eyebrow: string;
  heading: string;
  children: ReactNode;
  wide?: boolean;
  /** The language the page speaks, when not the site's English (docs/decisions/099). */
  lang?: string;
  /** "Powered by" in that language. */
  poweredBy?: string;
}) {
  return (
    <section lang={lang} className="bg-gradient-to-b from-brand-50 to-surface">
      <div className={`mx-auto px-4 py-10 sm:px-6 sm:py-16 ${wide ? "max-w-3xl" : "max-w-form"}`}>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">{heading}</h1>
        <div className="mt-6 space-y-6 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-8">
          {children}
        </div>
        {/* The page has the booking chrome (handle.chrome "booking"): no site navbar or footer. */}
        <PoweredBy label={poweredBy} />
      </div>
    </section>
  );
}
