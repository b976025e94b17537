import { parseWithZod } from "~/schemas/form-parse";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  errorToast,
  getApiToken,
  listApiTokens,
  mintApiToken,
  readFormData,
  recordAudit,
  redirectWithSuccess,
  requireDrawerPage,
  revokeAllApiTokens,
  revokeApiToken,
  successToast,
} from "~/routes/dashboard.apiTokens/route.server";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Plus, Trash2 } from "~/components/icons";
import { EmptyRows } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { API_TOKEN_DAYS, API_TOKEN_MESSAGES as M, CreateApiTokenSchema } from "~/schemas/api-token-form";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { notFound } from "~/utils/responses";
import { useIsPending, usePendingFormData } from "~/utils/pending";
import {
  PAGE,
  type Formatters,
  when,
  tokenName,
  present,
  CreateForm,
  NewToken,
  TokenTable,
  RevokeForm,
  codeClass,
  linkClass,
} from "./token-list";

// Refused or failed: the page's name does not leak into the title of the error page.
export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "API Tokens | Scheduler" }];

// The answer that shows a new secret must not sit in any cache (the action's data asks for this).
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

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
      return data(
        { result: submission.reply(), created: null, toast: errorToast("Check the label.") },
        { status: 400 },
      );
    }
    const { id, token, hint, expiresAt } = await mintApiToken(user.id, {
      source: "dashboard",
      label: submission.value.label,
    });
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "api_token.created",
      targetType: "api_token",
      targetId: id,
      after: { source: "dashboard", label: submission.value.label },
      request,
    });
    const format = dateTimeFormatters(user.timeZone);
    // Data, not a redirect: the secret is shown once, in this answer, and never stored in a cookie or a cache.
    return data(
      {
        result: submission.reply({ resetForm: true }),
        created: {
          id,
          token,
          hint,
          name: tokenName({ label: submission.value.label, source: "dashboard" }),
          expires: when(expiresAt, format),
        },
        toast: successToast(M.created),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (intent === "revoke") {
    const tokenId = String(form.get("tokenId") ?? "");
    const revoked = await revokeApiToken(user.id, tokenId);
    if (!revoked) notFound(M.notFound);
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "api_token.revoked",
      targetType: "api_token",
      targetId: tokenId,
      request,
    });
    return redirectWithSuccess(PAGE, M.revoked);
  }

  if (intent === "revokeAll") {
    await revokeAllApiTokens(user.id);
    await recordAudit({
      actorId: user.id,
      actorEmail: user.email,
      action: "api_token.revoked",
      targetType: "api_token",
      targetId: null,
      after: { all: true },
      request,
    });
    return redirectWithSuccess(PAGE, M.allRevoked);
  }

  return data({ result: null, created: null, toast: errorToast("Unknown action.") }, { status: 400 });
}

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
            Tokens let your scripts and apps call the JSON API as you: send{" "}
            <code className={codeClass}>Authorization: Bearer &lt;token&gt;</code> with each request. The{" "}
            <a href="/api/docs" className={linkClass}>
              API reference
            </a>{" "}
            lists every path.
          </p>
          <p className="text-sm text-neutral-600">
            A token works for {API_TOKEN_DAYS} days. Anyone who has it can act as you, so revoke one you no longer need
            or may have leaked. Changing your password or signing out everywhere revokes them all.
          </p>
        </div>
      </header>

      <section
        aria-labelledby="create-token-title"
        id="create-token"
        className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="create-token-title" className="text-lg font-semibold text-neutral-900">
          Create a token
        </h2>
        <p className="mb-4 mt-1 text-sm text-neutral-600">
          A label helps you tell your tokens apart later; the token itself is shown only once.
        </p>
        <CreateForm />
      </section>

      {actionData?.created ? <NewToken created={actionData.created} /> : null}

      <section aria-labelledby="tokens-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="tokens-title" className="text-lg font-semibold text-neutral-900">
              Your tokens
            </h2>
            {shown.length ? (
              <p className="mt-0.5 text-sm text-neutral-600">Times in {zone.replaceAll("_", " ")}.</p>
            ) : null}
          </div>
          {shown.length ? (
            <Link
              to={`${PAGE}?revoke=all`}
              preventScrollReset
              id="revoke-all"
              className={buttonClass("secondary", "text-red-700")}
            >
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
        <Modal
          title={`Revoke all ${tokens.length === 1 ? "1 token" : `${tokens.length} tokens`}?`}
          closeTo={PAGE}
          returnFocusTo="revoke-all"
        >
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
