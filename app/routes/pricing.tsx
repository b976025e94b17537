import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Check } from "~/components/icons";
import { buttonClass } from "~/components/ui/button";
import type { PackageSummary } from "~/models/package.server";
import { listPackages, publicPageTag, tagPublicPage } from "./pricing.server";
import { formatPrice, highlightedIndex, packageFeatures, truncateAccessType } from "~/schemas/packages";
import { pageMeta } from "~/utils/page-meta";

/** An anonymous visitor's copy may come from the full-page cache (docs/decisions/032). */
export const handle = { pageCache: true };

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Pricing | Scheduler",
    description:
      "Monthly packages for Scheduler: start free, upgrade for unlimited events. Booking links, group sessions and team scheduling on every plan.",
    path: "/pricing",
  });

export async function loader({ context }: LoaderFunctionArgs) {
  tagPublicPage(context, [publicPageTag.pricing]);
  return { packages: await listPackages() };
}

function PackageCard({ pkg, highlighted }: { pkg: PackageSummary; highlighted: boolean }) {
  const headingId = `package-${pkg.id}`;
  const shortAccess = truncateAccessType(pkg.accessType);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="package-card"
      className={`relative flex flex-col rounded-xl bg-surface p-6 sm:p-8 ${
        highlighted ? "border-2 border-brand-600 shadow-lg lg:-my-4 lg:py-12" : "border border-neutral-200 shadow-sm"
      }`}
    >
      {highlighted ? (
        <p className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-0.5 text-xs font-semibold uppercase tracking-wide text-white sm:left-8">
          Recommended
        </p>
      ) : null}
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {pkg.name}
      </h2>
      <p className="mt-3 text-3xl font-extrabold tracking-tight text-neutral-900" data-testid="package-price">
        {formatPrice(pkg.priceCents)}
      </p>
      {pkg.accessType ? (
        <p className="mt-3 text-sm text-neutral-600" title={pkg.accessType}>
          {shortAccess === pkg.accessType ? (
            pkg.accessType
          ) : (
            <>
              {/* The card shows the product's 30-character cut; assistive technology reads it all. */}
              <span aria-hidden="true">{shortAccess}</span>
              <span className="sr-only">{pkg.accessType}</span>
            </>
          )}
        </p>
      ) : null}
      <dl className="mt-6 flex-1 space-y-3 border-t border-neutral-200 pt-6 text-sm">
        {packageFeatures(pkg).map((f) => (
          <div key={f.key} className="flex items-start gap-3">
            <Check
              className={`mt-0.5 h-4 w-4 shrink-0 ${highlighted ? "text-brand-600" : "text-neutral-500"}`}
              aria-hidden
            />
            <dt className="text-neutral-600">{f.label}</dt>
            <dd className="ml-auto text-right font-medium text-neutral-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      {/* The free plan is not bought: it is the account itself (sign-up sends a signed-in person to the dashboard). */}
      <Link
        to={pkg.priceCents === 0 ? "/signup" : `/payment/${pkg.id}`}
        aria-describedby={headingId}
        className={buttonClass(highlighted ? "primary" : "secondary", "mt-8 w-full")}
      >
        Get started
      </Link>
    </article>
  );
}

export default function Pricing() {
  const { packages } = useLoaderData<typeof loader>();
  const highlight = highlightedIndex(packages.length);
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-surface">
        <div className="mx-auto max-w-content px-4 pb-8 pt-12 text-center sm:px-6 sm:pt-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-neutral-900">Monthly Pricing</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-neutral-700">
            Start free with three upcoming events of your own. Upgrade for unlimited events; booking links, group
            sessions, team scheduling and e-mail reminders come with every plan.
          </p>
        </div>
      </section>
      <section aria-label="Packages" className="mx-auto max-w-content px-4 pb-16 pt-8 sm:px-6 lg:pt-12">
        {packages.length === 0 ? (
          <div className="mx-auto max-w-form rounded-xl border border-dashed border-neutral-300 p-8 text-center">
            <p className="font-semibold text-neutral-900">No packages are on offer right now.</p>
            <p className="mt-1 text-sm text-neutral-600">Please check back soon.</p>
          </div>
        ) : (
          <div className="mx-auto grid max-w-md items-stretch gap-8 lg:max-w-none lg:grid-cols-3 lg:gap-6">
            {packages.map((pkg, i) => (
              <PackageCard key={pkg.id} pkg={pkg} highlighted={i === highlight} />
            ))}
          </div>
        )}
        <p className="mt-12 text-center text-sm text-neutral-600">
          Prices are in US dollars per month. Every account starts on the free plan.{" "}
          <Link to="/teams" className="font-medium text-brand-700 hover:underline">
            Scheduling for teams
          </Link>{" "}
          (Collective and Round Robin) is available on every plan.
        </p>
      </section>
    </>
  );
}
