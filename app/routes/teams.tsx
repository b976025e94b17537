import { CtaBanner } from "~/components/cta-banner";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CalendarCheck2, Repeat2, UserRound, Users } from "~/components/icons";
import { buttonClass } from "~/components/ui/button";
import { useOptionalUser } from "~/root";
import { pageMeta } from "~/utils/page-meta";

/** An anonymous visitor's copy may come from the full-page cache (docs/decisions/032). */
export const handle = { pageCache: true };

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Teams | Scheduler",
    description:
      "Team scheduling with Scheduler: collective events where every host is free, and round robin that shares meetings fairly.",
    path: "/teams",
  });

/** An example working day, 9:00 to 17:00, one cell per hour. */
const HOURS = [9, 10, 11, 12, 13, 14, 15, 16];
const HOSTS: Array<{ name: string; free: number[] }> = [
  { name: "Ana", free: [9, 10, 11, 14, 15] },
  { name: "Ben", free: [10, 11, 12, 15, 16] },
  { name: "Chloe", free: [9, 10, 14, 15, 16] },
];
const COLLECTIVE = HOURS.filter((h) => HOSTS.every((host) => host.free.includes(h)));
const ROUND_ROBIN = HOURS.filter((h) => HOSTS.some((host) => host.free.includes(h)));

function hourLabel(h: number): string {
  return `${h > 12 ? h - 12 : h}${h >= 12 ? "pm" : "am"}`;
}

function Row({ label, free, strong }: { label: string; free: number[]; strong?: boolean }) {
  return (
    <div className="flex items-center gap-3">
      <span className={`w-16 shrink-0 text-xs ${strong ? "font-semibold text-neutral-900" : "text-neutral-600"}`}>
        {label}
      </span>
      <span className="grid flex-1 grid-cols-8 gap-1">
        {HOURS.map((h) => (
          <span
            key={h}
            className={`h-5 rounded ${free.includes(h) ? (strong ? "bg-accent" : "bg-brand-200") : "border border-dashed border-neutral-300 bg-surface"}`}
          />
        ))}
      </span>
    </div>
  );
}

/** Three hosts' free hours and what a guest is offered; the caption says the same in words. */
function Timeline({ resultLabel, result, caption }: { resultLabel: string; result: number[]; caption: string }) {
  return (
    <figure className="mt-6 rounded-lg border border-neutral-200 bg-neutral-50 p-4">
      <div aria-hidden="true" className="space-y-2">
        <div className="flex items-center gap-3">
          <span className="w-16 shrink-0" />
          <span className="grid flex-1 grid-cols-8 gap-1 text-center text-[10px] text-neutral-600 sm:text-xs">
            {HOURS.map((h) => (
              <span key={h}>
                {/* Phones get the bare hour so eight labels fit side by side. */}
                <span className="sm:hidden">{h > 12 ? h - 12 : h}</span>
                <span className="hidden sm:inline">{hourLabel(h)}</span>
              </span>
            ))}
          </span>
        </div>
        {HOSTS.map((host) => (
          <Row key={host.name} label={host.name} free={host.free} />
        ))}
        <div className="border-t border-neutral-200 pt-2">
          <Row label={resultLabel} free={result} strong />
        </div>
      </div>
      <figcaption className="mt-3 text-sm text-neutral-600">{caption}</figcaption>
    </figure>
  );
}

function Available() {
  return (
    <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-inset ring-green-600/20">
      Available
    </span>
  );
}

export default function Teams() {
  const user = useOptionalUser();
  const cta = user
    ? { to: "/dashboard", label: "Go to your dashboard" }
    : { to: "/signup", label: "Create your free account" };
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-surface">
        <div className="mx-auto max-w-content px-4 py-12 text-center sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Teams</p>
          <h1 className="mx-auto mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-neutral-900">
            Scheduling for teams
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-neutral-700">
            Put several hosts behind one booking link. Guests pick a time once; Scheduler works out who is free and who
            takes the meeting.
          </p>
          <Link to={cta.to} className={buttonClass("primary", "mt-8 px-6 py-3 text-base")}>
            {cta.label}
          </Link>
        </div>
      </section>

      <section aria-labelledby="kinds-heading" className="mx-auto max-w-content px-4 py-12 sm:px-6">
        <h2 id="kinds-heading" className="text-2xl font-bold text-neutral-900">
          Two ways to book a team
        </h2>
        <p className="mt-2 max-w-2xl text-neutral-600">
          Create a team on your dashboard&apos;s Teams page and invite teammates; once they accept, pick them as hosts
          of a Collective or Round Robin event type.
        </p>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <article
            aria-labelledby="collective-heading"
            className="rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm sm:p-8"
          >
            <div className="flex flex-wrap items-center gap-3">
              <Users className="h-5 w-5 text-brand-600" aria-hidden />
              <h3 id="collective-heading" className="text-lg font-semibold text-neutral-900">
                Collective
              </h3>
              <Available />
            </div>
            <p className="mt-3 text-neutral-700">
              <strong className="font-semibold text-neutral-900">All chosen hosts must be free.</strong> Guests only see
              the times when every host is available, and the meeting lands on everyone&apos;s schedule.
            </p>
            <p className="mt-2 text-sm text-neutral-600">
              For panel interviews, a sales call with an engineer along, or a kickoff with the whole account team.
            </p>
            <Timeline
              resultLabel="Offered"
              result={COLLECTIVE}
              caption={`Example: Ana, Ben and Chloe are all free only at ${COLLECTIVE.map(hourLabel).join(" and ")}, so those are the only times a guest can pick.`}
            />
          </article>

          <article
            aria-labelledby="round-robin-heading"
            className="rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm sm:p-8"
          >
            <div className="flex flex-wrap items-center gap-3">
              <Repeat2 className="h-5 w-5 text-brand-600" aria-hidden />
              <h3 id="round-robin-heading" className="text-lg font-semibold text-neutral-900">
                Round Robin
              </h3>
              <Available />
            </div>
            <p className="mt-3 text-neutral-700">
              <strong className="font-semibold text-neutral-900">Any one free host takes the meeting.</strong> Guests
              see every time at least one host is free, and each booking goes to a free host, assigned fairly so the
              work is shared.
            </p>
            <p className="mt-2 text-sm text-neutral-600">
              For demo requests, support calls and first interviews, where any teammate can help.
            </p>
            <Timeline
              resultLabel="Offered"
              result={ROUND_ROBIN}
              caption={`Example: someone is free at every hour except ${HOURS.filter((h) => !ROUND_ROBIN.includes(h))
                .map(hourLabel)
                .join(
                  ", ",
                )}, so a guest can pick any other hour; the free host who has had the fewest meetings lately gets it.`}
            />
          </article>
        </div>
      </section>

      <section aria-labelledby="today-heading" className="border-t border-neutral-200 bg-neutral-50">
        <div className="mx-auto grid max-w-content gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr] lg:items-center">
          <div>
            <h2 id="today-heading" className="text-2xl font-bold text-neutral-900">
              And each teammate on their own
            </h2>
            <p className="mt-2 text-neutral-600">
              Every teammate also keeps their own booking links with the one-host event types.
            </p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            <li className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm">
              <UserRound className="h-5 w-5 text-brand-600" aria-hidden />
              <h3 className="mt-3 font-semibold text-neutral-900">One-to-One</h3>
              <p className="mt-1 text-sm text-neutral-600">One host, one guest: intros, check-ins and interviews.</p>
            </li>
            <li className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm">
              <CalendarCheck2 className="h-5 w-5 text-brand-600" aria-hidden />
              <h3 className="mt-3 font-semibold text-neutral-900">Group</h3>
              <p className="mt-1 text-sm text-neutral-600">
                One host, several guests in the same slot: webinars, classes and demos.
              </p>
            </li>
          </ul>
        </div>
      </section>

      <CtaBanner
        title={user ? "Set up your booking links" : "Start scheduling for free"}
        body={
          user ? "Create event types and share them with your team." : "The Basic package is free, with no card needed."
        }
        to={cta.to}
        label={cta.label}
      />
    </>
  );
}
