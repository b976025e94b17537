import { makeIcon } from "~/components/icon";
import bellRingDrawing from "lucide/dist/esm/icons/bell-ring.mjs";
import calendarClockDrawing from "lucide/dist/esm/icons/calendar-clock.mjs";
import checkDrawing from "lucide/dist/esm/icons/check.mjs";
import earthDrawing from "lucide/dist/esm/icons/earth.mjs";
import mailDrawing from "lucide/dist/esm/icons/mail.mjs";
import refreshCwDrawing from "lucide/dist/esm/icons/refresh-cw.mjs";
import smartphoneDrawing from "lucide/dist/esm/icons/smartphone.mjs";
import timerDrawing from "lucide/dist/esm/icons/timer.mjs";
import type { ReactNode } from "react";
import { MESSAGES } from "~/messages";
import { ENTRY, SectionHeader } from "./section-header";

const BellRing = makeIcon(bellRingDrawing, "bell-ring");
const CalendarClock = makeIcon(calendarClockDrawing, "calendar-clock");
const Check = makeIcon(checkDrawing, "check");
const Globe2 = makeIcon(earthDrawing, "earth");
const Mail = makeIcon(mailDrawing, "mail");
const RefreshCw = makeIcon(refreshCwDrawing, "refresh-cw");
const Smartphone = makeIcon(smartphoneDrawing, "smartphone");
const Timer = makeIcon(timerDrawing, "timer");

function Chip({
  icon,
  children,
  tone = "neutral",
}: {
  icon: ReactNode;
  children: ReactNode;
  tone?: "neutral" | "brand" | "green";
}) {
  const tones = {
    neutral: "border-neutral-200 bg-surface text-neutral-800",
    brand: "border-brand-200 bg-brand-50 text-brand-800",
    green: "border-green-200 bg-green-50 text-green-800",
  };
  return (
    <span
      className={`flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium shadow-sm ${tones[tone]}`}
    >
      {icon}
      {children}
    </span>
  );
}

/** Small drawn scenes beside each block; decorative. */
const PICTURES: Record<string, ReactNode> = {
  workflow: (
    <div className="flex flex-col gap-3">
      <Chip icon={<CalendarClock className="h-4 w-4" />} tone="brand">
        Demo call booked for Thursday 2:00pm
      </Chip>
      <Chip icon={<BellRing className="h-4 w-4" />}>Reminder sent 24 hours before</Chip>
      <Chip icon={<Mail className="h-4 w-4" />}>Follow-up sent after the call</Chip>
      <Chip icon={<Check className="h-4 w-4" />} tone="green">
        Nothing to do by hand
      </Chip>
    </div>
  ),
  onDemand: (
    <div className="flex flex-col gap-3">
      <Chip icon={<Smartphone className="h-4 w-4" />}>Guest opens your link on the train</Chip>
      <div className="grid grid-cols-3 gap-2">
        {["9:00", "11:30", "4:15"].map((t, i) => (
          <span
            key={t}
            className={`rounded-lg border px-3 py-2 text-center text-sm font-semibold ${
              i === 1 ? "border-accent bg-accent text-white" : "border-brand-200 bg-surface text-brand-700"
            }`}
          >
            {t}
          </span>
        ))}
      </div>
      <Chip icon={<RefreshCw className="h-4 w-4" />} tone="green">
        Plans changed? Rescheduled in one click
      </Chip>
    </div>
  ),
  courteous: (
    <div className="flex flex-col gap-3">
      <Chip icon={<Globe2 className="h-4 w-4" />} tone="brand">
        Times shown in the guest's own time zone
      </Chip>
      <Chip icon={<Timer className="h-4 w-4" />}>15 minutes of breathing room between meetings</Chip>
      <Chip icon={<Check className="h-4 w-4" />} tone="green">
        Guests choose, nobody chases
      </Chip>
    </div>
  ),
};

const BLOCKS = [
  {
    key: "workflow",
    eyebrow: "Workflow management",
    title: "Automate the busywork around every meeting",
    body: "Reminders go out before each event and follow-ups after it, automatically, so nobody forgets and nothing falls through the cracks.",
  },
  {
    key: "onDemand",
    eyebrow: "On-demand scheduling",
    title: "Let people book the moment they're ready",
    body: "Guests see your real availability and book in seconds, from any device. When plans change they reschedule themselves, which means fewer cancellations and no-shows.",
  },
  {
    key: "courteous",
    eyebrow: "The courteous approach",
    title: "A booking experience your guests will thank you for",
    body: "No e-mail ping-pong and no time-zone maths: guests pick what suits them, and you keep the breaks and limits that keep your day sane.",
  },
];

export function DoMore() {
  return (
    <section
      aria-labelledby="do-more-title"
      className="bg-surface [contain-intrinsic-size:auto_900px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-content px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeader
          id="do-more-title"
          eyebrow="Why Scheduler"
          title={MESSAGES.doMore}
          lead="Spend your time in meetings that matter, not on arranging them."
        />
        <div className="mt-14 space-y-16 lg:space-y-20">
          {BLOCKS.map((b, i) => (
            <article key={b.key} className="grid items-center gap-8 lg:grid-cols-2 lg:gap-16">
              <div className={`${ENTRY} ${i % 2 === 1 ? "lg:order-2" : ""}`}>
                <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{b.eyebrow}</p>
                <h3 className="mt-2 text-xl font-bold text-neutral-900 sm:text-2xl">{b.title}</h3>
                <p className="mt-3 text-neutral-600 sm:text-lg">{b.body}</p>
              </div>
              <div
                aria-hidden
                style={{ animationDelay: "200ms" }}
                className={`${ENTRY} rounded-2xl bg-gradient-to-br from-brand-50 via-surface to-neutral-50 p-6 ring-1 ring-neutral-200 sm:p-10`}
              >
                {PICTURES[b.key]}
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
