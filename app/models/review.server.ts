import { desc } from "drizzle-orm";
import { reviews } from "../../db/schema";
import { getDb } from "~/server/db.server";
import { invalidatePublicPages, publicPageTag, sharedPublicData } from "~/server/page-cache.server";
import type { ReviewCardData } from "~/schemas/review-form";

/** The newest reviews first; the carousel shows at most `limit`. */
export async function listRecentReviews(limit = 20): Promise<ReviewCardData[]> {
  const db = await getDb();
  return db
    .select({
      id: reviews.id,
      name: reviews.name,
      email: reviews.email,
      imageUrl: reviews.imageUrl,
      rating: reviews.rating,
      review: reviews.review,
    })
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/**
 * The same for pages: the same for every visitor, so kept between requests until a new review
 * (or an erased reviewer) invalidates the home page's tag, at most PAGE_CACHE_TTL_SECONDS
 * (docs/decisions/043, 105). Callers must not change it.
 */
export function listRecentReviewsShared(limit = 20): Promise<ReviewCardData[]> {
  return sharedPublicData(`reviews:${limit}`, () => listRecentReviews(limit), { tags: [publicPageTag.home] });
}

/**
 * Stores a validated review. The e-mail is the author's account e-mail, passed in by the
 * caller from the session, never from the form.
 */
export async function createReview(input: {
  userId: string;
  email: string;
  name: string;
  imageUrl?: string;
  rating: number;
  review: string;
}): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db
    .insert(reviews)
    .values({
      userId: input.userId,
      email: input.email,
      name: input.name,
      imageUrl: input.imageUrl ?? "",
      rating: input.rating,
      review: input.review,
    })
    .returning({ id: reviews.id });
  invalidatePublicPages([publicPageTag.home]);
  return row;
}
