import { getCollectionProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode, type SelectHTMLAttributes } from "react";
import { ControlField, ErrorList, inputClass } from "~/components/forms";

export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">
      <legend className="-ml-1 px-1 text-lg font-semibold text-neutral-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A select wired like Field (label, hint, errors, aria). */
export function SelectField({
  label,
  hint,
  errors,
  errorId,
  selectProps,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  errorId: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string; key?: string };
  children: ReactNode;
}) {
  const { key, ...props } = selectProps;
  const describedBy =
    [props["aria-describedby"], hint ? `${props.id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <ControlField label={label} id={props.id} errorId={errorId} errors={errors} hint={hint}>
      <select key={key} {...props} aria-describedby={describedBy} className={inputClass}>
        {children}
      </select>
    </ControlField>
  );
}

/** Collective / Round Robin: who hosts with the owner, among the members who accepted (decision 020). */
export function HostsPicker({
  members,
  field,
  hydrated,
}: {
  members: Array<{ id: string; label: string }>;
  field: Parameters<typeof getCollectionProps>[0];
  hydrated: boolean;
}) {
  const boxes = getCollectionProps(field, { type: "checkbox", options: members.map((m) => m.id) });
  return (
    <fieldset className="space-y-2" aria-describedby={`${field.id}-hint ${field.errorId}`} data-testid="hosts-picker">
      <legend className="text-sm font-medium text-neutral-800">
        {hydrated ? "Hosts" : "Hosts (Collective and Round Robin only)"}
      </legend>
      <p id={`${field.id}-hint`} className="text-sm text-neutral-600">
        You always host. Pick at least one team member to host with you.
      </p>
      <label className="flex items-center gap-3 text-sm text-neutral-600">
        <input type="checkbox" checked disabled className="h-5 w-5 rounded border-neutral-400 text-brand-600" /> You
      </label>
      {members.length === 0 ? (
        <p className="text-sm text-neutral-700">
          Nobody has accepted an invitation to your team yet.{" "}
          <Link to="/dashboard/teams" className="font-medium text-brand-700 underline">
            Invite people on the Teams page
          </Link>
          .
        </p>
      ) : (
        members.map((m, i) => {
          const { key, ...props } = boxes[i];
          return (
            <label key={key} className="flex items-center gap-3 text-sm text-neutral-800">
              <input {...props} className="h-5 w-5 rounded border-neutral-400 text-brand-600 focus:ring-brand-600" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{m.label}</span>
            </label>
          );
        })
      )}
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** Collective / Round Robin: the team it belongs to, among the teams the person runs (decision 059). */
export function TeamChoice({
  teams,
  field,
  hydrated,
}: {
  teams: Array<{ id: string; name: string }>;
  field: { id: string; name: string; errorId: string; errors?: string[]; initialValue?: unknown; key?: string };
  hydrated: boolean;
}) {
  const label = hydrated ? "Team" : "Team (Collective and Round Robin only)";
  if (teams.length === 0)
    return (
      <p className="text-sm text-neutral-700" data-testid="team-choice">
        {label}: a Collective or Round Robin event type belongs to a team you own or run.{" "}
        <Link to="/dashboard/teams" className="font-medium text-brand-700 underline">
          Make a team on the Teams page
        </Link>
        .
      </p>
    );
  return (
    <ControlField label={label} id={field.id} errorId={field.errorId} errors={field.errors}>
      <select
        id={field.id}
        name={field.name}
        key={field.key}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : teams[0].id}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className={inputClass}
        data-testid="team-choice"
      >
        {teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </ControlField>
  );
}
