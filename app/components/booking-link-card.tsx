import { Link } from "@remix-run/react";
import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/booking/use-hydrated";

import type { BookingLink } from "~/schemas/onboarding";

/** A host's booking link on My Schedule: the address to select, open, send by e-mail and (with JavaScript) copy. */
export function BookingLinkCard({ link, title }: { link: BookingLink; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const mail = `mailto:?${new URLSearchParams({
    subject: "Book a time with me",
    body: `Pick a time that suits you: ${link.url}`,
  })
    .toString()
    .replace(/\+/g, "%20")}`;
  return (
    <section
      aria-labelledby="booking-link-title"
      className="rounded-xl border border-brand-200 bg-surface p-5 shadow-sm sm:p-6"
      data-testid="booking-link-card"
    >
      <h2 id="booking-link-title" className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">Guests pick a time from it; it shows only times you are free.</p>
      <label htmlFor="booking-link-url" className="sr-only">
        Booking link
      </label>
      <input
        id="booking-link-url"
        readOnly
        value={link.url}
        className="mt-3 w-full rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2 font-mono text-sm text-neutral-900"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        {hydrated ? (
          <button
            type="button"
            className={buttonClass("primary", "px-3 py-2")}
            onClick={() => {
              void navigator.clipboard?.writeText(link.url).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        ) : null}
        <Link to={link.path} target="_blank" rel="noopener" className={buttonClass("secondary", "px-3 py-2")}>
          Open booking page
        </Link>
        <a href={mail} className={buttonClass("secondary", "px-3 py-2")}>
          Share by e-mail
        </a>
      </div>
      <p className="sr-only" role="status">
        {copied ? "Link copied" : ""}
      </p>
    </section>
  );
}
