import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { makeIcon } from "~/components/icon";
import arrowDownDrawing from "lucide/dist/esm/icons/arrow-down.mjs";
import arrowUpDrawing from "lucide/dist/esm/icons/arrow-up.mjs";
import plusDrawing from "lucide/dist/esm/icons/plus.mjs";
import trashDrawing from "lucide/dist/esm/icons/trash.mjs";
import { ErrorList, Field, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { QUESTION_TYPE_LABELS, QUESTION_TYPES, QUESTIONS_MAX } from "~/schemas/booking-answers";
import { SelectField } from "./fields";

const ArrowDown = makeIcon(arrowDownDrawing, "arrow-down");
const ArrowUp = makeIcon(arrowUpDrawing, "arrow-up");
const Plus = makeIcon(plusDrawing, "plus");
const Trash2 = makeIcon(trashDrawing, "trash");

/** A question row of the form: what the body takes, plus the choices as lines of text. */
export interface QuestionRow {
  id?: string;
  label: string;
  type: string;
  required: string;
  optionsText: string;
  options?: string[];
}

/**
 * The booking questions of the event type form (decision 039): a row per question with its label,
 * type, required box and choices; add, remove and move rows with conform's list intents, which
 * are plain submit buttons, so the editor works without JavaScript like the availability editor.
 */
export function QuestionsEditor({
  form,
  field,
  hydrated,
}: {
  form: FormMetadata<Record<string, unknown>, string[]>;
  field: FieldMetadata<QuestionRow[]>;
  /** With JavaScript the choices show only for a choice question; without, always (the type may change before the post). */
  hydrated: boolean;
}) {
  const rows = field.getFieldList();
  return (
    <div className="space-y-4" data-testid="questions-editor">
      <p className="text-sm text-neutral-600">
        Guests answer these when they book, besides their name, e-mail and notes. You see the answers on your schedule
        and in the booking mails.
      </p>
      <ErrorList id={field.errorId} errors={field.errors} />
      {rows.length === 0 ? <p className="text-sm text-neutral-700">No questions yet.</p> : null}
      <ol className="space-y-4">
        {rows.map((row, i) => {
          const q = row.getFieldset();
          const type = q.type.value ?? "short_text";
          const choice = type === "single_choice" || type === "multiple_choice";
          return (
            <li key={row.key} className="space-y-3 rounded-lg border border-neutral-200 p-4" data-testid="question-row">
              <input {...getInputProps(q.id, { type: "hidden" })} />
              <Field
                label={`Question ${i + 1}`}
                inputProps={getInputProps(q.label, { type: "text" })}
                errors={q.label.errors}
              />
              <SelectField
                label="Answer type"
                errors={q.type.errors}
                errorId={q.type.errorId}
                selectProps={getSelectProps(q.type)}
              >
                {QUESTION_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {QUESTION_TYPE_LABELS[t]}
                  </option>
                ))}
              </SelectField>
              {choice || !hydrated ? (
                <TextareaField
                  label="Choices (one per line)"
                  hint="For a single or multiple choice question."
                  textareaProps={{ ...getTextareaProps(q.optionsText), rows: 3 }}
                  errors={q.options.errors}
                />
              ) : (
                <input {...getInputProps(q.optionsText, { type: "hidden" })} />
              )}
              <label className="flex items-center gap-3 text-sm text-neutral-800">
                <input
                  {...getInputProps(q.required, { type: "checkbox" })}
                  className="h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
                />
                Required
              </label>
              <div className="flex flex-wrap gap-2">
                <button
                  {...form.reorder.getButtonProps({ name: field.name, from: i, to: i - 1 })}
                  disabled={i === 0}
                  formNoValidate
                  className={buttonClass("secondary", "px-3")}
                  aria-label={`Move question ${i + 1} up`}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </button>
                <button
                  {...form.reorder.getButtonProps({ name: field.name, from: i, to: i + 1 })}
                  disabled={i === rows.length - 1}
                  formNoValidate
                  className={buttonClass("secondary", "px-3")}
                  aria-label={`Move question ${i + 1} down`}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </button>
                <button
                  {...form.remove.getButtonProps({ name: field.name, index: i })}
                  formNoValidate
                  className={buttonClass("secondary", "text-red-700")}
                  data-testid="remove-question"
                >
                  <Trash2 className="h-4 w-4" aria-hidden /> Remove question {i + 1}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {rows.length < QUESTIONS_MAX ? (
        <button
          {...form.insert.getButtonProps({
            name: field.name,
            defaultValue: { label: "", type: "short_text", required: "", optionsText: "" },
          })}
          formNoValidate
          className={buttonClass("secondary")}
          data-testid="add-question"
        >
          <Plus className="h-4 w-4" aria-hidden /> Add a question
        </button>
      ) : null}
    </div>
  );
}
