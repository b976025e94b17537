import { makeIcon } from "~/components/icon";
import eyeDrawing from "lucide/dist/esm/icons/eye.mjs";
import eyeOffDrawing from "lucide/dist/esm/icons/eye-off.mjs";
import { useState, type InputHTMLAttributes } from "react";
import { Field, type ListOfErrors } from "./forms";

const Eye = makeIcon(eyeDrawing, "eye");
const EyeOff = makeIcon(eyeOffDrawing, "eye-off");

/** A password input with a show/hide toggle (the toggle needs JavaScript; typing does not). */
export function PasswordField({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      label={label}
      errors={errors}
      hint={hint}
      inputProps={{ ...inputProps, type: shown ? "text" : "password" }}
      trailing={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-neutral-500 hover:text-neutral-800"
          aria-label={shown ? "Hide password" : "Show password"}
          aria-pressed={shown}
        >
          {shown ? <EyeOff className="h-5 w-5" aria-hidden /> : <Eye className="h-5 w-5" aria-hidden />}
        </button>
      }
    />
  );
}
