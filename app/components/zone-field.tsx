import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "~/components/booking/use-hydrated";
import type { ZonePickerWords } from "~/components/booking/time-zone-picker";
import { ErrorList, inputClass, type ListOfErrors } from "~/components/forms";

// The searchable picker loads once scripts run; until it has, and without JavaScript, the native select.
const TimeZonePicker = lazy(() =>
  import("~/components/booking/time-zone-picker").then((m) => ({ default: m.TimeZonePicker })),
);

const readable = (zone: string) => zone.replaceAll("_", " ");

/**
 * A form's time-zone field: the booking page's searchable picker (type a city, a zone or an
 * offset) once scripts run, posting the chosen zone under `name`; a native select before and
 * without them. `value` is the zone the field starts from (a zone outside `zones` is kept first).
 */
export function ZoneField({
  id,
  name,
  value,
  zones,
  label = "Time zone",
  hint,
  errors,
  errorId = `${id}-error`,
  onChange,
  locale,
  clock24 = false,
  words,
}: {
  id: string;
  name: string;
  value: string;
  zones: string[];
  label?: ReactNode;
  hint?: ReactNode;
  errors?: ListOfErrors;
  errorId?: string;
  /** Told of each zone the person chooses (a form that tracks unsaved changes). */
  onChange?: (zone: string) => void;
  /** The reader's locale, clock and words for the picker (a guest's page, docs/decisions/099); English otherwise. */
  locale?: string;
  clock24?: boolean;
  words?: ZonePickerWords;
}) {
  const hydrated = useHydrated();
  const [zone, setZone] = useState(value);
  // A saved zone (the page's data after a post) is the field's again.
  useEffect(() => setZone(value), [value]);
  const choose = (z: string) => {
    setZone(z);
    onChange?.(z);
  };
  const list = zones.includes(zone) || !zone ? zones : [zone, ...zones];
  const invalid = Boolean(errors?.length);
  const describedBy = [hint ? `${id}-hint` : "", invalid ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const select = (
    <>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={zone}
        onChange={(e) => choose(e.currentTarget.value)}
        className={inputClass}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      >
        {list.map((z) => (
          <option key={z} value={z}>
            {readable(z)}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <div>
      {hydrated ? (
        <Suspense fallback={select}>
          <TimeZonePicker
            zones={list}
            value={zone}
            clock24={clock24}
            locale={locale}
            words={words}
            onChoose={choose}
            label={label}
            name={name}
            inputId={id}
            describedBy={describedBy}
            invalid={invalid}
          />
        </Suspense>
      ) : (
        select
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
