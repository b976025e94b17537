import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import { Form } from "@remix-run/react";
import { Plus } from "~/components/icons";
import { ControlField, ErrorList, Field, inputClass } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { OUT_OF_OFFICE_PAGE, OUT_OF_OFFICE_REASON_MAX, OutOfOfficeFormSchema } from "~/schemas/out-of-office";
import { useIsPending } from "~/utils/pending";

/** The out-of-office page's add form (route.tsx): two date-times, a reason, a teammate. */
export function AbsenceForm({
  teammates,
  lastResult,
}: {
  teammates: Array<{ id: string; label: string }>;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const pending = useIsPending({ intent: "add" });
  const [form, fields] = useForm({
    id: "absence-add",
    lastResult,
    constraint: getZodConstraint(OutOfOfficeFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OutOfOfficeFormSchema }),
  });
  return (
    <Form method="post" action={OUT_OF_OFFICE_PAGE} {...getFormProps(form)} className="max-w-form space-y-4">
      <input type="hidden" name="intent" value="add" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Away from"
          inputProps={getInputProps(fields.start, { type: "datetime-local" })}
          errors={fields.start.errors}
        />
        <Field
          label="Back on"
          hint="The first moment you can be booked again."
          inputProps={getInputProps(fields.end, { type: "datetime-local" })}
          errors={fields.end.errors}
        />
      </div>
      <Field
        label="Reason (optional)"
        hint="Only you see it."
        inputProps={{
          ...getInputProps(fields.reason, { type: "text" }),
          maxLength: OUT_OF_OFFICE_REASON_MAX,
          autoComplete: "off",
        }}
        errors={fields.reason.errors}
      />
      <ControlField
        label="Send guests to (optional)"
        id={fields.redirectToUserId.id}
        errorId={fields.redirectToUserId.errors ? fields.redirectToUserId.errorId : undefined}
        errors={fields.redirectToUserId.errors}
        hint={
          teammates.length === 0
            ? "People who share a team with you appear here."
            : "Your booking pages link to this teammate while you are away."
        }
      >
        <select
          {...getSelectProps(fields.redirectToUserId)}
          aria-describedby={[
            fields.redirectToUserId.errors ? fields.redirectToUserId.errorId : null,
            `${fields.redirectToUserId.id}-hint`,
          ]
            .filter(Boolean)
            .join(" ")}
          className={inputClass}
        >
          <option value="">No one</option>
          {teammates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </ControlField>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending} disabled={pending}>
        <Plus className="h-4 w-4" aria-hidden /> Add absence
      </Button>
    </Form>
  );
}
