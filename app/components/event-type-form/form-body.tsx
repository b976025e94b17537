import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { makeIcon } from "~/components/icon";
import lockDrawing from "lucide/dist/esm/icons/lock.mjs";
import type { ReactNode } from "react";
import { ErrorList, Field, inputClass, TextareaField } from "~/components/forms";
import {
  DURATION_CHOICES,
  KIND_HINTS,
  LOCATION_LABELS,
  LOCATION_VALUE_LABELS,
  slugify,
  type AnyEventTypeKind,
} from "~/schemas/event-type-form";
import { LOCATION_TYPES } from "~/schemas/scheduling-api";
import { QUESTION_TYPE_LABELS } from "~/schemas/booking-answers";
import { LANGUAGE_NAMES, LANGUAGES } from "~/messages/languages";
import { Fieldset, SelectField } from "./fields";
import { CURRENCIES, isPayableKind } from "~/schemas/price";
import { QuestionsEditor, type QuestionRow } from "./questions-editor";
import { FormSection, SectionNav } from "./section-nav";
import { EVENT_TYPE_SECTIONS, sectionsWithErrors } from "./sections";

const Lock = makeIcon(lockDrawing, "lock");

/**
 * The event type form's fields (decisions 016, 059), shared by a person's event type page and a
 * team's: what it is, duration and kind, where, when, questions, approval, on/off. What differs
 * comes in as props: the kinds offered, what follows the kind (hosts, team, round-robin mode,
 * locked fields), the schedule (a team's hosts each use their own), and, for a member's copy of a
 * managed event type, the fields its team locks (shown disabled, sent by nobody).
 */

// The form's fields: the personal and the team body differ, the fields shown here are the same.
type FormShape = Record<string, unknown>;
type AnyField = FieldMetadata<string | undefined, FormShape, string[]>;
export type EventTypeFormFields = Record<string, AnyField> & {
  location: FieldMetadata<{ type?: string; value?: string }, FormShape, string[]>;
  price: FieldMetadata<{ amount?: string; currency?: string }, FormShape, string[]>;
  refundPolicy: FieldMetadata<{ type?: string; hours?: string }, FormShape, string[]>;
  questions: FieldMetadata<QuestionRow[], FormShape, string[]>;
};

export function EventTypeFormBody({
  form,
  fields,
  hydrated,
  kinds,
  kindDisabled = false,
  linkHint,
  afterKind,
  schedules,
  locked = new Set(),
  lockedBy = null,
  lockedQuestions = [],
  footer,
  recurring,
}: {
  form: FormMetadata<Record<string, unknown>, string[]>;
  fields: EventTypeFormFields;
  hydrated: boolean;
  kinds: ReadonlyArray<{ value: AnyEventTypeKind; label: string; hint?: string }>;
  kindDisabled?: boolean;
  linkHint: (slug: string) => ReactNode;
  /** Rendered right after the kind: hosts, the team, round robin's mode, locked fields. */
  afterKind?: ReactNode;
  /** The schedule choice; null: a note that each host uses their own default schedule. */
  schedules: Array<{ id: string; name: string; timeZone: string; isDefault: boolean }> | null;
  locked?: ReadonlySet<string>;
  lockedBy?: string | null;
  /** A locked copy's questions, shown read-only in place of the editor. */
  lockedQuestions?: Array<{ label: string; type: string; required: boolean }>;
  /** The form's buttons, at the end of the sections' column. */
  footer?: ReactNode;
  /** A person's event type: its recurring series setting (decision 106); left out on a team's form. */
  recurring?: { maxOccurrences: number; intervalWeeks: number[] } | null;
}) {
  const location = fields.location.getFieldset();
  const priceFields = fields.price.getFieldset();
  const refundFields = fields.refundPolicy.getFieldset();
  const kind = (fields.kind.value ?? fields.kind.initialValue ?? kinds[0]?.value) as AnyEventTypeKind;
  const locationType = (LOCATION_TYPES as readonly string[]).includes(location.type.value ?? "")
    ? (location.type.value as (typeof LOCATION_TYPES)[number])
    : "video";
  const valueField = LOCATION_VALUE_LABELS[locationType];
  // The extra lengths' messages: the body reports them at durations[i] (decision 087).
  const moreErrors = Object.entries(form.allErrors)
    .filter(([key]) => key === "durations" || key.startsWith("durations["))
    .flatMap(([, messages]) => messages);
  const errorSections = sectionsWithErrors(form.allErrors);
  const durationErrors = [...(fields.moreDurations.errors ?? []), ...new Set(moreErrors)];
  const slugPreview = fields.slug.value || slugify(fields.title.value ?? "") || "your-link";
  const numberProps = (field: AnyField) => ({
    ...getInputProps(field, { type: "number" }),
    inputMode: "numeric" as const,
  });
  // A locked field: disabled (never sent; the server keeps the team's value) and labelled so.
  const off = (name: string) => (locked.has(name) ? { disabled: true } : {});
  const label = (text: string, name: string): ReactNode =>
    locked.has(name) ? (
      <span className="inline-flex flex-wrap items-center gap-1">
        {text}
        <span className="inline-flex items-center gap-1 text-xs font-normal text-neutral-600">
          <Lock className="h-3.5 w-3.5" aria-hidden /> locked by {lockedBy ?? "the team"}
        </span>
      </span>
    ) : (
      text
    );

  return (
    <>
      {locked.size > 0 ? (
        <p
          className="rounded-xl border border-neutral-200 bg-neutral-50 p-4 text-sm text-neutral-700"
          data-testid="locked-note"
        >
          <Lock className="mr-1 inline h-4 w-4 align-text-bottom" aria-hidden />
          {lockedBy ?? "Your team"} manages this event type: the fields marked locked follow the team&rsquo;s settings
          and cannot be changed here. The others are yours.
        </p>
      ) : null}
      <div className="lg:grid lg:grid-cols-[10rem_minmax(0,1fr)] lg:gap-8">
        <SectionNav errors={errorSections} />
        <div className="min-w-0 space-y-10 pt-4 lg:pt-0">
          {errorSections.length > 0 ? (
            <p
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
              data-testid="section-errors"
            >
              Check the fields marked in:{" "}
              {errorSections.map((id, i) => (
                <span key={id}>
                  {i > 0 ? ", " : null}
                  <a href={`#${id}`} className="font-medium underline">
                    {EVENT_TYPE_SECTIONS.find((s) => s.id === id)?.title}
                  </a>
                </span>
              ))}
              .
            </p>
          ) : null}
          <FormSection id="basics" title="Basics">
            <Fieldset legend="What it is">
              <Field
                label={label("Title", "title")}
                inputProps={{
                  ...getInputProps(fields.title, { type: "text" }),
                  placeholder: "Intro call",
                  ...off("title"),
                }}
                errors={fields.title.errors}
              />
              <Field
                label="Link"
                hint={linkHint(slugPreview)}
                inputProps={{
                  ...getInputProps(fields.slug, { type: "text" }),
                  placeholder: slugify(fields.title.value ?? "") || "intro-call",
                  autoCapitalize: "none",
                  spellCheck: false,
                }}
                errors={fields.slug.errors}
              />
              <TextareaField
                label={label("Description (optional)", "description")}
                textareaProps={{
                  ...getTextareaProps(fields.description),
                  rows: 3,
                  className: "",
                  ...off("description"),
                }}
                errors={fields.description.errors}
              />
            </Fieldset>
            <Fieldset legend="Duration and kind">
              <Field
                label={label("Duration (minutes)", "duration")}
                hint="15, 30, 45, 60, 90 or 120 are offered; any whole number from 5 to 720 works."
                inputProps={{ ...numberProps(fields.duration), list: "duration-choices", ...off("duration") }}
                errors={fields.duration.errors}
              />
              <Field
                label="Also offer (optional)"
                hint="Other lengths the guest may pick instead, in minutes, separated by commas (such as 15, 60); at most 5. The duration above is the default."
                inputProps={{
                  ...getInputProps(fields.moreDurations, { type: "text" }),
                  inputMode: "numeric",
                  placeholder: "15, 60",
                }}
                errors={durationErrors}
              />
              <datalist id="duration-choices">
                {DURATION_CHOICES.map((d) => (
                  <option key={d} value={d} />
                ))}
              </datalist>
              <SelectField
                label="Kind"
                hint={kinds.find((k) => k.value === kind)?.hint ?? KIND_HINTS[kind] ?? KIND_HINTS[kinds[0].value]}
                errors={fields.kind.errors}
                errorId={fields.kind.errorId}
                selectProps={{ ...getSelectProps(fields.kind), ...(kindDisabled ? { disabled: true } : {}) }}
              >
                {kinds.map((k) => (
                  <option key={k.value} value={k.value}>
                    {k.label}
                  </option>
                ))}
              </SelectField>
              {afterKind}
            </Fieldset>
            <div className="flex items-start gap-3 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm">
              <input
                {...getInputProps(fields.active, { type: "checkbox" })}
                className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
              />
              <div>
                <label htmlFor={fields.active.id} className="text-sm text-neutral-800">
                  <span className="font-medium">On</span>: guests can book through this link. Turned off, the link
                  answers that it is not available.
                </label>
                <ErrorList id={fields.active.errorId} errors={fields.active.errors} />
              </div>
            </div>
          </FormSection>
          <FormSection id="when" title="When">
            <Fieldset legend="Schedule and notice">
              {schedules ? (
                <SelectField
                  label="Schedule"
                  hint="The hours guests can book."
                  errors={fields.scheduleId.errors}
                  errorId={fields.scheduleId.errorId}
                  selectProps={getSelectProps(fields.scheduleId)}
                >
                  {schedules.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name} ({s.timeZone.replaceAll("_", " ")}){s.isDefault ? " — default" : ""}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <p className="text-sm text-neutral-700">
                  Each host&rsquo;s open hours are their own default schedule, in their own time zone.
                </p>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={label("Buffer before (minutes)", "bufferBefore")}
                  inputProps={{ ...numberProps(fields.bufferBefore), ...off("bufferBefore") }}
                  errors={fields.bufferBefore.errors}
                />
                <Field
                  label={label("Buffer after (minutes)", "bufferAfter")}
                  inputProps={{ ...numberProps(fields.bufferAfter), ...off("bufferAfter") }}
                  errors={fields.bufferAfter.errors}
                />
              </div>
              <div className="grid grid-cols-[1fr_auto] items-start gap-3">
                <Field
                  label={label("Minimum notice", "minimumNotice")}
                  hint="How long before a meeting guests must book."
                  inputProps={{
                    ...getInputProps(fields.minimumNotice, { type: "number" }),
                    step: "any",
                    min: 0,
                    ...off("minimumNotice"),
                  }}
                  errors={fields.minimumNotice.errors}
                />
                <div className="pt-6">
                  <select
                    {...getSelectProps(fields.minimumNoticeUnit)}
                    key={fields.minimumNoticeUnit.key}
                    aria-label="Unit of the minimum notice"
                    className={inputClass}
                    {...off("minimumNotice")}
                  >
                    <option value="minutes">minutes</option>
                    <option value="hours">hours</option>
                  </select>
                </div>
              </div>
              <Field
                label={label("Booking window (days)", "bookingWindowDays")}
                hint="How far ahead guests can book, 0 to 730 days."
                inputProps={{ ...numberProps(fields.bookingWindowDays), ...off("bookingWindowDays") }}
                errors={fields.bookingWindowDays.errors}
              />
              <Field
                label={label("Slot interval (minutes, optional)", "slotInterval")}
                hint="How often a slot starts; empty means every duration."
                inputProps={{ ...numberProps(fields.slotInterval), ...off("slotInterval") }}
                errors={fields.slotInterval.errors}
              />
            </Fieldset>
          </FormSection>
          <FormSection id="where" title="Where">
            <Fieldset legend="Location">
              <SelectField
                label={label("Location", "location")}
                errors={location.type.errors}
                errorId={location.type.errorId}
                selectProps={{ ...getSelectProps(location.type), ...off("location") }}
              >
                {LOCATION_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {LOCATION_LABELS[t]}
                  </option>
                ))}
              </SelectField>
              {hydrated && (locationType === "zoom" || locationType === "microsoft-teams") ? (
                // The app makes each booking's link (decision 065): nothing to fill in.
                <p className="text-sm text-neutral-600" data-testid="location-app-hint">
                  {valueField.hint}
                </p>
              ) : (
                <Field
                  label={label(hydrated ? valueField.label : "Address, phone number or link", "location")}
                  hint={
                    hydrated
                      ? valueField.hint
                      : "The address for an in-person meeting (required), a phone number for a call, or a video link."
                  }
                  inputProps={{
                    ...getInputProps(location.value, { type: hydrated ? valueField.type : "text" }),
                    ...off("location"),
                  }}
                  errors={location.value.errors}
                />
              )}
            </Fieldset>
          </FormSection>
          <FormSection id="questions" title="Questions">
            <Fieldset legend="Booking questions">
              {locked.has("questions") ? (
                <div className="space-y-2 text-sm text-neutral-700" data-testid="locked-questions">
                  <p className="inline-flex items-center gap-1">
                    <Lock className="h-4 w-4" aria-hidden /> Locked by {lockedBy ?? "the team"}.
                  </p>
                  {lockedQuestions.length === 0 ? (
                    <p>No questions.</p>
                  ) : (
                    <ul className="list-disc space-y-1 pl-5">
                      {lockedQuestions.map((q, i) => (
                        <li key={i}>
                          {q.label} ({QUESTION_TYPE_LABELS[q.type as keyof typeof QUESTION_TYPE_LABELS] ?? q.type}
                          {q.required ? ", required" : ""})
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ) : (
                <QuestionsEditor
                  form={form}
                  field={fields.questions as unknown as FieldMetadata<QuestionRow[]>}
                  hydrated={hydrated}
                />
              )}
            </Fieldset>
          </FormSection>
          <FormSection id="limits" title="Limits">
            <Fieldset legend="Booking limits">
              <Field
                label={label("Daily limit (optional)", "dailyLimit")}
                hint="At most this many bookings a day; empty means no limit."
                inputProps={{ ...numberProps(fields.dailyLimit), ...off("dailyLimit") }}
                errors={fields.dailyLimit.errors}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={label("Weekly limit (optional)", "weeklyLimit")}
                  hint="Bookings a week, Monday to Sunday."
                  inputProps={{ ...numberProps(fields.weeklyLimit), ...off("weeklyLimit") }}
                  errors={fields.weeklyLimit.errors}
                />
                <Field
                  label={label("Monthly limit (optional)", "monthlyLimit")}
                  hint="Bookings a calendar month."
                  inputProps={{ ...numberProps(fields.monthlyLimit), ...off("monthlyLimit") }}
                  errors={fields.monthlyLimit.errors}
                />
              </div>
              <Field
                label={label("Bookings per guest (optional)", "limitPerGuest")}
                hint="Upcoming bookings one guest e-mail may hold at once; empty means no limit."
                inputProps={{ ...numberProps(fields.limitPerGuest), ...off("limitPerGuest") }}
                errors={fields.limitPerGuest.errors}
              />
            </Fieldset>
            <Fieldset legend="Cancel and reschedule policy">
              <p className="text-sm text-neutral-600">
                What guests may change themselves from their links. You and your team&apos;s admins can always cancel or
                move a booking.
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={label("Cancel notice (minutes)", "cancelNoticeMinutes")}
                  hint="Guests cannot cancel later than this before the start (1440 = 24 hours; 0: until the start)."
                  inputProps={{ ...numberProps(fields.cancelNoticeMinutes), ...off("cancelNoticeMinutes") }}
                  errors={fields.cancelNoticeMinutes.errors}
                />
                <Field
                  label={label("Reschedule notice (minutes)", "rescheduleNoticeMinutes")}
                  hint="Guests cannot reschedule later than this before the start (0: until the start)."
                  inputProps={{ ...numberProps(fields.rescheduleNoticeMinutes), ...off("rescheduleNoticeMinutes") }}
                  errors={fields.rescheduleNoticeMinutes.errors}
                />
              </div>
              <Field
                label={label("Reschedules per booking (optional)", "maxReschedules")}
                hint="How often a guest may move one booking; empty means no limit, 0 none."
                inputProps={{ ...numberProps(fields.maxReschedules), ...off("maxReschedules") }}
                errors={fields.maxReschedules.errors}
              />
              <div className="flex items-start gap-3">
                <input
                  {...getInputProps(fields.requireCancelReason, { type: "checkbox" })}
                  aria-describedby={fields.requireCancelReason.errors ? fields.requireCancelReason.errorId : undefined}
                  className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
                  {...off("requireCancelReason")}
                />
                <label htmlFor={fields.requireCancelReason.id} className="text-sm text-neutral-800">
                  <span className="font-medium">{label("Require a reason to cancel", "requireCancelReason")}</span>: a
                  guest who cancels must say why.
                </label>
              </div>
              <ErrorList id={fields.requireCancelReason.errorId} errors={fields.requireCancelReason.errors} />
            </Fieldset>
          </FormSection>
          <FormSection id="advanced" title="Advanced">
            {kind === "group" ? null : (
              <Fieldset legend="Approval">
                <div className="flex items-start gap-3">
                  <input
                    {...getInputProps(fields.requiresApproval, { type: "checkbox" })}
                    aria-describedby={fields.requiresApproval.errors ? fields.requiresApproval.errorId : undefined}
                    className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
                    {...off("requiresApproval")}
                  />
                  <label htmlFor={fields.requiresApproval.id} className="text-sm text-neutral-800">
                    <span className="font-medium">{label("Requires approval", "requiresApproval")}</span>: a booking
                    waits for you to approve or decline it (Scheduled Events, Pending), and holds its time meanwhile.
                  </label>
                </div>
                <ErrorList id={fields.requiresApproval.errorId} errors={fields.requiresApproval.errors} />
                <Field
                  label={label("Hold time (hours)", "approvalHoldHours")}
                  hint="Unanswered for this long (1 to 168 hours, and never past the meeting's start), a request is declined and the guest told."
                  inputProps={{ ...numberProps(fields.approvalHoldHours), ...off("approvalHoldHours") }}
                  errors={fields.approvalHoldHours.errors}
                />
              </Fieldset>
            )}
            {recurring !== undefined && kind === "one-to-one" ? (
              <RecurringFields
                recurring={recurring}
                errors={Object.entries(form.allErrors)
                  .filter(([key]) => key === "recurring" || key.startsWith("recurring."))
                  .flatMap(([, messages]) => messages)}
              />
            ) : null}
            {kind === "group" ? null : (
              <Fieldset legend="Reconfirmation">
                <Field
                  label={label("Ask guests to reconfirm (hours before, optional)", "reconfirmHours")}
                  hint="This many hours before the start, the guest gets a link to confirm they will come; not confirmed by half of that time before the start, the booking is cancelled and the time freed. Empty: never asked (1 to 168)."
                  inputProps={{ ...numberProps(fields.reconfirmHours), ...off("reconfirmHours") }}
                  errors={fields.reconfirmHours.errors}
                />
              </Fieldset>
            )}
            {isPayableKind(kind) ? (
              <Fieldset legend="Payment">
                <p className="text-sm text-neutral-700">
                  Guests pay by card when they book (Stripe); the time is held for 15 minutes while they pay, and the
                  booking is confirmed once the payment goes through. Leave the price empty for a free event type; a
                  paid one cannot also require approval.
                  {kind === "one-to-one"
                    ? null
                    : kind === "group"
                      ? " Each guest pays for their seat: the seat is held and counts against the seats while they pay; the host and the other guests hear of it once it is paid."
                      : kind === "collective"
                        ? " Every host's time is held while the guest pays; the hosts hear of the booking once it is paid."
                        : " The assigned host's time is held while the guest pays; they hear of the booking once it is paid, and a hold that runs out unpaid does not count toward their share."}
                </p>
                <Field
                  label="Price (optional)"
                  hint="As guests see it, in the currency you pick: 25.00 (or 25,00) with USD is $25.00; 3000 with JPY is ¥3,000, which has no decimals."
                  inputProps={{
                    ...getInputProps(priceFields.amount, { type: "text" }),
                    inputMode: "decimal" as const,
                    autoComplete: "off",
                  }}
                  errors={priceFields.amount.errors}
                />
                <SelectField
                  label="Currency"
                  errors={priceFields.currency.errors}
                  errorId={priceFields.currency.errorId}
                  selectProps={getSelectProps(priceFields.currency)}
                >
                  <option value="">No price (free)</option>
                  {CURRENCIES.map((code) => (
                    <option key={code} value={code}>
                      {code.toUpperCase()}
                    </option>
                  ))}
                </SelectField>
                <ErrorList id={fields.price.errorId} errors={fields.price.errors} />
                <SelectField
                  label="Refund when a paid booking is cancelled"
                  errors={refundFields.type.errors}
                  errorId={refundFields.type.errorId}
                  selectProps={getSelectProps(refundFields.type)}
                >
                  <option value="full">Always refund in full</option>
                  <option value="until">Refund in full up to some hours before the start</option>
                  <option value="none">Never refund</option>
                </SelectField>
                <Field
                  label="Refund deadline (hours before the start)"
                  hint="With the second rule: cancelled this many hours or more before the start, the guest gets everything back; later, nothing (1 to 8760)."
                  inputProps={numberProps(refundFields.hours)}
                  errors={refundFields.hours.errors}
                />
              </Fieldset>
            ) : null}
            <Fieldset legend="Guests' language">
              <SelectField
                label="Default language"
                hint="The booking page and the guest's e-mails use the guest's browser language when it is one of these, else this one. A link can ask for one with ?lang=es."
                errors={fields.defaultLanguage.errors}
                errorId={fields.defaultLanguage.errorId}
                selectProps={getSelectProps(fields.defaultLanguage)}
              >
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {LANGUAGE_NAMES[code]}
                  </option>
                ))}
              </SelectField>
            </Fieldset>
            <Fieldset legend="Listing and after booking">
              <div className="flex items-start gap-3">
                <input
                  {...getInputProps(fields.hidden, { type: "checkbox" })}
                  className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
                />
                <label htmlFor={fields.hidden.id} className="text-sm text-neutral-800">
                  <span className="font-medium">Hidden</span>: guests book it through its link only; it is not listed on
                  your public page or your team&rsquo;s.
                </label>
              </div>
              <ErrorList id={fields.hidden.errorId} errors={fields.hidden.errors} />
              <Field
                label="Redirect after booking (optional)"
                hint="Your own thank-you page, such as https://example.com/thanks: guests go there instead of the confirmation page."
                inputProps={{
                  ...getInputProps(fields.redirectUrl, { type: "url" }),
                  placeholder: "https://example.com/thanks",
                  autoCapitalize: "none",
                  spellCheck: false,
                }}
                errors={fields.redirectUrl.errors}
              />
              <div className="flex items-start gap-3">
                <input
                  {...getInputProps(fields.redirectPassDetails, { type: "checkbox" })}
                  className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
                />
                <label htmlFor={fields.redirectPassDetails.id} className="text-sm text-neutral-800">
                  <span className="font-medium">Pass booking details</span>: the redirect carries the booking&rsquo;s
                  id, event type, start, end, length, time zone and the guest&rsquo;s name and e-mail as query
                  parameters.
                </label>
              </div>
              <ErrorList id={fields.redirectPassDetails.errorId} errors={fields.redirectPassDetails.errors} />
              <div className="flex items-start gap-3">
                <input
                  {...getInputProps(fields.requirePhone, { type: "checkbox" })}
                  className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
                />
                <label htmlFor={fields.requirePhone.id} className="text-sm text-neutral-800">
                  <span className="font-medium">Require a phone number</span>: guests cannot book without giving their
                  mobile number.
                </label>
              </div>
              <ErrorList id={fields.requirePhone.errorId} errors={fields.requirePhone.errors} />
            </Fieldset>
          </FormSection>
          {footer}
        </div>
      </div>
    </>
  );
}

/**
 * The recurring series setting (decision 106): plain fields the body form turns into `recurring`
 * (toBodyForm), so a host can offer weekly or every-N-weeks series without JavaScript.
 */
function RecurringFields({
  recurring,
  errors,
}: {
  recurring: { maxOccurrences: number; intervalWeeks: number[] } | null;
  errors: string[];
}) {
  const weeks = new Set(recurring?.intervalWeeks ?? [1]);
  return (
    <Fieldset legend="Recurring bookings">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id="recurring-on"
          name="recurringOn"
          value="on"
          defaultChecked={recurring !== null}
          aria-describedby={errors.length ? "recurring-error" : undefined}
          className="mt-0.5 h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
        />
        <label htmlFor="recurring-on" className="text-sm text-neutral-800">
          <span className="font-medium">Let guests book a recurring series</span>: the same time every week or every few
          weeks, all the meetings booked at once (not with approval).
        </label>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-neutral-800">Repeats offered</legend>
        <div className="flex flex-wrap gap-4">
          {[1, 2, 3, 4].map((n) => (
            <label key={n} className="flex items-center gap-2 text-sm text-neutral-800">
              <input
                type="checkbox"
                name="recurringWeeks"
                value={String(n)}
                defaultChecked={weeks.has(n)}
                className="h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
              />
              {n === 1 ? "Every week" : `Every ${n} weeks`}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label="Most meetings in one series"
        hint="2 to 24."
        inputProps={{
          type: "number",
          id: "recurring-max",
          name: "recurringMax",
          min: 2,
          max: 24,
          defaultValue: String(recurring?.maxOccurrences ?? 6),
        }}
      />
      <ErrorList id="recurring-error" errors={errors} />
    </Fieldset>
  );
}
