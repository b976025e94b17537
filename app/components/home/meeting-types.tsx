import { makeIcon } from "~/components/icon";
import combineDrawing from "lucide/dist/esm/icons/combine.mjs";
import refreshCwDrawing from "lucide/dist/esm/icons/refresh-cw.mjs";
import userDrawing from "lucide/dist/esm/icons/user.mjs";
import usersDrawing from "lucide/dist/esm/icons/users.mjs";
import { MESSAGES } from "~/messages";
import { ENTRY, SectionHeader } from "./section-header";

const Combine = makeIcon(combineDrawing, "combine");
const RefreshCw = makeIcon(refreshCwDrawing, "refresh-cw");
const User = makeIcon(userDrawing, "user");
const Users = makeIcon(usersDrawing, "users");

/** The four meeting types, all available (collective and round robin with a team). */
const TYPES = [
  {
    icon: User,
    title: "One-to-One",
    body: "One host, one guest: sales calls, interviews, coaching and office hours.",
    soon: false,
  },
  {
    icon: Users,
    title: "Group",
    body: "One host, several guests in the same slot: webinars, classes and workshops.",
    soon: false,
  },
  {
    icon: Combine,
    title: "Collective",
    body: "Several hosts, one guest: offers only the times when every host is free, for panel interviews.",
    soon: false,
  },
  {
    icon: RefreshCw,
    title: "Round Robin",
    body: "One link for a team: each booking goes to the next free host, shared out fairly.",
    soon: false,
  },
];

export function MeetingTypes() {
  return (
    <section
      aria-labelledby="meeting-types-title"
      className="bg-surface [contain-intrinsic-size:auto_900px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-content px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeader
          id="meeting-types-title"
          eyebrow="Meeting types"
          title={MESSAGES.meetingTypes}
          lead="From a quick chat to a team-wide interview loop, pick the kind of event that fits."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TYPES.map((type, i) => (
            <li
              key={type.title}
              style={{ animationDelay: `${120 * (i + 1)}ms` }}
              className={`${ENTRY} flex flex-col rounded-xl border p-6 ${
                type.soon ? "border-dashed border-neutral-300 bg-neutral-50" : "border-neutral-200 bg-surface shadow-sm"
              }`}
            >
              <div className="flex items-start justify-between gap-3">
                <span
                  className={`flex h-11 w-11 items-center justify-center rounded-lg ${
                    type.soon ? "bg-neutral-200 text-neutral-700" : "bg-brand-50 text-brand-700"
                  }`}
                >
                  <type.icon className="h-5 w-5" aria-hidden />
                </span>
                {type.soon ? (
                  <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
                    Coming soon
                  </span>
                ) : (
                  <span className="rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800">
                    Available
                  </span>
                )}
              </div>
              <h3 className="mt-5 text-lg font-semibold text-neutral-900">{type.title}</h3>
              <p className="mt-2 text-neutral-600">{type.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
