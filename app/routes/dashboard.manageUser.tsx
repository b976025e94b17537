import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ShieldCheck, ShieldMinus } from "lucide-react";
import {
  CellLabel,
  EmptyRows,
  pageParam,
  Pagination,
  SearchForm,
  tableClass,
  TableHead,
  tbodyClass,
  tdClass,
  trClass,
} from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { demoteAdmin, listUsersForAdmin, promoteToAdmin } from "~/models/admin-user.server";
import { isUuid } from "~/models/event.server";
import { requirePermission, requireUser } from "~/utils/auth.server";
import { can, roleLabel } from "~/utils/permissions";
import { readFormData } from "~/utils/request.server";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";
import { forbidden, notFound } from "~/utils/responses";
import { usePendingFormData } from "~/utils/pending";
import { recordAudit } from "~/services/audit.server";

// Refused or failed: the page's name does not leak into the title of the error page.
export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Manage User | Scheduler" }];

const USERS_PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "admin:users");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = pageParam(url);
  const { users, total } = await listUsersForAdmin({ q, limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE });
  return {
    q,
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    offset: (page - 1) * USERS_PAGE_SIZE,
    me: admin.id,
    users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role })),
  };
}

/** Back to the list the admin was looking at (search and page kept). */
function listUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const query = url.searchParams.toString();
  return `/dashboard/manageUser${query ? `?${query}` : ""}`;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent !== "promote" && intent !== "demote") {
    return data({ toast: errorToast("Unknown action.") }, { status: 400 });
  }
  // Each direction has its own 403 wording (app/messages/index.ts).
  if (!can(user, "admin:users")) forbidden(intent === "promote" ? MESSAGES.notAdminPromote : MESSAGES.notAdminDemote);
  const userId = String(form.get("userId") ?? "");
  if (!isUuid(userId)) notFound("User not found");
  const result = intent === "promote" ? await promoteToAdmin(userId) : await demoteAdmin(userId);
  if (result === "not-found") notFound("User not found");
  if (result === "last-admin") return data({ toast: errorToast(MESSAGES.lastAdmin) }, { status: 409 });
  if (result === "changed") {
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "user.role_changed",
      targetType: "user",
      targetId: userId,
      before: { admin: intent !== "promote" },
      after: { admin: intent === "promote" },
      request,
    });
  }
  return redirectWithSuccess(listUrl(request), intent === "promote" ? MESSAGES.userPromoted : MESSAGES.adminDemoted);
}

type Row = Awaited<ReturnType<typeof loader>>["users"][number];

function RoleBadge({ role }: { role: Row["role"] }) {
  const style =
    role === "admin"
      ? "bg-brand-50 text-brand-800 ring-brand-600/20"
      : role === "professional"
        ? "bg-green-50 text-green-800 ring-green-600/20"
        : "bg-neutral-100 text-neutral-700 ring-neutral-500/20";
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${style}`}
      data-testid="role"
    >
      {roleLabel({ role })}
    </span>
  );
}

function RoleForm({ row, action, optimistic }: { row: Row; action: string; optimistic: boolean }) {
  const isAdmin = row.role === "admin";
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="userId" value={row.id} />
      <input type="hidden" name="intent" value={isAdmin ? "demote" : "promote"} />
      <Button
        type="submit"
        variant={isAdmin ? "secondary" : "primary"}
        pending={optimistic}
        disabled={optimistic}
        className="w-full whitespace-nowrap px-3 py-2 sm:w-auto"
        aria-label={`${isAdmin ? MESSAGES.removeAdmin : MESSAGES.makeAdmin}: ${row.name || row.email}`}
      >
        {isAdmin ? <ShieldMinus className="h-4 w-4" aria-hidden /> : <ShieldCheck className="h-4 w-4" aria-hidden />}
        {isAdmin ? MESSAGES.removeAdmin : MESSAGES.makeAdmin}
      </Button>
    </Form>
  );
}

export default function ManageUser() {
  const { users, q, page, pageCount, total, offset, me } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pendingForm = usePendingFormData({ state: "busy" });
  const location = useLocation();
  const formAction = `/dashboard/manageUser${location.search}`;
  // Optimistic: the row shows its new role while the change is on its way.
  const pendingId = pendingForm?.get("userId") ?? null;
  const pendingIntent = pendingForm?.get("intent");
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-neutral-900">Manage User</h1>
        <p className="text-sm text-neutral-600" data-testid="user-total">
          {total} {q ? "matching " : ""}account{total === 1 ? "" : "s"}
        </p>
      </div>
      <SearchForm q={q} label="Search by name or e-mail" placeholder="Name or e-mail" />
      {users.length === 0 ? (
        <EmptyRows
          title={q ? "Nobody matches that search" : "No accounts yet"}
          body={q ? "Try part of a name or an e-mail address." : "People appear here when they sign up."}
        />
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Accounts and their roles</caption>
          <TableHead
            columns={[
              { label: "#", className: "w-16" },
              "Name",
              "Email",
              { label: "Role", className: "w-36" },
              { label: "Manage", className: "w-44" },
            ]}
          />
          <tbody className={tbodyClass}>
            {users.map((u, i) => {
              const optimistic = pendingId === u.id;
              const role: Row["role"] = optimistic ? (pendingIntent === "promote" ? "admin" : "user") : u.role;
              return (
                <tr key={u.id} className={trClass} data-testid="user-row" data-email={u.email}>
                  <td className={`${tdClass} hidden text-neutral-600 md:table-cell`}>{offset + i + 1}</td>
                  <td className={`${tdClass} break-words font-medium text-neutral-900`}>
                    <CellLabel>Name</CellLabel>
                    {u.name || <span className="font-normal italic text-neutral-600">No name given</span>}
                    {u.id === me ? <span className="ml-2 text-xs font-normal text-neutral-600">(you)</span> : null}
                  </td>
                  <td className={`${tdClass} text-neutral-700 break-words`}>
                    <CellLabel>Email</CellLabel>
                    {u.email}
                  </td>
                  <td className={tdClass}>
                    <CellLabel>Role</CellLabel>
                    <RoleBadge role={role} />
                  </td>
                  <td className={`${tdClass} pb-3 md:pb-3`}>
                    <RoleForm row={u} action={formAction} optimistic={optimistic} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} search={location.search} />
      <Toaster toast={actionData?.toast ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
