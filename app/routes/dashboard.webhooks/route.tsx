import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Plus, Send, Trash2, TriangleAlert, Webhook } from "lucide-react";
import { EmptyRows } from "~/components/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { NEW_WEBHOOK_DEFAULTS, WebhookForm, type WebhookFormState } from "~/components/webhook-form";
import { deleteSubscription, getSubscription, listSubscriptions } from "~/models/webhook.server";
import { readWebhookForm, WEBHOOK_EVENT_LABELS, type WebhookEventType } from "~/schemas/webhook";
import { createWebhook, sendTestWebhook } from "~/services/webhooks.server";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { useIsPending } from "~/utils/pending";
import { readFormData } from "~/utils/request.server";
import { notFound } from "~/utils/responses";
import { errorToast, redirectWithError, redirectWithSuccess, successToast } from "~/utils/toast.server";

const PAGE = "/dashboard/webhooks";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Webhooks | Scheduler" }];

// The answer that shows a new secret must not sit in any cache.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const format = dateTimeFormatters(user.timeZone);
  const subscriptions = await listSubscriptions(user.id);
  const deleteId = new URL(request.url).searchParams.get("delete");
  let deleting: { id: string; url: string } | null = null;
  if (deleteId !== null) {
    const found = await getSubscription(user.id, deleteId);
    if (!found) notFound("No such webhook.");
    deleting = { id: found.id, url: found.url };
  }
  return {
    deleting,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      url: s.url,
      events: s.events,
      active: s.active,
      disabledReason: s.disabledReason,
      failingSince: s.failingSince
        ? `${format.date.format(s.failingSince)} ${format.time.format(s.failingSince)}`
        : null,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  const form = await readFormData(request, { repeatable: (name) => name === "events" });
  const intent = form.get("intent");

  if (intent === "create") {
    const read = readWebhookForm(form);
    if (!read.ok) {
      return data(
        {
          form: { values: read.values, errors: read.errors } as WebhookFormState,
          created: null,
          toast: errorToast("Check the highlighted fields."),
        },
        { status: 400 },
      );
    }
    const result = await createWebhook(user.id, read.value);
    if (!result.ok) {
      const state: WebhookFormState = { values: read.value, errors: { [result.field]: [result.message] } };
      return data(
        {
          form: state,
          created: null,
          toast: errorToast(result.field === "url" ? "Check the highlighted fields." : result.message),
        },
        { status: 400 },
      );
    }
    // Data, not a redirect: the secret is shown once, in this answer, never stored in a cookie or a cache.
    return data(
      {
        form: null,
        created: { id: result.subscription.id, url: result.subscription.url, secret: result.subscription.secret },
        toast: successToast("Webhook created."),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (intent === "test") {
    const sent = await sendTestWebhook(user.id, String(form.get("id") ?? ""));
    if (!sent) notFound("No such webhook.");
    const { delivery } = sent;
    const target = `${PAGE}/${delivery.subscriptionId}`;
    return delivery.status === "delivered"
      ? redirectWithSuccess(target, `Test delivered: HTTP ${delivery.lastStatusCode}.`)
      : redirectWithError(target, `Test failed: ${delivery.lastError ?? `HTTP ${delivery.lastStatusCode}`}.`);
  }

  if (intent === "delete") {
    if (!(await deleteSubscription(user.id, String(form.get("id") ?? "")))) notFound("No such webhook.");
    return redirectWithSuccess(PAGE, "Webhook deleted.");
  }

  return data({ form: null, created: null, toast: errorToast("Unknown action.") }, { status: 400 });
}

const codeClass =
  "rounded bg-neutral-100 px-1 py-0.5 font-mono text-[0.85em] text-neutral-900 [overflow-wrap:anywhere]";

export default function Webhooks() {
  const { subscriptions, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const creating = useIsPending({ intent: "create" });
  const testing = useIsPending({ intent: "test" });
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-neutral-900">Webhooks</h1>
        <div className="mt-2 max-w-3xl space-y-2 text-neutral-700">
          <p>
            We POST your bookings to your own systems as they happen: a CRM, an automation tool, your own code. Each
            request is signed by the{" "}
            <a
              href="https://www.standardwebhooks.com/"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Standard Webhooks
            </a>{" "}
            scheme (<code className={codeClass}>webhook-id</code>, <code className={codeClass}>webhook-timestamp</code>,{" "}
            <code className={codeClass}>webhook-signature</code>): verify it with your secret and any Standard Webhooks
            library.
          </p>
          <p className="text-sm text-neutral-600">
            A failed delivery (timeout after 10 s, network error, 429 or 5xx) is tried again after about 5 s, 5 min, 30
            min, 2 h, 5 h, 10 h and 10 h; any other 4xx ends it. The same message keeps its{" "}
            <code className={codeClass}>webhook-id</code>: ignore ids you have seen. Events may arrive out of order. A
            webhook failing for 3 days is switched off and we mail you.
          </p>
        </div>
      </header>

      <section
        aria-labelledby="create-webhook-title"
        id="create-webhook"
        className="max-w-3xl rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="create-webhook-title" className="mb-4 text-lg font-semibold text-neutral-900">
          Add a webhook
        </h2>
        <WebhookForm
          key={actionData?.created?.id ?? "new"}
          id="webhook-create"
          action={PAGE}
          intent="create"
          state={actionData?.form ?? { values: NEW_WEBHOOK_DEFAULTS, errors: {} }}
          submitLabel="Add webhook"
          pending={creating}
        />
      </section>

      {actionData?.created ? (
        <section
          aria-labelledby="new-secret-title"
          data-testid="new-secret"
          className="max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
        >
          <h2 id="new-secret-title" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
            <TriangleAlert className="h-5 w-5 shrink-0 text-amber-700" aria-hidden /> Copy the signing secret now
          </h2>
          <p className="mt-1 text-sm text-amber-950 [overflow-wrap:anywhere]">
            It will not be shown again. Your receiver verifies each request with it; for {actionData.created.url}.
          </p>
          <label htmlFor="new-secret-value" className="mb-1 mt-4 block text-sm font-medium text-neutral-800">
            Signing secret
          </label>
          <input
            id="new-secret-value"
            type="text"
            readOnly
            value={actionData.created.secret}
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
            autoComplete="off"
            data-testid="new-secret-value"
            className="block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 font-mono text-sm text-neutral-900"
          />
        </section>
      ) : null}

      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title" className="text-lg font-semibold text-neutral-900">
          Your webhooks
        </h2>
        {subscriptions.length === 0 ? (
          <EmptyRows
            title="No webhooks yet"
            body="Add one above: every new, moved or cancelled booking is then sent to your URL."
          >
            <a href="#create-webhook" className={buttonClass("primary", "mt-6")}>
              <Plus className="h-4 w-4" aria-hidden /> Add a webhook
            </a>
          </EmptyRows>
        ) : (
          <ul className="mt-4 space-y-4">
            {subscriptions.map((s) => (
              <li
                key={s.id}
                data-testid="webhook-row"
                className="rounded-xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5"
              >
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
                        <span
                          key={e}
                          className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800"
                        >
                          {WEBHOOK_EVENT_LABELS[e as WebhookEventType] ?? e}
                        </span>
                      ))}
                    </p>
                    {s.disabledReason ? (
                      <p className="mt-2 text-sm text-red-700">Switched off: {s.disabledReason}</p>
                    ) : null}
                    {!s.disabledReason && s.failingSince ? (
                      <p className="mt-2 text-sm text-amber-800">Failing since {s.failingSince}.</p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Link
                      to={`${PAGE}/${s.id}`}
                      className={buttonClass("secondary", "px-3 py-2")}
                      aria-label={`Deliveries and settings of ${s.url}`}
                    >
                      Deliveries
                    </Link>
                    <Form method="post" action={PAGE}>
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
                      to={`${PAGE}?delete=${s.id}`}
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
            ))}
          </ul>
        )}
      </section>

      {deleting ? (
        <Modal title="Delete this webhook?" closeTo={PAGE} returnFocusTo={`delete-${deleting.id}`}>
          <Form method="post" action={PAGE} className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <p className="break-all text-sm text-neutral-700">
              Nothing more is sent to {deleting.url}, and its delivery log goes with it. This cannot be undone.
            </p>
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Link to={PAGE} data-autofocus className={buttonClass("secondary")}>
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
