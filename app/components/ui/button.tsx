import { makeIcon } from "~/components/icon";
import loaderCircleDrawing from "lucide/dist/esm/icons/loader-circle.mjs";
import type { ButtonHTMLAttributes } from "react";

const Loader2 = makeIcon(loaderCircleDrawing, "loader-circle");

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-white hover:bg-accent-strong disabled:bg-brand-200",
  secondary: "border border-neutral-300 bg-surface text-neutral-800 hover:bg-neutral-50 disabled:text-neutral-400",
  ghost: "text-neutral-700 hover:bg-neutral-100 disabled:text-neutral-400",
  danger: "bg-danger text-white hover:bg-danger-strong disabled:bg-red-200",
};

export function buttonClass(variant: ButtonVariant = "primary", extra = "") {
  return `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors duration-150 disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  pending = false,
  className = "",
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; pending?: boolean }) {
  return (
    <button {...props} aria-busy={pending || undefined} className={buttonClass(variant, className)}>
      {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
      {children}
    </button>
  );
}
