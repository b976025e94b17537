import { Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import circleCheckDrawing from "lucide/dist/esm/icons/circle-check.mjs";
import circleDrawing from "lucide/dist/esm/icons/circle.mjs";
import type { ChecklistItem } from "~/schemas/onboarding";

const CheckCircle2 = makeIcon(circleCheckDrawing, "circle-check");
const Circle = makeIcon(circleDrawing, "circle");

/** My Schedule's "Get started" checklist (decision 041): shown until every item is done. */
export function OnboardingChecklist({ items }: { items: ChecklistItem[] }) {
  const left = items.filter((i) => !i.done).length;
  if (left === 0) return null;
  return (
    <section
      aria-labelledby="get-started"
      className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-5 sm:p-6"
      data-testid="onboarding-checklist"
    >
      <h2 id="get-started" className="text-lg font-semibold text-neutral-900">
        Get started
      </h2>
      <p className="mt-1 text-sm text-neutral-700">
        {items.length - left} of {items.length} done
      </p>
      <ol className="mt-4 space-y-3">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-col gap-2 rounded-lg bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid={`checklist-${item.id}`}
          >
            <div className="flex items-start gap-3">
              {item.done ? (
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden />
              ) : (
                <Circle className="mt-0.5 h-5 w-5 shrink-0 text-neutral-400" aria-hidden />
              )}
              <div>
                <p className="font-medium text-neutral-900">
                  {item.title}
                  <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
                </p>
                <p className="break-words text-sm text-neutral-700">{item.body}</p>
              </div>
            </div>
            <Link
              to={item.href}
              className="shrink-0 text-sm font-semibold text-brand-700 underline hover:text-brand-800 sm:ml-4"
            >
              {item.action}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
