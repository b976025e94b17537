import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "~/schemas/form-parse";
import { Form, Link, useActionData } from "@remix-run/react";
import { KeyRound, Plus, Trash2, TriangleAlert } from "~/components/icons";
import { useEffect, useRef } from "react";
import { CellLabel, tableClass, TableHead, tbodyClass, tdClass, trClass } from "~/components/admin-table";
import { CopyButton, useCopy } from "~/components/copy-button";
import { ErrorList, Field, inputClass } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { type ApiTokenSummary } from "~/models/api-token.server";
import { API_TOKEN_LABEL_MAX, CreateApiTokenSchema } from "~/schemas/api-token-form";
import { type dateTimeFormatters } from "~/scheduling/time-zone";
import { useIsPending } from "~/utils/pending";
import type { action } from "./route";

export const PAGE = "/dashboard/apiTokens";

export type Formatters = ReturnType<typeof dateTimeFormatters>;

export function when(instant: Date, format: Formatters) {
  return { iso: instant.toISOString(), date: format.date.format(instant), time: format.time.format(instant) };
}

/** What the page calls a token: its label, else how it was made. Never its secret. */
export function tokenName(token: Pick<ApiTokenSummary, "label" | "source">): string {
  if (token.label) return token.label;
  if (token.source === "session") return "Token from sign-in in the browser";
  if (token.source === "password") return "Token from POST /api/token";
  return "Token made on this page";
}

export const SOURCE_TEXT: Record<ApiTokenSummary["source"], string> = {
  session: "From sign-in in the browser; ends when that session does",
  password: "From POST /api/token",
  dashboard: "Made on this page",
};

export function present(token: ApiTokenSummary, format: Formatters) {
  return {
    id: token.id,
    name: tokenName(token),
    labelled: token.label !== null,
    source: SOURCE_TEXT[token.source],
    hint: token.hint,
    created: when(token.createdAt, format),
    lastUsed: token.lastUsedAt ? when(token.lastUsedAt, format) : null,
    expires: when(token.expiresAt, format),
  };
}

export type Shown = ReturnType<typeof present>;

export function When({ value }: { value: Shown["created"] }) {
  return (
    <time dateTime={value.iso}>
      <span className="whitespace-nowrap">{value.date}</span>{" "}
      <span className="whitespace-nowrap text-neutral-600">{value.time}</span>
    </time>
  );
}

export function CreateForm() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "create" });
  const [form, fields] = useForm({
    id: "api-token-create",
    lastResult: actionData?.result,
    constraint: getZodConstraint(CreateApiTokenSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateApiTokenSchema }),
  });
  return (
    <Form
      method="post"
      action={PAGE}
      {...getFormProps(form)}
      className="flex flex-col gap-4 sm:flex-row sm:items-start"
    >
      <input type="hidden" name="intent" value="create" />
      <div className="min-w-0 flex-1">
        <Field
          label="Label (optional)"
          hint={`What the token is for, e.g. "CI script". Up to ${API_TOKEN_LABEL_MAX} characters.`}
          inputProps={{
            ...getInputProps(fields.label, { type: "text" }),
            maxLength: API_TOKEN_LABEL_MAX,
            autoComplete: "off",
            placeholder: "CI script",
          }}
          errors={fields.label.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <Button type="submit" pending={pending} disabled={pending} className="shrink-0 sm:mt-6">
        <Plus className="h-4 w-4" aria-hidden /> Create token
      </Button>
    </Form>
  );
}

/** The new secret, once: a read-only input to select (works without JavaScript) and a copy button. */
export function NewToken({
  created,
}: {
  created: { token: string; hint: string; name: string; expires: Shown["expires"] };
}) {
  const input = useRef<HTMLInputElement>(null);
  const { hydrated, copied, setCopied, copy } = useCopy(created.token, () => input.current?.select());
  useEffect(() => {
    setCopied(null);
    // Straight to the secret (selected on focus), so Ctrl+C copies it and a screen reader reads it.
    input.current?.focus();
  }, [created.token, setCopied]);

  return (
    <section
      aria-labelledby="new-token-title"
      data-testid="new-token"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <h2 id="new-token-title" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <TriangleAlert className="h-5 w-5 shrink-0 text-amber-700" aria-hidden /> Copy your new token now
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        It will not be shown again: we keep only a fingerprint of it. Store it where your script keeps its secrets. It
        works until {created.expires.date}.
      </p>
      <label htmlFor="new-token-value" className="mb-1 mt-4 block text-sm font-medium text-neutral-800">
        {created.name}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id="new-token-value"
          type="text"
          readOnly
          value={created.token}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          autoComplete="off"
          data-testid="new-token-value"
          className={`${inputClass} min-w-0 flex-1 font-mono`}
        />
        {hydrated ? <CopyButton copied={copied} onCopy={copy} /> : null}
      </div>
      <p className="mt-2 text-sm text-neutral-700" role="status">
        {copied === "yes"
          ? "Copied to the clipboard. "
          : copied === "no"
            ? "Copying is blocked here: press Ctrl+C (⌘C) to copy the selected token. "
            : ""}
        Listed below as “{created.name}”, ID {created.hint}.
      </p>
    </section>
  );
}

export function TokenTable({ tokens, zone }: { tokens: Shown[]; zone: string }) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">Your API tokens; times in {zone}</caption>
      <TableHead
        columns={[
          "Token",
          "Created",
          { label: "Last used", className: "whitespace-nowrap" },
          "Expires",
          { label: "Revoke", className: "w-32" },
        ]}
      />
      <tbody className={tbodyClass}>
        {tokens.map((t) => (
          <tr key={t.id} className={trClass} data-testid="api-token-row" data-token-id={t.id}>
            <td className={`${tdClass} min-w-0`}>
              <CellLabel>Token</CellLabel>
              <span className="flex items-start gap-2">
                <KeyRound className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                <span className="min-w-0">
                  <span className="block break-words font-medium text-neutral-900" data-testid="api-token-name">
                    {t.name}
                  </span>
                  <span className="block text-xs text-neutral-600">
                    ID <span className="font-mono">{t.hint}</span>
                    {t.labelled ? ` · ${t.source}` : null}
                  </span>
                </span>
              </span>
            </td>
            <td className={`${tdClass} text-neutral-800`}>
              <CellLabel>Created</CellLabel>
              <When value={t.created} />
            </td>
            <td className={`${tdClass} text-neutral-800`} data-testid="api-token-last-used">
              <CellLabel>Last used</CellLabel>
              {t.lastUsed ? <When value={t.lastUsed} /> : <span className="text-neutral-600">Never</span>}
            </td>
            <td className={`${tdClass} text-neutral-800`}>
              <CellLabel>Expires</CellLabel>
              <When value={t.expires} />
            </td>
            <td className={`${tdClass} pt-3 md:pt-3`}>
              <Link
                to={`${PAGE}?revoke=${t.id}`}
                preventScrollReset
                id={`revoke-${t.id}`}
                className={buttonClass("secondary", "px-3 py-2 text-red-700")}
                aria-label={`Revoke ${t.name}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden /> Revoke
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RevokeForm({
  intent,
  tokenId,
  note,
}: {
  intent: "revoke" | "revokeAll";
  tokenId?: string;
  note: string;
}) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post" action={PAGE} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {tokenId ? <input type="hidden" name="tokenId" value={tokenId} /> : null}
      <p className="text-sm text-neutral-700">{note}</p>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {/* Focus starts on the safe choice. */}
        <Link to={PAGE} preventScrollReset data-autofocus className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" variant="danger" pending={pending} disabled={pending}>
          {intent === "revoke" ? "Revoke token" : "Revoke all tokens"}
        </Button>
      </div>
    </Form>
  );
}

export const codeClass =
  "rounded bg-neutral-100 px-1 py-0.5 font-mono text-[0.85em] text-neutral-900 [overflow-wrap:anywhere]";

export const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";
