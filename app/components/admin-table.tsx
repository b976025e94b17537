import { Form, Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import chevronLeftDrawing from "lucide/dist/esm/icons/chevron-left.mjs";
import chevronRightDrawing from "lucide/dist/esm/icons/chevron-right.mjs";
import searchDrawing from "lucide/dist/esm/icons/search.mjs";
import type { ReactNode } from "react";
import { inputClass } from "./forms";
import { buttonClass } from "~/components/ui/button";
import { formatInZone } from "~/scheduling/zoned-time";

const ChevronLeft = makeIcon(chevronLeftDrawing, "chevron-left");
const ChevronRight = makeIcon(chevronRightDrawing, "chevron-right");
const Search = makeIcon(searchDrawing, "search");

/**
 * The admin pages' table: a real table with a sticky header from md up; on phones each row
 * stacks into a card and every cell carries its own label, so nothing scrolls sideways.
 */

export const tableClass =
  "mt-6 block w-full border-separate border-spacing-0 text-sm md:table md:rounded-xl md:border md:border-neutral-200 md:bg-surface md:shadow-sm";
export const theadClass = "hidden md:table-header-group";
export const thClass =
  "sticky top-16 z-10 border-b border-neutral-200 bg-neutral-50 px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-neutral-600 first:md:rounded-tl-xl last:md:rounded-tr-xl";
export const tbodyClass = "block space-y-4 md:table-row-group md:space-y-0";
export const trClass =
  "block rounded-xl border border-neutral-200 bg-surface py-2 shadow-sm md:table-row md:rounded-none md:border-0 md:py-0 md:shadow-none md:[&:not(:last-child)>td]:border-b md:[&>td]:border-neutral-200";
export const tdClass = "block px-4 py-1.5 align-middle md:table-cell md:py-3";

/** Stands in for the hidden column header on phones. */
export function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span className="mb-0.5 block text-xs font-semibold uppercase tracking-wide text-neutral-500 md:hidden">
      {children}
    </span>
  );
}

/** The same page with other query params kept and `changes` applied (null removes a param). */
export function hrefWith(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** Previous / next links (plain links: they work without JavaScript). */
export function Pagination({
  page,
  pageCount,
  search,
  label = "Pages",
  approximate = false,
}: {
  page: number;
  pageCount: number;
  search: string;
  label?: string;
  /** pageCount is from an estimated total (docs/decisions/102): "Page 3 of about 52,500". */
  approximate?: boolean;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link
          to={hrefWith(search, { page: page - 1 === 1 ? null : page - 1 })}
          className={buttonClass("secondary")}
          rel="prev"
        >
          <ChevronLeft className="h-5 w-5" aria-hidden /> Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-center text-sm text-neutral-600" aria-current="page">
        Page {page} of {approximate ? `about ${pageCount.toLocaleString("en-US")}` : pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefWith(search, { page: page + 1 })} className={buttonClass("secondary")} rel="next">
          Next <ChevronRight className="h-5 w-5" aria-hidden />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A GET search box: the query lands in the URL (shareable, works without JavaScript). */
export function SearchForm({
  q,
  label,
  placeholder,
  children,
}: {
  q: string;
  label: string;
  placeholder: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="min-w-0 flex-1 sm:min-w-64">
        <label htmlFor="admin-search" className="mb-1 block text-sm font-medium text-neutral-800">
          {label}
        </label>
        <input
          id="admin-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          maxLength={200}
          className={inputClass}
        />
      </div>
      {children}
      <button type="submit" className={buttonClass("secondary")}>
        <Search className="h-4 w-4" aria-hidden /> Search
      </button>
    </Form>
  );
}

/** One page number from the URL: anything that is not a positive integer is page 1. */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get("page");
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

export function EmptyRows({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-neutral-300 bg-surface px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      <p className="mt-1 max-w-sm text-neutral-600">{body}</p>
      {children}
    </div>
  );
}

/** The header row of an admin table (hidden on phones, where each cell carries its label). */
export function TableHead({ columns }: { columns: Array<string | { label: string; className?: string }> }) {
  return (
    <thead className={theadClass}>
      <tr>
        {columns.map((c) => {
          const col = typeof c === "string" ? { label: c } : c;
          return (
            <th key={col.label} scope="col" className={col.className ? `${thClass} ${col.className}` : thClass}>
              {col.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** What WhenText shows of an event in `zone`: its date, "start – end" and the zone's short name. */
export function whenOf(start: Date, end: Date, zone: string): { date: string; time: string; zone: string } {
  const s = formatInZone(start, zone);
  const e = formatInZone(end, zone);
  return { date: s.date, time: `${s.time} – ${e.time}`, zone: s.zoneName };
}

/** An event's time in the admin's zone: date, then start – end and the zone, each kept whole. */
export function WhenText({
  startsAt,
  when,
  emphasis = false,
}: {
  startsAt: string;
  when: { date: string; time: string; zone: string };
  emphasis?: boolean;
}) {
  return (
    <time dateTime={startsAt}>
      <span className={`whitespace-nowrap${emphasis ? " font-medium" : ""}`}>{when.date}</span>{" "}
      <span className={`whitespace-nowrap${emphasis ? " text-neutral-700" : ""}`}>
        {when.time} <span className="text-neutral-600">({when.zone})</span>
      </span>
    </time>
  );
}

/** An event's status in the event tables: Cancelled, Declined, Pending, Past or Confirmed (never colour alone: the word). */
export function EventStatusBadge({
  status,
  past,
  declined = false,
}: {
  status: "confirmed" | "cancelled" | "pending" | "awaiting_payment";
  past: boolean;
  declined?: boolean;
}) {
  const [label, style] =
    status === "cancelled"
      ? [declined ? "Declined" : "Cancelled", "bg-red-50 text-red-800 ring-red-600/20"]
      : status === "pending" || status === "awaiting_payment"
        ? [status === "pending" ? "Pending" : "Awaiting payment", "bg-amber-50 text-amber-900 ring-amber-600/20"]
        : past
          ? ["Past", "bg-neutral-100 text-neutral-700 ring-neutral-500/20"]
          : ["Confirmed", "bg-green-50 text-green-800 ring-green-600/20"];
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${style}`}
      data-testid="event-status"
    >
      {label}
    </span>
  );
}
