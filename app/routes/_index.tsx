import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { CustomerReviews, GIVE_REVIEW_ID, REVIEWS_URL } from "~/components/home/customer-reviews";
import { DoMore } from "~/components/home/do-more";
import { GetStarted } from "~/components/home/get-started";
import { Hero } from "~/components/home/hero";
import { MeetingTypes } from "~/components/home/meeting-types";
import { PartnerMarquee } from "~/components/home/partner-marquee";
import { Solutions } from "~/components/home/solutions";
import { Modal } from "~/components/ui/modal";
import { useOptionalUser } from "~/root";
import { can } from "~/utils/permissions";
import { pageMeta } from "~/utils/page-meta";
import { maskEmail } from "~/components/home/review-format";
import { MESSAGES } from "~/messages";
import {
  giveReview,
  listRecentReviewsShared,
  publicPageTag,
  requireUser,
  tagPublicPage,
  welcomeFor,
} from "./_index.server";

// The form (and zod, for its checks in the browser) loads only when the review modal opens.
const ReviewForm = lazy(() => import("~/components/home/review-form"));

/**
 * An anonymous visitor's copy may come from the full-page cache (docs/decisions/032). The page
 * goes out without React (docs/decisions/045, 047), to visitors and to the signed in: nothing
 * done here needs it but the review form, so a page with the form open is the hydrated one.
 */
export const handle = {
  pageCache: true,
  staticPage: (data: unknown) => !(data as { reviewFormOpen?: boolean } | undefined)?.reviewFormOpen,
};

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Scheduler: easy meeting scheduling",
    description:
      "The fastest and easiest way to schedule any meeting or other collaboration: booking links, group sessions and team scheduling.",
    path: "/",
  });

/** How many reviews the carousel shows, newest first. */
const REVIEWS_SHOWN = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  tagPublicPage(context, [publicPageTag.home]);
  const wantsReviewForm = new URL(request.url).searchParams.get("review") === "new";
  // Only the review form's URL needs the user here (the root loader has it for the page):
  // a visitor is sent to sign in and comes back to the open form; an admin sees the page.
  const reviewFormOpen = wantsReviewForm ? can(await requireUser(request), "review:create") : false;
  // Reviewers' addresses are not published: the browser only ever gets them masked.
  const [recent, welcome] = await Promise.all([listRecentReviewsShared(REVIEWS_SHOWN), welcomeFor(request)]);
  const reviews = recent.map((r) => ({ ...r, email: maskEmail(r.email) }));
  return { reviews, reviewFormOpen, welcome };
}

export { headers } from "./_index.server";

export async function action({ request }: ActionFunctionArgs) {
  return giveReview(request, REVIEWS_URL);
}

export default function Home() {
  const { reviews, reviewFormOpen, welcome } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const user = useOptionalUser();
  const canReview = can(user, "review:create");
  // Open when the URL asks for it, and while a refused submission is being corrected.
  const modalOpen = Boolean(user && canReview && (reviewFormOpen || actionData));
  return (
    <>
      {welcome ? (
        <div
          className="mx-auto max-w-content px-4 pb-8 pt-8 sm:px-6"
          data-testid="welcome"
          dangerouslySetInnerHTML={{ __html: welcome }}
        />
      ) : null}
      <Hero signedIn={Boolean(user)} />
      <GetStarted />
      <PartnerMarquee />
      <MeetingTypes />
      <Solutions />
      <DoMore />
      <CustomerReviews reviews={reviews} canReview={canReview}>
        {modalOpen && user ? (
          <Modal
            title={MESSAGES.giveReview}
            description="Tell others how scheduling with us went."
            closeTo={REVIEWS_URL}
            returnFocusTo={GIVE_REVIEW_ID}
          >
            <Suspense fallback={null}>
              <ReviewForm user={user} lastResult={actionData?.result} />
            </Suspense>
          </Modal>
        ) : null}
      </CustomerReviews>
    </>
  );
}
