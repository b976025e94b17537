import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ChevronLeft, ChevronRight, Inbox } from "~/components/icons";
import { buttonClass } from "~/components/ui/button";
import { listContactMessages, requirePermission } from "./dashboard.contactMessages.server";
import { dateTimeFormatters } from "~/scheduling/time-zone";

export const meta: MetaFunction = () => [{ title: "Contact Messages | Scheduler" }];

const PAGE_SIZE = 50;

/** Admin-only: every message sent through /contact, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "admin:access");
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const { messages, total } = await listContactMessages({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  // Formatted here, in the admin's own zone, so the server and browser render the same text.
  const format = dateTimeFormatters(user.timeZone);
  return {
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    messages: messages.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      emailStatus: m.emailStatus,
      emailError: m.emailError,
      receivedAt: m.createdAt.toISOString(),
      receivedDate: format.date.format(m.createdAt),
      receivedTime: format.time.format(m.createdAt),
    })),
  };
}

type Message = ReturnType<typeof useLoaderData<typeof loader>>["messages"][number];

const STATUS: Record<Message["emailStatus"], { label: string; className: string }> = {
  sent: { label: "E-mailed", className: "bg-green-50 text-green-800 ring-green-600/20" },
  outbox: { label: "Stored (mail off)", className: "bg-neutral-100 text-neutral-700 ring-neutral-500/20" },
  failed: { label: "E-mail failed", className: "bg-red-50 text-red-800 ring-red-600/20" },
  pending: { label: "Not sent yet", className: "bg-amber-50 text-amber-800 ring-amber-600/20" },
};

function EmailStatus({ message }: { message: Message }) {
  const status = STATUS[message.emailStatus];
  return (
    <div>
      <span
        className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${status.className}`}
      >
        {status.label}
      </span>
      {message.emailError ? (
        <p className="mt-1 text-xs text-red-700 [overflow-wrap:anywhere]">{message.emailError}</p>
      ) : null}
    </div>
  );
}

/** On phones each row stacks into a card; this label stands in for the hidden column header. */
function CellLabel({ children }: { children: string }) {
  return (
    <span className="mb-0.5 block text-xs font-semibold uppercase tracking-wide text-neutral-500 md:hidden">
      {children}
    </span>
  );
}

const th =
  "sticky top-16 z-10 border-b border-neutral-200 bg-neutral-50 px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-neutral-600";
const td = "block px-4 py-1.5 align-top md:table-cell md:py-3";

function EmptyState() {
  return (
    <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-neutral-300 bg-surface px-6 py-12 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Inbox className="h-6 w-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-neutral-900">No messages yet</h2>
      <p className="mt-1 max-w-sm text-neutral-600">
        When visitors write to the sales team through the contact page, their messages appear here, newest first.
      </p>
      <Link to="/contact" className={buttonClass("primary", "mt-6")}>
        Open the contact page
      </Link>
    </div>
  );
}

export default function ContactMessages() {
  const { messages, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-neutral-900">Contact Messages</h1>
        {total > 0 ? (
          <p className="text-sm text-neutral-600">
            {total} message{total === 1 ? "" : "s"}, newest first
          </p>
        ) : null}
      </div>
      {messages.length === 0 ? (
        <EmptyState />
      ) : (
        <table className="mt-6 block w-full border-separate border-spacing-0 text-sm md:table md:table-fixed md:rounded-xl md:border md:border-neutral-200 md:bg-surface md:shadow-sm">
          <caption className="sr-only">Messages sent through the contact page</caption>
          <thead className="hidden md:table-header-group">
            <tr>
              <th scope="col" className={`${th} w-28 md:rounded-tl-xl`}>
                Received
              </th>
              <th scope="col" className={`${th} w-52`}>
                From
              </th>
              <th scope="col" className={th}>
                Message
              </th>
              <th scope="col" className={`${th} w-44 md:rounded-tr-xl`}>
                E-mailed
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-4 md:table-row-group md:space-y-0">
            {messages.map((m) => (
              <tr
                key={m.id}
                data-testid="contact-message"
                className="block rounded-xl border border-neutral-200 bg-surface py-2 shadow-sm md:table-row md:rounded-none md:border-0 md:py-0 md:shadow-none md:[&:not(:last-child)>td]:border-b md:[&>td]:border-neutral-200"
              >
                <td className={`${td} text-neutral-700`}>
                  <CellLabel>Received</CellLabel>
                  <time dateTime={m.receivedAt}>
                    <span className="whitespace-nowrap">{m.receivedDate}</span>{" "}
                    <span className="whitespace-nowrap">{m.receivedTime}</span>
                  </time>
                </td>
                <td className={td}>
                  <CellLabel>From</CellLabel>
                  <span className="block break-words font-medium text-neutral-900">{m.name}</span>
                  <a
                    href={`mailto:${m.email}`}
                    className="block text-brand-700 [overflow-wrap:anywhere] hover:underline"
                  >
                    {m.email}
                  </a>
                </td>
                <td className={td}>
                  <CellLabel>Message</CellLabel>
                  <p className="break-words font-medium text-neutral-900">
                    {m.subject || <span className="font-normal italic text-neutral-600">No subject</span>}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-neutral-700">{m.message}</p>
                </td>
                <td className={td}>
                  <CellLabel>E-mailed</CellLabel>
                  <EmailStatus message={m} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={buttonClass("secondary")}>
              <ChevronLeft className="h-5 w-5" aria-hidden /> Newer
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-neutral-600">
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className={buttonClass("secondary")}>
              Older <ChevronRight className="h-5 w-5" aria-hidden />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
