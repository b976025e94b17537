import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChevronLeft, RotateCw, Send } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { WebhookForm, type WebhookFormState } from "~/components/webhook-form";
import { getSubscription, listDeliveries } from "~/models/webhook.server";
import { readWebhookForm, webhookDeliveryJson } from "~/schemas/webhook";
import { resendWebhook, sendTestWebhook, updateWebhook } from "~/services/webhooks.server";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { requireDrawerPage } from "~/utils/dashboard-pages.server";
import { useIsPending } from "~/utils/pending";
import { readFormData } from "~/utils/request.server";
import { notFound } from "~/utils/responses";
import { errorToast, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/** One webhook: its settings and its delivery log (decision 037). Another host's id is a 404. */

const LIST = "/dashboard/webhooks";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Webhook deliveries | Scheduler" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, LIST);
  const subscription = await getSubscription(user.id, params.id ?? "");
  if (!subscription) notFound("No such webhook.");
  const log = (await listDeliveries(user.id, subscription.id)) ?? { deliveries: [], attempts: [] };
  const format = dateTimeFormatters(user.timeZone);
  const at = (iso: string | null) =>
    iso ? `${format.date.format(new Date(iso))} ${format.time.format(new Date(iso))}` : null;
  return {
    zone: format.zone,
    subscription: {
      id: subscription.id,
      url: subscription.url,
      events: subscription.events,
      active: subscription.active,
      disabledReason: subscription.disabledReason,
    },
    deliveries: log.deliveries.map((d) => {
      const json = webhookDeliveryJson(d, log.attempts);
      const last = json.attemptLog.at(-1);
      return {
        ...json,
        created: at(json.createdAt)!,
        next: at(json.nextAttemptAt),
        durationMs: last?.durationMs ?? null,
        body: prettyBody(json.body),
      };
    }),
  };
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, LIST);
  const id = params.id ?? "";
  const page = `${LIST}/${id}`;
  // Another host's id is a 404 whatever the form holds.
  if (!(await getSubscription(user.id, id))) notFound("No such webhook.");
  const form = await readFormData(request, { repeatable: (name) => name === "events" });
  const intent = form.get("intent");

  if (intent === "update") {
    const read = readWebhookForm(form);
    if (!read.ok)
      return data(
        {
          form: { values: read.values, errors: read.errors } as WebhookFormState,
          toast: errorToast("Check the highlighted fields."),
        },
        { status: 400 },
      );
    const result = await updateWebhook(user.id, id, read.value);
    if (!result) notFound("No such webhook.");
    if (!result.ok)
      return data(
        {
          form: { values: read.value, errors: { [result.field]: [result.message] } } as WebhookFormState,
          toast: errorToast(result.field === "url" ? "Check the highlighted fields." : result.message),
        },
        { status: 400 },
      );
    return redirectWithSuccess(page, "Webhook saved.");
  }

  if (intent === "test") {
    const sent = await sendTestWebhook(user.id, id);
    if (!sent) notFound("No such webhook.");
    const { delivery } = sent;
    return delivery.status === "delivered"
      ? redirectWithSuccess(page, `Test delivered: HTTP ${delivery.lastStatusCode}.`)
      : redirectWithError(page, `Test failed: ${delivery.lastError ?? `HTTP ${delivery.lastStatusCode}`}.`);
  }

  if (intent === "resend") {
    const delivery = await resendWebhook(user.id, id, String(form.get("deliveryId") ?? ""));
    if (!delivery) notFound("No such delivery.");
    return redirectWithSuccess(page, "Sending it again now.");
  }

  return data({ form: null, toast: errorToast("Unknown action.") }, { status: 400 });
}

const STATUS_STYLE: Record<string, string> = {
  delivered: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
};

export default function WebhookDeliveries() {
  const { subscription, deliveries, zone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saving = useIsPending({ intent: "update" });
  const testing = useIsPending({ intent: "test" });
  const resending = useIsPending({ intent: "resend" });
  const page = `${LIST}/${subscription.id}`;
  return (
    <div className="space-y-8">
      <div>
        <Link
          to={LIST}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> All webhooks
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">Webhook deliveries</h1>
        <p className="mt-1 break-all font-mono text-sm text-neutral-700">{subscription.url}</p>
        {subscription.disabledReason ? (
          <p className="mt-2 text-sm text-red-700">Switched off: {subscription.disabledReason}</p>
        ) : null}
      </div>

      <section
        aria-labelledby="settings-title"
        className="max-w-3xl rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6"
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
            Nothing sent yet. Book one of your event types, or send a test event.
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {deliveries.map((d) => (
              <li
                key={d.id}
                data-testid="delivery-row"
                className="rounded-xl border border-neutral-200 bg-white p-4 shadow-sm"
              >
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
            ))}
          </ul>
        )}
      </section>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
