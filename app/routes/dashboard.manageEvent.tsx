import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requirePermission } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Manage All Event | Scheduler" }];

/** Admin-only (spec section 2: 'Manage event: only the heading'). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "admin:access");
  return null;
}

export default function ManageEvent() {
  return (
    <section className="rounded-xl border border-neutral-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-neutral-900">Manage All Event</h1>
    </section>
  );
}
