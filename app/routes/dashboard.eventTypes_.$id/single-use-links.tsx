import { Form } from "@remix-run/react";
import { Link2, Plus, Trash2 } from "~/components/icons";
import { inputClass } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/utils/pending";

export interface ShownLink {
  id: string;
  url: string | null;
  used: boolean;
  revoked: boolean;
  created: string;
}

/**
 * An event type's single-use links (decision 039): make one, copy an unused one, revoke it. Plain
 * form posts, so it works without JavaScript; each link books once, even while the event type is off.
 */
export function SingleUseLinks({ links, hasUsername }: { links: ShownLink[]; hasUsername: boolean }) {
  const making = useIsPending({ intent: "createLink", state: "busy" });
  return (
    <section
      aria-labelledby="single-use-links-title"
      id="single-use-links"
      className="space-y-4 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
    >
      <h2 id="single-use-links-title" className="text-lg font-semibold text-neutral-900">
        Single-use links
      </h2>
      <p className="text-sm text-neutral-700">
        A link that books one meeting, then says it has been used. It works even while this event type is off, so you
        can share it with one person only.
      </p>
      {hasUsername ? null : (
        <p className="text-sm text-amber-900">Choose a username on your profile to get the links&apos; addresses.</p>
      )}
      <Form method="post" preventScrollReset>
        <Button
          type="submit"
          name="intent"
          value="createLink"
          variant="secondary"
          pending={making}
          disabled={making}
          data-testid="create-link"
        >
          <Plus className="h-4 w-4" aria-hidden /> Make a single-use link
        </Button>
      </Form>
      {links.length === 0 ? (
        <p className="text-sm text-neutral-600">No single-use links yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Single-use links">
          {links.map((l) => {
            const state = l.used ? "Used" : l.revoked ? "Revoked" : "Unused";
            return (
              <li key={l.id} className="rounded-lg border border-neutral-200 p-3" data-testid="single-use-link">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${state === "Unused" ? "bg-green-100 text-green-900" : "bg-neutral-100 text-neutral-800"}`}
                    data-testid="link-state"
                  >
                    {state}
                  </span>
                  <span className="text-xs text-neutral-600">Made {l.created}</span>
                </div>
                {l.url && state === "Unused" ? (
                  <label className="mt-2 block text-sm">
                    <span className="mb-1 flex items-center gap-1 font-medium text-neutral-800">
                      <Link2 className="h-4 w-4 text-brand-600" aria-hidden /> Link
                    </span>
                    <input
                      type="text"
                      readOnly
                      value={l.url}
                      className={`${inputClass} font-mono !text-xs`}
                      data-testid="link-url"
                    />
                  </label>
                ) : null}
                {state === "Unused" ? (
                  <Form method="post" preventScrollReset className="mt-2">
                    <input type="hidden" name="linkId" value={l.id} />
                    <Button type="submit" name="intent" value="revokeLink" variant="ghost" className="text-red-700">
                      <Trash2 className="h-4 w-4" aria-hidden /> Revoke
                    </Button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
