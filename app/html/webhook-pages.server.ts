import { data } from "@remix-run/node";
import {
  deleteSubscription,
  getSubscription,
  listDeliveries,
  listSubscriptions,
  type WebhookScope,
} from "~/models/webhook.server";
import { readWebhookForm, webhookDeliveryJson } from "~/schemas/webhook";
import { auditWebhook, createWebhook, resendWebhook, sendTestWebhook, updateWebhook } from "~/services/webhooks.server";
import { dateTimeFormatters } from "~/scheduling/time-zone";
import { readFormData } from "~/utils/request.server";
import { notFound } from "~/utils/responses";
import { errorToast, redirectWithError, redirectWithSuccess, successToast } from "~/utils/toast.server";

/**
 * The webhook pages' loaders and actions (decision 037), for a person's own subscriptions
 * (/dashboard/webhooks) and a team's (/dashboard/teams/{id}/webhooks, decision 062). `base` is
 * the list page; a subscription's page is `${base}/{id}`. The routes authorize and pick the
 * scope; a subscription outside it is a 404 whatever the form holds.
 */

/** The form's values and errors after a refusal (the shape of WebhookFormState). */
interface FormState {
  values: { url: string; events: string[]; active: boolean };
  errors: Record<string, string[] | undefined>;
}

const notFoundWebhook = () => notFound("No such webhook.");

/** The list: every subscription of the scope, and the one `?delete=` asks to confirm. */
export async function webhookListData(scope: WebhookScope, timeZone: string, deleteId: string | null) {
  const format = dateTimeFormatters(timeZone);
  const subscriptions = await listSubscriptions(scope);
  let deleting: { id: string; url: string } | null = null;
  if (deleteId !== null) {
    const found = (await getSubscription(scope, deleteId)) ?? notFoundWebhook();
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

/** The list's forms: create (the secret shown once, in this answer), test, delete. */
export async function webhookListAction(request: Request, scope: WebhookScope, creatorId: string, base: string) {
  const form = await readFormData(request, { repeatable: (name) => name === "events" });
  const intent = form.get("intent");

  if (intent === "create") {
    const read = readWebhookForm(form);
    if (!read.ok) {
      return data(
        {
          form: { values: read.values, errors: read.errors } as FormState | null,
          created: null,
          toast: errorToast("Check the highlighted fields."),
        },
        { status: 400 },
      );
    }
    const result = await createWebhook(scope, creatorId, read.value);
    if (!result.ok) {
      const state: FormState = { values: read.value, errors: { [result.field]: [result.message] } };
      return data(
        {
          form: state as FormState | null,
          created: null,
          toast: errorToast(result.field === "url" ? "Check the highlighted fields." : result.message),
        },
        { status: 400 },
      );
    }
    await auditWebhook(creatorId, "webhook.created", scope, result.subscription.id, result.subscription, request);
    // Data, not a redirect: the secret is shown once, in this answer, never stored in a cookie or a cache.
    return data(
      {
        form: null as FormState | null,
        created: { id: result.subscription.id, url: result.subscription.url, secret: result.subscription.secret },
        toast: successToast("Webhook created."),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  if (intent === "test") {
    const sent = (await sendTestWebhook(scope, String(form.get("id") ?? ""))) ?? notFoundWebhook();
    return testAnswer(`${base}/${sent.delivery.subscriptionId}`, sent.delivery);
  }

  if (intent === "delete") {
    const id = String(form.get("id") ?? "");
    if (!(await deleteSubscription(scope, id))) notFoundWebhook();
    await auditWebhook(creatorId, "webhook.deleted", scope, id, null, request);
    return redirectWithSuccess(base, "Webhook deleted.");
  }

  return data({ form: null as FormState | null, created: null, toast: errorToast("Unknown action.") }, { status: 400 });
}

function testAnswer(
  target: string,
  delivery: { status: string; lastStatusCode: number | null; lastError: string | null },
): Promise<Response> {
  return delivery.status === "delivered"
    ? redirectWithSuccess(target, `Test delivered: HTTP ${delivery.lastStatusCode}.`)
    : redirectWithError(target, `Test failed: ${delivery.lastError ?? `HTTP ${delivery.lastStatusCode}`}.`);
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One subscription: its settings and its delivery log (the last 50), times in `timeZone`. */
export async function webhookDetailData(scope: WebhookScope, id: string, timeZone: string) {
  const subscription = (await getSubscription(scope, id)) ?? notFoundWebhook();
  const log = (await listDeliveries(scope, subscription.id)) ?? { deliveries: [], attempts: [] };
  const format = dateTimeFormatters(timeZone);
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

/** One subscription's forms: save the settings, test, resend a delivery. */
export async function webhookDetailAction(
  request: Request,
  scope: WebhookScope,
  id: string,
  base: string,
  actorId: string,
) {
  const page = `${base}/${id}`;
  // Another owner's id is a 404 whatever the form holds.
  if (!(await getSubscription(scope, id))) notFoundWebhook();
  const form = await readFormData(request, { repeatable: (name) => name === "events" });
  const intent = form.get("intent");

  if (intent === "update") {
    const read = readWebhookForm(form);
    if (!read.ok)
      return data(
        {
          form: { values: read.values, errors: read.errors } as FormState | null,
          toast: errorToast("Check the highlighted fields."),
        },
        { status: 400 },
      );
    const result = (await updateWebhook(scope, id, read.value)) ?? notFoundWebhook();
    if (!result.ok)
      return data(
        {
          form: { values: read.value, errors: { [result.field]: [result.message] } } as FormState | null,
          toast: errorToast(result.field === "url" ? "Check the highlighted fields." : result.message),
        },
        { status: 400 },
      );
    await auditWebhook(actorId, "webhook.updated", scope, id, result.subscription, request);
    return redirectWithSuccess(page, "Webhook saved.");
  }

  if (intent === "test") {
    const sent = (await sendTestWebhook(scope, id)) ?? notFoundWebhook();
    return testAnswer(page, sent.delivery);
  }

  if (intent === "resend") {
    const delivery = await resendWebhook(scope, id, String(form.get("deliveryId") ?? ""));
    if (!delivery) notFound("No such delivery.");
    return redirectWithSuccess(page, "Sending it again now.");
  }

  return data({ form: null as FormState | null, toast: errorToast("Unknown action.") }, { status: 400 });
}
