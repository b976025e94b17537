import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import { Form, Link, useActionData } from "@remix-run/react";
import type { z } from "zod";
import { ControlField, ErrorList, Field, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { type PackageSummary } from "~/models/package.server";
import {
  MAX_ACCESS_TYPE,
  MAX_CALENDARS,
  MAX_PACKAGE_NAME,
  MAX_PACKAGE_TEXT,
  packageFields,
  packageSchema,
  PRICE_HINT,
  priceInputValue,
} from "~/schemas/package-form";
import { useIsPending } from "~/utils/pending";
import type { action } from "./route";

export const PAGE = "/dashboard/packages";

export type FormValues = z.input<typeof packageFields>;

export function defaults(pkg: PackageSummary | null): Record<keyof FormValues, string> {
  return {
    name: pkg?.name ?? "",
    price: pkg ? priceInputValue(pkg.priceCents) : "",
    accessType: pkg?.accessType ?? "",
    activeEvent: pkg?.activeEvent ?? "",
    calender: String(pkg?.calender ?? 0),
    goupEvent: pkg?.goupEvent ?? "",
    notificationStatus: pkg?.notificationStatus ?? "",
    oneToOne: pkg?.oneToOne ?? "",
  };
}

export function PackageForm({ pkg }: { pkg: PackageSummary | null }) {
  const actionData = useActionData<typeof action>();
  const intent = pkg ? "update" : "create";
  const pending = useIsPending({ intent });
  const [form, fields] = useForm<FormValues>({
    id: pkg ? `package-form-${pkg.id}` : "package-form-new",
    lastResult: actionData?.result,
    constraint: getZodConstraint(packageFields),
    defaultValue: defaults(pkg),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: packageSchema }),
  });
  const accessType = getTextareaProps(fields.accessType);
  const text = (name: "activeEvent" | "goupEvent" | "notificationStatus" | "oneToOne", label: string, hint: string) => (
    <Field
      label={label}
      inputProps={{
        ...getInputProps(fields[name], { type: "text" }),
        maxLength: MAX_PACKAGE_TEXT,
        autoComplete: "off",
        placeholder: hint,
      }}
      errors={fields[name].errors}
    />
  );
  return (
    <Form
      method="post"
      action={pkg ? `${PAGE}?edit=${pkg.id}` : `${PAGE}?create`}
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {pkg ? <input type="hidden" name="packageId" value={pkg.id} /> : null}
      <Field
        label="Package name"
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          maxLength: MAX_PACKAGE_NAME,
          autoComplete: "off",
        }}
        errors={fields.name.errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Price ($ per month)"
          inputProps={{
            ...getInputProps(fields.price, { type: "text" }),
            inputMode: "decimal",
            autoComplete: "off",
            placeholder: "Free",
          }}
          errors={fields.price.errors}
          hint={PRICE_HINT}
        />
        <Field
          label="Calendars"
          inputProps={{
            ...getInputProps(fields.calender, { type: "number" }),
            min: 0,
            max: MAX_CALENDARS,
            step: 1,
            inputMode: "numeric",
          }}
          errors={fields.calender.errors}
          hint="How many calendars it connects."
        />
      </div>
      <ControlField
        label="Access type"
        id={fields.accessType.id}
        errorId={fields.accessType.errorId}
        errors={fields.accessType.errors}
        hint={`What the package gives access to. The pricing card shows the first 30 characters. Up to ${MAX_ACCESS_TYPE}.`}
      >
        <textarea
          {...accessType}
          key={accessType.key}
          rows={3}
          maxLength={MAX_ACCESS_TYPE}
          aria-describedby={[accessType["aria-describedby"], `${fields.accessType.id}-hint`].filter(Boolean).join(" ")}
          className={`${inputClass} resize-y`}
        />
      </ControlField>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("activeEvent", "Active events", "e.g. Unlimited")}
        {text("goupEvent", "Group events", "e.g. Up to 4 guests")}
        {text("notificationStatus", "Notifications", "e.g. On site and Email")}
        {text("oneToOne", "One-to-one events", "e.g. Unlimited")}
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {pkg ? null : (
          <Link to={PAGE} preventScrollReset className={buttonClass("secondary")}>
            Cancel
          </Link>
        )}
        <Button type="submit" pending={pending} disabled={pending}>
          {pkg ? "Update" : "Add"}
        </Button>
      </div>
    </Form>
  );
}

export function DeleteForm({ pkg }: { pkg: PackageSummary }) {
  const pending = useIsPending({ intent: "delete" });
  return (
    <Form method="post" action={PAGE} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="packageId" value={pkg.id} />
      <p className="text-sm text-neutral-700">{MESSAGES.deletePackageNote}</p>
      <p className="text-sm text-neutral-600">
        People who already bought it keep their professional record and its package name.
      </p>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to={PAGE} preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" variant="danger" pending={pending} disabled={pending}>
          Delete
        </Button>
      </div>
    </Form>
  );
}
