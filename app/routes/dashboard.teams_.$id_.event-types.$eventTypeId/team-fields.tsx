import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList, inputClass } from "~/components/forms";
import {
  HOST_PRIORITIES,
  LOCKABLE_FIELD_LABELS,
  LOCKABLE_FIELDS,
  PRIORITY_LABELS,
  priorityField,
  ROUND_ROBIN_MODES,
  weightField,
} from "~/schemas/team-event-types";

/** The team event type form's own fields (route.tsx): hosts, round robin's mode, locked fields. */

const MODE_TEXT: Record<(typeof ROUND_ROBIN_MODES)[number], { label: string; hint: string }> = {
  fairness: {
    label: "Fairness",
    hint: "Guests see every time any host is free; each booking goes to the host with the fewest recent bookings (by weight).",
  },
  availability: {
    label: "Availability",
    hint: "The same times; each booking goes to the free host of the highest priority first.",
  },
};

export function TeamHostsPicker({
  members,
  kind,
  hydrated,
  errors,
  errorId,
}: {
  members: Array<{ userId: string; label: string; checked: boolean; weight: number; priority: string }>;
  kind: string;
  hydrated: boolean;
  errors: string[];
  errorId: string;
}) {
  const managed = kind === "managed" && hydrated;
  const weighted = kind === "round-robin" || !hydrated;
  return (
    <fieldset className="space-y-3" aria-describedby={`team-hosts-hint ${errorId}`} data-testid="team-hosts-picker">
      <legend className="text-sm font-medium text-neutral-800">{managed ? "Members who get a copy" : "Hosts"}</legend>
      <p id="team-hosts-hint" className="text-sm text-neutral-600">
        {managed
          ? "Each member you tick gets this event type on their own page; untick someone to remove their copy."
          : hydrated
            ? "Pick the members who host it. Each uses their own default schedule."
            : "Pick the members who host it (Managed: who gets a copy). Weight and priority count for Round Robin only."}
      </p>
      <ul className="space-y-3">
        {members.map((m) => (
          <li
            key={m.userId}
            className="grid gap-2 rounded-lg border border-neutral-200 p-3 sm:grid-cols-[1fr_6rem_8rem] sm:items-end"
          >
            <label className="flex items-center gap-3 text-sm text-neutral-800 sm:self-center">
              <input
                type="checkbox"
                name="hostIds"
                value={m.userId}
                defaultChecked={m.checked}
                className="h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{m.label}</span>
            </label>
            {weighted ? (
              <>
                <label className="text-xs font-medium text-neutral-700">
                  Weight
                  <input
                    type="number"
                    name={weightField(m.userId)}
                    min={0}
                    max={100}
                    inputMode="numeric"
                    defaultValue={m.weight}
                    aria-label={`Weight of ${m.label}`}
                    className={`${inputClass} mt-1`}
                  />
                </label>
                <label className="text-xs font-medium text-neutral-700">
                  Priority
                  <select
                    name={priorityField(m.userId)}
                    defaultValue={m.priority}
                    aria-label={`Priority of ${m.label}`}
                    className={`${inputClass} mt-1`}
                  >
                    {HOST_PRIORITIES.map((p) => (
                      <option key={p} value={p}>
                        {PRIORITY_LABELS[p]}
                      </option>
                    ))}
                  </select>
                </label>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function RoundRobinModeChoice({
  field,
  hydrated,
}: {
  field: FieldMetadata<string | undefined>;
  hydrated: boolean;
}) {
  const options = getCollectionProps(field, { type: "radio", options: [...ROUND_ROBIN_MODES] });
  return (
    <fieldset className="space-y-2" aria-describedby={field.errorId}>
      <legend className="text-sm font-medium text-neutral-800">
        {hydrated ? "How hosts are picked" : "How hosts are picked (Round Robin only)"}
      </legend>
      {options.map(({ key, ...props }) => (
        <label key={key} className="flex items-start gap-3 text-sm text-neutral-800">
          <input {...props} className="mt-0.5 h-5 w-5 border-neutral-400 text-brand-600 focus:ring-brand-600" />
          <span>
            <span className="font-medium">{MODE_TEXT[props.value as keyof typeof MODE_TEXT].label}</span>:{" "}
            {MODE_TEXT[props.value as keyof typeof MODE_TEXT].hint}
          </span>
        </label>
      ))}
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

export function LockedFieldsPicker({
  field,
  chosen,
  hydrated,
}: {
  field: FieldMetadata<string[] | undefined>;
  chosen: string[];
  hydrated: boolean;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={`locked-hint ${field.errorId}`} data-testid="locked-fields">
      <legend className="text-sm font-medium text-neutral-800">
        {hydrated ? "Locked fields" : "Locked fields (Managed only)"}
      </legend>
      <p id="locked-hint" className="text-sm text-neutral-600">
        Members cannot change a locked field on their copy, and your changes to it reach every copy. The others are
        theirs once their copy is made.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {LOCKABLE_FIELDS.map((f) => (
          <label key={f} className="flex items-center gap-3 text-sm text-neutral-800">
            <input
              type="checkbox"
              name="lockedFields"
              value={f}
              defaultChecked={chosen.includes(f)}
              className="h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600"
            />
            {LOCKABLE_FIELD_LABELS[f]}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
