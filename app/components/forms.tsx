import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {shown.map((e) => (
        <li key={e} className="text-sm text-red-700">
          {e}
        </li>
      ))}
    </ul>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-base text-neutral-900 placeholder:text-neutral-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 sm:text-sm";

/** Label, input, hint and errors, wired together for assistive technology. */
export function Field({
  label,
  inputProps,
  errors,
  hint,
  trailing,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
  trailing?: ReactNode;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <div className="relative">
        <input
          {...inputProps}
          id={id}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
          className={`${inputClass} ${trailing ? "pr-12" : ""}`}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
