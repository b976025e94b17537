// The slot search's limits, in a module of their own: form rules that run in the browser
// quote them without loading the slot engine (and its date library).
export const MAX_RANGE_DAYS = 62;
export const MAX_BOOKING_WINDOW_DAYS = 730;
