import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  confirmAttendance,
  data,
  findByReconfirmToken,
  guestPageHeaders,
  guestZone,
  RECONFIRM_MESSAGES,
} from "./booking.$id.confirm.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CircleCheck, Info } from "~/components/icons";
import { BookingSummary, GuestPage } from "~/components/booking-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import type { ReconfirmView } from "~/models/reconfirm.server";
import { formatInZone } from "~/scheduling/zoned-time";
import { pageMeta } from "~/utils/page-meta";
import { useIsPending } from "~/utils/pending";
import { notFound } from "~/utils/responses";

/**
 * /booking/{id}/confirm?token=: the guest's "Please confirm" link (decision 086), without an
 * account. Opening it changes nothing (mail scanners and link previews open links): the guest
 * presses the button, a plain form post, so it works without JavaScript. A wrong or missing token
 * (or one from before the booking was moved) is the site's 404.
 */

export const handle = { chrome: "booking" };

export const meta: MetaFunction = () => [
  ...pageMeta({
    title: "Confirm your meeting | Scheduler",
    description: "Confirm that you will come to your meeting.",
  }),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export const headers = guestPageHeaders;

async function bookingOr404(request: Request, id: string | undefined) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const booking = await findByReconfirmToken(id ?? "", token);
  if (!booking) notFound();
  return { booking, token };
}

function viewFor(request: Request, booking: ReconfirmView) {
  const zone = guestZone(request, booking);
  const start = formatInZone(booking.startsAt, zone);
  const end = formatInZone(booking.endsAt, zone);
  const by = booking.deadline ? formatInZone(booking.deadline, zone) : null;
  return {
    summary: {
      title: booking.title,
      hostName: booking.hostName,
      date: start.date,
      timeRange: `${start.time} – ${end.time}`,
      zone: `${zone.replace(/_/g, " ")} (${start.zoneName})`,
      status: booking.status,
    },
    state: booking.state,
    confirmBy: by ? `${by.date}, ${by.time}` : null,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await bookingOr404(request, params.id);
  return {
    ...viewFor(request, booking),
    texts: {
      button: RECONFIRM_MESSAGES.confirmButton,
      already: RECONFIRM_MESSAGES.alreadyConfirmed,
      cancelled: RECONFIRM_MESSAGES.cancelled,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { booking, token } = await bookingOr404(request, params.id);
  const result = await confirmAttendance({ id: booking.id, token, now: new Date() });
  if (!result.ok && result.reason === "not-found") notFound();
  if (!result.ok) return data({ message: RECONFIRM_MESSAGES.cancelled, done: false }, { status: 409 });
  return { message: result.already ? RECONFIRM_MESSAGES.alreadyConfirmed : RECONFIRM_MESSAGES.confirmed, done: true };
}

export default function ConfirmBooking() {
  const { summary, state, confirmBy, texts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const cancelled = summary.status === "cancelled";
  if (actionData || cancelled || state === "confirmed") {
    const message = actionData?.message ?? (cancelled ? texts.cancelled : texts.already);
    const good = !cancelled && (actionData?.done ?? true);
    return (
      <GuestPage eyebrow="Your booking" heading={cancelled ? "Cancelled" : "Confirmed"}>
        <div
          role="status"
          className={`flex gap-3 rounded-lg border p-4 ${good ? "border-green-200 bg-green-50 text-green-900" : "border-neutral-200 bg-neutral-50 text-neutral-900"}`}
        >
          {good ? (
            <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          ) : (
            <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          )}
          <p>{message}</p>
        </div>
        <BookingSummary booking={summary} strike={cancelled} />
      </GuestPage>
    );
  }
  return (
    <GuestPage eyebrow="Your booking" heading="Please confirm your meeting">
      <BookingSummary booking={summary} />
      <p className="text-sm text-neutral-800">
        {summary.hostName} asks every guest to confirm they are still coming.
        {confirmBy ? ` Confirm by ${confirmBy}: if it is not confirmed by then, the booking is cancelled.` : null}
      </p>
      <Form method="post" replace>
        <Button type="submit" className="w-full sm:w-auto" pending={pending}>
          {texts.button}
        </Button>
      </Form>
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
