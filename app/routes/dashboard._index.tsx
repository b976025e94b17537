import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/utils/auth.server";
import { roleLabel } from "~/utils/permissions";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  return { email: user.email, name: user.name, role: user.role };
}

export default function Profile() {
  const user = useLoaderData<typeof loader>();
  const label = roleLabel(user);
  return (
    <section className="rounded-xl border border-neutral-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-neutral-900">{user.role === "admin" ? "Admin Profile" : "Profile"}</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-neutral-600">Name</dt>
          <dd className="mt-1 font-medium text-neutral-900">{user.name || "Not set"}</dd>
        </div>
        <div>
          <dt className="text-sm text-neutral-600">Email</dt>
          <dd className="mt-1 font-medium text-neutral-900" data-testid="profile-email">
            {user.email}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-neutral-600">Role</dt>
          <dd className="mt-1">
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-700">{label}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
