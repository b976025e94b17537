import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { ControlField, Field, inputClass } from "./forms";
import { DURATIONS, EVENT_OPTIONS, MAX_DESCRIPTION } from "~/schemas/event";

type TextField = FieldMetadata<string | undefined>;
type NumberField = FieldMetadata<number | undefined>;

export interface EventDetailsFieldset {
  eventName: TextField;
  eventType: TextField;
  description: TextField;
  date: TextField;
  time: TextField;
  duration: NumberField;
}

function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return Number.isInteger(hours)
    ? `${hours} hour${hours > 1 ? "s" : ""}`
    : `${Math.floor(hours)} h ${minutes % 60} min`;
}

/**
 * Name, option, description, date + time in the host's zone and duration: the fields the
 * create forms and the Update modal share.
 */
export function EventDetailsFields({
  fields,
  timeZone,
  minDate,
}: {
  fields: EventDetailsFieldset;
  timeZone: string;
  minDate: string;
}) {
  const select = getSelectProps(fields.eventType);
  const duration = getSelectProps(fields.duration);
  const textarea = getTextareaProps(fields.description);
  return (
    <>
      <Field
        label="Event name"
        inputProps={{ ...getInputProps(fields.eventName, { type: "text" }), autoComplete: "off" }}
        errors={fields.eventName.errors}
      />
      <ControlField
        label="Option"
        id={fields.eventType.id}
        errorId={fields.eventType.errorId}
        errors={fields.eventType.errors}
      >
        <select {...select} key={select.key} defaultValue={fields.eventType.initialValue ?? ""} className={inputClass}>
          <option value="" disabled>
            Choose how you will meet
          </option>
          {EVENT_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </ControlField>
      <ControlField
        label="Description"
        id={fields.description.id}
        errorId={fields.description.errorId}
        errors={fields.description.errors}
        hint={`What the meeting is about. Up to ${MAX_DESCRIPTION} characters.`}
      >
        <textarea
          {...textarea}
          key={textarea.key}
          rows={4}
          aria-describedby={[textarea["aria-describedby"], `${fields.description.id}-hint`].filter(Boolean).join(" ")}
          className={`${inputClass} resize-y`}
        />
      </ControlField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Date"
          inputProps={{ ...getInputProps(fields.date, { type: "date" }), min: minDate }}
          errors={fields.date.errors}
        />
        <Field
          label="Time"
          inputProps={getInputProps(fields.time, { type: "time" })}
          errors={fields.time.errors}
          hint={
            <>
              In your time zone, <strong className="font-medium text-neutral-800">{timeZone}</strong> (
              <a href="/dashboard/profile" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                change
              </a>
              ).
            </>
          }
        />
      </div>
      <ControlField
        label="Duration"
        id={fields.duration.id}
        errorId={fields.duration.errorId}
        errors={fields.duration.errors}
      >
        <select
          {...duration}
          key={duration.key}
          defaultValue={fields.duration.initialValue ?? "30"}
          className={inputClass}
        >
          {DURATIONS.map((m) => (
            <option key={m} value={m}>
              {durationLabel(m)}
            </option>
          ))}
        </select>
      </ControlField>
    </>
  );
}
