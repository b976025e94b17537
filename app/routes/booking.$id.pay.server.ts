/**
 * The server-only names booking.$id.pay.tsx uses, through one module: the browser build keeps an
 * empty stand-in for each server module a route file names, and one other routes name too is a
 * chunk of its own the page requests (docs/decisions/122).
 */
export { redirect } from "@remix-run/node";
export { guestPageHeaders, guestZone } from "~/html/guest-booking.server";
export { paymentStepOf } from "~/models/booking-payment.server";
export { bookingPathOfEventType } from "~/models/event-type.server";
export { PaymentError } from "~/models/payment.server";
export { clientSecretOf } from "~/services/booking-charges.server";
export { env } from "~/server/env.server";
