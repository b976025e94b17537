import { makeIcon } from "~/components/icon";
import calendarCheck2Drawing from "lucide/dist/esm/icons/calendar-check-2.mjs";
import link2Drawing from "lucide/dist/esm/icons/link-2.mjs";
import slidersHorizontalDrawing from "lucide/dist/esm/icons/sliders-horizontal.mjs";
import { MESSAGES } from "~/messages";
import { ENTRY, SectionHeader } from "./section-header";

const CalendarCheck2 = makeIcon(calendarCheck2Drawing, "calendar-check-2");
const Link2 = makeIcon(link2Drawing, "link-2");
const SlidersHorizontal = makeIcon(slidersHorizontalDrawing, "sliders-horizontal");

const STEPS = [
  {
    icon: SlidersHorizontal,
    title: "Create simple rules",
    body: "Let people know when you're available to meet: your weekly hours, breaks between meetings and how far ahead guests may book.",
  },
  {
    icon: Link2,
    title: "Share your link",
    body: "Send guests your booking link by e-mail or chat, or embed it on your website.",
  },
  {
    icon: CalendarCheck2,
    title: "Get booked",
    body: "Guests pick a time that suits them and the event lands on your calendar, with reminders for everyone.",
  },
];

export function GetStarted() {
  return (
    <section id="how-it-works" aria-labelledby="get-started-title" className="scroll-mt-16">
      <div className="mx-auto max-w-content px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeader id="get-started-title" eyebrow="How it works" title={MESSAGES.easyToStart} />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              style={{ animationDelay: `${150 * (i + 1)}ms` }}
              className={`${ENTRY} relative rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm`}
            >
              <div className="flex items-center justify-between">
                <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <step.icon className="h-5 w-5" aria-hidden />
                </span>
                <span className="text-sm font-semibold text-neutral-500" aria-hidden>
                  0{i + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-neutral-900">{step.title}</h3>
              <p className="mt-2 text-neutral-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
