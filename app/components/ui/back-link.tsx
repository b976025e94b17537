import { Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import chevronLeftDrawing from "lucide/dist/esm/icons/chevron-left.mjs";

const ChevronLeft = makeIcon(chevronLeftDrawing, "chevron-left");

/** The "‹ Parent page" link above a sub-page's heading. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      <ChevronLeft className="h-4 w-4" aria-hidden /> {label}
    </Link>
  );
}
