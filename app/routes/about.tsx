import { CtaBanner } from "~/components/cta-banner";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CalendarClock, Globe2, ShieldCheck } from "~/components/icons";
import { pageMeta } from "~/utils/page-meta";

/** An anonymous visitor's copy may come from the full-page cache (docs/decisions/032). */
export const handle = { pageCache: true };

export const meta: MetaFunction = () =>
  pageMeta({
    title: "About | Scheduler",
    description: "Why we build Scheduler, how it works, and the six people behind it.",
    path: "/about",
  });

interface TeamMember {
  name: string;
  role: string;
  bio: string;
  /** A dark fill, so the white initials keep AA contrast. */
  avatarClass: string;
  /** They have no destinations: these are shown as text, not links. */
  social: string[];
}

const TEAM: TeamMember[] = [
  {
    name: "Amara Nwosu",
    role: "Co-founder & CEO",
    bio: "Spent years booking customer calls by e-mail ping-pong before deciding one link should do.",
    avatarClass: "fill-brand-700",
    social: ["LinkedIn", "X"],
  },
  {
    name: "Daniel Reyes",
    role: "Co-founder & CTO",
    bio: "Owns the availability engine: time zones, buffers and the rule that nothing is ever booked twice.",
    avatarClass: "fill-emerald-700",
    social: ["GitHub", "LinkedIn"],
  },
  {
    name: "Sofia Lindqvist",
    role: "Head of Design",
    bio: "Makes the booking page calm and quick on a phone, for guests who have never seen it before.",
    avatarClass: "fill-rose-700",
    social: ["Dribbble", "LinkedIn"],
  },
  {
    name: "Arjun Mehta",
    role: "Lead Engineer",
    bio: "Builds events, reminders and follow-ups, and keeps every page fast and server-rendered.",
    avatarClass: "fill-sky-700",
    social: ["GitHub", "X"],
  },
  {
    name: "Hannah Brooks",
    role: "Customer Success Lead",
    bio: "Helps sales, recruiting and support teams set up their first booking links.",
    avatarClass: "fill-amber-700",
    social: ["LinkedIn", "X"],
  },
  {
    name: "Kenji Sato",
    role: "Accessibility & Quality",
    bio: "Checks every screen with a keyboard and a screen reader before it ships.",
    avatarClass: "fill-violet-700",
    social: ["GitHub", "LinkedIn"],
  },
];

const PRINCIPLES = [
  {
    icon: CalendarClock,
    title: "One link, real availability",
    body: "Guests only ever see times that are actually free, after your buffers, notice and daily limits.",
  },
  {
    icon: Globe2,
    title: "Every time zone, handled",
    body: "Your hours live in your zone; each guest sees the same slots in theirs, daylight saving included.",
  },
  {
    icon: ShieldCheck,
    title: "Never double-booked",
    body: "The database itself refuses overlapping events, so two guests can't take the same slot at once.",
  },
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** A drawn avatar: a coloured disc with the person's initials (decorative; the name is beside it). */
function Avatar({ member }: { member: TeamMember }) {
  return (
    <svg viewBox="0 0 64 64" className="h-16 w-16 shrink-0" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="32" className={member.avatarClass} />
      <circle cx="32" cy="32" r="29" fill="none" stroke="white" strokeOpacity="0.25" strokeWidth="2" />
      <text
        x="32"
        y="32"
        dy="0.35em"
        textAnchor="middle"
        fill="white"
        fontSize="22"
        fontWeight="700"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
      >
        {initials(member.name)}
      </text>
    </svg>
  );
}

export default function About() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-surface">
        <div className="mx-auto max-w-content px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">About us</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-neutral-900">
            Meetings should take one message to set up, not ten.
          </h1>
        </div>
      </section>

      <section
        aria-labelledby="story-heading"
        className="mx-auto grid max-w-content gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[3fr_2fr] lg:gap-16"
      >
        <div className="max-w-prose space-y-4 text-neutral-700">
          <h2 id="story-heading" className="text-2xl font-bold text-neutral-900">
            Our story
          </h2>
          <p>
            Scheduler began with a familiar problem: finding a time for a half-hour call took a dozen e-mails, and
            someone always ended up an hour early because of a time zone. So we built the tool we wanted. A host says
            once when they are free, with weekly hours and exceptions for holidays and busy days, and shares a single
            booking link.
          </p>
          <p>
            Guests open the link, see only the times that really work, in their own time zone, and pick one. The event
            lands on the host&apos;s schedule, both sides get a confirmation with a calendar file, and reminders go out
            before the meeting so fewer people forget or cancel.
          </p>
          <p>
            We build for the people who meet the most: sales and customer success teams, recruiters, marketers, IT and
            revenue operations. One-on-one and group events work today, and{" "}
            <Link to="/teams" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              team scheduling
            </Link>{" "}
            is on its way.
          </p>
          <p>
            The Basic package is free for everyone and covers three upcoming events. If you need more, the{" "}
            <Link to="/pricing" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              monthly packages
            </Link>{" "}
            lift the limit and add calendars and notifications.
          </p>
        </div>
        <ul className="space-y-4" aria-label="What we care about">
          {PRINCIPLES.map((p) => (
            <li key={p.title} className="flex gap-4 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm">
              <p.icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
              <div>
                <h3 className="font-semibold text-neutral-900">{p.title}</h3>
                <p className="mt-1 text-sm text-neutral-600">{p.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team-heading" className="border-t border-neutral-200 bg-neutral-50">
        <div className="mx-auto max-w-content px-4 py-12 sm:px-6 sm:py-16">
          <h2 id="team-heading" className="text-2xl font-bold text-neutral-900">
            Meet the team
          </h2>
          <p className="mt-2 max-w-2xl text-neutral-600">
            Six people who would rather you spent your time in the meeting than arranging it.
          </p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {TEAM.map((m) => (
              <li
                key={m.name}
                data-testid="team-member"
                className="flex flex-col rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm"
              >
                <div className="flex items-center gap-4">
                  <Avatar member={m} />
                  <div className="min-w-0">
                    <h3 className="font-semibold text-neutral-900">{m.name}</h3>
                    <p className="text-sm text-brand-700">{m.role}</p>
                  </div>
                </div>
                <p className="mt-4 flex-1 text-sm text-neutral-600">{m.bio}</p>
                <ul
                  className="mt-4 flex flex-wrap items-center gap-2 text-xs font-medium"
                  aria-label={`${m.name} elsewhere`}
                >
                  {m.social.map((s) => (
                    <li key={s} className="rounded-full bg-neutral-100 px-2.5 py-1 text-neutral-700">
                      <span className="sr-only">{m.name} on </span>
                      {s}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBanner
        title="Questions for us?"
        body="Write to our sales team about plans, teams or anything else."
        to="/contact"
        label="Contact us"
      />
    </>
  );
}
