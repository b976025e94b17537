import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { parseWithZod } from "~/schemas/form-parse";
import { BrandColorSchema } from "~/schemas/profile";
import { ErrorList, Field } from "./forms";
import { Button } from "./ui/button";
import { useIsPending } from "~/utils/pending";

/**
 * A host's or team's booking-page colour (decision 108). The same check runs in the browser and
 * on the server: a colour white text cannot be read on (below 4.5:1) is refused with its ratio.
 */
export function BrandColorForm({
  id,
  action,
  brandColor,
  lastResult,
}: {
  id: string;
  action?: string;
  brandColor: string | null;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(BrandColorSchema),
    defaultValue: { brandColor: brandColor ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BrandColorSchema }),
  });
  const pending = useIsPending({ intent: "brandColor", state: "busy" });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="brandColor" />
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="mt-7 h-10 w-10 shrink-0 rounded-lg border border-neutral-300 bg-accent"
          style={brandColor ? { backgroundColor: brandColor } : undefined}
        />
        <div className="min-w-0 flex-1">
          <Field
            label="Brand colour"
            hint="A hex code such as #0f766e; white text must be readable on it. Leave empty for the default."
            inputProps={{ ...getInputProps(fields.brandColor, { type: "text" }), placeholder: "#4f46e5" }}
            errors={fields.brandColor.errors}
          />
        </div>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        Save colour
      </Button>
    </Form>
  );
}
