import { Form } from "@remix-run/react";
import { PEOPLE_MESSAGES as P } from "~/messages/people";
import { Button } from "~/components/ui/button";

export interface HeldBookingsData {
  id: string;
  who: string;
  bookings: Array<{ id: string; eventName: string; startsAt: string; guest: string; roundRobin: boolean }>;
}

/**
 * A deactivated person's upcoming bookings on Manage User (decision 068): each handed to the next
 * in line (round robin) or cancelled, the guest told either way. Plain forms: no JavaScript needed.
 */
export function HeldBookings({ held, action, timeZone }: { held: HeldBookingsData; action: string; timeZone: string }) {
  const when = (iso: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <section
      aria-labelledby="held-heading"
      className="mt-8 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:p-6"
      data-testid="held-bookings"
    >
      <h2 id="held-heading" className="text-lg font-semibold text-neutral-900">
        {P.heldHeading(held.who)}
      </h2>
      <p className="mt-1 text-sm text-neutral-600">{P.heldIntro}</p>
      {held.bookings.length === 0 ? (
        <p className="mt-4 text-sm text-neutral-700">{P.heldEmpty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200">
          {held.bookings.map((b) => (
            <li
              key={b.id}
              className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="held-booking"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-neutral-900">{b.eventName}</p>
                <p className="text-sm text-neutral-600">
                  {when(b.startsAt)} · {b.guest}
                </p>
              </div>
              <div className="flex flex-col gap-2 sm:flex-row">
                {b.roundRobin ? (
                  <Form method="post" action={action} preventScrollReset>
                    <input type="hidden" name="intent" value="handover" />
                    <input type="hidden" name="bookingId" value={b.id} />
                    <Button type="submit" variant="secondary" className="w-full px-3 py-2 sm:w-auto">
                      {P.reassignNext}
                    </Button>
                  </Form>
                ) : null}
                <Form method="post" action={action} preventScrollReset>
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="bookingId" value={b.id} />
                  <Button type="submit" variant="danger" className="w-full px-3 py-2 sm:w-auto">
                    {P.cancelAndTell}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
