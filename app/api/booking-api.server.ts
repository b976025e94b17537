import { type z } from "zod";
import { MESSAGES } from "~/messages";
import { policyRefusalText } from "~/messages/policies";
import { type BookingActor, type ChangeResult } from "~/models/booking.server";
import { linksFor } from "~/services/booking-mail.server";
import { readQuery } from "./admin-api.server";
import { apiError, readJson, requireApiUser } from "./api.server";
import { bookingJson, bookingTokenQuery } from "~/schemas/booking-api";
import { linkBase } from "~/utils/request.server";

/** The booking routes' shared plumbing (decision 018). */

export function bookingLinks(request: Request, id: string, token: string | null) {
  return linksFor(linkBase(request), id, token);
}

/** The holder of `?token=`, else the authenticated host (401 for neither). */
export async function bookingActor(request: Request): Promise<BookingActor> {
  const { token } = await readQuery(request, bookingTokenQuery);
  if (token) return { token };
  const user = await requireApiUser(request);
  return { hostId: user.id };
}

/** A JSON body that may be left out entirely (no body, no content type): then `{}` is validated. */
export async function readOptionalJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const hasBody =
    request.headers.get("content-type") ||
    Number(request.headers.get("content-length") ?? 0) > 0 ||
    request.headers.get("transfer-encoding");
  return hasBody ? readJson(request, schema) : schema.parseAsync({});
}

/** A booking's `host` in the JSON answers (decision 060): a round-robin booking's is the host it was assigned to. */
export function hostJson(hostId: string, host: { name: string; email: string }) {
  return { userId: hostId, name: host.name, email: host.email };
}

/** The JSON answer for a cancel or reschedule already done (and mailed). */
export function changeAnswer(result: ChangeResult): Response {
  if (result.ok)
    return Response.json({
      booking: bookingJson(result.booking, undefined, hostJson(result.booking.hostId, result.host)),
    });
  switch (result.reason) {
    case "not-found":
      return apiError(404, "not_found", "No such booking.");
    case "already-cancelled":
      return apiError(409, "already_cancelled", "This booking is already cancelled.");
    case "meeting-started":
      return apiError(409, "meeting_started", MESSAGES.meetingStarted);
    case "policy-refuses": {
      // The event type's policy refuses the guest (decision 077); the host's own paths are never refused.
      const message = policyRefusalText(result.refusal, "The host");
      return apiError(
        409,
        "policy_refuses",
        message,
        result.refusal.rule === "reason-required" ? { reason: [message] } : undefined,
      );
    }
    case "slot-full":
      return apiError(409, "slot_full", MESSAGES.slotTaken);
    default:
      return apiError(409, "slot_unavailable", MESSAGES.slotTaken);
  }
}
