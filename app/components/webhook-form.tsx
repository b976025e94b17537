import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList, inputClass } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from "~/schemas/webhook";

/** What a webhook form shows again after a refusal: the typed values and the errors per field. */
export interface WebhookFormState {
  values: { url: string; events: string[]; active: boolean };
  errors: Record<string, string[] | undefined>;
}

export const NEW_WEBHOOK_DEFAULTS: WebhookFormState["values"] = {
  url: "",
  events: ["booking.created", "booking.rescheduled", "booking.cancelled"],
  active: true,
};

/**
 * The subscription form of Dashboard > Webhooks (create and edit): a URL, the events as
 * checkboxes, the active switch. A plain post: it works without JavaScript, and a refusal
 * comes back with the input kept.
 */
export function WebhookForm({
  id,
  action,
  intent,
  state,
  submitLabel,
  pending,
  children,
}: {
  id: string;
  action: string;
  intent: string;
  state: WebhookFormState;
  submitLabel: string;
  pending: boolean;
  children?: ReactNode;
}) {
  const { values, errors } = state;
  const urlError = errors.url?.length ? `${id}-url-error` : undefined;
  const eventsError = errors.events?.length ? `${id}-events-error` : undefined;
  return (
    <Form method="post" action={action} id={id} className="space-y-5" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium text-neutral-800">
          Endpoint URL
        </label>
        <input
          id={`${id}-url`}
          name="url"
          type="url"
          inputMode="url"
          required
          maxLength={2000}
          defaultValue={values.url}
          placeholder="https://example.com/hooks/scheduler"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={[urlError, `${id}-url-hint`].filter(Boolean).join(" ")}
          className={inputClass}
        />
        <p id={`${id}-url-hint`} className="mt-1 text-sm text-neutral-600">
          We POST signed JSON here. An https:// address on the public internet.
        </p>
        <ErrorList id={urlError} errors={errors.url} />
      </div>
      <fieldset aria-describedby={eventsError}>
        <legend className="mb-2 text-sm font-medium text-neutral-800">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-11 items-start gap-3 rounded-lg border border-neutral-200 px-3 py-2.5 text-sm hover:bg-neutral-50"
            >
              <input
                type="checkbox"
                name="events"
                value={type}
                defaultChecked={values.events.includes(type)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-neutral-900">{WEBHOOK_EVENT_LABELS[type]}</span>
                <span className="block font-mono text-xs text-neutral-600">{type}</span>
              </span>
            </label>
          ))}
        </div>
        <ErrorList id={eventsError} errors={errors.events} />
      </fieldset>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-neutral-800">
        <input type="checkbox" name="active" defaultChecked={values.active} className="h-4 w-4 accent-brand-600" />
        Active: send events to this URL
      </label>
      <ErrorList errors={errors.form} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" pending={pending} disabled={pending}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </Form>
  );
}
