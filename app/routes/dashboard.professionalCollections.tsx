import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  errorToast,
  getProfessionalRecord,
  isUuid,
  listProfessionalRecords,
  readFormData,
  recordAudit,
  redirectWithSuccess,
  removeProfessionalRecord,
  requirePermission,
} from "./dashboard.professionalCollections.server";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Trash2 } from "~/components/icons";
import {
  CellLabel,
  EmptyRows,
  hrefWith,
  pageParam,
  Pagination,
  tableClass,
  TableHead,
  tbodyClass,
  tdClass,
  trClass,
} from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { MESSAGES } from "~/messages";
import { formatInZone } from "~/scheduling/zoned-time";
import { notFound } from "~/utils/responses";
import { useIsPending, usePendingFormData } from "~/utils/pending";

// Refused or failed: the page's name does not leak into the title of the error page.
export const meta: MetaFunction = ({ error }) => [
  { title: error ? "Scheduler" : "Professional Collections | Scheduler" },
];

const PAGE = "/dashboard/professionalCollections";
const PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "admin:professionals");
  const url = new URL(request.url);
  const page = pageParam(url);
  const removeId = url.searchParams.get("remove");
  const [{ records, total }, removing] = await Promise.all([
    listProfessionalRecords({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    removeId === null ? null : isUuid(removeId) ? getProfessionalRecord(removeId) : null,
  ]);
  if (removeId !== null && !removing) notFound("Record not found");
  // Issued dates in the admin's own zone, formatted on the server so both renders agree.
  const issued = (at: Date) => {
    const f = formatInZone(at, admin.timeZone);
    return { date: f.date, time: f.time, zone: f.zoneName };
  };
  return {
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    offset: (page - 1) * PAGE_SIZE,
    total,
    timeZone: admin.timeZone,
    records: records.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      pack: r.pack,
      issuedAt: r.issuedAt.toISOString(),
      issued: issued(r.issuedAt),
    })),
    removing: removing ? { id: removing.id, name: removing.name } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "admin:professionals");
  const form = await readFormData(request);
  if (form.get("intent") !== "remove") return data({ toast: errorToast("Unknown action.") }, { status: 400 });
  const recordId = String(form.get("recordId") ?? "");
  if (!isUuid(recordId)) notFound("Record not found");
  const removed = await removeProfessionalRecord(recordId);
  if (!removed) notFound("Record not found");
  await recordAudit({
    actorId: admin.id,
    actorEmail: admin.email,
    action: "professional.deleted",
    targetType: "professional",
    targetId: recordId,
    before: { name: removed.name },
    request,
  });
  return redirectWithSuccess(PAGE, MESSAGES.clientDeleted);
}

export default function ProfessionalCollections() {
  const { records, removing, page, pageCount, offset, total, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const removingForm = usePendingFormData({ intent: "remove", state: "busy" });
  const removeSent = useIsPending({ intent: "remove" });
  const location = useLocation();
  const closeTo = `${PAGE}${hrefWith(location.search, { remove: null }).replace(/^\?$/, "")}`;
  // Optimistic: the row goes as soon as the removal is sent (the toast waits for the server).
  const pendingId = removingForm ? removingForm.get("recordId") : null;
  const shown = records.filter((r) => r.id !== pendingId);
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-neutral-900">Professional Collections</h1>
        <p className="text-sm text-neutral-600">
          {total} record{total === 1 ? "" : "s"}, newest first · times in {timeZone}
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyRows title="No professionals yet" body="A record appears here each time someone pays for a package." />
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Professional records, one per payment</caption>
          <TableHead
            columns={[
              { label: "No", className: "w-16" },
              "Name",
              "Email",
              "Status",
              "Issued Date",
              { label: "Remove", className: "w-32" },
            ]}
          />
          <tbody className={tbodyClass}>
            {shown.map((r, i) => (
              <tr key={r.id} className={trClass} data-testid="professional-row" data-email={r.email}>
                <td className={`${tdClass} hidden text-neutral-600 md:table-cell`}>{offset + i + 1}</td>
                <td className={`${tdClass} break-words font-medium text-neutral-900`}>
                  <CellLabel>Name</CellLabel>
                  {r.name || <span className="font-normal italic text-neutral-600">No name given</span>}
                </td>
                <td className={`${tdClass} text-neutral-700 [overflow-wrap:anywhere]`}>
                  <CellLabel>Email</CellLabel>
                  {r.email}
                </td>
                <td className={tdClass}>
                  <CellLabel>Status</CellLabel>
                  <span className="inline-flex whitespace-nowrap rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-medium text-green-800 ring-1 ring-inset ring-green-600/20">
                    {r.pack}
                  </span>
                </td>
                <td className={`${tdClass} text-neutral-700`}>
                  <CellLabel>Issued Date</CellLabel>
                  <time dateTime={r.issuedAt}>
                    <span className="whitespace-nowrap">{r.issued.date}</span>{" "}
                    <span className="whitespace-nowrap">{r.issued.time}</span>
                  </time>
                </td>
                <td className={`${tdClass} pb-3`}>
                  <Link
                    to={`${PAGE}${hrefWith(location.search, { remove: r.id })}`}
                    preventScrollReset
                    id={`remove-${r.id}`}
                    className={buttonClass("secondary", "px-3 py-2 text-red-700")}
                    aria-label={`Remove ${r.name || r.email}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden /> Remove
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} search={location.search} />
      {removing ? (
        <Modal
          title={`Are you sure to delete ${removing.name}?`}
          closeTo={closeTo}
          returnFocusTo={`remove-${removing.id}`}
        >
          <Form method="post" action={PAGE} preventScrollReset className="space-y-4">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="recordId" value={removing.id} />
            <p className="text-sm text-neutral-700">
              The payment record is removed. If it was their only running month, they go back to the free plan (3
              upcoming events).
            </p>
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
                Cancel
              </Link>
              <Button
                type="submit"
                variant="danger"
                pending={removeSent && pendingId === removing.id}
                disabled={removeSent && pendingId === removing.id}
              >
                delete
              </Button>
            </div>
          </Form>
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
