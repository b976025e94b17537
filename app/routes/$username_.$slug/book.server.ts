import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { GUEST_WORDS } from "~/messages/guest-words";
import { chooseLanguage, clockCookie, defaultClock24, fill, plural } from "~/messages/languages";
import { nextFreeSlots, type BookingSuccess } from "~/models/booking.server";
import { idempotencyClaim, IDEMPOTENCY_KEY_PATTERN } from "~/models/idempotency.server";
import {
  answerFieldName,
  answersFromForm,
  checkAnswers,
  questionsToAsk,
  type BookingAnswers,
} from "~/schemas/booking-answers";
import { bookingBody, singleUseTokenField } from "~/schemas/booking-api";
import { utmOf } from "~/schemas/utm";
import { bookSeries, bookSlot } from "~/services/bookings.server";
import type { SeriesSuccess } from "~/models/booking-series.server";
import { RECURRING_MAX_INTERVAL_WEEKS, RECURRING_MAX_OCCURRENCES } from "~/scheduling/recurrence";
import { occurrenceTakenText, recurrenceRefusalText } from "~/html/series-texts";
import { embedLookParams } from "~/utils/embed-look";
import { repeatFieldsMarkup } from "~/html/repeat-fields.server";
import { env } from "~/server/env.server";
import { checkRateLimits, clientIp, hitInProcess, RATE_LIMITS } from "~/server/rate-limit.server";
import { linkBase, readFormData } from "~/utils/request.server";
import { notFound } from "~/utils/responses";
import { HONEYPOT_FIELD, type BookingValues } from "./booking-form";
import { parsePhone } from "~/schemas/phone";
import { SMS_BOOKING_WORDS } from "~/messages/sms";
import {
  bookableForDuration,
  durationsOf,
  eventTypeOff,
  findPage,
  ROUTING_LINK_INVALID,
  withRouting,
} from "./month.server";
import { bookingRedirectUrl, redirectBookingOf } from "~/schemas/booking-redirect";

/**
 * The booking page's action (route.tsx re-exports it): parse the form, book through bookSlot as
 * POST /api/bookings does (decision 055), answer the page's outcome. It sits in a server module so
 * the page's browser code names none of what it imports (tests/integration/js-budget.test.ts).
 */

/** "+" in an offset arrives as a space when someone types the URL by hand. */
export const slotParam = (value: string | null) => (value ? value.replace(/ /g, "+") : null);

export async function action({ params, request }: ActionFunctionArgs) {
  const form = await readFormData(request, { repeatable: (name) => name.startsWith("a_") });
  const linkField = form.get("link");
  const linkGiven =
    typeof linkField === "string" && linkField ? linkField : new URL(request.url).searchParams.get("link");
  // The token as POST /api/bookings checks it (decision 063): a bad one never reaches a query.
  const linkChecked = linkGiven === null ? null : singleUseTokenField.safeParse(linkGiven);
  const link = linkChecked?.success ? linkChecked.data : null;
  const page = await findPage(params, link);
  if (!page) notFound();
  if ("off" in page) eventTypeOff(page.off);
  // A post to a team event type's old URL goes to its team's, the method kept (decision 059).
  if ("moved" in page) return redirect(`${page.moved}${new URL(request.url).search}`, 308);
  const { host } = page;
  // A routing form's response (decision 074), from the form's hidden field or the page's URL.
  const routingField = form.get("routing");
  const routed = await withRouting(
    page.found,
    typeof routingField === "string" ? routingField : new URL(request.url).searchParams.get("routing"),
  );
  const routedFound = routed === "invalid" ? page.found : routed;
  const questions = questionsToAsk(routedFound.eventType);
  // The page's language, posted with the form; else as the page chose it (docs/decisions/088).
  const langField = form.get("lang");
  const language = chooseLanguage({
    query: typeof langField === "string" && langField ? langField : new URL(request.url).searchParams.get("lang"),
    acceptLanguage: request.headers.get("accept-language"),
    fallback: routedFound.eventType.defaultLanguage,
  });
  const w = GUEST_WORDS[language];
  /**
   * A field's errors in the guest's language: the English ones are the JSON API's own, kept as
   * they are; another language says what to fix for the field as a whole.
   */
  const fieldErrors = (errors: Record<string, string[]>): Record<string, string[]> => {
    if (language === "en") return errors;
    const byField: Record<string, string> = {
      name: w.errorName,
      email: w.errorEmail,
      notes: w.errorNotes,
      guests: w.errorGuests,
      start: w.errorStart,
      timeZone: w.errorStart,
      phone: SMS_BOOKING_WORDS[language].phoneInvalid,
      smsConsent: SMS_BOOKING_WORDS[language].consentNeedsPhone,
    };
    return Object.fromEntries(
      Object.keys(errors).map((key) => [key, [byField[key] ?? (key.startsWith("a_") ? w.errorAnswer : w.formBlocked)]]),
    );
  };
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  // The length the guest picked (decision 087): the form's hidden field, else the page's URL.
  const durationGiven = text("duration") || new URL(request.url).searchParams.get("duration") || "";
  const picked = durationGiven === "" ? null : Number(durationGiven);
  const found = bookableForDuration(routedFound, picked) ?? routedFound;
  const values: BookingValues = {
    name: text("name"),
    email: text("email"),
    notes: text("notes"),
    guests: [1, 2, 3].map((i) => text(`guest${i}`).trim()),
    answers: answersFromForm(questions, form),
    phone: text("phone"),
    smsConsent: form.get("smsConsent") === "on",
  };
  // The series choice as posted (decision 106), shown again with the answer's errors.
  const repeat = { repeat: text("repeat"), occurrences: text("occurrences") };
  const recurring = found.eventType.kind === "one-to-one" ? found.eventType.recurring : null;
  const repeatMarkup = (errors: string[] = []) =>
    recurring ? repeatFieldsMarkup(recurring, repeat, errors, { language, words: w }) : null;
  // Per client address, before anything else: a script trying addresses gets nowhere. The form
  // also spends the address's budget of the JSON paths, as POST /api/bookings does (decision 039),
  // counted in this process like theirs (decision 042).
  const formLimit = await checkRateLimits([[`booking-form:ip:${clientIp(request)}`, RATE_LIMITS.bookingFormPerIp]]);
  const limited = formLimit.allowed
    ? hitInProcess(`api:ip:${clientIp(request)}`, { limit: env().API_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 })
    : formLimit;
  if (!limited.allowed) {
    const minutes = Math.ceil(limited.retryAfterSeconds / 60);
    const message = plural(language, w.tooManyAttempts, minutes);
    return data(
      {
        status: "limited" as const,
        errors: { form: [message] } as Record<string, string[]>,
        values,
        nextSlots: [] as string[],
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  // The honeypot (decision 039): a field people never see; a script that fills every field is refused, nothing booked.
  if (text(HONEYPOT_FIELD) !== "") {
    return data(
      {
        status: "invalid" as const,
        errors: { form: [w.formBlocked] } as Record<string, string[]>,
        values,
        nextSlots: [] as string[],
      },
      { status: 400 },
    );
  }
  if (routed === "invalid") {
    return data(
      {
        status: "invalid" as const,
        errors: { form: [ROUTING_LINK_INVALID] } as Record<string, string[]>,
        values,
        nextSlots: [] as string[],
      },
      { status: 400 },
    );
  }
  if (picked !== null && !bookableForDuration(routedFound, picked)) {
    const offered = durationsOf(routedFound.eventType).join(", ");
    return data(
      {
        status: "invalid" as const,
        errors: { form: [`That length is not offered: pick one of ${offered} minutes.`] } as Record<string, string[]>,
        values,
        nextSlots: [] as string[],
      },
      { status: 400 },
    );
  }
  if (linkChecked && !linkChecked.success) {
    return data(
      {
        status: "invalid" as const,
        errors: { form: [w.linkInvalid] } as Record<string, string[]>,
        values,
        nextSlots: [] as string[],
      },
      { status: 400 },
    );
  }
  const guests = found.eventType.kind === "group" ? values.guests.filter(Boolean) : [];
  const start = slotParam(text("nextSlot") || text("slot")) ?? "";
  const parsed = bookingBody.safeParse({
    eventTypeId: found.eventType.id,
    start,
    name: values.name,
    email: values.email,
    timeZone: text("tz"),
    notes: values.notes ? values.notes : undefined,
    guests: guests.length > 0 ? guests : undefined,
    duration: picked ?? undefined,
    // A recurring series (decision 106): the count is read only when the meeting repeats.
    recurrence: repeat.repeat
      ? { intervalWeeks: Number(repeat.repeat), count: Number(repeat.occurrences || "0") }
      : undefined,
  });
  const answerErrors = (errors: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(errors).map(([id, messages]) => [answerFieldName(id), messages]));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      (errors[key] ??= []).push(issue.message);
    }
    // The repeat fields (decision 106) in the guest's language; English keeps the JSON API's words.
    if (errors.recurrence && language !== "en") {
      const count = parsed.error.issues.some((i) => i.path[0] === "recurrence" && i.path[1] === "count");
      errors.recurrence = [
        count
          ? fill(w.repeatCountInvalid, { max: RECURRING_MAX_OCCURRENCES })
          : fill(w.repeatWeeksInvalid, { max: RECURRING_MAX_INTERVAL_WEEKS }),
      ];
    }
    // The answers' messages beside the other fields' in the same answer (bookSlot checks them again when it books).
    Object.assign(errors, answerErrors(checkAnswers(questions, values.answers).errors));
    return data(
      {
        status: "invalid" as const,
        errors: fieldErrors(errors),
        values,
        nextSlots: [] as string[],
        repeatMarkup: repeatMarkup(errors.recurrence),
      },
      { status: 400 },
    );
  }
  const input = parsed.data;
  // The guest's phone for texts (decision 090): E.164, or the field's error.
  const phone = parsePhone(values.phone, env().SMS_DEFAULT_COUNTRY);
  // The event type asks for a phone (docs/decisions/109): a missing one is the phone field's error,
  // in the guest's language, also when the consent box was ticked.
  const phoneErrors = !phone.ok
    ? fieldErrors({ phone: [phone.message] })
    : found.eventType.requirePhone && !phone.phone
      ? { phone: [SMS_BOOKING_WORDS[language].phoneMissing] }
      : values.smsConsent && !phone.phone
        ? fieldErrors({ smsConsent: [SMS_BOOKING_WORDS.en.consentNeedsPhone] })
        : null;
  if (phoneErrors || !phone.ok) {
    return data(
      { status: "invalid" as const, errors: phoneErrors ?? {}, values, nextSlots: [] as string[] },
      { status: 400 },
    );
  }
  const now = new Date();
  // Every guest holds a token: a group event type's guest their own seat's (decision 021).
  // Embedded: the confirmation stays in the frame, in the look the snippet asked for (decision 112).
  const asked = new URL(request.url).searchParams;
  const embed =
    asked.get("embed") === "1" ? `&${new URLSearchParams({ embed: "1", ...embedLookParams(asked) }).toString()}` : "";
  const confirmationUrl = (ok: BookingSuccess) =>
    `${host.path}/booked/${ok.booking.id}?token=${encodeURIComponent(ok.token)}${embed}`;
  // The event type's own thank-you page (decision 087), when it has one; embedded, the
  // confirmation tells the embedding page, which goes there (public/embed.js).
  // A paid booking (docs/decisions/107) goes on to its payment step, which holds the slot.
  const bookedUrl = (ok: BookingSuccess) =>
    ok.booking.status === "awaiting_payment"
      ? `/booking/${ok.booking.id}/pay?token=${encodeURIComponent(ok.token)}`
      : ((embed ? null : bookingRedirectUrl(found.eventType, redirectBookingOf(ok.booking, input))) ??
        confirmationUrl(ok));
  // The page's key (a hidden field): a second submit of the same form gets the first booking.
  const key = text("idempotencyKey");
  const slotRequest = {
    found,
    start: new Date(input.start),
    name: input.name,
    email: input.email,
    timeZone: input.timeZone,
    notes: input.notes,
    guests: input.guests,
    answers: values.answers,
    // The form's hidden fields, else the URL's (a post made without them), decision 079.
    utm: { ...utmOf(new URL(request.url).searchParams), ...utmOf(form) },
    singleUseToken: link ?? undefined,
    language,
    phone: phone.phone,
    smsConsent: values.smsConsent === true,
  };
  /** The form's key (a hidden field) makes a resent form answer the first one's redirect. */
  const formIdempotency = <T>(location: (ok: T) => string) => ({
    claim: (answers: BookingAnswers) =>
      IDEMPOTENCY_KEY_PATTERN.test(key)
        ? idempotencyClaim(key, `booking form ${found.eventType.id}`, { ...input, answers, link })
        : null,
    answer: (ok: T) => ({ status: 302, body: { location: location(ok) } }),
  });
  if (input.recurrence && input.recurrence.count > 1) {
    const seriesUrl = (ok: SeriesSuccess) =>
      `${host.path}/booked/${ok.occurrences[0].id}?token=${encodeURIComponent(ok.token)}${embed}`;
    const series = await bookSeries({
      request: slotRequest,
      recurrence: input.recurrence,
      now,
      linkBase: linkBase(request),
      idempotency: formIdempotency(seriesUrl),
    });
    if (series.ok) return redirect(seriesUrl(series));
    if (series.reason === "recurrence-refused" || series.reason === "occurrence-unavailable") {
      // In the guest's language, the meeting's date in their zone and clock (decision 112).
      const clockGiven = new URL(request.url).searchParams.get("clock") ?? clockCookie(request.headers.get("cookie"));
      const clock24 = clockGiven === "24" || clockGiven === "12" ? clockGiven === "24" : defaultClock24(language);
      const message =
        series.reason === "recurrence-refused"
          ? recurrenceRefusalText(language, series.refusal)
          : occurrenceTakenText(language, series.index, series.start, input.timeZone, clock24);
      return data(
        {
          status: "invalid" as const,
          errors: { form: [message] } as Record<string, string[]>,
          values,
          nextSlots: [] as string[],
          repeatMarkup: repeatMarkup([message]),
        },
        { status: series.reason === "recurrence-refused" ? 400 : 409 },
      );
    }
    if (series.reason === "replay") return redirect((series.answer.body as { location: string }).location);
    return data(
      {
        status: "invalid" as const,
        errors:
          series.reason === "invalid-answers"
            ? fieldErrors(answerErrors(series.errors))
            : ({
                form: [
                  series.reason === "guest-limit"
                    ? w.guestLimit
                    : series.reason === "host-deactivated"
                      ? w.hostNotTaking
                      : series.reason === "idempotency-mismatch"
                        ? w.formUsed
                        : w.linkInvalid,
                ],
              } as Record<string, string[]>),
        values,
        nextSlots: [] as string[],
      },
      { status: series.reason === "invalid-answers" ? 400 : 409 },
    );
  }
  const result = await bookSlot({
    request: slotRequest,
    now,
    linkBase: linkBase(request),
    idempotency: formIdempotency(bookedUrl),
  });
  if (result.ok) return redirect(bookedUrl(result));
  switch (result.reason) {
    case "invalid-answers":
      return data(
        {
          status: "invalid" as const,
          errors: fieldErrors(answerErrors(result.errors)),
          values,
          nextSlots: [] as string[],
        },
        { status: 400 },
      );
    case "idempotency-mismatch": {
      const errors = { form: [w.formUsed] };
      return data({ status: "invalid" as const, errors, values, nextSlots: [] as string[] }, { status: 422 });
    }
    case "replay":
      return redirect((result.answer.body as { location: string }).location);
    case "link-used":
      return data({ status: "link-used" as const, errors: {}, values, nextSlots: [] as string[] }, { status: 410 });
    // The page shows no slots for a deactivated host (decision 068): only a stale form gets here.
    case "host-deactivated":
      return data(
        {
          status: "invalid" as const,
          errors: { form: [w.hostNotTaking] } as Record<string, string[]>,
          values,
          nextSlots: [] as string[],
        },
        { status: 409 },
      );
    case "payments-unavailable":
      return data(
        {
          status: "invalid" as const,
          errors: { form: [result.message] } as Record<string, string[]>,
          values,
          nextSlots: [] as string[],
        },
        { status: 503 },
      );
    case "guest-limit":
      return data(
        {
          status: "invalid" as const,
          errors: { form: [w.guestLimit] } as Record<string, string[]>,
          values,
          nextSlots: [] as string[],
        },
        { status: 409 },
      );
    // The page sends extra guests only for a group (above): not reached.
    case "guests-not-allowed":
      return data(
        {
          status: "invalid" as const,
          errors: { form: ["Only a group event type takes extra guests."] } as Record<string, string[]>,
          values,
          nextSlots: [] as string[],
        },
        { status: 400 },
      );
    case "slot-full":
    case "slot-unavailable": {
      const nextSlots = await nextFreeSlots(found, new Date(input.start), input.timeZone, now);
      // The message travels with the answer: the page's browser code does not load app/messages (tests/integration/js-budget.test.ts).
      return data({ status: "taken" as const, errors: {}, values, nextSlots, message: w.slotTaken }, { status: 409 });
    }
  }
}
