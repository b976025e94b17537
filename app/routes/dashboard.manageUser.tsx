import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  accountById,
  cancelHeldBooking,
  data,
  deactivatedAmong,
  deactivateUser,
  demoteAdmin,
  errorToast,
  handOverHeldBooking,
  heldBookingsOf,
  isSecondFactorRequired,
  isUuid,
  listUsersForAdmin,
  promoteToAdmin,
  reactivateUser,
  readFormData,
  recordAudit,
  redirect,
  redirectWithSuccess,
  requirePermission,
  requireUser,
  setSecondFactorRequired,
} from "./dashboard.manageUser.server";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ShieldCheck, ShieldMinus, UserCheck, UserX } from "~/components/icons";
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
import { Button, buttonClass } from "~/components/ui/button";
import { MESSAGES } from "~/messages";
import { PEOPLE_MESSAGES as P } from "~/messages/people";
import { HeldBookings } from "~/components/held-bookings";
import { can, roleLabel } from "~/utils/permissions";
import { forbidden, notFound } from "~/utils/responses";
import { usePendingFormData } from "~/utils/pending";
import { TWO_FACTOR_MESSAGES } from "~/messages/two-factor";
import { parseWithZod } from "~/schemas/form-parse";
import { SecondFactorRequiredSchema } from "~/schemas/two-factor";
import { REASSIGN_MESSAGES as R } from "~/messages/reassign";

// Refused or failed: the page's name does not leak into the title of the error page.
export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Manage User | Scheduler" }];

const USERS_PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "admin:users");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = pageParam(url);
  const { users, total } = await listUsersForAdmin({ q, limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE });
  const off = await deactivatedAmong(users.map((u) => u.id));
  // ?bookings=<id>: a deactivated person's upcoming bookings, to hand over or cancel (decision 068).
  const heldId = url.searchParams.get("bookings");
  const heldOwner = heldId && isUuid(heldId) ? await accountById(heldId) : null;
  const held = heldOwner
    ? {
        id: heldOwner.id,
        who: heldOwner.name || heldOwner.email,
        bookings: (await heldBookingsOf(heldOwner.id, new Date())).map((b) => ({
          id: b.id,
          eventName: b.eventName,
          startsAt: b.startsAt.toISOString(),
          guest: [b.guestName, b.guestEmail ? `<${b.guestEmail}>` : null].filter(Boolean).join(" "),
          roundRobin: b.roundRobin,
        })),
      }
    : null;
  // ?promote=<id>: Make Admin asks before it promotes (decision 082).
  const promoteId = url.searchParams.get("promote");
  const promoteWho = promoteId && isUuid(promoteId) ? await accountById(promoteId) : null;
  return {
    confirmPromote: promoteWho ? { id: promoteWho.id, who: promoteWho.name || promoteWho.email } : null,
    held,
    timeZone: admin.timeZone,
    q,
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    offset: (page - 1) * USERS_PAGE_SIZE,
    me: admin.id,
    users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, active: !off.has(u.id) })),
    secondFactorRequired: await isSecondFactorRequired(),
  };
}

/** Back to the list the admin was looking at (search and page kept, a pending confirmation closed). */
function listUrl(request: Request, set: Record<string, string | null> = {}): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("promote");
  for (const [key, value] of Object.entries(set)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  const query = url.searchParams.toString();
  return `/dashboard/manageUser${query ? `?${query}` : ""}`;
}

const STATUS_INTENTS = ["deactivate", "reactivate", "handover", "cancel"] as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "secondFactorRequired") {
    // The switch of decision 066: everyone without a second factor sets one up at their next sign-in.
    if (!can(user, "admin:users")) forbidden(MESSAGES.forbidden);
    const submission = parseWithZod(form, { schema: SecondFactorRequiredSchema });
    if (submission.status !== "success") return data({ toast: errorToast("Unknown action.") }, { status: 400 });
    const required = submission.value.required === "on";
    await setSecondFactorRequired(user.id, required);
    return redirectWithSuccess(
      listUrl(request),
      required ? TWO_FACTOR_MESSAGES.requiredOn : TWO_FACTOR_MESSAGES.requiredOff,
    );
  }
  if ((STATUS_INTENTS as readonly unknown[]).includes(intent)) {
    if (!can(user, "admin:users")) forbidden(MESSAGES.forbidden);
    return statusAction(request, user.id, intent as (typeof STATUS_INTENTS)[number], form);
  }
  if (intent !== "promote" && intent !== "demote") {
    return data({ toast: errorToast("Unknown action.") }, { status: 400 });
  }
  // Each direction has its own 403 wording (app/messages/index.ts).
  if (!can(user, "admin:users")) forbidden(intent === "promote" ? MESSAGES.notAdminPromote : MESSAGES.notAdminDemote);
  const userId = String(form.get("userId") ?? "");
  if (!isUuid(userId)) notFound("User not found");
  // Making an admin hands over the whole site: it is confirmed first (decision 082). A post
  // without the confirmation opens it; removing an admin stays one step (the last one is kept).
  if (intent === "promote" && form.get("confirmed") !== "yes") {
    if (!(await accountById(userId))) notFound("User not found");
    return redirect(listUrl(request, { promote: userId }));
  }
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

/** Deactivate, reactivate, and a deactivated person's bookings handed over or cancelled (decision 068). */
async function statusAction(
  request: Request,
  adminId: string,
  intent: (typeof STATUS_INTENTS)[number],
  form: FormData,
) {
  const now = new Date();
  if (intent === "handover" || intent === "cancel") {
    const bookingId = String(form.get("bookingId") ?? "");
    if (!isUuid(bookingId)) notFound("Booking not found");
    if (intent === "handover") {
      const result = await handOverHeldBooking({ bookingId, adminId, now });
      if (!result.ok) {
        const message =
          result.reason === "host-not-free" || result.reason === "not-eligible"
            ? R.nobodyFree
            : result.reason === "awaiting-payment"
              ? R.awaitingPayment
              : R.notRoundRobin;
        return data(
          { toast: errorToast(result.reason === "not-found" ? "Booking not found" : message) },
          { status: 409 },
        );
      }
      return redirectWithSuccess(listUrl(request), R.reassigned(result.host.name || result.host.email));
    }
    const result = await cancelHeldBooking({ bookingId, now });
    if (!result.ok) return data({ toast: errorToast("This booking can no longer be cancelled.") }, { status: 409 });
    return redirectWithSuccess(listUrl(request), P.cancelled);
  }
  const userId = String(form.get("userId") ?? "");
  if (!isUuid(userId)) notFound("User not found");
  const who = String(form.get("who") ?? "").slice(0, 200) || "The account";
  if (intent === "reactivate") {
    const result = await reactivateUser({ userId, actor: { userId: adminId }, request });
    if (result === "not-found") notFound("User not found");
    return redirectWithSuccess(listUrl(request, { bookings: null }), P.reactivatedToast(who));
  }
  const result = await deactivateUser({ userId, actor: { userId: adminId }, now, request });
  if (result === "not-found") notFound("User not found");
  if (result === "self") return data({ toast: errorToast(P.notYourself) }, { status: 409 });
  if (result === "last-admin") return data({ toast: errorToast(P.lastAdmin) }, { status: 409 });
  // The list opens on their upcoming bookings, to hand over or cancel.
  return redirectWithSuccess(listUrl(request, { bookings: userId }), P.deactivatedToast(who));
}

type Row = Awaited<ReturnType<typeof loader>>["users"][number];

function StatusBadge({ active }: { active: boolean }) {
  const style = active
    ? "bg-green-50 text-green-800 ring-green-600/20"
    : "bg-amber-50 text-amber-900 ring-amber-600/30";
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${style}`}
      data-testid="status"
    >
      {active ? P.active : P.deactivated}
    </span>
  );
}

function StatusForm({ row, action, me }: { row: Row; action: string; me: boolean }) {
  if (me) return null;
  const who = row.name || row.email;
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="userId" value={row.id} />
      <input type="hidden" name="who" value={who} />
      <input type="hidden" name="intent" value={row.active ? "deactivate" : "reactivate"} />
      <Button
        type="submit"
        variant={row.active ? "danger" : "secondary"}
        className="w-full whitespace-nowrap px-3 py-2 sm:w-auto"
        aria-label={`${row.active ? P.deactivate : P.reactivate}: ${who}`}
      >
        {row.active ? <UserX className="h-4 w-4" aria-hidden /> : <UserCheck className="h-4 w-4" aria-hidden />}
        {row.active ? P.deactivate : P.reactivate}
      </Button>
    </Form>
  );
}

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

/** The site-wide switch: a second factor for everyone (decision 066). */
function SecondFactorRequiredForm({
  required,
  action,
  pending,
}: {
  required: boolean;
  action: string;
  pending: boolean;
}) {
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      aria-labelledby="second-factor-required-title"
      className="mt-8 space-y-3 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm"
    >
      <h2 id="second-factor-required-title" className="text-lg font-semibold text-neutral-900">
        Sign-in security
      </h2>
      <input type="hidden" name="intent" value="secondFactorRequired" />
      <label className="flex items-start gap-3 text-sm text-neutral-800">
        <input
          type="checkbox"
          name="required"
          defaultChecked={required}
          className="mt-0.5 h-4 w-4 rounded border-neutral-300 text-brand-600"
        />
        <span>
          Require two-factor authentication for everyone. People without an authenticator app or passkey set one up at
          their next sign-in.
        </span>
      </label>
      <Button type="submit" variant="secondary" pending={pending}>
        Save
      </Button>
    </Form>
  );
}

function RoleForm({
  row,
  action,
  optimistic,
  listSearch,
}: {
  row: Row;
  action: string;
  optimistic: boolean;
  listSearch: URLSearchParams;
}) {
  const isAdmin = row.role === "admin";
  // Make Admin opens its confirmation: a GET of this list with ?promote=<id>, the search and page kept.
  return (
    <Form method={isAdmin ? "post" : "get"} action={isAdmin ? action : "/dashboard/manageUser"} preventScrollReset>
      {isAdmin ? (
        <>
          <input type="hidden" name="userId" value={row.id} />
          <input type="hidden" name="intent" value="demote" />
        </>
      ) : (
        <>
          {[...listSearch].map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <input type="hidden" name="promote" value={row.id} />
        </>
      )}
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

/** "Make {who} an admin?": the step between Make Admin and the promotion (decision 082). */
function ConfirmPromote({ id, who, action, back }: { id: string; who: string; action: string; back: string }) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-promote-title"
      aria-describedby="confirm-promote-body"
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm"
      data-testid="confirm-promote"
    >
      <h2 id="confirm-promote-title" className="break-words text-lg font-semibold text-neutral-900">
        Make {who} an admin?
      </h2>
      <p id="confirm-promote-body" className="mt-1 text-sm text-neutral-800">
        An admin manages every account, package, event and professional, and can remove other admins.
      </p>
      <Form method="post" action={action} preventScrollReset className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="userId" value={id} />
        <input type="hidden" name="intent" value="promote" />
        <input type="hidden" name="confirmed" value="yes" />
        <Button type="submit" autoFocus>
          <ShieldCheck className="h-4 w-4" aria-hidden />
          {MESSAGES.makeAdmin}
        </Button>
        <Link to={back} preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

export default function ManageUser() {
  const { users, q, page, pageCount, total, offset, me, held, timeZone, secondFactorRequired, confirmPromote } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pendingForm = usePendingFormData({ state: "busy" });
  const location = useLocation();
  const formAction = `/dashboard/manageUser${location.search}`;
  // The list as it is without a pending confirmation: Cancel's link, and what Make Admin keeps.
  const listSearch = new URLSearchParams(location.search);
  listSearch.delete("promote");
  const listHref = `/dashboard/manageUser${listSearch.size ? `?${listSearch}` : ""}`;
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
      {confirmPromote ? (
        <ConfirmPromote id={confirmPromote.id} who={confirmPromote.who} action={formAction} back={listHref} />
      ) : null}
      {users.length === 0 ? (
        <EmptyRows
          title={q ? "Nobody matches that search" : "No accounts yet"}
          body={q ? "Try part of a name or an e-mail address." : "People appear here when they sign up."}
        />
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Accounts, their roles and status</caption>
          <TableHead
            columns={[
              { label: "#", className: "w-12" },
              "Name",
              "Email",
              { label: "Role", className: "w-32" },
              { label: "Status", className: "w-28" },
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
                    {u.id === me ? (
                      <span className="ml-2 whitespace-nowrap text-xs font-normal text-neutral-600">(you)</span>
                    ) : null}
                  </td>
                  <td className={`${tdClass} text-neutral-700 [overflow-wrap:anywhere]`}>
                    <CellLabel>Email</CellLabel>
                    {u.email}
                  </td>
                  <td className={tdClass}>
                    <CellLabel>Role</CellLabel>
                    <RoleBadge role={role} />
                  </td>
                  <td className={tdClass}>
                    <CellLabel>Status</CellLabel>
                    <StatusBadge active={u.active} />
                  </td>
                  <td className={`${tdClass} pb-3 md:pb-3`}>
                    <div className="flex flex-col gap-2">
                      <RoleForm row={u} action={formAction} optimistic={optimistic} listSearch={listSearch} />
                      <StatusForm row={u} action={formAction} me={u.id === me} />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} search={location.search} />
      {held ? <HeldBookings held={held} action={formAction} timeZone={timeZone} /> : null}
      <SecondFactorRequiredForm
        key={String(secondFactorRequired)}
        required={secondFactorRequired}
        action={formAction}
        pending={pendingIntent === "secondFactorRequired"}
      />
      <Toaster toast={actionData?.toast ?? null} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
