import type { DecisionResult } from "~/models/approval.server";
import { bookingJson } from "~/schemas/booking-api";
import { apiError } from "./api.server";

/** The JSON answer of an approve or decline (decision 040): 200 { booking }, 404 for anyone but its host, 409 not_pending. */
export function decisionAnswer(result: DecisionResult): Response {
  if (result.ok) return Response.json({ booking: bookingJson(result.booking) });
  if (result.reason === "not-found") return apiError(404, "not_found", "No such booking.");
  return apiError(
    409,
    "not_pending",
    "This booking is not waiting for approval (it was already approved, declined, cancelled, or its hold ran out).",
  );
}
