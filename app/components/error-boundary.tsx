import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-content flex-col items-center px-4 py-16 text-center sm:px-6">
      <img src="/images/not-found.svg" alt="Page not found" width={480} height={320} className="w-full max-w-md" />
      <h1 className="mt-8 text-2xl font-bold text-neutral-900">We couldn't find that page</h1>
      <p className="mt-2 max-w-md text-neutral-600">The link may be old or mistyped. Let's get you back on schedule.</p>
      <Link to="/" className={buttonClass("primary", "mt-6")}>
        Back to home
      </Link>
    </section>
  );
}

const MESSAGES_BY_STATUS: Record<number, { title: string; body: string }> = {
  400: { title: "That request didn't look right", body: "Please check what you entered and try again." },
  403: {
    title: "You don't have access to this page",
    body: "Sign in with an account that has access, or go back home.",
  },
  405: { title: "That action isn't available here", body: "Please go back and try again." },
  413: { title: "That was too much at once", body: "The request was too large." },
  429: { title: "Slow down a little", body: "Too many requests. Please wait a few minutes and try again." },
};

/**
 * Never shows a stack trace or an internal message to users: known statuses get a
 * friendly page; anything else is a generic apology.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const known = isRouteErrorResponse(error) ? MESSAGES_BY_STATUS[error.status] : undefined;
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.status < 500 ? error.data : null;
  return (
    <section role="alert" className="mx-auto max-w-form px-4 py-16 text-center sm:px-6">
      <p className="text-sm font-semibold text-brand-700">
        {isRouteErrorResponse(error) ? `Error ${error.status}` : "Error"}
      </p>
      <h1 className="mt-2 text-2xl font-bold text-neutral-900">{known?.title ?? "Something went wrong on our side"}</h1>
      <p className="mt-2 text-neutral-600">{detail ?? known?.body ?? "Please try again in a moment."}</p>
      <Link to="/" className={buttonClass("primary", "mt-6")}>
        Back to home
      </Link>
    </section>
  );
}
