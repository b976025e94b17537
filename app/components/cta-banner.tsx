import { Link } from "@remix-run/react";
import { useId } from "react";

/** The closing call-to-action band of a marketing page: a title, a line and one link. */
export function CtaBanner({ title, body, to, label }: { title: string; body: string; to: string; label: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-content px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-col items-start gap-4 rounded-xl bg-accent-strong p-8 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id={headingId} className="text-xl font-bold">
            {title}
          </h2>
          {/* On the accent fill, the same in both themes (decision 108): a brand shade would turn dark in the dark theme. */}
          <p className="mt-1 text-white/90">{body}</p>
        </div>
        <Link
          to={to}
          className="inline-flex items-center rounded-lg bg-surface px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {label}
        </Link>
      </div>
    </section>
  );
}
