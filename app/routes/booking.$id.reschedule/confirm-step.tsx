import { Form, Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import arrowDownDrawing from "lucide/dist/esm/icons/arrow-down.mjs";
import { GuestPage } from "~/components/booking-summary";
import { PolicyNote } from "~/components/booking/policy-note";
import { ErrorList, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { BOOKING_NOTES_MAX } from "~/schemas/booking-limits";
import { fill, plural } from "~/messages/languages";
import { useIsPending } from "~/utils/pending";
import type { RescheduleData } from "./route";
import { pageHref } from "./href";

const ArrowDown = makeIcon(arrowDownDrawing, "arrow-down");

type Times = { date: string; time: string; zone: string };

function TimesCard({
  label,
  times,
  minutes,
  muted,
  d,
}: {
  label: string;
  times: Times;
  minutes: number;
  muted?: boolean;
  d: RescheduleData;
}) {
  const w = d.words;
  return (
    <div
      className={`rounded-xl border p-4 ${muted ? "border-neutral-200 bg-neutral-50" : "border-brand-200 bg-brand-50"}`}
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-neutral-600">{label}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-neutral-600">{w.date}</dt>
        <dd
          className={`font-medium ${muted ? "text-neutral-700 line-through decoration-neutral-400" : "text-neutral-900"}`}
        >
          {times.date}
        </dd>
        <dt className="text-neutral-600">{w.time}</dt>
        <dd
          className={`font-medium ${muted ? "text-neutral-700 line-through decoration-neutral-400" : "text-neutral-900"}`}
        >
          {times.time}
        </dd>
        <dt className="text-neutral-600">{w.timeZone}</dt>
        <dd className="text-neutral-800">{times.zone}</dd>
        <dt className="text-neutral-600">{w.duration}</dt>
        <dd className="text-neutral-800">
          {plural(d.language, w.minutes, minutes, d.language === "en" ? { count: minutes } : {})}
        </dd>
      </dl>
    </div>
  );
}

/**
 * The second step: the old time and the new one side by side, an optional reason for the host,
 * the policy in plain words. Its POST is the only thing on the page that moves the booking.
 */
export function ConfirmStep({
  d,
  confirm,
  error,
  refused,
  reasonError,
  reason,
}: {
  d: RescheduleData;
  confirm: { start: string; old: Times; next: Times };
  error: string | null;
  /** The policy (or the start) refused the move: the way to the host is shown. */
  refused: boolean;
  reasonError: boolean;
  reason: string;
}) {
  const pending = useIsPending();
  const w = d.words;
  return (
    <GuestPage lang={d.language} poweredBy={w.poweredBy} eyebrow={w.yourBooking} heading={w.confirmHeading}>
      <p className="text-neutral-700">{fill(w.confirmIntro, { title: d.summary.title, host: d.summary.hostName })}</p>
      <div className="space-y-2" data-testid="reschedule-compare">
        <TimesCard label={w.now} times={confirm.old} minutes={d.minutes} muted d={d} />
        <ArrowDown className="mx-auto h-5 w-5 text-neutral-500" aria-hidden />
        <TimesCard label={w.new} times={confirm.next} minutes={d.minutes} d={d} />
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-700" data-testid="reschedule-policy">
        {d.policyLines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {refused ? (
        <PolicyNote summary={null} refusal={error} contact={d.policy.contact} />
      ) : error && !reasonError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          <ErrorList errors={[error]} />
        </div>
      ) : null}
      {refused ? null : (
        <Form method="post" replace className="space-y-5">
          <input type="hidden" name="start" value={confirm.start} />
          <TextareaField
            label={w.reasonForRescheduling}
            hint={fill(w.reasonOptionalHint, { host: d.summary.hostName })}
            textareaProps={{
              name: "reason",
              id: "reason",
              maxLength: BOOKING_NOTES_MAX,
              rows: 3,
              defaultValue: reason,
            }}
            errors={reasonError && error ? [error] : undefined}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" className="w-full sm:w-auto" pending={pending}>
              {w.confirmNewTime}
            </Button>
            <Link
              to={pageHref(d.token, { tz: d.tz, date: d.date, reason, lang: d.lang })}
              className={buttonClass("ghost", "w-full sm:w-auto")}
            >
              {w.pickAnotherTime}
            </Link>
          </div>
        </Form>
      )}
    </GuestPage>
  );
}
