// The booking form's limits, without zod: the booking page's form shows them in the browser,
// and bookingBody (booking-api.ts) enforces them on the server.
export const BOOKING_NAME_MAX = 100;
export const BOOKING_NOTES_MAX = 2000;
export const BOOKING_GUESTS_MAX = 3;
