import { BackLink } from "./ui/back-link";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { makeIcon } from "~/components/icon";
import plusDrawing from "lucide/dist/esm/icons/plus.mjs";
import rotateCwDrawing from "lucide/dist/esm/icons/rotate-cw.mjs";
import sendDrawing from "lucide/dist/esm/icons/send.mjs";
import trashDrawing from "lucide/dist/esm/icons/trash.mjs";
import triangleAlertDrawing from "lucide/dist/esm/icons/triangle-alert.mjs";
import webhookDrawing from "lucide/dist/esm/icons/webhook.mjs";
import { EmptyRows } from "~/components/admin-table";
import { Toaster, type ToastData } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { NEW_WEBHOOK_DEFAULTS, WebhookForm, type WebhookFormState } from "~/components/webhook-form";
import { WEBHOOK_EVENT_LABELS, type WebhookEventType } from "~/schemas/webhook";
import { useIsPending } from "~/utils/pending";

const Plus = makeIcon(plusDrawing, "plus");
const RotateCw = makeIcon(rotateCwDrawing, "rotate-cw");
const Send = makeIcon(sendDrawing, "send");
const Trash2 = makeIcon(trashDrawing, "trash");
const TriangleAlert = makeIcon(triangleAlertDrawing, "triangle-exclamation-point");
const Webhook = makeIcon(webhookDrawing, "webhook");

/**
 * The webhook pages (decision 037): the list with the create form, and one subscription's
 * settings with its delivery log. Dashboard > Webhooks (a person's own) and a team's webhooks
 * (decision 062) render these with their own heading, texts and `base` path; everything is a
 * plain form post, so it works without JavaScript.
 */

export const codeClass =
  "rounded bg-neutral-100 px-1 py-0.5 font-mono text-[0.85em] text-neutral-900 [overflow-wrap:anywhere]";

/** How requests are signed and retried: the same for every subscription; `mailed` hears of a switch-off. */
export function WebhookSigningNote({ mailed }: { mailed: string }) {
  return (
    <>
      <p>
        Each request is signed by the{" "}
        <a href="https://www.standardwebhooks.com/" className="font-medium text-brand-700 underline underline-offset-2">
          Standard Webhooks
        </a>{" "}
        scheme (<code className={codeClass}>webhook-id</code>, <code className={codeClass}>webhook-timestamp</code>,{" "}
        <code className={codeClass}>webhook-signature</code>): verify it with your secret and any Standard Webhooks
        library.
      </p>
      <p className="text-sm text-neutral-600">
        A failed delivery (timeout after 10 s, network error, 429 or 5xx) is tried again after about 5 s, 5 min, 30 min,
        2 h, 5 h, 10 h and 10 h; any other 4xx ends it. The same message keeps its{" "}
        <code className={codeClass}>webhook-id</code>: ignore ids you have seen. Events may arrive out of order. A
        webhook failing for 3 days is switched off and we mail {mailed}.
      </p>
    </>
  );
}

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  disabledReason: string | null;
  failingSince: string | null;
}

export interface WebhookListActionData {
  form: WebhookFormState | null;
  created: { id: string; url: string; secret: string } | null;
  toast: ToastData | null;
}

/** The list page: heading and intro, the create form, the new secret once, the subscriptions, the delete modal. */
export function WebhookListPage({
  base,
  back,
  heading,
  intro,
  mailed,
  listTitle,
  emptyBody,
  subscriptions,
  deleting,
  actionData,
}: {
  base: string;
  back?: { to: string; label: string };
  heading: string;
  intro: ReactNode;
  /** Who is mailed when a subscription is switched off ("you", "the person who made it"). */
  mailed: string;
  listTitle: string;
  emptyBody: string;
  subscriptions: WebhookRow[];
  deleting: { id: string; url: string } | null;
  actionData: WebhookListActionData | undefined;
}) {
  const creating = useIsPending({ intent: "create" });
  const testing = useIsPending({ intent: "test" });
  return (
    <div className="space-y-8">
      <header>
        {back ? <BackLink to={back.to} label={back.label} /> : null}
        <h1 className={`${back ? "mt-2 " : ""}break-words text-2xl font-bold text-neutral-900`}>{heading}</h1>
        <div className="mt-2 max-w-3xl space-y-2 text-neutral-700">
          {intro}
          <WebhookSigningNote mailed={mailed} />
        </div>
      </header>

      <section
        aria-labelledby="create-webhook-title"
        id="create-webhook"
        className="max-w-3xl rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="create-webhook-title" className="mb-4 text-lg font-semibold text-neutral-900">
          Add a webhook
        </h2>
        <WebhookForm
          key={actionData?.created?.id ?? "new"}
          id="webhook-create"
          action={base}
          intent="create"
          state={actionData?.form ?? { values: NEW_WEBHOOK_DEFAULTS, errors: {} }}
          submitLabel="Add webhook"
          pending={creating}
        />
      </section>

      {actionData?.created ? <NewSecret created={actionData.created} /> : null}

      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title" className="text-lg font-semibold text-neutral-900">
          {listTitle}
        </h2>
        {subscriptions.length === 0 ? (
          <EmptyRows title="No webhooks yet" body={emptyBody}>
            <a href="#create-webhook" className={buttonClass("primary", "mt-6")}>
              <Plus className="h-4 w-4" aria-hidden /> Add a webhook
            </a>
          </EmptyRows>
        ) : (
          <ul className="mt-4 space-y-4">
            {subscriptions.map((s) => (
              <WebhookItem key={s.id} base={base} s={s} testing={testing} />
            ))}
          </ul>
        )}
      </section>

      {deleting ? (
        <Modal title="Delete this webhook?" closeTo={base} returnFocusTo={`delete-${deleting.id}`}>
          <Form method="post" action={base} className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <p className="break-all text-sm text-neutral-700">
              Nothing more is sent to {deleting.url}, and its delivery log goes with it. This cannot be undone.
            </p>
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Link to={base} data-autofocus className={buttonClass("secondary")}>
                Cancel
              </Link>
              <Button type="submit" variant="danger">
                Delete webhook
              </Button>
            </div>
          </Form>
        </Modal>
      ) : null}
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

function NewSecret({ created }: { created: { url: string; secret: string } }) {
  return (
    <section
      aria-labelledby="new-secret-title"
      data-testid="new-secret"
      className="max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <h2 id="new-secret-title" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <TriangleAlert className="h-5 w-5 shrink-0 text-amber-700" aria-hidden /> Copy the signing secret now
      </h2>
      <p className="mt-1 text-sm text-amber-950 [overflow-wrap:anywhere]">
        It will not be shown again. Your receiver verifies each request with it; for {created.url}.
      </p>
      <label htmlFor="new-secret-value" className="mb-1 mt-4 block text-sm font-medium text-neutral-800">
        Signing secret
      </label>
      <input
        id="new-secret-value"
        type="text"
        readOnly
        value={created.secret}
        onFocus={(event) => event.currentTarget.select()}
        spellCheck={false}
        autoComplete="off"
        data-testid="new-secret-value"
        className="block w-full rounded-lg border border-neutral-300 bg-surface px-3 py-2.5 font-mono text-sm text-neutral-900"
      />
    </section>
  );
}

function WebhookItem({ base, s, testing }: { base: string; s: WebhookRow; testing: boolean }) {
  return (
    <li data-testid="webhook-row" className="rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <p className="flex items-start gap-2 font-medium text-neutral-900">
            <Webhook className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
            <span className="min-w-0 break-all font-mono text-sm">{s.url}</span>
          </p>
          <p className="mt-2 flex flex-wrap gap-2">
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.active ? "bg-green-100 text-green-900" : "bg-neutral-200 text-neutral-800"}`}
            >
              {s.active ? "Active" : "Off"}
            </span>
            {s.events.map((e) => (
              <span key={e} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
                {WEBHOOK_EVENT_LABELS[e as WebhookEventType] ?? e}
              </span>
            ))}
          </p>
          {s.disabledReason ? <p className="mt-2 text-sm text-red-700">Switched off: {s.disabledReason}</p> : null}
          {!s.disabledReason && s.failingSince ? (
            <p className="mt-2 text-sm text-amber-800">Failing since {s.failingSince}.</p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link
            to={`${base}/${s.id}`}
            className={buttonClass("secondary", "px-3 py-2")}
            aria-label={`Deliveries and settings of ${s.url}`}
          >
            Deliveries
          </Link>
          <Form method="post" action={base}>
            <input type="hidden" name="intent" value="test" />
            <input type="hidden" name="id" value={s.id} />
            <Button
              type="submit"
              variant="secondary"
              className="px-3 py-2"
              disabled={testing}
              aria-label={`Send a test to ${s.url}`}
            >
              <Send className="h-4 w-4" aria-hidden /> Test
            </Button>
          </Form>
          <Link
            to={`${base}?delete=${s.id}`}
            preventScrollReset
            id={`delete-${s.id}`}
            className={buttonClass("secondary", "px-3 py-2 text-red-700")}
            aria-label={`Delete ${s.url}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Link>
        </div>
      </div>
    </li>
  );
}

export interface DeliveryRow {
  id: string;
  type: string;
  status: string;
  statusCode: number | null;
  error: string | null;
  attempts: number;
  messageId: string;
  created: string;
  next: string | null;
  durationMs: number | null;
  body: string;
  attemptLog: {
    attempt: number;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    response: string | null;
  }[];
}

const STATUS_STYLE: Record<string, string> = {
  delivered: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
};

/** One subscription's page: settings (the form, the test button) and its delivery log with Resend. */
export function WebhookDetailPage({
  base,
  backLabel,
  emptyLog,
  subscription,
  deliveries,
  zone,
  actionData,
}: {
  base: string;
  backLabel: string;
  emptyLog: string;
  subscription: { id: string; url: string; events: string[]; active: boolean; disabledReason: string | null };
  deliveries: DeliveryRow[];
  zone: string;
  actionData: { form: WebhookFormState | null; toast: ToastData | null } | undefined;
}) {
  const saving = useIsPending({ intent: "update" });
  const testing = useIsPending({ intent: "test" });
  const resending = useIsPending({ intent: "resend" });
  const page = `${base}/${subscription.id}`;
  return (
    <div className="space-y-8">
      <div>
        <BackLink to={base} label={backLabel} />
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">Webhook deliveries</h1>
        <p className="mt-1 break-all font-mono text-sm text-neutral-700">{subscription.url}</p>
        {subscription.disabledReason ? (
          <p className="mt-2 text-sm text-red-700">Switched off: {subscription.disabledReason}</p>
        ) : null}
      </div>

      <section
        aria-labelledby="settings-title"
        className="max-w-3xl rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-title" className="mb-4 text-lg font-semibold text-neutral-900">
          Settings
        </h2>
        <WebhookForm
          id="webhook-edit"
          action={page}
          intent="update"
          state={
            actionData?.form ?? {
              values: { url: subscription.url, events: subscription.events, active: subscription.active },
              errors: {},
            }
          }
          submitLabel="Save"
          pending={saving}
        />
        <Form method="post" action={page} className="mt-4 border-t border-neutral-200 pt-4">
          <input type="hidden" name="intent" value="test" />
          <Button type="submit" variant="secondary" pending={testing} disabled={testing}>
            <Send className="h-4 w-4" aria-hidden /> Send a test event
          </Button>
        </Form>
      </section>

      <section aria-labelledby="log-title">
        <h2 id="log-title" className="text-lg font-semibold text-neutral-900">
          Delivery log
        </h2>
        <p className="mt-0.5 text-sm text-neutral-600">
          The last 50, newest first; times in {zone.replaceAll("_", " ")}.
        </p>
        {deliveries.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-neutral-300 p-6 text-center text-neutral-700">
            {emptyLog}
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {deliveries.map((d) => (
              <DeliveryItem key={d.id} d={d} page={page} resending={resending} />
            ))}
          </ul>
        )}
      </section>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

function DeliveryItem({ d, page, resending }: { d: DeliveryRow; page: string; resending: boolean }) {
  return (
    <li data-testid="delivery-row" className="rounded-xl border border-neutral-200 bg-surface p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <dl className="grid min-w-0 grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <div className="col-span-2 sm:col-span-3 lg:col-span-2">
            <dt className="sr-only">Event</dt>
            <dd className="font-mono font-medium text-neutral-900" data-testid="delivery-type">
              {d.type}
            </dd>
            <dd className="text-xs text-neutral-600">{d.created}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-neutral-500">Status</dt>
            <dd>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[d.status]}`}
                data-testid="delivery-status"
              >
                {d.status}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-neutral-500">Response</dt>
            <dd className="text-neutral-900" data-testid="delivery-code">
              {d.statusCode ?? (d.error ? "No answer" : "–")}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-neutral-500">Duration</dt>
            <dd className="text-neutral-900">{d.durationMs === null ? "–" : `${d.durationMs} ms`}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-neutral-500">Attempts</dt>
            <dd className="text-neutral-900">
              {d.attempts}
              {d.next ? <span className="block text-xs text-neutral-600">next {d.next}</span> : null}
            </dd>
          </div>
        </dl>
        <Form method="post" action={page} className="shrink-0">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="deliveryId" value={d.id} />
          <Button
            type="submit"
            variant="secondary"
            className="px-3 py-2"
            disabled={resending}
            aria-label={`Resend ${d.type} of ${d.created}`}
          >
            <RotateCw className="h-4 w-4" aria-hidden /> Resend
          </Button>
        </Form>
      </div>
      {d.error ? <p className="mt-2 text-sm text-red-700">{d.error}</p> : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Request body and attempts</summary>
        <p className="mt-2 text-xs text-neutral-600">
          webhook-id <span className="font-mono text-neutral-900">{d.messageId}</span>
        </p>
        <pre
          className="mt-2 max-h-80 overflow-auto rounded-lg bg-neutral-900 p-3 text-xs text-neutral-50"
          tabIndex={0}
          aria-label="Request body"
        >
          {d.body}
        </pre>
        {d.attemptLog.length > 0 ? (
          <ol className="mt-2 space-y-1">
            {d.attemptLog.map((a) => (
              <li key={a.attempt} className="text-neutral-800">
                Attempt {a.attempt}: {a.statusCode ?? "no answer"} in {a.durationMs} ms
                {a.error ? ` (${a.error})` : ""}
                {a.response ? (
                  <span className="block break-all font-mono text-xs text-neutral-600">{a.response}</span>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
      </details>
    </li>
  );
}
