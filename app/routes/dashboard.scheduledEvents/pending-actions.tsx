import { Form, Link, useActionData } from "@remix-run/react";
import { Check, X } from "~/components/icons";
import { TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { hrefWith } from "~/components/admin-table";
import { SCHEDULED_EVENTS_MESSAGES as M } from "~/messages/profile";
import { BOOKING_NOTES_MAX } from "~/schemas/booking-api";
import { useIsPending } from "~/utils/pending";

/**
 * The Pending tab's answers (decision 040): Approve is one POST; Decline opens a modal that is a
 * URL (`?decline=<id>`) with an optional reason, so both work without JavaScript.
 */

const PATH = "/dashboard/scheduledEvents";

export function ApproveDecline({
  e,
  search,
}: {
  e: { id: string; eventName: string; when: { date: string } };
  search: string;
}) {
  const approving = useIsPending({ intent: "approve", state: "busy" });
  return (
    <div className="flex flex-wrap gap-2 pt-1 md:flex-col md:pt-0">
      <Form method="post" action={`${PATH}${search}`} preventScrollReset>
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="eventId" value={e.id} />
        <Button
          type="submit"
          className="px-3 py-2"
          disabled={approving}
          aria-label={`Approve ${e.eventName} on ${e.when.date}`}
        >
          <Check className="h-4 w-4" aria-hidden /> {M.approve}
        </Button>
      </Form>
      <Link
        to={`${PATH}${hrefWith(search, { decline: e.id, cancel: null, reschedule: null })}`}
        preventScrollReset
        id={`decline-${e.id}`}
        className={buttonClass("secondary", "px-3 py-2 text-red-700")}
        aria-label={`Decline ${e.eventName} on ${e.when.date}`}
      >
        <X className="h-4 w-4" aria-hidden /> {M.decline}
      </Link>
    </div>
  );
}

export function DeclineModal({
  declining,
  closeTo,
  search,
}: {
  declining: {
    id: string;
    eventName: string;
    when: { date: string; time: string; zone: string };
    status: string;
  } | null;
  closeTo: string;
  search: string;
}) {
  const actionData = useActionData<{ intent: string; error: string | null; reason?: string }>();
  const busy = useIsPending({ intent: "decline", state: "busy" });
  if (!declining) return null;
  const answer = actionData?.intent === "decline" ? actionData : null;
  const open = declining.status === "pending";
  return (
    <Modal
      title={M.declineTitle(declining.eventName)}
      description={`${declining.when.date}, ${declining.when.time} (${declining.when.zone})`}
      closeTo={closeTo}
      returnFocusTo={`decline-${declining.id}`}
    >
      <Form method="post" action={`${PATH}${search}`} preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="eventId" value={declining.id} />
        <p className="text-sm text-neutral-700">{M.declineBody}</p>
        {open ? (
          <TextareaField
            label={M.declineReasonLabel}
            hint={M.declineReasonHint}
            errors={answer?.error ? [answer.error] : undefined}
            textareaProps={{
              name: "reason",
              id: "decline-reason",
              rows: 3,
              maxLength: BOOKING_NOTES_MAX,
              defaultValue: answer?.reason ?? "",
            }}
          />
        ) : (
          <p className="text-sm font-medium text-amber-800">{M.notPending}</p>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
            {M.keepRequest}
          </Link>
          <Button type="submit" variant="danger" disabled={!open || busy} pending={busy}>
            {M.decline}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
