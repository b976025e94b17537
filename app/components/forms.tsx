import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

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
  "block w-full rounded-lg border border-neutral-300 bg-surface px-3 py-2.5 text-base text-neutral-900 placeholder:text-neutral-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 sm:text-sm";

/** Ids that tie a control to its hint and errors (aria-describedby, aria-invalid). */
function useFieldIds(givenId: string | undefined, errors: ListOfErrors, hint: ReactNode) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return {
    id,
    errorId,
    aria: {
      "aria-invalid": errorId ? true : undefined,
      "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
    },
  };
}

/** Label, hint and errors around a control the caller renders (a select, a custom textarea). */
export function ControlField({
  label,
  id,
  errorId,
  errors,
  hint,
  children,
}: {
  label: ReactNode;
  id: string;
  errorId?: string;
  errors?: ListOfErrors;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

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
  const { id, errorId, aria } = useFieldIds(inputProps.id, errors, hint);
  return (
    <ControlField label={label} id={id} errorId={errorId} errors={errors} hint={hint}>
      <div className="relative">
        <input {...inputProps} id={id} {...aria} className={`${inputClass} ${trailing ? "pr-12" : ""}`} />
        {trailing}
      </div>
    </ControlField>
  );
}

/** A labelled textarea with hint and errors, wired like Field. */
export function TextareaField({
  label,
  textareaProps,
  errors,
  hint,
}: {
  label: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
}) {
  const { id, errorId, aria } = useFieldIds(textareaProps.id, errors, hint);
  return (
    <ControlField label={label} id={id} errorId={errorId} errors={errors} hint={hint}>
      <textarea {...textareaProps} id={id} {...aria} className={`${inputClass} min-h-40 resize-y`} />
    </ControlField>
  );
}
