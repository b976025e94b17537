import { Form } from "@remix-run/react";
import { ErrorList, inputClass } from "~/components/forms";
import { Button } from "~/components/ui/button";
import type { AttributeRow } from "~/schemas/member-attributes-form";
import { useIsPending } from "~/utils/pending";

/**
 * A member's attributes (region, language, segment...) that routing forms pick members by
 * (decision 074): shown to everyone on the team page, set by owners and admins in this form (rows
 * of a name and a value, a plain post: no JavaScript needed).
 */

export function AttributeList({ attributes }: { attributes: Record<string, string> }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return <span className="text-sm text-neutral-600">None</span>;
  return (
    <dl className="flex flex-wrap gap-1.5" data-testid="member-attributes">
      {entries.map(([name, value]) => (
        <div key={name} className="rounded-full bg-neutral-100 px-2 py-0.5 text-sm text-neutral-800">
          <dt className="inline font-medium">{`${name}:`}</dt>{" "}
          <dd className="inline [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AttributesForm({
  action,
  userId,
  who,
  rows,
  errors,
}: {
  action: string;
  userId: string;
  who: string;
  rows: AttributeRow[];
  errors: string[];
}) {
  const pending = useIsPending({ intent: "attributes" });
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-4" aria-describedby="attributes-hint">
      <input type="hidden" name="intent" value="attributes" />
      <input type="hidden" name="id" value={userId} />
      <p id="attributes-hint" className="text-sm text-neutral-600">
        Routing forms send leads to the members whose attributes match. Names: lower-case letters, digits and _ (e.g.
        region, language, segment). Leave a value empty to remove it.
      </p>
      <ErrorList id="attributes-errors" errors={errors} />
      <div className="space-y-3">
        {rows.map((row, i) => (
          <fieldset key={i} className="grid grid-cols-2 gap-2">
            <legend className="sr-only">
              Attribute {i + 1} of {who}
            </legend>
            <label className="min-w-0 text-sm font-medium text-neutral-800">
              Name
              <input
                name="name"
                defaultValue={row.name}
                maxLength={40}
                autoComplete="off"
                className={`${inputClass} mt-1`}
              />
            </label>
            <label className="min-w-0 text-sm font-medium text-neutral-800">
              Value
              <input
                name="value"
                defaultValue={row.value}
                maxLength={100}
                autoComplete="off"
                className={`${inputClass} mt-1`}
              />
            </label>
          </fieldset>
        ))}
      </div>
      <Button type="submit" pending={pending} disabled={pending} className="w-full sm:w-auto">
        Save attributes
      </Button>
    </Form>
  );
}
