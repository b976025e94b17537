import { z } from "zod";
import { plainText } from "./input-rules";
import {
  isChoiceType,
  LOCATION_PHONE_ID,
  newQuestionId,
  QUESTION_ID,
  QUESTION_LABEL_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_OPTIONS_MAX,
  QUESTION_TYPES,
  QUESTIONS_MAX,
  SHORT_ANSWER_MAX,
  LONG_ANSWER_MAX,
  type BookingQuestion,
} from "./booking-answers";

/**
 * The zod side of booking questions (decision 039): `questions` of POST|PUT /api/event-types and
 * the event type form, `answers` of POST /api/bookings, and the booking limits. Pure.
 */

/** A question's label, type, `required` and choices: booking questions' and routing form fields' (decision 074). */
export const questionFields = {
  label: plainText(
    z
      .string({ error: "Give the question." })
      .trim()
      .min(1, "Give the question.")
      .max(QUESTION_LABEL_MAX, `Use at most ${QUESTION_LABEL_MAX} characters.`),
    "The question",
  ).meta({ example: "What should we talk about?" }),
  type: z.enum(QUESTION_TYPES, { error: `type is one of ${QUESTION_TYPES.join(", ")}.` }),
  required: z.boolean({ error: "required is true or false." }).default(false),
  options: z
    .array(
      plainText(
        z
          .string({ error: "Each choice is text." })
          .trim()
          .min(1, "A choice may not be empty.")
          .max(QUESTION_OPTION_MAX, `Use at most ${QUESTION_OPTION_MAX} characters.`),
        "A choice",
      ),
      { error: "options is a list of choices." },
    )
    .max(QUESTION_OPTIONS_MAX, `Give at most ${QUESTION_OPTIONS_MAX} choices.`)
    .optional()
    .meta({ description: "single_choice and multiple_choice only (at least 2, each once)." }),
};

/** A choice question has 2 or more choices, each once; no other type has any. */
export function checkChoices(
  q: { type: (typeof QUESTION_TYPES)[number]; options?: string[] },
  ctx: z.RefinementCtx,
): void {
  if (isChoiceType(q.type)) {
    const options = q.options ?? [];
    if (options.length < 2) ctx.addIssue({ code: "custom", path: ["options"], message: "Give at least 2 choices." });
    if (new Set(options).size !== options.length)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Give each choice once." });
  } else if (q.options !== undefined && q.options.length > 0) {
    ctx.addIssue({ code: "custom", path: ["options"], message: "Only a choice question has options." });
  }
}

const questionSchema = z
  .object({
    id: z
      .string({ error: "id is text." })
      .regex(QUESTION_ID, "id: 1 to 40 lower-case letters, digits, _ or -.")
      .refine((id) => id !== LOCATION_PHONE_ID, { message: `id "${LOCATION_PHONE_ID}" is reserved.` })
      .optional()
      .meta({
        description:
          "Made by the server when left out; send it back to keep the question's answers linked across updates.",
      }),
    ...questionFields,
  })
  .superRefine(checkChoices)
  .meta({ id: "BookingQuestion" });

/** `questions` of an event type: ids made when absent, kept when given (unique). */
export const questionsField = z
  .array(questionSchema, { error: "questions is a list of { label, type, required, options? }." })
  .max(QUESTIONS_MAX, `Ask at most ${QUESTIONS_MAX} questions.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((q, i) => {
      if (!q.id) return;
      if (seen.has(q.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: "Each question's id once." });
      seen.add(q.id);
    });
  })
  .transform((list): BookingQuestion[] =>
    list.map((q) => ({
      id: q.id ?? newQuestionId(),
      label: q.label,
      type: q.type,
      required: q.required,
      ...(isChoiceType(q.type) ? { options: q.options ?? [] } : {}),
    })),
  )
  .default([])
  .meta({ description: "Questions guests answer when they book, in order (decision 039)." });

/** A booking limit: a whole number from 1 to 1000, or null / left out for none. */
export const bookingLimitField = (name: string, description: string) =>
  z
    .number({ error: `${name}: a whole number from 1 to 1000, or null.` })
    .int(`${name}: a whole number from 1 to 1000, or null.`)
    .min(1, `${name}: a whole number from 1 to 1000, or null.`)
    .max(1000, `${name}: a whole number from 1 to 1000, or null.`)
    .nullish()
    .meta({ description });

/** `answers` of POST /api/bookings: the shape only; checkAnswers checks them against the event type's questions. */
export const answersField = z
  .record(
    z.string().max(40),
    z.union([
      z.string().max(Math.max(SHORT_ANSWER_MAX, LONG_ANSWER_MAX) * 2),
      z.number(),
      z.boolean(),
      z.array(z.string().max(QUESTION_OPTION_MAX * 2)).max(QUESTION_OPTIONS_MAX),
    ]),
    { error: 'answers is an object: { "<questionId>": text, number, true/false or a list of choices }.' },
  )
  .refine((a) => Object.keys(a).length <= QUESTIONS_MAX + 1, { message: `Give at most ${QUESTIONS_MAX + 1} answers.` })
  .optional()
  .meta({
    description:
      "Answers to the event type's questions by question id; a missing required answer is 400 with fields.answers.<questionId>.",
  });

export const questionJsonSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    type: z.enum(QUESTION_TYPES),
    required: z.boolean(),
    options: z.array(z.string()).optional(),
  })
  .meta({ id: "BookingQuestionJson" });
