import type { ReactNode } from "react";

/** Entry animation for text (CSS only, 1500 ms; none under prefers-reduced-motion). */
export const ENTRY = "animate-rise motion-reduce:animate-none";

/** The eyebrow, heading and lead of a home page section. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
  align = "center",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: "center" | "start";
}) {
  return (
    <div className={`${ENTRY} ${align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}`}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-base text-neutral-600 sm:text-lg">{lead}</p> : null}
    </div>
  );
}
