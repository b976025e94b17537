import { makeIcon } from "~/components/icon";
import codeXmlDrawing from "lucide/dist/esm/icons/code-xml.mjs";
import externalLinkDrawing from "lucide/dist/esm/icons/external-link.mjs";
import { useRef } from "react";
import { Form, Link } from "@remix-run/react";
import { EMBED_MESSAGES as M } from "~/messages";
import type { EmbedOffer } from "~/utils/embed";
import { EMBED_LOOK_FIELDS, EMBED_THEMES } from "~/utils/embed-choices";
import { CopyButton, useCopy } from "./copy-button";
import { ErrorList, inputClass } from "./forms";
import { Button } from "./ui/button";

const Code2 = makeIcon(codeXmlDrawing, "code-xml");
const ExternalLink = makeIcon(externalLinkDrawing, "external-link");

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

/**
 * The snippets' theme and brand colour (decision 108's embed parameters): a GET form, so without
 * JavaScript the page simply comes back with the snippets and the preview regenerated; with it,
 * the same navigation without a reload.
 */
function LookForm({ offer }: { offer: Extract<EmbedOffer, { state: "ready" }> }) {
  const colorId = "embed-color";
  return (
    <Form method="get" preventScrollReset replace className="space-y-4" data-testid="embed-look">
      <fieldset>
        <legend className="text-sm font-medium text-neutral-800">{M.lookLegend}</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {EMBED_THEMES.map((theme) => (
            <label key={theme} className="flex items-center gap-2 text-sm text-neutral-800">
              <input
                type="radio"
                name={EMBED_LOOK_FIELDS.theme}
                value={theme}
                defaultChecked={offer.look.theme === theme}
                className="h-4 w-4 accent-brand-600"
              />
              {M.themes[theme]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={colorId} className="text-sm font-medium text-neutral-800">
          {M.colorLabel}
        </label>
        <div className="mt-1 flex items-center gap-3">
          <span
            aria-hidden
            className="h-10 w-10 shrink-0 rounded-lg border border-neutral-300 bg-accent"
            style={offer.look.brandColor ? { background: offer.look.brandColor } : undefined}
          />
          <input
            id={colorId}
            name={EMBED_LOOK_FIELDS.color}
            type="text"
            defaultValue={offer.colorInput}
            placeholder="#4f46e5"
            maxLength={20}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={offer.colorError ? true : undefined}
            aria-describedby={offer.colorError ? `${colorId}-hint ${colorId}-error` : `${colorId}-hint`}
            className={`${inputClass} max-w-[12rem] font-mono`}
          />
        </div>
        <p id={`${colorId}-hint`} className="mt-1 text-sm text-neutral-600">
          {M.colorHint}
        </p>
        <ErrorList id={`${colorId}-error`} errors={offer.colorError ? [offer.colorError] : undefined} />
      </div>
      <Button type="submit" variant="secondary">
        {M.update}
      </Button>
    </Form>
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
          <LookForm key={`${offer.look.theme}-${offer.colorInput}`} offer={offer} />
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
