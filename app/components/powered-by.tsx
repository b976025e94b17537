import { Link } from "@remix-run/react";

/**
 * The one line of ours on the host's pages (booking, confirmation, a guest's cancel and
 * reschedule), which carry no site navigation or footer. Inside an embed the link opens a new tab.
 */
export function PoweredBy({
  embed = false,
  label = "Powered by",
}: {
  embed?: boolean;
  /** The words before the product's name, in the page's language. */
  label?: string;
}) {
  return (
    <p className="mt-4 text-center text-xs text-neutral-600">
      {label}{" "}
      <Link
        to="/"
        className="font-medium text-neutral-700 underline underline-offset-2"
        target={embed ? "_blank" : undefined}
        rel={embed ? "noopener" : undefined}
      >
        Scheduler
      </Link>
    </p>
  );
}
