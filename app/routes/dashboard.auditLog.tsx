import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  eraseGuest,
  errorToast,
  listAuditEntries,
  readFormData,
  redirectWithSuccess,
  requirePermission,
} from "./dashboard.auditLog.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChevronRight, Download, Eraser, ScrollText } from "~/components/icons";
import { ErrorList, inputClass } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { AUDIT_ACTIONS, auditLogQuery, eraseGuestBody } from "~/schemas/audit";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { useIsPending } from "~/utils/pending";

export const meta: MetaFunction = () => [{ title: "Audit Log | Scheduler" }];

const FILTERS = ["actor", "action", "from", "to"] as const;

/**
 * Admin-only (decision 070): the audit log, newest first, filtered by actor (e-mail or id),
 * action and time; "Export CSV" downloads every matching entry. Below it, the erasure of a guest
 * by e-mail (decision 071).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "admin:access");
  const params = new URL(request.url).searchParams;
  const raw: Record<string, string> = {};
  for (const key of [...FILTERS, "cursor"]) raw[key] = params.get(key) ?? "";
  const parsed = auditLogQuery.safeParse(raw);
  const filters = Object.fromEntries(FILTERS.map((k) => [k, raw[k]])) as Record<(typeof FILTERS)[number], string>;
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => `${String(i.path[0] ?? "filter")}: ${i.message}`);
    return { filters, errors, entries: [], nextCursor: null };
  }
  let page;
  try {
    page = await listAuditEntries(parsed.data);
  } catch {
    return { filters, errors: ["cursor: this page link is out of date; start again"], entries: [], nextCursor: null };
  }
  const format = dateTimeFormatters(admin.timeZone);
  return {
    filters,
    errors: [] as string[],
    nextCursor: page.nextCursor,
    entries: page.items.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      date: format.date.format(e.at),
      time: format.time.format(e.at),
      actor: e.actorEmail ?? e.actorId ?? "anonymous",
      action: e.action,
      target: e.targetId ? `${e.targetType} ${e.targetId}` : e.targetType,
      ip: e.ip,
      userAgent: e.userAgent,
      change: [e.before ? `before ${JSON.stringify(e.before)}` : "", e.after ? `after ${JSON.stringify(e.after)}` : ""]
        .filter(Boolean)
        .join("\n"),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "admin:access");
  const form = await readFormData(request);
  const parsed = eraseGuestBody.safeParse({ email: String(form.get("email") ?? "") });
  if (!parsed.success) {
    return data({ error: "Enter the guest's e-mail address.", toast: null }, { status: 400 });
  }
  const result = await eraseGuest({ actorId: admin.id, email: parsed.data.email, request });
  if (!result.ok) {
    const message = "This e-mail belongs to an account: its owner deletes it from their profile.";
    return data({ error: message, toast: errorToast(message) }, { status: 409 });
  }
  return redirectWithSuccess(
    "/dashboard/auditLog",
    `The guest is erased: ${result.bookings} booking${result.bookings === 1 ? "" : "s"} anonymised.`,
  );
}

const th =
  "sticky top-16 z-10 border-b border-neutral-200 bg-neutral-50 px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-neutral-600";
const td = "block px-4 py-1.5 align-top md:table-cell md:py-3";

function CellLabel({ children }: { children: string }) {
  return (
    <span className="mb-0.5 block text-xs font-semibold uppercase tracking-wide text-neutral-500 md:hidden">
      {children}
    </span>
  );
}

function FilterForm({ filters }: { filters: Record<string, string> }) {
  const field = "block text-sm font-medium text-neutral-800";
  return (
    <Form
      method="get"
      reloadDocument
      className="mt-6 grid gap-4 rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <label className={field}>
        Actor (e-mail or id)
        <input name="actor" defaultValue={filters.actor} className={`${inputClass} mt-1`} autoComplete="off" />
      </label>
      <label className={field}>
        Action
        <select name="action" defaultValue={filters.action} className={`${inputClass} mt-1`}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        From
        <input type="date" name="from" defaultValue={filters.from} className={`${inputClass} mt-1`} />
      </label>
      <label className={field}>
        To
        <input type="date" name="to" defaultValue={filters.to} className={`${inputClass} mt-1`} />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Filter</Button>
        {/* The same filters, to the CSV download (a document request: reloadDocument, so a browser saves it). */}
        <button type="submit" formAction="/dashboard/auditLog.csv" className={buttonClass("secondary")}>
          <Download className="h-5 w-5" aria-hidden /> Export CSV
        </button>
      </div>
    </Form>
  );
}

function EraseGuestForm({ error }: { error: string | null }) {
  const pending = useIsPending({ state: "busy" });
  return (
    <section
      aria-labelledby="erase-guest"
      className="mt-10 max-w-xl rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm"
    >
      <h2 id="erase-guest" className="text-lg font-semibold text-neutral-900">
        Erase a guest
      </h2>
      <p className="mt-1 text-sm text-neutral-600">
        Replaces the guest&apos;s name, e-mail, answers and notes in every booking, message and delivery. Times and
        counts stay. This cannot be undone.
      </p>
      <Form method="post" className="mt-4 space-y-3">
        <label className="block text-sm font-medium text-neutral-800" htmlFor="erase-email">
          Guest&apos;s e-mail
        </label>
        <input
          id="erase-email"
          name="email"
          type="email"
          required
          autoComplete="off"
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "erase-email-error" : undefined}
        />
        <ErrorList id="erase-email-error" errors={error ? [error] : undefined} />
        <Button type="submit" variant="danger" pending={pending}>
          <Eraser className="h-5 w-5" aria-hidden /> Erase guest
        </Button>
      </Form>
    </section>
  );
}

export default function AuditLog() {
  const { entries, filters, errors, nextCursor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const next = new URLSearchParams({ ...filters, cursor: nextCursor ?? "" });
  return (
    <section>
      <Toaster toast={actionData?.toast ?? null} />
      <h1 className="text-2xl font-bold text-neutral-900">Audit Log</h1>
      <p className="mt-1 text-neutral-600">
        Sign-ins, account and permission changes, exports and erasures, newest first.
      </p>
      <FilterForm filters={filters} />
      <ErrorList id="audit-filter-errors" errors={errors.length ? errors : undefined} />
      {entries.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-neutral-300 bg-surface px-6 py-12 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ScrollText className="h-6 w-6" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-neutral-900">No entries</h2>
          <p className="mt-1 max-w-sm text-neutral-600">
            Nothing matches these filters. Clear them to see every entry.
          </p>
        </div>
      ) : (
        <table className="mt-6 block w-full border-separate border-spacing-0 text-sm md:table md:table-fixed md:rounded-xl md:border md:border-neutral-200 md:bg-surface md:shadow-sm">
          <caption className="sr-only">Audit log entries</caption>
          <thead className="hidden md:table-header-group">
            <tr>
              <th scope="col" className={`${th} w-28 md:rounded-tl-xl`}>
                When
              </th>
              <th scope="col" className={`${th} w-56`}>
                Actor and origin
              </th>
              <th scope="col" className={`${th} w-44`}>
                Action
              </th>
              <th scope="col" className={`${th} md:rounded-tr-xl`}>
                Target and change
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-4 md:table-row-group md:space-y-0">
            {entries.map((e) => (
              <tr
                key={e.id}
                data-testid="audit-entry"
                className="block rounded-xl border border-neutral-200 bg-surface py-2 shadow-sm md:table-row md:rounded-none md:border-0 md:py-0 md:shadow-none md:[&:not(:last-child)>td]:border-b md:[&>td]:border-neutral-200"
              >
                <td className={`${td} text-neutral-700`}>
                  <CellLabel>When</CellLabel>
                  <time dateTime={e.at}>
                    <span className="whitespace-nowrap">{e.date}</span>{" "}
                    <span className="whitespace-nowrap">{e.time}</span>
                  </time>
                </td>
                <td className={`${td} [overflow-wrap:anywhere]`}>
                  <CellLabel>Actor and origin</CellLabel>
                  <span className="block text-neutral-900">{e.actor}</span>
                  <span className="mt-1 block text-xs text-neutral-600">{e.ip ?? "no address"}</span>
                  {e.userAgent ? <span className="block text-xs text-neutral-600">{e.userAgent}</span> : null}
                </td>
                <td className={`${td} font-medium text-neutral-900`}>
                  <CellLabel>Action</CellLabel>
                  {e.action}
                </td>
                <td className={`${td} [overflow-wrap:anywhere]`}>
                  <CellLabel>Target and change</CellLabel>
                  <span className="block text-neutral-900">{e.target}</span>
                  {e.change ? (
                    <span className="mt-1 block whitespace-pre-wrap font-mono text-xs text-neutral-600">
                      {e.change}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextCursor ? (
        <nav aria-label="Pages" className="mt-6 flex justify-end">
          <Link to={`?${next.toString()}`} className={buttonClass("secondary")}>
            Older <ChevronRight className="h-5 w-5" aria-hidden />
          </Link>
        </nav>
      ) : null}
      <EraseGuestForm error={actionData?.error ?? null} />
    </section>
  );
}
