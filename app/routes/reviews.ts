import { listRecentReviews } from "~/models/review.server";
import { apiRoute } from "~/utils/api-route.server";

/** GET /reviews: the reviews the home page shows, newest first, in the spec's field names. */
async function GET() {
  const reviews = await listRecentReviews();
  return Response.json(
    reviews.map((r) => ({ _id: r.id, imageUrl: r.imageUrl, rating: r.rating, name: r.name, email: r.email, review: r.review })),
  );
}

export const { loader, action } = apiRoute({ GET });
