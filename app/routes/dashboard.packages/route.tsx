import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  createPackage,
  data,
  deletePackage,
  errorToast,
  getPackage,
  isUuid,
  listPackages,
  readFormData,
  recordAudit,
  redirectWithSuccess,
  requirePermission,
  updatePackage,
} from "~/routes/dashboard.packages/route.server";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Package as PackageIcon, Pencil, Plus, Trash2 } from "~/components/icons";
import { CellLabel, EmptyRows, tableClass, TableHead, tbodyClass, tdClass, trClass } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { MESSAGES } from "~/messages";
import type { PackageSummary } from "~/models/package.server";
import { formatMonthlyPrice, packageSchema } from "~/schemas/package-form";
import { notFound } from "~/utils/responses";
import { usePendingFormData } from "~/utils/pending";
import { PAGE, PackageForm, DeleteForm } from "./package-forms";

// Refused or failed: the page's name does not leak into the title of the error page.
export const meta: MetaFunction = ({ error }) => [
  { title: error ? "Scheduler" : `${MESSAGES.packagesHeading} | Scheduler` },
];

type ModalState = { kind: "create" } | { kind: "edit" | "delete"; pkg: PackageSummary } | null;

async function openModal(url: URL): Promise<ModalState> {
  if (url.searchParams.has("create")) return { kind: "create" };
  for (const kind of ["edit", "delete"] as const) {
    const id = url.searchParams.get(kind);
    if (id === null) continue;
    const pkg = isUuid(id) ? await getPackage(id) : null;
    if (!pkg) notFound("Package not found");
    return { kind, pkg };
  }
  return null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "admin:packages");
  const url = new URL(request.url);
  const [packages, modal] = await Promise.all([listPackages(), openModal(url)]);
  return { packages, modal };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "admin:packages");
  const form = await readFormData(request);
  const intent = form.get("intent");
  const packageId = String(form.get("packageId") ?? "");

  if (intent === "delete") {
    if (!isUuid(packageId)) notFound("Package not found");
    const before = await getPackage(packageId);
    const deleted = await deletePackage(packageId);
    if (!deleted) notFound("Package not found");
    await recordAudit({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "package.deleted",
      targetType: "package",
      targetId: packageId,
      before: before ?? null,
      request,
    });
    return redirectWithSuccess(PAGE, MESSAGES.packageDeleted);
  }

  if (intent === "create" || intent === "update") {
    if (intent === "update" && !isUuid(packageId)) notFound("Package not found");
    const submission = parseWithZod(form, { schema: packageSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply(), toast: errorToast("Check the highlighted fields.") }, { status: 400 });
    }
    const before = intent === "update" ? await getPackage(packageId) : null;
    const saved =
      intent === "create" ? await createPackage(submission.value) : await updatePackage(packageId, submission.value);
    if (!saved.ok && saved.reason === "not-found") notFound("Package not found");
    if (!saved.ok) {
      return data(
        {
          result: submission.reply({ fieldErrors: { name: [MESSAGES.packageNameTaken] } }),
          toast: errorToast(MESSAGES.packageNameTaken),
        },
        { status: 400 },
      );
    }
    await recordAudit({
      actorId: admin.id,
      actorEmail: admin.email,
      action: intent === "create" ? "package.created" : "package.updated",
      targetType: "package",
      targetId: saved.id,
      before: before ?? null,
      after: { ...submission.value },
      request,
    });
    // The product's one toast for both: 'Package updated Successfully ' (also after create).
    return redirectWithSuccess(PAGE, MESSAGES.packageUpdated);
  }

  return data({ result: null, toast: errorToast("Unknown action.") }, { status: 400 });
}

export default function Packages() {
  const { packages, modal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Optimistic: a deleted row goes at once.
  const deleteForm = usePendingFormData({ intent: "delete", state: "busy" });
  const deleting = deleteForm ? deleteForm.get("packageId") : null;
  const shown = packages.filter((p) => p.id !== deleting);
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-neutral-900">{MESSAGES.packagesHeading}</h1>
        <Link to={`${PAGE}?create`} preventScrollReset id="create-package" className={buttonClass("primary")}>
          <Plus className="h-4 w-4" aria-hidden /> {MESSAGES.createPackages}
        </Link>
      </div>
      {shown.length === 0 ? (
        <EmptyRows title="No packages yet" body="Add the first package; it appears on the pricing page at once." />
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Packages on the pricing page</caption>
          <TableHead
            columns={[
              { label: "#", className: "w-16" },
              "Package",
              "Price",
              { label: "Update", className: "w-32" },
              { label: "Delete", className: "w-32" },
            ]}
          />
          <tbody className={tbodyClass}>
            {shown.map((p, i) => (
              <tr key={p.id} className={trClass} data-testid="package-row" data-name={p.name}>
                <td className={`${tdClass} hidden text-neutral-600 md:table-cell`}>{i + 1}</td>
                <td className={`${tdClass} break-words font-medium text-neutral-900`}>
                  <CellLabel>Package</CellLabel>
                  <span className="inline-flex items-center gap-2">
                    <PackageIcon className="h-4 w-4 shrink-0 text-brand-600" aria-hidden /> {p.name}
                  </span>
                </td>
                <td className={`${tdClass} text-neutral-700`} data-testid="package-price">
                  <CellLabel>Price</CellLabel>
                  {formatMonthlyPrice(p.priceCents)}
                </td>
                <td className={`${tdClass} inline-block md:table-cell`}>
                  <Link
                    to={`${PAGE}?edit=${p.id}`}
                    preventScrollReset
                    id={`edit-${p.id}`}
                    className={buttonClass("secondary", "px-3 py-2")}
                    aria-label={`Update ${p.name}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden /> Update
                  </Link>
                </td>
                <td className={`${tdClass} inline-block md:table-cell`}>
                  <Link
                    to={`${PAGE}?delete=${p.id}`}
                    preventScrollReset
                    id={`delete-${p.id}`}
                    className={buttonClass("secondary", "px-3 py-2 text-red-700")}
                    aria-label={`Delete ${p.name}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {modal?.kind === "create" ? (
        <Modal title={MESSAGES.addPackage} closeTo={PAGE} returnFocusTo="create-package">
          <PackageForm pkg={null} />
        </Modal>
      ) : null}
      {modal?.kind === "edit" ? (
        <Modal
          title={`${MESSAGES.updatePackage} ${modal.pkg.name}`}
          closeTo={PAGE}
          returnFocusTo={`edit-${modal.pkg.id}`}
        >
          <PackageForm key={modal.pkg.id} pkg={modal.pkg} />
        </Modal>
      ) : null}
      {modal?.kind === "delete" ? (
        <Modal
          title={`${MESSAGES.deletePackageQuestion} "${modal.pkg.name}" package ?`}
          closeTo={PAGE}
          returnFocusTo={`delete-${modal.pkg.id}`}
        >
          <DeleteForm pkg={modal.pkg} />
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
