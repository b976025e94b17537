import { Link } from "@remix-run/react";
import { makeIcon, type IconComponent } from "~/components/icon";
import arrowLeftDrawing from "lucide/dist/esm/icons/arrow-left.mjs";
import { buttonClass } from "~/components/ui/button";

const ArrowLeft = makeIcon(arrowLeftDrawing, "arrow-left");

/**
 * A dashboard page whose feature is not built yet: the product's heading, then an honest empty
 * state saying what will appear here, and the way back to My Schedule.
 */
export function DashboardPlaceholder({
  heading,
  title,
  body,
  icon: Icon,
}: {
  heading: string;
  title: string;
  body: string;
  icon: IconComponent;
}) {
  return (
    <section>
      <h1 className="text-2xl font-bold text-neutral-900">{heading}</h1>
      <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-neutral-300 bg-surface px-6 py-12 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="h-6 w-6" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-neutral-900">{title}</h2>
        <p className="mt-1 max-w-md text-neutral-600">{body}</p>
        <Link to="/dashboard" className={buttonClass("secondary", "mt-6")}>
          <ArrowLeft className="h-5 w-5" aria-hidden /> Back to My Schedule
        </Link>
      </div>
    </section>
  );
}
