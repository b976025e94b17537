import { Form, Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { makeIcon } from "~/components/icon";
import bellDrawing from "lucide/dist/esm/icons/bell.mjs";
import circleUserRoundDrawing from "lucide/dist/esm/icons/circle-user-round.mjs";
import layoutDashboardDrawing from "lucide/dist/esm/icons/layout-dashboard.mjs";
import logOutDrawing from "lucide/dist/esm/icons/log-out.mjs";
import menuDrawing from "lucide/dist/esm/icons/menu.mjs";
import panelLeftDrawing from "lucide/dist/esm/icons/panel-left.mjs";
import { ThemeToggle } from "./theme-toggle";
import { Logo } from "./logo";
import { enhanceMenus } from "~/browser/menu-behaviour";
import { roleLabel, type Role } from "~/utils/permissions";

const Bell = makeIcon(bellDrawing, "bell");
const CircleUserRound = makeIcon(circleUserRoundDrawing, "circle-user-round");
const LayoutDashboard = makeIcon(layoutDashboardDrawing, "layout-dashboard");
const LogOut = makeIcon(logOutDrawing, "log-out");
const Menu = makeIcon(menuDrawing, "menu");
const PanelLeft = makeIcon(panelLeftDrawing, "panel-left");

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/teams", label: "Teams" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

export interface NavbarUser {
  email: string;
  name: string;
  role: Role;
}

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-lg px-3 py-2 text-sm font-medium transition-colors duration-150 ${
    isActive ? "text-brand-700" : "text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900"
  }`;
}

/**
 * The navbar's menus behave as menus (app/browser/menu-behaviour.ts), and a new page closes
 * every one of them.
 */
function useMenus(nav: React.RefObject<HTMLElement>) {
  const location = useLocation();
  useEffect(() => (nav.current ? enhanceMenus(nav.current) : undefined), [nav]);
  useEffect(() => {
    for (const menu of nav.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu]") ?? []) menu.open = false;
  }, [location.pathname, location.search, nav]);
}

export interface BellNotification {
  id: string;
  notification: string;
  unread: boolean;
  /** When it was made (ISO) and that as its reader says it ("5 min ago", "Nov 3, 4:05 PM"). */
  at: string;
  ago: string;
  /** The page of what it is about (a booking's, the Teams page), if any. */
  link: string | null;
  /** A booking request still waiting for this user's answer: its id, for Approve and Decline. */
  requestId: string | null;
}

const PENDING_LIST = "/dashboard/scheduledEvents?tab=pending";

/** A bell entry's booking request answered from the bell: the Pending tab's own Approve and Decline. */
function AnswerRequest({ id, about }: { id: string; about: string }) {
  return (
    <div className="mt-2 flex gap-2">
      <Form method="post" action={PENDING_LIST}>
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="eventId" value={id} />
        <button
          type="submit"
          className="rounded-lg bg-accent px-3 py-1.5 text-xs font-semibold text-white hover:bg-accent-strong"
          aria-label={`Approve: ${about}`}
        >
          Approve
        </button>
      </Form>
      <Link
        to={`${PENDING_LIST}&decline=${id}`}
        className="rounded-lg border border-neutral-300 bg-surface px-3 py-1.5 text-xs font-semibold text-red-700 hover:bg-neutral-50"
        aria-label={`Decline: ${about}`}
      >
        Decline
      </Link>
    </div>
  );
}

/**
 * The bell: a red badge with the unread count; opening the panel marks them read (in the
 * background with JavaScript, optimistically; with a button without it). On a page sent without
 * React, `enhanceBell` (app/server/static-page-script.server.ts) does the same to this markup: it
 * finds the bell by `data-bell` and what shows "unread" by `data-unread`.
 */
function NotificationBell({ notifications }: { notifications: BellNotification[] }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const marking = fetcher.state !== "idle";
  const unread = marking ? 0 : notifications.filter((n) => n.unread).length;
  return (
    <details
      className="sm:relative"
      data-menu
      data-bell
      onToggle={(event) => {
        if (event.currentTarget.open && unread > 0)
          fetcher.submit(null, { method: "post", action: "/notifications/read" });
      }}
    >
      <summary
        className="relative cursor-pointer rounded-lg p-2 text-neutral-700 hover:bg-neutral-100"
        aria-label={unread > 0 ? `Notifications (${unread} unread)` : "Notifications"}
        aria-expanded="false"
        data-testid="notification-bell"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 ? (
          <span
            data-testid="notification-count"
            data-unread
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </summary>
      {/* On a phone the panel spans the screen below the bar; from sm up it hangs under the bell. */}
      <div className="absolute inset-x-4 top-14 rounded-xl border border-neutral-200 bg-surface p-2 shadow-lg sm:inset-x-auto sm:right-0 sm:top-12 sm:w-80">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <p className="text-sm font-semibold text-neutral-900">Notifications</p>
          {unread > 0 ? (
            // Without JavaScript opening the panel cannot tell the server; this button can.
            <Form method="post" action="/notifications/read" data-unread>
              <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
              <button type="submit" className="rounded text-xs font-medium text-brand-700 hover:underline">
                Mark all as read
              </button>
            </Form>
          ) : null}
        </div>
        {notifications.length === 0 ? (
          <p className="px-3 py-2 text-sm text-neutral-600">Nothing new.</p>
        ) : (
          <ul className="max-h-96 divide-y divide-neutral-100 overflow-y-auto" data-testid="notification-list">
            {notifications.map((n) => (
              <li
                key={n.id}
                className={`flex gap-2 px-3 py-2 text-sm ${n.unread && !marking ? "font-medium text-neutral-900" : "text-neutral-700"}`}
                data-unread-item={n.unread && !marking ? "" : undefined}
              >
                {n.unread && !marking ? (
                  <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-accent" aria-hidden data-unread />
                ) : null}
                <span>
                  {n.unread && !marking ? (
                    <span className="sr-only" data-unread>
                      Unread:{" "}
                    </span>
                  ) : null}
                  {n.link ? (
                    <Link to={n.link} className="hover:underline">
                      {n.notification}
                    </Link>
                  ) : (
                    <span>{n.notification}</span>
                  )}
                  <time dateTime={n.at} className="mt-0.5 block text-xs font-normal text-neutral-600">
                    {n.ago}
                  </time>
                  {n.requestId ? <AnswerRequest id={n.requestId} about={n.notification} /> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

export function Navbar({
  user,
  notifications,
  theme,
}: {
  user: NavbarUser | null;
  notifications: BellNotification[];
  theme?: string | null;
}) {
  const nav = useRef<HTMLElement>(null);
  useMenus(nav);
  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200 bg-surface/95 backdrop-blur">
      <nav
        ref={nav}
        aria-label="Main"
        className="relative mx-auto flex h-16 max-w-content items-center gap-2 px-4 sm:px-6"
      >
        <details className="group relative md:hidden" data-menu>
          <summary
            className="cursor-pointer rounded-lg p-2 text-neutral-700 hover:bg-neutral-100"
            aria-label="Open menu"
            aria-expanded="false"
          >
            <Menu className="h-5 w-5" aria-hidden />
          </summary>
          <div className="absolute left-0 top-12 w-56 rounded-xl border border-neutral-200 bg-surface p-2 shadow-lg">
            {LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} end className={(s) => `block ${navLinkClass(s)}`}>
                {l.label}
              </NavLink>
            ))}
          </div>
        </details>
        <Logo />
        <ul className="ml-6 hidden items-center gap-1 md:flex">
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end className={navLinkClass}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <NotificationBell notifications={notifications} />
              <details className="relative" data-menu>
                <summary
                  className="cursor-pointer rounded-full p-1 text-neutral-600 hover:bg-neutral-100"
                  aria-label="Account menu"
                  aria-expanded="false"
                  data-testid="avatar-menu"
                >
                  <CircleUserRound className="h-8 w-8" aria-hidden />
                </summary>
                <div className="absolute right-0 top-12 w-64 rounded-xl border border-neutral-200 bg-surface p-2 shadow-lg">
                  <div className="border-b border-neutral-100 px-3 pb-2 pt-1">
                    <p className="truncate text-sm font-semibold text-neutral-900">{user.name || user.email}</p>
                    <p className="truncate text-sm text-neutral-600">{user.email}</p>
                    <p className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                      {roleLabel(user)}
                    </p>
                  </div>
                  <Link
                    to="/dashboard"
                    className="mt-1 flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-neutral-800 hover:bg-neutral-100"
                  >
                    <LayoutDashboard className="h-5 w-5" aria-hidden /> Dashboard
                  </Link>
                  <Link
                    to="/dashboard?menu=open"
                    className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-neutral-800 hover:bg-neutral-100 lg:hidden"
                  >
                    <PanelLeft className="h-5 w-5" aria-hidden /> Dashboard Menu
                  </Link>
                  <div className="px-1 py-1">
                    <ThemeToggle theme={theme} />
                  </div>
                  <Form method="post" action="/signout">
                    <button
                      type="submit"
                      className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-neutral-800 hover:bg-neutral-100"
                    >
                      <LogOut className="h-5 w-5" aria-hidden /> Sign Out
                    </button>
                  </Form>
                </div>
              </details>
            </>
          ) : (
            <Link
              to="/signin"
              className="rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-strong"
            >
              Sign IN
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
