import Code2 from "lucide-react/icons/code-xml";
import ExternalLink from "lucide-react/icons/external-link";
import { useRef } from "react";
import { Link } from "@remix-run/react";
import { EMBED_MESSAGES as M } from "~/messages";
import type { EmbedOffer } from "~/utils/embed";
import { CopyButton, useCopy } from "./copy-button";
import { inputClass } from "./forms";

/** What the event type page offers for embedding (see the route's loader). */
export type { EmbedOffer };

/** One snippet: a read-only textarea (selectable without JavaScript) and, once hydrated, Copy. */
function Snippet({ id, label, hint, code }: { id: string; label: string; hint: string; code: string }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const { hydrated, copied, copy } = useCopy(code, () => area.current?.select());
  return (
    <div>
      <div className="mb-1 flex items-end justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        {hydrated ? (
          <CopyButton
            copied={copied}
            onCopy={copy}
            className="px-3 py-2"
            label={`Copy the ${label.toLowerCase()} snippet`}
          />
        ) : null}
      </div>
      <textarea
        ref={area}
        id={id}
        readOnly
        value={code}
        rows={6}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby={`${id}-hint`}
        data-testid={id}
        className={`${inputClass} resize-y break-all font-mono !text-xs`}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
        {hint}
      </p>
      <p className="sr-only" role="status">
        {copied === "yes" ? M.copied : copied === "no" ? M.copyBlocked : ""}
      </p>
    </div>
  );
}

/** The event type page's "Embed on your website" section (docs/decisions/019). */
export function EmbedSnippets({ offer }: { offer: EmbedOffer }) {
  return (
    <section
      id="embed"
      aria-labelledby="embed-title"
      className="scroll-mt-24 space-y-4 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
      data-testid="embed-section"
    >
      <div>
        <h2 id="embed-title" className="flex items-center gap-2 text-lg font-semibold text-neutral-900">
          <Code2 className="h-5 w-5 text-brand-600" aria-hidden /> {M.heading}
        </h2>
        <p className="mt-1 text-sm text-neutral-700">{M.intro}</p>
      </div>
      {offer.state === "no-username" ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="embed-unavailable"
        >
          {M.noUsername}{" "}
          <Link to="/dashboard/profile#username-title" className="font-medium text-brand-700 underline">
            {M.chooseUsername}
          </Link>
        </p>
      ) : offer.state === "inactive" ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="embed-unavailable"
        >
          {M.inactive}
        </p>
      ) : (
        <>
          <Snippet id="embed-inline" label={M.inlineLabel} hint={M.inlineHint} code={offer.inline} />
          <Snippet id="embed-popup" label={M.popupLabel} hint={M.popupHint} code={offer.popup} />
          <a
            href={offer.previewUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
            data-testid="embed-preview"
          >
            {M.preview} <ExternalLink className="h-4 w-4" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </>
      )}
    </section>
  );
}
