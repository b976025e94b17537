import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { ControlField, ErrorList, Field, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { ReviewSchema } from "~/schemas/review-form";
import { useIsPending } from "~/utils/pending";
import { REVIEWS_URL } from "./customer-reviews";

/**
 * The home page's Give Review form. The page loads it (with zod, for the form's checks in the
 * browser) only when the form is shown, as its own chunk: most visitors never open it.
 */

const RATINGS = [
  { value: 5, label: "5 - Excellent" },
  { value: 4, label: "4 - Good" },
  { value: 3, label: "3 - Average" },
  { value: 2, label: "2 - Poor" },
  { value: 1, label: "1 - Terrible" },
];

export default function ReviewForm({
  user,
  lastResult,
}: {
  user: { name: string; email: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const pending = useIsPending({ formActionPrefix: "/?index" });
  const emailId = useId();
  const [form, fields] = useForm({
    id: "review",
    lastResult,
    constraint: getZodConstraint(ReviewSchema),
    defaultValue: { name: user.name },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewSchema }),
  });
  const select = getSelectProps(fields.rating);
  const textarea = getTextareaProps(fields.review);
  return (
    // Posts to the index route's action; `review=new` keeps the modal open when it answers
    // with errors (the page renders again at that URL, with or without JavaScript).
    <Form method="post" action="/?index&review=new" {...getFormProps(form)} className="space-y-4">
      <Field
        label="Name"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", autoFocus: true }}
        errors={fields.name.errors}
      />
      <ControlField
        label="Email"
        id={emailId}
        hint="Reviews are posted with your account's e-mail, shown masked (like t***@example.com)."
      >
        <input
          id={emailId}
          name="email"
          type="email"
          value={user.email}
          readOnly
          aria-describedby={`${emailId}-hint`}
          className={`${inputClass} read-only:cursor-default read-only:bg-neutral-100 read-only:text-neutral-700`}
        />
      </ControlField>
      <Field
        label="Image URL (optional)"
        hint="A link to your photo, starting with https://"
        inputProps={{ ...getInputProps(fields.imageUrl, { type: "url" }), placeholder: "https://", inputMode: "url" }}
        errors={fields.imageUrl.errors}
      />
      <ControlField label="Rating" id={fields.rating.id} errorId={fields.rating.errorId} errors={fields.rating.errors}>
        <select {...select} key={select.key} className={inputClass} defaultValue={fields.rating.initialValue ?? ""}>
          <option value="" disabled>
            {MESSAGES.ratingPlaceholder}
          </option>
          {RATINGS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </ControlField>
      <ControlField
        label="Review"
        id={fields.review.id}
        errorId={fields.review.errorId}
        errors={fields.review.errors}
        hint="Up to 2000 characters."
      >
        <textarea
          {...textarea}
          key={textarea.key}
          rows={5}
          aria-describedby={[textarea["aria-describedby"], `${fields.review.id}-hint`].filter(Boolean).join(" ")}
          className={`${inputClass} resize-y`}
        />
      </ControlField>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to={REVIEWS_URL} preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" pending={pending}>
          Submit
        </Button>
      </div>
    </Form>
  );
}
