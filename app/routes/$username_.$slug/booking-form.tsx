import { Form, Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import arrowLeftDrawing from "lucide/dist/esm/icons/arrow-left.mjs";
import { ErrorList, Field, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { BOOKING_GUESTS_MAX, BOOKING_NAME_MAX, BOOKING_NOTES_MAX } from "~/schemas/booking-limits";
import { slotLabel, weekdayLabel } from "~/components/booking-page";
import { answerFieldName, LONG_ANSWER_MAX, SHORT_ANSWER_MAX, type BookingQuestion } from "~/schemas/booking-answers";
import { fill } from "~/messages/languages";
import type { GuestWords } from "~/messages/guest-words";
import type { PhoneFields } from "~/messages/sms";

const ArrowLeft = makeIcon(arrowLeftDrawing, "arrow-left");

export type BookingValues = {
  name: string;
  email: string;
  notes: string;
  guests: string[];
  answers: Record<string, unknown>;
  phone?: string;
  smsConsent?: boolean;
};

/** The honeypot (decision 039): a field people never see or reach; a script filling every field fills it. */
export const HONEYPOT_FIELD = "website_url";

export interface BookingFormProps {
  slot: string | null;
  timeZone: string;
  zoneLabel: string;
  idempotencyKey: string;
  clock24: boolean;
  /** The guest's language, locale and words (docs/decisions/088): the language is posted with the form. */
  language: string;
  locale: string;
  words: GuestWords;
  group: boolean;
  /** The host's workflows text guests (decision 090): the form asks for a phone and consent, in these words. */
  sms?: PhoneFields | null;
  /** The event type's questions (decision 039), the phone location's number first. */
  questions: BookingQuestion[];
  /** A single-use link's token: the post books through it. */
  link: string | null;
  /** A routing form's response (decision 074): the post books within its hosts. */
  routing?: string | null;
  /** The link's utm_* and ref (decision 079): hidden fields, so a post without JavaScript keeps them. */
  utm?: Record<string, string>;
  /** After a lost race: the message and the next open times to book instead. */
  taken: { message: string; nextSlots: string[] } | null;
  values: BookingValues;
  errors: Record<string, string[] | undefined>;
  submitting: boolean;
  back: string;
  /** The host approves each booking (decision 040): the guest sends a request. */
  requiresApproval?: boolean;
  /** The length the guest picked (decision 087); null for the event type's default. */
  duration?: number | null;
  /** The series choice (decision 106), server-made markup (app/html/repeat-fields.server.ts); null: single bookings only. */
  repeatMarkup?: string | null;
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
  language,
  locale,
  words: w,
  group,
  questions,
  sms,
  link,
  routing = null,
  utm = {},
  taken,
  values,
  errors,
  submitting,
  back,
  requiresApproval = false,
  duration = null,
  repeatMarkup = null,
}: BookingFormProps) {
  return (
    <Form
      method="post"
      className="mx-auto max-w-md space-y-5"
      data-testid="booking-form"
      aria-labelledby="booking-form-heading"
    >
      <Link
        to={back}
        className="inline-flex items-center gap-1 rounded text-sm text-brand-700 hover:underline"
        preventScrollReset
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> {w.backToTimes}
      </Link>
      <h2 className="text-lg font-semibold text-neutral-900" id="booking-form-heading">
        {w.enterDetails}
      </h2>
      {taken ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
          data-testid="slot-taken"
        >
          <p className="font-semibold">{taken.message}</p>
          {taken.nextSlots.length > 0 ? (
            <>
              <p className="mt-1">{w.nextTimesInstead}</p>
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
                    {weekdayLabel(s.slice(0, 10), "long", locale)} {slotLabel(s, clock24, locale)}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className="mt-1">{w.pickAnother}</p>
          )}
        </div>
      ) : null}
      {slot ? <input type="hidden" name="slot" value={slot} /> : null}
      <input type="hidden" name="tz" value={timeZone} />
      {duration ? <input type="hidden" name="duration" value={duration} /> : null}
      <input type="hidden" name="lang" value={language} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {link ? <input type="hidden" name="link" value={link} /> : null}
      {routing ? <input type="hidden" name="routing" value={routing} /> : null}
      {Object.entries(utm).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} data-testid="utm-field" />
      ))}
      {/* Off screen and out of the tab order: people leave it empty. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="booking-website">{w.leaveEmpty}</label>
        <input
          id="booking-website"
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <p className="text-sm text-neutral-600">{fill(w.timesAreIn, { zone: zoneLabel })}</p>
      <Field
        label={w.name}
        inputProps={{
          name: "name",
          id: FIRST_FIELD_ID,
          defaultValue: values.name,
          required: true,
          maxLength: BOOKING_NAME_MAX,
          autoComplete: "name",
        }}
        errors={errors.name}
      />
      <Field
        label={w.email}
        inputProps={{
          name: "email",
          id: "booking-email",
          type: "email",
          defaultValue: values.email,
          required: true,
          autoComplete: "email",
        }}
        errors={errors.email}
      />
      <TextareaField
        label={w.notes}
        hint={w.notesHint}
        textareaProps={{
          name: "notes",
          id: "booking-notes",
          defaultValue: values.notes,
          maxLength: BOOKING_NOTES_MAX,
          rows: 3,
        }}
        errors={errors.notes}
      />
      {sms ? (
        <div className="space-y-3" data-testid="sms-fields">
          <Field
            label={sms.phone}
            hint={sms.phoneHint}
            inputProps={{
              name: "phone",
              id: "booking-phone",
              type: "tel",
              defaultValue: values.phone ?? "",
              maxLength: 40,
              autoComplete: "tel",
              required: sms.required,
            }}
            errors={errors.phone}
          />
          {sms.consent ? (
            <div>
              <label className="flex items-start gap-3 text-sm text-neutral-800">
                <input
                  type="checkbox"
                  name="smsConsent"
                  id="booking-sms-consent"
                  value="on"
                  defaultChecked={values.smsConsent === true}
                  aria-invalid={errors.smsConsent?.length ? true : undefined}
                  aria-describedby={errors.smsConsent?.length ? "booking-sms-consent-error" : undefined}
                  className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
                />
                <span>{sms.consent}</span>
              </label>
              <ErrorList id="booking-sms-consent-error" errors={errors.smsConsent} />
            </div>
          ) : null}
        </div>
      ) : null}
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={values.answers[q.id]}
          errors={errors[answerFieldName(q.id)]}
          optional={w.optional}
        />
      ))}
      {group ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-neutral-800">
            {fill(w.otherGuests, { max: BOOKING_GUESTS_MAX })}
          </legend>
          {[1, 2, 3].map((i) => (
            <Field
              key={i}
              label={fill(w.guestEmail, { n: i })}
              inputProps={{
                name: `guest${i}`,
                id: `booking-guest${i}`,
                type: "email",
                defaultValue: values.guests[i - 1] ?? "",
              }}
            />
          ))}
          <ErrorList id="booking-guests-error" errors={errors.guests} />
        </fieldset>
      ) : null}
      {repeatMarkup ? <div dangerouslySetInnerHTML={{ __html: repeatMarkup }} /> : null}
      <ErrorList errors={[...(errors.start ?? []), ...(errors.timeZone ?? []), ...(errors.form ?? [])]} />
      {slot && !taken ? (
        // Disabled while the booking is on its way: a second click cannot send it twice.
        <Button type="submit" className="w-full" pending={submitting} disabled={submitting}>
          {submitting
            ? requiresApproval
              ? w.sending
              : w.scheduling
            : requiresApproval
              ? w.requestBooking
              : w.scheduleEvent}
        </Button>
      ) : null}
    </Form>
  );
}

/** One question of the event type, as its kind of field; the input kept after an error. */
function QuestionField({
  question: q,
  value,
  errors,
  optional,
}: {
  question: BookingQuestion;
  value: unknown;
  errors?: string[];
  /** "{label} (optional)" in the guest's language. */
  optional: string;
}) {
  const name = answerFieldName(q.id);
  const id = `booking-${name}`;
  const label = q.required ? q.label : fill(optional, { label: q.label });
  const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  switch (q.type) {
    case "long_text":
      return (
        <TextareaField
          label={label}
          textareaProps={{ name, id, defaultValue: text, required: q.required, maxLength: LONG_ANSWER_MAX, rows: 3 }}
          errors={errors}
        />
      );
    case "short_text":
    case "phone":
    case "number":
      return (
        <Field
          label={label}
          inputProps={{
            name,
            id,
            defaultValue: text,
            required: q.required,
            ...(q.type === "phone"
              ? { type: "tel", autoComplete: "tel", maxLength: 30 }
              : q.type === "number"
                ? { type: "number", step: "any", inputMode: "decimal" as const }
                : { type: "text", maxLength: SHORT_ANSWER_MAX }),
          }}
          errors={errors}
        />
      );
    case "checkbox":
      return (
        <div>
          <label className="flex items-start gap-3 text-sm text-neutral-800">
            <input
              type="checkbox"
              name={name}
              id={id}
              value="on"
              defaultChecked={value === true || value === "on" || value === "true"}
              required={q.required}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? `${id}-error` : undefined}
              className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
            />
            <span>{label}</span>
          </label>
          <ErrorList id={`${id}-error`} errors={errors} />
        </div>
      );
    default: {
      const multiple = q.type === "multiple_choice";
      const picked = new Set(
        Array.isArray(value) ? value.map(String) : typeof value === "string" && value ? [value] : [],
      );
      return (
        <fieldset
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          aria-invalid={errors?.length ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-neutral-800">{label}</legend>
          <div className="space-y-2">
            {(q.options ?? []).map((option, i) => (
              <label key={option} className="flex items-center gap-3 text-sm text-neutral-800">
                <input
                  type={multiple ? "checkbox" : "radio"}
                  name={name}
                  id={i === 0 ? id : undefined}
                  value={option}
                  defaultChecked={picked.has(option)}
                  required={!multiple && q.required}
                  className={`h-5 w-5 border-neutral-400 text-brand-600 focus:ring-brand-600 ${multiple ? "rounded" : ""}`}
                />
                {option}
              </label>
            ))}
          </div>
          <ErrorList id={`${id}-error`} errors={errors} />
        </fieldset>
      );
    }
  }
}
