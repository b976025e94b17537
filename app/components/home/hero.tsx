import { Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import arrowRightDrawing from "lucide/dist/esm/icons/arrow-right.mjs";
import badgeCheckDrawing from "lucide/dist/esm/icons/badge-check.mjs";
import calendarDaysDrawing from "lucide/dist/esm/icons/calendar-days.mjs";
import clockDrawing from "lucide/dist/esm/icons/clock.mjs";
import videoDrawing from "lucide/dist/esm/icons/video.mjs";
import { buttonClass } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { ENTRY } from "./section-header";

const ArrowRight = makeIcon(arrowRightDrawing, "arrow-right");
const BadgeCheck = makeIcon(badgeCheckDrawing, "badge-check");
const CalendarDays = makeIcon(calendarDaysDrawing, "calendar-days");
const Clock = makeIcon(clockDrawing, "clock");
const Video = makeIcon(videoDrawing, "video");

const DAYS = ["M", "T", "W", "T", "F", "S", "S"];
// A month whose 1st is a Tuesday (cell 0 is the Monday before); weekdays carry free times.
const CELLS = Array.from({ length: 35 }, (_, i) => i);
const CHOSEN_DAY = 11;
const SLOTS = ["9:00am", "9:30am", "10:30am", "1:00pm"];

/** A drawn booking page: decorative, so hidden from assistive technology. */
function BookingPreview() {
  return (
    <div aria-hidden className={`${ENTRY} [animation-delay:200ms] relative mx-auto w-full max-w-md lg:mx-0`}>
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-200/70 via-brand-100/40 to-transparent blur-2xl" />
      <div className="overflow-hidden rounded-2xl border border-neutral-200 bg-surface shadow-xl">
        <div className="flex items-center gap-3 border-b border-neutral-200 px-5 py-4">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-accent text-sm font-bold text-white">
            HH
          </span>
          <div>
            <p className="text-sm text-neutral-600">Hugo Host</p>
            <p className="font-semibold text-neutral-900">Intro call</p>
          </div>
          <div className="ml-auto flex flex-col items-end gap-1 text-xs text-neutral-600">
            <span className="flex items-center gap-1">
              <Clock className="h-3.5 w-3.5" /> 30 min
            </span>
            <span className="flex items-center gap-1">
              <Video className="h-3.5 w-3.5" /> Video call
            </span>
          </div>
        </div>
        <div className="grid gap-4 p-5 sm:grid-cols-[1fr_8rem]">
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold text-neutral-900">
              <CalendarDays className="h-4 w-4 text-brand-600" /> Select a day
            </p>
            <div className="mt-3 grid grid-cols-7 gap-1 text-center text-xs">
              {DAYS.map((d, i) => (
                <span key={i} className="py-1 font-medium text-neutral-600">
                  {d}
                </span>
              ))}
              {CELLS.map((day) => {
                const inMonth = day >= 1 && day <= 30;
                // Weekdays from the 8th on have free times (cell 5 and 6 of each row are the weekend).
                const open = inMonth && day >= 8 && day % 7 !== 5 && day % 7 !== 6;
                return (
                  <span
                    key={day}
                    className={`flex aspect-square items-center justify-center rounded-full ${
                      day === CHOSEN_DAY
                        ? "bg-accent font-bold text-white"
                        : open
                          ? "bg-brand-50 font-semibold text-brand-700"
                          : "text-neutral-500"
                    }`}
                  >
                    {inMonth ? day : ""}
                  </span>
                );
              })}
            </div>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-col">
            <p className="col-span-2 text-sm font-semibold text-neutral-900">Friday 11</p>
            {SLOTS.map((s, i) => (
              <span
                key={s}
                className={`rounded-lg border px-3 py-2 text-center text-sm font-semibold ${
                  i === 1 ? "border-accent bg-accent text-white" : "border-brand-200 text-brand-700"
                }`}
              >
                {s}
              </span>
            ))}
          </div>
        </div>
      </div>
      <div className="absolute -bottom-5 left-4 flex items-center gap-2 rounded-xl border border-neutral-200 bg-surface px-4 py-3 text-sm shadow-lg sm:left-auto sm:right-6">
        <BadgeCheck className="h-5 w-5 text-green-600" />
        <span className="font-semibold text-neutral-900">Booked!</span>
        <span className="text-neutral-600">Fri 9:30am</span>
      </div>
    </div>
  );
}

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="overflow-hidden bg-gradient-to-b from-brand-50 to-surface">
      <div className="mx-auto grid max-w-content items-center gap-14 px-4 pb-16 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24 lg:pt-24">
        <div className={`${ENTRY} text-center lg:text-left`}>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-neutral-900 sm:text-5xl">
            {MESSAGES.heroTitle}
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-neutral-700 lg:mx-0">{MESSAGES.heroLine}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <Link
              to={signedIn ? "/dashboard" : "/signup"}
              className={buttonClass("primary", "w-full px-6 py-3 text-base sm:w-auto")}
            >
              {MESSAGES.getStarted}
              <ArrowRight className="h-5 w-5" aria-hidden />
            </Link>
            <a href="#how-it-works" className={buttonClass("secondary", "w-full px-6 py-3 text-base sm:w-auto")}>
              See how it works
            </a>
          </div>
          <p className="mt-6 text-sm font-medium text-neutral-700">
            <BadgeCheck className="mr-1.5 inline h-5 w-5 align-[-0.3rem] text-brand-600" aria-hidden />
            {MESSAGES.usersWorldwide}
          </p>
        </div>
        <BookingPreview />
      </div>
    </section>
  );
}
