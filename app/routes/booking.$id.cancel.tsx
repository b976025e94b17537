import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  bookingChangeOf,
  cancelBooking,
  cancelSeries,
  changeWordsOf,
  data,
  guestBookingOr404,
  guestPageHeaders,
  guestSpeech,
  policyRefusalText,
  policyView,
  readFormData,
  summaryOf,
} from "./booking.$id.cancel.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CircleCheck, Info } from "~/components/icons";
import { BookingSummary, GuestPage } from "~/components/booking-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { BOOKING_NOTES_MAX } from "~/schemas/booking-api";
import { PolicyNote } from "~/components/booking/policy-note";
import { isPlainText } from "~/schemas/input-rules";
import { fill } from "~/messages/languages";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/pending";
import { pageMeta } from "~/utils/page-meta";

/**
 * /booking/{id}/cancel?token=: the guest cancels from the link in their mail, without an account.
 * The POST takes the JSON API's own path (cancelBooking: status cancelled, SEQUENCE + 1, CANCEL
 * to guest and host, the host's notification; refused once the meeting has started).
 */

// Booking chrome: the page is the guest's, about the host's meeting (no site navbar or footer).
export const handle = { chrome: "booking" };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta({
    title: data?.words.cancelTitle ?? "Cancel your meeting | Scheduler",
    description: data?.words.cancelDescription ?? "Cancel a meeting you booked, and tell the host why if you like.",
  }),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export const headers = guestPageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking, zone } = await guestBookingOr404(request, params.id);
  // The language the guest booked in, or ?lang= (docs/decisions/099).
  const speech = guestSpeech(request, booking);
  return {
    language: speech.language,
    words: changeWordsOf(speech.language),
    summary: summaryOf(booking, zone, speech),
    // The refusal's text, when it applies (a started meeting, the event type's policy; decision 077),
    // from the server: the page's browser code does not load app/messages.
    policy: policyView(booking, "cancel", new Date(), speech.language),
    reasonRequired: booking.policy?.requireCancelReason ?? false,
    // The booking page in the same language (it keeps ?lang= in its own links).
    bookAgainPath:
      booking.bookAgainPath && speech.language !== "en"
        ? `${booking.bookAgainPath}?lang=${encodeURIComponent(speech.language)}`
        : booking.bookAgainPath,
    // A request the host has not answered (decision 040): nothing is in anyone's calendar yet.
    request: booking.request,
    // A recurring series' meeting (decision 106): this one, or every upcoming one.
    series: booking.series,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { booking, token } = await guestBookingOr404(request, params.id);
  const { language } = guestSpeech(request, booking);
  const w = changeWordsOf(language);
  const form = await readFormData(request);
  const reason = String(form.get("reason") ?? "").trim();
  if (reason.length > BOOKING_NOTES_MAX)
    return data({ cancelled: false, error: fill(w.reasonTooLong, { max: BOOKING_NOTES_MAX }) }, { status: 400 });
  if (!isPlainText(reason, true)) return data({ cancelled: false, error: w.reasonControlChars }, { status: 400 });
  if (booking.status === "cancelled") return { cancelled: false, error: null };
  if (form.get("scope") === "series" && booking.series) {
    const all = await cancelSeries({ id: booking.id, actor: { token }, reason: reason || undefined, now: new Date() });
    if (all.ok) return { cancelled: true, error: null, series: true };
    if (all.reason === "not-found") notFound();
    if (all.reason === "policy-refuses")
      return data(
        { cancelled: false, error: policyRefusalText(all.refusal, booking.hostName, language) },
        { status: all.refusal.rule === "reason-required" ? 400 : 409 },
      );
    if (all.reason === "meeting-started") return data({ cancelled: false, error: w.meetingStarted }, { status: 409 });
    return { cancelled: false, error: null };
  }
  const result = bookingChangeOf(
    await cancelBooking({
      id: booking.id,
      actor: { token },
      reason: reason || undefined,
      now: new Date(),
      bookingsOnly: true,
    }),
  );
  if (result.ok) return { cancelled: true, error: null };
  if (result.reason === "not-found") notFound();
  if (result.reason === "meeting-started") return data({ cancelled: false, error: w.meetingStarted }, { status: 409 });
  if (result.reason === "policy-refuses")
    return data(
      { cancelled: false, error: policyRefusalText(result.refusal, booking.hostName, language) },
      { status: result.refusal.rule === "reason-required" ? 400 : 409 },
    );
  // Cancelled in the meantime (another tab): the page shows it as already cancelled.
  return { cancelled: false, error: null };
}

export default function CancelBooking() {
  const {
    summary,
    policy,
    reasonRequired,
    bookAgainPath,
    request,
    words: w,
    language,
    series,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const isCancelled = summary.status === "cancelled";

  if (isCancelled) {
    const justNow = actionData?.cancelled === true;
    return (
      <GuestPage
        lang={language}
        poweredBy={w.poweredBy}
        eyebrow={w.yourBooking}
        heading={justNow ? w.cancelled : request ? w.requestAlreadyCancelled : w.meetingAlreadyCancelled}
      >
        <div role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          {justNow ? (
            <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          ) : (
            <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          )}
          <p>
            {justNow && actionData && "series" in actionData
              ? fill(w.seriesCancelledNow, { host: summary.hostName })
              : justNow
                ? fill(request ? w.requestCancelledNow : w.meetingCancelledNow, { host: summary.hostName })
                : request
                  ? w.requestCancelledEarlier
                  : w.meetingCancelledEarlier}
          </p>
        </div>
        <BookingSummary booking={summary} strike words={w} />
        {bookAgainPath ? (
          <Link to={bookAgainPath} className={buttonClass("primary", "w-full sm:w-auto")}>
            {w.bookAnotherTime}
          </Link>
        ) : null}
      </GuestPage>
    );
  }

  return (
    <GuestPage
      lang={language}
      poweredBy={w.poweredBy}
      eyebrow={w.yourBooking}
      heading={request ? w.cancelRequestQuestion : w.cancelMeetingQuestion}
    >
      <BookingSummary booking={summary} words={w} />
      {series ? (
        <p className="text-sm text-neutral-700" data-testid="series-note">
          {fill(w.seriesNote, { index: series.index, count: series.count })}
        </p>
      ) : null}
      <PolicyNote summary={policy.summary} refusal={policy.refusal} contact={policy.contact} />
      {policy.refusal ? null : (
        <Form method="post" replace className="space-y-5">
          <TextareaField
            label={w.reasonForCancelling}
            hint={fill(reasonRequired ? w.reasonRequiredHint : w.reasonOptionalHint, { host: summary.hostName })}
            textareaProps={{
              name: "reason",
              id: "reason",
              maxLength: BOOKING_NOTES_MAX,
              rows: 4,
              required: reasonRequired || undefined,
            }}
          />
          <ErrorList errors={[actionData?.error]} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" variant="danger" className="w-full sm:w-auto" pending={pending}>
              {series ? w.cancelMeeting : request ? w.cancelRequest : w.cancelMeeting}
            </Button>
            {series ? (
              <Button
                type="submit"
                name="scope"
                value="series"
                variant="secondary"
                className="w-full sm:w-auto"
                pending={pending}
              >
                {w.cancelAllUpcoming}
              </Button>
            ) : null}
          </div>
        </Form>
      )}
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
