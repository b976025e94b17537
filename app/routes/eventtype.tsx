import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ArrowLeft, Repeat, User, Users, UsersRound } from "~/components/icons";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { requireEventCreator } from "./eventtype.server";

export const meta: MetaFunction = () => [{ title: "New Event Type | Scheduler" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireEventCreator(request);
  return null;
}

function KindCard({ icon, title, text, to }: { icon: ReactNode; title: string; text: string; to: string }) {
  return (
    <li className="flex flex-col rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
        <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      </div>
      <p className="mt-3 flex-1 text-sm text-neutral-600">{text}</p>
      <div className="mt-5">
        <Link to={to} className={buttonClass("primary", "w-full sm:w-auto")} aria-label={`Create a ${title} event`}>
          Create
        </Link>
      </div>
    </li>
  );
}

export default function EventTypeChooser() {
  return (
    <div className="mx-auto max-w-content px-4 py-8 sm:px-6 lg:py-12">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Link>
      <h1 className="mt-4 text-2xl font-bold text-neutral-900 sm:text-4xl">{MESSAGES.newEventType}</h1>
      <p className="mt-2 text-neutral-600">Choose what kind of meeting to create.</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2">
        <KindCard
          icon={<User className="h-5 w-5" aria-hidden />}
          title="One-to-One"
          text="One host with one invitee. Good for coffee chats, one-to-one interviews and customer calls."
          to="/one-to-one"
        />
        <KindCard
          icon={<Users className="h-5 w-5" aria-hidden />}
          title="Group"
          text="One host with up to four invitees. Good for webinars, online classes and team meetings."
          to="/group-meeting"
        />
        <KindCard
          icon={<UsersRound className="h-5 w-5" aria-hidden />}
          title="Collective"
          text="Several hosts meet one invitee at a time when all of them are free. Good for panel interviews."
          to="/dashboard/eventTypes/new?kind=collective"
        />
        <KindCard
          icon={<Repeat className="h-5 w-5" aria-hidden />}
          title="Round Robin"
          text="Invitees meet one host of a team, chosen fairly among those who are free. Good for sales demos."
          to="/dashboard/eventTypes/new?kind=round-robin"
        />
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
