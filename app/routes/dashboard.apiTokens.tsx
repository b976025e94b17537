import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { KeyRound, Plus, Trash2, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { CellLabel, EmptyRows, tableClass, TableHead, tbodyClass, tdClass, trClass } from "~/components/admin-table";
import { CopyButton, useCopy } from "~/components/copy-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, inputClass } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import {
  getApiToken,
  listApiTokens,
  mintApiToken,
  revokeAllApiTokens,
  revokeApiToken,
  type ApiTokenSummary,
} from "~/models/api-token.server";
import { API_TOKEN_DAYS, API_TOKEN_LABEL_MAX, API_TOKEN_MESSAGES as M, CreateApiTokenSchema } from "~/schemas/api-token-form";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { readFormData } from "~/utils/request.server";
import { errorToast, redirectWithSuccess, successToast } from "~/utils/toast.server";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { useIsPending, usePendingFormData } from "~/utils/pending";

// Refused or failed: the page's name does not leak into the title of the error page.
export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "API Tokens | Scheduler" }];

const PAGE = "/dashboard/apiTokens";

// The answer that shows a new secret must not sit in any cache (the action's data asks for this).
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

type Formatters = ReturnType<typeof dateTimeFormatters>;

function when(instant: Date, format: Formatters) {
  return { iso: instant.toISOString(), date: format.date.format(instant), time: format.time.format(instant) };
}

/** What the page calls a token: its label, else how it was made. Never its secret. */
function tokenName(token: Pick<ApiTokenSummary, "label" | "source">): string {
  if (token.label) return token.label;
  if (token.source === "session") return "Token from sign-in in the browser";
  if (token.source === "password") return "Token from POST /api/token";
  return "Token made on this page";
}

const SOURCE_TEXT: Record<ApiTokenSummary["source"], string> = {
  session: "From sign-in in the browser; ends when that session does",
  password: "From POST /api/token",
  dashboard: "Made on this page",
};

function present(token: ApiTokenSummary, format: Formatters) {
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

type Shown = ReturnType<typeof present>;

/** The revoke modals are URLs (?revoke=<id>, ?revoke=all), so they open without JavaScript. */
async function openModal(url: URL, userId: string, hasTokens: boolean, format: Formatters) {
  const id = url.searchParams.get("revoke");
  if (id === null) return null;
  if (id === "all") return hasTokens ? ({ kind: "revokeAll" } as const) : null;
  // Another person's token, a gone one and a non-uuid are all simply not found.
  const token = await getApiToken(userId, id);
  if (!token) notFound(M.notFound);
  return { kind: "revoke", token: present(token, format) } as const;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const format = dateTimeFormatters(user.timeZone);
  const tokens = await listApiTokens(user.id);
  const modal = await openModal(new URL(request.url), user.id, tokens.length > 0, format);
  return { tokens: tokens.map((t) => present(t, format)), zone: format.zone, modal };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const form = await readFormData(request);
  const intent = form.get("intent");

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: CreateApiTokenSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply(), created: null, toast: errorToast("Check the label.") }, { status: 400 });
    }
    const { id, token, hint, expiresAt } = await mintApiToken(user.id, { source: "dashboard", label: submission.value.label });
    const format = dateTimeFormatters(user.timeZone);
    // Data, not a redirect: the secret is shown once, in this answer, and never stored in a cookie or a cache.
    return data(
      {
        result: submission.reply({ resetForm: true }),
        created: { id, token, hint, name: tokenName({ label: submission.value.label, source: "dashboard" }), expires: when(expiresAt, format) },
        toast: successToast(M.created),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (intent === "revoke") {
    const revoked = await revokeApiToken(user.id, String(form.get("tokenId") ?? ""));
    if (!revoked) notFound(M.notFound);
    return redirectWithSuccess(PAGE, M.revoked);
  }

  if (intent === "revokeAll") {
    await revokeAllApiTokens(user.id);
    return redirectWithSuccess(PAGE, M.allRevoked);
  }

  return data({ result: null, created: null, toast: errorToast("Unknown action.") }, { status: 400 });
}

function When({ value }: { value: Shown["created"] }) {
  return (
    <time dateTime={value.iso}>
      <span className="whitespace-nowrap">{value.date}</span> <span className="whitespace-nowrap text-neutral-600">{value.time}</span>
    </time>
  );
}

function CreateForm() {
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
    <Form method="post" action={PAGE} {...getFormProps(form)} className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <input type="hidden" name="intent" value="create" />
      <div className="min-w-0 flex-1">
        <Field
          label="Label (optional)"
          hint={`What the token is for, e.g. "CI script". Up to ${API_TOKEN_LABEL_MAX} characters.`}
          inputProps={{ ...getInputProps(fields.label, { type: "text" }), maxLength: API_TOKEN_LABEL_MAX, autoComplete: "off", placeholder: "CI script" }}
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
function NewToken({ created }: { created: { token: string; hint: string; name: string; expires: Shown["expires"] } }) {
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
        It will not be shown again: we keep only a fingerprint of it. Store it where your script keeps its secrets. It works until{" "}
        {created.expires.date}.
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
        {copied === "yes" ? "Copied to the clipboard. " : copied === "no" ? "Copying is blocked here: press Ctrl+C (⌘C) to copy the selected token. " : ""}
        Listed below as “{created.name}”, ID {created.hint}.
      </p>
    </section>
  );
}

function TokenTable({ tokens, zone }: { tokens: Shown[]; zone: string }) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">Your API tokens; times in {zone}</caption>
      <TableHead columns={["Token", "Created", { label: "Last used", className: "whitespace-nowrap" }, "Expires", { label: "Revoke", className: "w-32" }]} />
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

function RevokeForm({ intent, tokenId, note }: { intent: "revoke" | "revokeAll"; tokenId?: string; note: string }) {
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

const codeClass = "rounded bg-neutral-100 px-1 py-0.5 font-mono text-[0.85em] text-neutral-900 [overflow-wrap:anywhere]";
const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

export default function ApiTokens() {
  const { tokens, zone, modal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Optimistic: a revoked row goes at once.
  const revokeForm = usePendingFormData({ intent: "revoke", state: "busy" });
  const revokingAll = useIsPending({ intent: "revokeAll", state: "busy" });
  const revoking = revokeForm ? revokeForm.get("tokenId") : null;
  const shown = revokingAll ? [] : tokens.filter((t) => t.id !== revoking);
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-neutral-900">API Tokens</h1>
        <div className="mt-2 max-w-3xl space-y-2 text-neutral-700">
          <p>
            Tokens let your scripts and apps call the JSON API as you: send <code className={codeClass}>Authorization: Bearer &lt;token&gt;</code>{" "}
            with each request. The{" "}
            <a href="/api/docs" className={linkClass}>
              API reference
            </a>{" "}
            lists every path.
          </p>
          <p className="text-sm text-neutral-600">
            A token works for {API_TOKEN_DAYS} days. Anyone who has it can act as you, so revoke one you no longer need or may have
            leaked. Changing your password or signing out everywhere revokes them all.
          </p>
        </div>
      </header>

      <section aria-labelledby="create-token-title" id="create-token" className="rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="create-token-title" className="text-lg font-semibold text-neutral-900">
          Create a token
        </h2>
        <p className="mb-4 mt-1 text-sm text-neutral-600">A label helps you tell your tokens apart later; the token itself is shown only once.</p>
        <CreateForm />
      </section>

      {actionData?.created ? <NewToken created={actionData.created} /> : null}

      <section aria-labelledby="tokens-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="tokens-title" className="text-lg font-semibold text-neutral-900">
              Your tokens
            </h2>
            {shown.length ? <p className="mt-0.5 text-sm text-neutral-600">Times in {zone.replaceAll("_", " ")}.</p> : null}
          </div>
          {shown.length ? (
            <Link to={`${PAGE}?revoke=all`} preventScrollReset id="revoke-all" className={buttonClass("secondary", "text-red-700")}>
              <Trash2 className="h-4 w-4" aria-hidden /> Revoke all
            </Link>
          ) : null}
        </div>
        {shown.length === 0 ? (
          <EmptyRows
            title="No API tokens yet"
            body="Create one above and give it to your script, or have the script ask POST /api/token with your e-mail and password."
          >
            <a href="#create-token" className={buttonClass("primary", "mt-6")}>
              <Plus className="h-4 w-4" aria-hidden /> Create a token
            </a>
          </EmptyRows>
        ) : (
          <TokenTable tokens={shown} zone={zone} />
        )}
      </section>

      {modal?.kind === "revoke" ? (
        <Modal title={`Revoke “${modal.token.name}”?`} closeTo={PAGE} returnFocusTo={`revoke-${modal.token.id}`}>
          <RevokeForm
            intent="revoke"
            tokenId={modal.token.id}
            note={`Scripts using this token (ID ${modal.token.hint}) get 401 Unauthorized from their next call. This cannot be undone.`}
          />
        </Modal>
      ) : null}
      {modal?.kind === "revokeAll" ? (
        <Modal title={`Revoke all ${tokens.length === 1 ? "1 token" : `${tokens.length} tokens`}?`} closeTo={PAGE} returnFocusTo="revoke-all">
          <RevokeForm
            intent="revokeAll"
            note="Every script and app using one of your tokens, tokens from signing in in the browser too, gets 401 Unauthorized from its next call. You stay signed in here."
          />
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
