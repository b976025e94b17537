import { describe, expect, it } from "vitest";
import {
  answerLines,
  answersFromForm,
  checkAnswers,
  LOCATION_PHONE_ID,
  questionsToAsk,
  type BookingQuestion,
} from "./booking-answers";
import { questionsField } from "./booking-questions";

const Q: BookingQuestion[] = [
  { id: "topic", label: "Topic", type: "short_text", required: true },
  { id: "more", label: "More", type: "long_text", required: false },
  { id: "phone", label: "Phone", type: "phone", required: false },
  { id: "size", label: "Size", type: "number", required: false },
  { id: "plan", label: "Plan", type: "single_choice", required: false, options: ["Free", "Pro"] },
  { id: "tracks", label: "Tracks", type: "multiple_choice", required: false, options: ["A", "B"] },
  { id: "ok", label: "OK?", type: "checkbox", required: true },
];

describe("checkAnswers", () => {
  it("keeps good answers of every type, trimmed", () => {
    const { answers, errors } = checkAnswers(Q, {
      topic: "  Sales ",
      more: "Line 1\nLine 2",
      phone: "+49 (30) 123-456",
      size: "12.5",
      plan: "Pro",
      tracks: ["A", "B", "A"],
      ok: true,
    });
    expect(errors).toEqual({});
    expect(answers).toEqual({
      topic: "Sales",
      more: "Line 1\nLine 2",
      phone: "+49 (30) 123-456",
      size: 12.5,
      plan: "Pro",
      tracks: ["A", "B"],
      ok: true,
    });
  });

  it("names each bad answer: required, type, size, control characters, unknown questions", () => {
    const { errors } = checkAnswers(Q, {
      topic: "a\u0000b",
      more: "x".repeat(2001),
      phone: "call me",
      size: "many",
      plan: "Gold",
      tracks: ["C"],
      ok: false,
      extra: "?",
    });
    expect(Object.keys(errors).sort()).toEqual(["extra", "more", "ok", "phone", "plan", "size", "topic", "tracks"]);
    expect(errors.ok).toEqual(['Tick "OK?".']);
    expect(checkAnswers(Q, {}).errors.topic).toEqual(['Answer "Topic".']);
    expect(checkAnswers(Q, { topic: "x", ok: true, more: "no\u0007bell" }).errors.more).toHaveLength(1);
  });
});

describe("questions", () => {
  it("the phone location without a number asks the guest's, first", () => {
    expect(questionsToAsk({ questions: Q.slice(0, 1), location: { type: "phone" } }).map((q) => q.id)).toEqual([
      LOCATION_PHONE_ID,
      "topic",
    ]);
    expect(
      questionsToAsk({ questions: Q.slice(0, 1), location: { type: "phone", value: "+1 555" } }).map((q) => q.id),
    ).toEqual(["topic"]);
  });

  it("reads the form: repeated choices, a ticked box, text", () => {
    const form = new FormData();
    form.append("a_topic", "Hi");
    form.append("a_tracks", "A");
    form.append("a_tracks", "B");
    form.append("a_ok", "on");
    expect(answersFromForm(Q, form)).toMatchObject({ topic: "Hi", tracks: ["A", "B"], ok: true, plan: "" });
  });

  it("lines in the questions' order, a removed question under its id", () => {
    expect(answerLines(Q, { ok: true, topic: "Hi", gone: 3 })).toEqual([
      { label: "Topic", text: "Hi" },
      { label: "OK?", text: "Yes" },
      { label: "gone", text: "3" },
    ]);
  });

  it("the body's questions: ids made when absent and kept when given, options only for choices", () => {
    const parsed = questionsField.parse([
      { label: "A", type: "short_text" },
      { id: "keep", label: "B", type: "single_choice", options: ["x", "y"], required: true },
    ]);
    expect(parsed[0].id).toMatch(/^q_[a-z0-9]{10}$/);
    expect(parsed[1]).toEqual({ id: "keep", label: "B", type: "single_choice", required: true, options: ["x", "y"] });
    expect(questionsField.safeParse([{ label: "A", type: "short_text", options: ["x"] }]).success).toBe(false);
    expect(questionsField.safeParse([{ id: LOCATION_PHONE_ID, label: "A", type: "phone" }]).success).toBe(false);
    expect(
      questionsField.safeParse([
        { id: "a", label: "A", type: "phone" },
        { id: "a", label: "B", type: "phone" },
      ]).success,
    ).toBe(false);
  });
});
