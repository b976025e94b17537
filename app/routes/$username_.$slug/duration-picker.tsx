import { Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import clockDrawing from "lucide/dist/esm/icons/clock.mjs";

const Clock = makeIcon(clockDrawing, "clock");

/**
 * The lengths a guest picks from (decision 087): plain links, so it works without JavaScript;
 * each keeps the page's day, zone and clock (the caller's `hrefOf`) and drops a chosen time.
 */
export function DurationPicker({
  durations,
  current,
  hrefOf,
  label = "Duration",
  labelOf = (minutes) => `${minutes} min`,
}: {
  durations: number[];
  current: number;
  hrefOf: (minutes: number) => string;
  /** The group's name and each length's, in the guest's language (docs/decisions/088). */
  label?: string;
  labelOf?: (minutes: number) => string;
}) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      <Clock className="h-4 w-4 shrink-0" aria-hidden />
      <span id="duration-label" className="sr-only">
        {label}
      </span>
      <span
        role="group"
        aria-labelledby="duration-label"
        className="inline-flex flex-wrap rounded-lg border border-neutral-300 p-0.5"
        data-testid="duration-picker"
      >
        {durations.map((minutes) => {
          const active = minutes === current;
          return (
            <Link
              key={minutes}
              to={hrefOf(minutes)}
              preventScrollReset
              replace
              aria-current={active ? "true" : undefined}
              className={`rounded-md px-3 py-1 font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${active ? "bg-accent text-white" : "text-neutral-700 hover:bg-neutral-100"}`}
            >
              {labelOf(minutes)}
            </Link>
          );
        })}
      </span>
    </li>
  );
}
