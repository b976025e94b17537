import { makeIcon } from "~/components/icon";
import infoDrawing from "lucide/dist/esm/icons/info.mjs";
import mailDrawing from "lucide/dist/esm/icons/mail.mjs";

const Info = makeIcon(infoDrawing, "info");
const Mail = makeIcon(mailDrawing, "mail");

/**
 * What the guest's cancel and reschedule pages say about the event type's policy (decision 077):
 * what is allowed, the refusal that applies now, and a way to write to the host.
 */
export function PolicyNote({
  summary,
  refusal,
  contact,
}: {
  summary: string | null;
  refusal: string | null;
  contact: { href: string; label: string } | null;
}) {
  if (!summary && !refusal) return null;
  return (
    <div className="space-y-3">
      {refusal ? (
        <p
          role="status"
          data-testid="policy-refusal"
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900"
        >
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          {refusal}
        </p>
      ) : (
        <p className="text-sm text-neutral-700" data-testid="policy-summary">
          {summary}
        </p>
      )}
      {contact && refusal ? (
        <a
          href={contact.href}
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          <Mail className="h-5 w-5" aria-hidden />
          {contact.label}
        </a>
      ) : null}
    </div>
  );
}
