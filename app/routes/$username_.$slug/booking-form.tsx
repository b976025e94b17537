import { Form, Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { ErrorList, Field, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { BOOKING_GUESTS_MAX, BOOKING_NAME_MAX, BOOKING_NOTES_MAX } from "~/schemas/booking-limits";
import { dateLabel, slotLabel } from "~/components/booking-page";

export type BookingValues = { name: string; email: string; notes: string; guests: string[] };

export interface BookingFormProps {
  slot: string | null;
  timeZone: string;
  zoneLabel: string;
  idempotencyKey: string;
  clock24: boolean;
  group: boolean;
  /** After a lost race: the message and the next open times to book instead. */
  taken: { message: string; nextSlots: string[] } | null;
  values: BookingValues;
  errors: Record<string, string[] | undefined>;
  submitting: boolean;
  back: string;
  /** The host approves each booking (decision 040): the guest sends a request. */
  requiresApproval?: boolean;
}

/** The first field's id: the page moves the focus there once a time is chosen. */
export const FIRST_FIELD_ID = "booking-name";

/** The guest's details for the chosen time. */
export function BookingForm({
  slot,
  timeZone,
  zoneLabel,
  idempotencyKey,
  clock24,
  group,
  taken,
  values,
  errors,
  submitting,
  back,
  requiresApproval = false,
}: BookingFormProps) {
  return (
    <Form method="post" className="mx-auto max-w-md space-y-5" data-testid="booking-form" aria-labelledby="booking-form-heading">
      <Link to={back} className="inline-flex items-center gap-1 rounded text-sm text-brand-700 hover:underline" preventScrollReset>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to times
      </Link>
      <h2 className="text-lg font-semibold text-neutral-900" id="booking-form-heading">
        Enter details
      </h2>
      {taken ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="slot-taken">
          <p className="font-semibold">{taken.message}</p>
          {taken.nextSlots.length > 0 ? (
            <>
              <p className="mt-1">Book one of the next open times instead:</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {taken.nextSlots.map((s) => (
                  <button
                    key={s}
                    type="submit"
                    name="nextSlot"
                    value={s}
                    disabled={submitting}
                    className={buttonClass("secondary", "border-brand-600 text-brand-700")}
                    data-testid="next-slot"
                  >
                    {dateLabel(s.slice(0, 10)).replace(/,.*$/, "")} {slotLabel(s, clock24)}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className="mt-1">Go back and pick another time.</p>
          )}
        </div>
      ) : null}
      {slot ? <input type="hidden" name="slot" value={slot} /> : null}
      <input type="hidden" name="tz" value={timeZone} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <p className="text-sm text-neutral-600">Times are in {zoneLabel}.</p>
      <Field
        label="Name"
        inputProps={{ name: "name", id: FIRST_FIELD_ID, defaultValue: values.name, required: true, maxLength: BOOKING_NAME_MAX, autoComplete: "name" }}
        errors={errors.name}
      />
      <Field
        label="Email"
        inputProps={{ name: "email", id: "booking-email", type: "email", defaultValue: values.email, required: true, autoComplete: "email" }}
        errors={errors.email}
      />
      <TextareaField
        label="Notes"
        hint="Optional: anything that helps prepare the meeting."
        textareaProps={{ name: "notes", id: "booking-notes", defaultValue: values.notes, maxLength: BOOKING_NOTES_MAX, rows: 3 }}
        errors={errors.notes}
      />
      {group ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-neutral-800">Other guests (optional, up to {BOOKING_GUESTS_MAX})</legend>
          {[1, 2, 3].map((i) => (
            <Field
              key={i}
              label={`Guest ${i} email`}
              inputProps={{ name: `guest${i}`, id: `booking-guest${i}`, type: "email", defaultValue: values.guests[i - 1] ?? "" }}
            />
          ))}
          <ErrorList id="booking-guests-error" errors={errors.guests} />
        </fieldset>
      ) : null}
      <ErrorList errors={[...(errors.start ?? []), ...(errors.timeZone ?? []), ...(errors.form ?? [])]} />
      {slot && !taken ? (
        // Disabled while the booking is on its way: a second click cannot send it twice.
        <Button type="submit" className="w-full" pending={submitting} disabled={submitting}>
          {submitting ? (requiresApproval ? "Sending…" : "Scheduling…") : requiresApproval ? "Request booking" : "Schedule event"}
        </Button>
      ) : null}
    </Form>
  );
}
