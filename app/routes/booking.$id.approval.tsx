import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  approveBooking,
  data,
  declineBooking,
  findByApprovalToken,
  guestPageHeaders,
  readFormData,
} from "./booking.$id.approval.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CircleCheck, Info } from "~/components/icons";
import { BookingSummary, GuestPage } from "~/components/booking-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, TextareaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { BOOKING_NOTES_MAX } from "~/schemas/booking-api";
import { controlCharMessage, isPlainText } from "~/schemas/input-rules";
import { formatInZone } from "~/scheduling/zoned-time";
import { pageMeta } from "~/utils/page-meta";
import { usePendingFormData } from "~/utils/pending";
import { notFound } from "~/utils/responses";

/**
 * /booking/{id}/approval?token=: the host's Approve / Decline links from the request mail
 * (decision 040), without signing in. Opening the link changes nothing (mail scanners open
 * links): the host presses Approve or Decline, which take the same path as Scheduled Events and
 * the JSON API. A wrong or missing token is the site's 404.
 */

export const handle = { chrome: "booking" };

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Booking request | Scheduler", description: "Approve or decline a booking request." }),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export const headers = guestPageHeaders;

const NOT_PENDING = "This request is no longer waiting: it was already answered, cancelled, or its hold ran out.";

async function requestOr404(request: Request, id: string | undefined) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const booking = await findByApprovalToken(id ?? "", token);
  if (!booking) notFound();
  return { booking, token };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requestOr404(request, params.id);
  const zone = booking.hostTimeZone;
  const start = formatInZone(booking.startsAt, zone);
  const end = formatInZone(booking.endsAt, zone);
  const by = booking.holdUntil ? formatInZone(booking.holdUntil, zone) : null;
  return {
    summary: {
      title: booking.eventName,
      hostName: booking.hostName,
      date: start.date,
      timeRange: `${start.time} – ${end.time}`,
      zone: `${zone.replace(/_/g, " ")} (${start.zoneName})`,
      status: booking.status,
    },
    guest: { name: booking.guestName ?? "", email: booking.guestEmail ?? "", notes: booking.notes },
    declined: booking.declinedAt !== null,
    answerBy: by ? `${by.date}, ${by.time}` : null,
    focusDecline: new URL(request.url).searchParams.get("decision") === "decline",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { booking, token } = await requestOr404(request, params.id);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const now = new Date();
  if (intent === "approve") {
    const result = await approveBooking({ id: booking.id, actor: { approvalToken: token }, now });
    return result.ok
      ? { done: "approved" as const, error: null }
      : data({ done: null, error: NOT_PENDING }, { status: 409 });
  }
  const reason = String(form.get("reason") ?? "").trim();
  if (reason.length > BOOKING_NOTES_MAX)
    return data({ done: null, error: `Use at most ${BOOKING_NOTES_MAX} characters.`, reason }, { status: 400 });
  if (!isPlainText(reason, true))
    return data({ done: null, error: controlCharMessage("The reason", true), reason }, { status: 400 });
  const result = await declineBooking({ id: booking.id, actor: { approvalToken: token }, reason, now });
  return result.ok
    ? { done: "declined" as const, error: null }
    : data({ done: null, error: NOT_PENDING, reason }, { status: 409 });
}

export default function BookingApproval() {
  const { summary, guest, declined, answerBy, focusDecline } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = usePendingFormData() !== null;
  const guestName = guest.name || guest.email;
  if (summary.status !== "pending") {
    const now = actionData?.done;
    const text =
      now === "approved"
        ? `Approved. ${guestName} got the invitation, and the meeting is on your schedule.`
        : now === "declined"
          ? `Declined. The time is free again and ${guestName} was told.`
          : declined
            ? "This request was declined (by you, or because it was not answered in time)."
            : summary.status === "confirmed"
              ? "This request was already approved."
              : "This booking was cancelled.";
    return (
      <GuestPage
        eyebrow="Booking request"
        heading={now === "approved" ? "Approved" : now === "declined" ? "Declined" : "Already answered"}
      >
        <div role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          {now ? (
            <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          ) : (
            <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          )}
          <p>{text}</p>
        </div>
        <BookingSummary booking={summary} strike={summary.status === "cancelled"} />
      </GuestPage>
    );
  }
  const reasonKept = actionData && "reason" in actionData ? String(actionData.reason ?? "") : "";
  return (
    <GuestPage eyebrow="Booking request" heading={`${guestName} asks for this time`}>
      <BookingSummary booking={summary} />
      <dl className="space-y-1 text-sm text-neutral-800">
        <div>
          <dt className="inline font-medium">Guest: </dt>
          <dd className="inline break-words">
            {guest.name} {guest.email ? `(${guest.email})` : ""}
          </dd>
        </div>
        {guest.notes ? (
          <div>
            <dt className="inline font-medium">Notes: </dt>
            <dd className="inline whitespace-pre-line break-words">{guest.notes}</dd>
          </div>
        ) : null}
      </dl>
      {answerBy ? (
        <p className="text-sm text-neutral-700">
          The time is held until {answerBy}; unanswered by then, the request is declined.
        </p>
      ) : null}
      <ErrorList errors={[actionData?.error ?? undefined]} />
      <Form method="post" replace>
        <input type="hidden" name="intent" value="approve" />
        <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
          Approve
        </Button>
      </Form>
      <Form method="post" replace className="space-y-4 border-t border-neutral-200 pt-5">
        <input type="hidden" name="intent" value="decline" />
        <TextareaField
          label="Reason for declining (optional)"
          hint={`${guestName} reads it in the e-mail.`}
          textareaProps={{
            name: "reason",
            id: "reason",
            maxLength: BOOKING_NOTES_MAX,
            rows: 3,
            defaultValue: reasonKept,
            autoFocus: focusDecline,
          }}
        />
        <Button type="submit" variant="danger" className="w-full sm:w-auto" disabled={busy}>
          Decline
        </Button>
      </Form>
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
