import { Form, Link, useActionData } from "@remix-run/react";
import { UserRoundCog } from "~/components/icons";
import { useId } from "react";
import {
  CellLabel,
  hrefWith,
  tableClass,
  TableHead,
  tbodyClass,
  tdClass,
  trClass,
  WhenText,
} from "~/components/admin-table";
import { ErrorList, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { REASSIGN_MESSAGES as R } from "~/messages/reassign";
import { useIsPending } from "~/utils/pending";

/**
 * Reassign (decision 060): a round-robin booking's host, or an owner or admin of its team, hands
 * it to another host of its event type or to the next in line. A modal that is a URL
 * (`?reassign=<id>`) with a plain form, so it works without JavaScript; the Upcoming tab also lists
 * the round-robin bookings of the teams the person runs, hosted by others.
 */

const PATH = "/dashboard/scheduledEvents";

type When = { date: string; time: string; zone: string };

export interface ReassignModalData {
  id: string;
  eventName: string;
  when: When;
  hostName: string;
  guestName: string;
  choices: Array<{ id: string; name: string; free: boolean }>;
  next: { id: string; name: string } | null;
  closed: string | null;
}

/** The Reassign link of a booking's row. */
export function ReassignLink({ e, search }: { e: { id: string; eventName: string; when: When }; search: string }) {
  return (
    <Link
      to={`${PATH}${hrefWith(search, { reassign: e.id, cancel: null, reschedule: null, decline: null, month: null, date: null, start: null })}`}
      preventScrollReset
      id={`reassign-${e.id}`}
      className={buttonClass("secondary", "px-3 py-2")}
      aria-label={`Reassign ${e.eventName} on ${e.when.date}`}
    >
      <UserRoundCog className="h-4 w-4" aria-hidden /> Reassign
    </Link>
  );
}

export function ReassignModal({
  reassigning,
  closeTo,
  search,
}: {
  reassigning: ReassignModalData | null;
  closeTo: string;
  search: string;
}) {
  const actionData = useActionData<{ intent: string; error: string | null; choice?: string }>();
  const busy = useIsPending({ intent: "reassign", state: "busy" });
  const selectId = useId();
  const errorId = useId();
  if (!reassigning) return null;
  const r = reassigning;
  const answer = actionData?.intent === "reassign" ? actionData : null;
  return (
    <Modal
      title={R.title(r.eventName)}
      description={`${r.when.date}, ${r.when.time} (${r.when.zone}) · ${r.guestName}`}
      closeTo={closeTo}
      returnFocusTo={`reassign-${r.id}`}
    >
      <Form method="post" action={`${PATH}${search}`} preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="reassign" />
        <input type="hidden" name="eventId" value={r.id} />
        <p className="text-sm text-neutral-700">{R.body}</p>
        <p className="text-sm font-medium text-neutral-900" data-testid="current-host">
          {R.currentHost(r.hostName)}
        </p>
        {r.closed ? (
          <p className="text-sm font-medium text-amber-800">{r.closed}</p>
        ) : (
          <div className="space-y-1">
            <label htmlFor={selectId} className="block text-sm font-medium text-neutral-800">
              {R.hostLabel}
            </label>
            <select
              id={selectId}
              name="host"
              defaultValue={answer?.choice ?? "next"}
              className={inputClass}
              aria-invalid={answer?.error ? true : undefined}
              aria-describedby={answer?.error ? errorId : undefined}
            >
              <option value="next">{R.nextInLine}</option>
              {r.choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.free ? c.name : `${c.name} (${R.busy})`}
                </option>
              ))}
            </select>
            <p className="text-xs text-neutral-600">{R.nextInLineHint(r.next?.name ?? null)}</p>
            <ErrorList id={errorId} errors={answer?.error ? [answer.error] : undefined} />
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
            {R.keep}
          </Link>
          <Button type="submit" disabled={Boolean(r.closed) || busy} pending={busy}>
            {R.confirm}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

export interface TeamBookingRow {
  id: string;
  eventName: string;
  startsAt: string;
  when: When;
  hostName: string;
  guestName: string;
  guestEmail: string;
}

/** The Upcoming tab's list of the round-robin bookings of the teams the person runs, hosted by others. */
export function TeamRoundRobinBookings({ rows, search }: { rows: TeamBookingRow[]; search: string }) {
  if (rows.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="team-round-robin">
      <h2 id="team-round-robin" className="text-lg font-semibold text-neutral-900">
        {R.teamHeading}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">{R.teamIntro}</p>
      <table className={tableClass}>
        <caption className="sr-only">{R.teamHeading}, soonest first</caption>
        <TableHead columns={["When", "Event", "Host", "Guest", { label: "Actions", className: "w-36" }]} />
        <tbody className={tbodyClass}>
          {rows.map((e) => (
            <tr key={e.id} className={trClass} data-testid="team-booking-row" data-id={e.id} data-name={e.eventName}>
              <td className={`${tdClass} text-neutral-900`}>
                <CellLabel>When</CellLabel>
                <WhenText startsAt={e.startsAt} when={e.when} emphasis />
              </td>
              <td className={tdClass}>
                <CellLabel>Event</CellLabel>
                <span className="block break-words font-medium text-neutral-900">{e.eventName}</span>
                <Link
                  to={`${PATH}/${e.id}/timeline`}
                  className="mt-1 inline-block text-xs font-medium text-brand-700 underline underline-offset-2"
                  aria-label={`Timeline of ${e.eventName} on ${e.when.date}`}
                >
                  Timeline
                </Link>
              </td>
              <td className={tdClass}>
                <CellLabel>Host</CellLabel>
                <span className="block break-words text-neutral-900" data-testid="team-booking-host">
                  {e.hostName}
                </span>
              </td>
              <td className={tdClass}>
                <CellLabel>Guest</CellLabel>
                <span className="block break-words text-neutral-900">{e.guestName}</span>
                <span className="block break-words text-xs text-neutral-600">{e.guestEmail}</span>
              </td>
              <td className={`${tdClass} pb-3`}>
                <CellLabel>Actions</CellLabel>
                <ReassignLink e={e} search={search} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
