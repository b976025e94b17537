import type { Params } from "@remix-run/react";
import { getGuestBooking } from "../models/booking.server";

/** The booking the token opens, under this host's username; else 404. */
export async function guestBookingOr404(params: Params, request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await getGuestBooking(params.id ?? "", token);
  if (!found || found.host.username !== (params.username ?? "").toLowerCase()) throw new Response("Not Found", { status: 404 });
  return { ...found, token };
}

