import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { Home, PanelLeft } from "~/components/icons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requirePermission } from "./dashboard.server";
import { drawerItems } from "~/utils/dashboard-menu";

export const handle = { chrome: "app" };

export const meta: MetaFunction = () => [{ title: "Dashboard | Scheduler" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const menuOpen = new URL(request.url).searchParams.get("menu") === "open";
  return { user: { email: user.email, name: user.name, role: user.role }, menuOpen };
}

function Drawer({ role }: { role: "user" | "professional" | "admin" }) {
  return (
    <ul className="space-y-1">
      <li>
        <Link
          to="/"
          className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-neutral-700 hover:bg-neutral-100"
        >
          <Home className="h-5 w-5" aria-hidden /> Home
        </Link>
      </li>
      {drawerItems(role).map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === "/dashboard"}
            className={({ isActive }) =>
              `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-neutral-700 hover:bg-neutral-100"}`
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default function DashboardLayout() {
  const { user, menuOpen } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-content flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:py-10">
      <nav aria-label="Dashboard" className="lg:w-60 lg:shrink-0">
        <details
          id="dashboard-menu"
          open={menuOpen}
          className="rounded-xl border border-neutral-200 bg-surface p-2 lg:hidden"
        >
          <summary className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-neutral-800">
            <PanelLeft className="h-5 w-5" aria-hidden /> Dashboard Menu
          </summary>
          <div className="pt-2">
            <Drawer role={user.role} />
          </div>
        </details>
        <div className="hidden rounded-xl border border-neutral-200 bg-surface p-2 lg:block">
          <Drawer role={user.role} />
        </div>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
