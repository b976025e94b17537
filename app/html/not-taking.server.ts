import { PEOPLE_MESSAGES } from "~/messages/people";

/**
 * What a deactivated host's pages say (decision 068), made on the server: the booking pages'
 * browser code loads no message module (tests/integration/js-budget.test.ts).
 */
export function notTakingBookings(name: string): { title: string; body: string } {
  return { title: PEOPLE_MESSAGES.notTakingBookings(name), body: PEOPLE_MESSAGES.notTakingBookingsBody };
}
