import { listRecentReviews } from "~/models/review.server";
import { methodNotAllowed } from "~/utils/api.server";

/** GET /reviews: the reviews the home page shows, newest first, in the spec's field names. */
export async function loader() {
  const reviews = await listRecentReviews();
  return Response.json(
    reviews.map((r) => ({ _id: r.id, imageUrl: r.imageUrl, rating: r.rating, name: r.name, email: r.email, review: r.review })),
  );
}

export function action() {
  return methodNotAllowed(["GET"]);
}
