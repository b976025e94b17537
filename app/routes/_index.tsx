import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { ControlField, ErrorList, Field, inputClass } from "~/components/forms";
import { CustomerReviews, GIVE_REVIEW_ID } from "~/components/home/customer-reviews";
import { DoMore } from "~/components/home/do-more";
import { GetStarted } from "~/components/home/get-started";
import { Hero } from "~/components/home/hero";
import { MeetingTypes } from "~/components/home/meeting-types";
import { PartnerMarquee } from "~/components/home/partner-marquee";
import { Solutions } from "~/components/home/solutions";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { MESSAGES } from "~/messages";
import { createReview, listRecentReviews } from "~/models/review.server";
import { useOptionalUser } from "~/root";
import { requirePermission, requireUser } from "~/utils/auth.server";
import { can } from "~/utils/permissions";
import { checkRateLimits, RATE_LIMITS } from "~/utils/rate-limit.server";
import { readFormData } from "~/utils/request.server";
import { ReviewSchema } from "~/schemas/review-form";
import { redirectWithSuccess } from "~/utils/toast.server";
import { useIsPending } from "~/utils/pending";
import { pageMeta } from "~/utils/page-meta";
import { maskEmail } from "~/components/home/review-format";

/** An anonymous visitor's copy may come from the full-page cache (docs/decisions/032). */
export const handle = { pageCache: true };

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Scheduler: easy meeting scheduling",
    description: "The fastest and easiest way to schedule any meeting or other collaboration: booking links, group sessions and team scheduling.",
    path: "/",
  });

/** How many reviews the carousel shows, newest first. */
const REVIEWS_SHOWN = 20;
/** Where the review modal closes to (and where a new review lands). */
const REVIEWS_URL = "/#reviews";

export async function loader({ request }: LoaderFunctionArgs) {
  const wantsReviewForm = new URL(request.url).searchParams.get("review") === "new";
  // Only the review form's URL needs the user here (the root loader has it for the page):
  // a visitor is sent to sign in and comes back to the open form; an admin sees the page.
  const reviewFormOpen = wantsReviewForm ? can(await requireUser(request), "review:create") : false;
  // Reviewers' addresses are not published: the browser only ever gets them masked.
  const reviews = (await listRecentReviews(REVIEWS_SHOWN)).map((r) => ({ ...r, email: maskEmail(r.email) }));
  return { reviews, reviewFormOpen };
}

export { retryAfterHeaders as headers } from "~/utils/rate-limit.server";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "review:create");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ReviewSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const limited = await checkRateLimits([[`review:user:${user.id}`, RATE_LIMITS.reviewPerUser]]);
  if (!limited.allowed) {
    return data(
      { result: submission.reply({ formErrors: [MESSAGES.tooManyAttempts] }) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  await createReview({ ...submission.value, userId: user.id, email: user.email });
  return redirectWithSuccess(REVIEWS_URL, MESSAGES.reviewAdded);
}

const RATINGS = [
  { value: 5, label: "5 - Excellent" },
  { value: 4, label: "4 - Good" },
  { value: 3, label: "3 - Average" },
  { value: 2, label: "2 - Poor" },
  { value: 1, label: "1 - Terrible" },
];

function ReviewForm({ user }: { user: { name: string; email: string } }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ formActionPrefix: "/?index" });
  const emailId = useId();
  const [form, fields] = useForm({
    id: "review",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ReviewSchema),
    defaultValue: { name: user.name },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewSchema }),
  });
  const select = getSelectProps(fields.rating);
  const textarea = getTextareaProps(fields.review);
  return (
    // Posts to the index route's action; `review=new` keeps the modal open when it answers
    // with errors (the page renders again at that URL, with or without JavaScript).
    <Form method="post" action="/?index&review=new" {...getFormProps(form)} className="space-y-4">
      <Field label="Name" inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", autoFocus: true }} errors={fields.name.errors} />
      <ControlField label="Email" id={emailId} hint="Reviews are posted with your account's e-mail, shown masked (like t***@example.com).">
        <input
          id={emailId}
          name="email"
          type="email"
          value={user.email}
          readOnly
          aria-describedby={`${emailId}-hint`}
          className={`${inputClass} read-only:cursor-default read-only:bg-neutral-100 read-only:text-neutral-700`}
        />
      </ControlField>
      <Field
        label="Image URL (optional)"
        hint="A link to your photo, starting with https://"
        inputProps={{ ...getInputProps(fields.imageUrl, { type: "url" }), placeholder: "https://", inputMode: "url" }}
        errors={fields.imageUrl.errors}
      />
      <ControlField label="Rating" id={fields.rating.id} errorId={fields.rating.errorId} errors={fields.rating.errors}>
        <select {...select} key={select.key} className={inputClass} defaultValue={fields.rating.initialValue ?? ""}>
          <option value="" disabled>
            {MESSAGES.ratingPlaceholder}
          </option>
          {RATINGS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </ControlField>
      <ControlField label="Review" id={fields.review.id} errorId={fields.review.errorId} errors={fields.review.errors} hint="Up to 2000 characters.">
        <textarea
          {...textarea}
          key={textarea.key}
          rows={5}
          aria-describedby={[textarea["aria-describedby"], `${fields.review.id}-hint`].filter(Boolean).join(" ")}
          className={`${inputClass} resize-y`}
        />
      </ControlField>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to={REVIEWS_URL} preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" pending={pending}>
          Submit
        </Button>
      </div>
    </Form>
  );
}

export default function Home() {
  const { reviews, reviewFormOpen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const user = useOptionalUser();
  const canReview = can(user, "review:create");
  // Open when the URL asks for it, and while a refused submission is being corrected.
  const modalOpen = Boolean(user && canReview && (reviewFormOpen || actionData));
  return (
    <>
      <Hero signedIn={Boolean(user)} />
      <GetStarted />
      <PartnerMarquee />
      <MeetingTypes />
      <Solutions />
      <DoMore />
      <CustomerReviews reviews={reviews} canReview={canReview}>
        {modalOpen && user ? (
          <Modal title={MESSAGES.giveReview} description="Tell others how scheduling with us went." closeTo={REVIEWS_URL} returnFocusTo={GIVE_REVIEW_ID}>
            <ReviewForm user={user} />
          </Modal>
        ) : null}
      </CustomerReviews>
    </>
  );
}
