import { makeIcon } from "~/components/icon";
import briefcaseBusinessDrawing from "lucide/dist/esm/icons/briefcase-business.mjs";
import chartLineDrawing from "lucide/dist/esm/icons/chart-line.mjs";
import chevronDownDrawing from "lucide/dist/esm/icons/chevron-down.mjs";
import heartHandshakeDrawing from "lucide/dist/esm/icons/heart-handshake.mjs";
import megaphoneDrawing from "lucide/dist/esm/icons/megaphone.mjs";
import monitorCogDrawing from "lucide/dist/esm/icons/monitor-cog.mjs";
import trendingUpDrawing from "lucide/dist/esm/icons/trending-up.mjs";
import { MESSAGES } from "~/messages";
import { ENTRY, SectionHeader } from "./section-header";

const BriefcaseBusiness = makeIcon(briefcaseBusinessDrawing, "briefcase-business");
const ChartLine = makeIcon(chartLineDrawing, "chart-line");
const ChevronDown = makeIcon(chevronDownDrawing, "chevron-down");
const HeartHandshake = makeIcon(heartHandshakeDrawing, "heart-handshake");
const Megaphone = makeIcon(megaphoneDrawing, "megaphone");
const MonitorCog = makeIcon(monitorCogDrawing, "monitor-cog");
const TrendingUp = makeIcon(trendingUpDrawing, "trending-up");

/** The teams the landing page markets to, each with a "Learn more" disclosure. */
const SOLUTIONS = [
  {
    icon: TrendingUp,
    title: "Sales",
    body: "Book more demos and close deals faster: prospects pick a time the moment they are interested.",
    more: [
      "Booking links in every e-mail signature",
      "Buffers so calls never run back to back",
      "Reminders that cut no-shows",
    ],
  },
  {
    icon: Megaphone,
    title: "Marketing",
    body: "Turn campaign traffic into conversations with booking right on your landing pages.",
    more: ["Embed a booking page on any website", "Group sessions for webinars and demos", "No back-and-forth e-mails"],
  },
  {
    icon: HeartHandshake,
    title: "Customer Success",
    body: "Make onboarding calls, check-ins and renewals easy to book for every customer.",
    more: ["One link for every check-in", "Time zones handled for global customers", "Follow-ups sent after each call"],
  },
  {
    icon: ChartLine,
    title: "Revenue Operations",
    body: "Get leads to the right people quickly and keep the pipeline moving.",
    more: [
      "Shared rules across the whole team",
      "Daily limits to spread meetings out",
      "Every booking visible in one place",
    ],
  },
  {
    icon: BriefcaseBusiness,
    title: "Recruiting",
    body: "Let candidates choose interview times themselves and fill roles faster.",
    more: [
      "Interview slots that respect your hours",
      "Candidates reschedule without an e-mail thread",
      "Group events for assessment days",
    ],
  },
  {
    icon: MonitorCog,
    title: "IT",
    body: "Roll out one secure scheduling tool with roles, admin controls and calendar sync.",
    more: ["Admins manage users and packages", "Sign-in with e-mail or Google", "Permissions enforced on the server"],
  },
];

export function Solutions() {
  return (
    <section
      aria-labelledby="solutions-title"
      className="bg-neutral-50 [contain-intrinsic-size:auto_900px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-content px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeader
          id="solutions-title"
          eyebrow="Solutions"
          title={MESSAGES.rightProduct}
          lead="Whatever your team does, the people you work with book the right time in a few clicks."
        />
        <ul className="mt-12 grid items-start gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SOLUTIONS.map((s, i) => (
            <li
              key={s.title}
              style={{ animationDelay: `${100 * (i + 1)}ms` }}
              className={`${ENTRY} rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm transition-shadow duration-200 hover:shadow-md`}
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <s.icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-neutral-900">{s.title}</h3>
              <p className="mt-2 text-neutral-600">{s.body}</p>
              <details className="group/more mt-4">
                <summary className="inline-flex cursor-pointer items-center gap-1 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline">
                  {MESSAGES.learnMore}
                  <span className="sr-only"> about {s.title}</span>
                  <ChevronDown
                    className="h-4 w-4 transition-transform duration-200 group-open/more:rotate-180"
                    aria-hidden
                  />
                </summary>
                <ul className="mt-3 space-y-2 border-t border-neutral-100 pt-3">
                  {s.more.map((m) => (
                    <li key={m} className="flex gap-2 text-sm text-neutral-700">
                      <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-accent" aria-hidden />
                      {m}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
