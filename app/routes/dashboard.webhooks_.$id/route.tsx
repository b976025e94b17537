import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WebhookDetailPage } from "~/components/webhook-pages";
import {
  requireDrawerPage,
  webhookDetailAction,
  webhookDetailData,
} from "~/routes/dashboard.webhooks_.$id/route.server";

/** One webhook: its settings and its delivery log (decision 037). Another host's id is a 404. */

const LIST = "/dashboard/webhooks";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Webhook deliveries | Scheduler" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, LIST);
  return webhookDetailData({ userId: user.id }, params.id ?? "", user.timeZone);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, LIST);
  return webhookDetailAction(request, { userId: user.id }, params.id ?? "", LIST, user.id);
}

export default function WebhookDeliveries() {
  const { subscription, deliveries, zone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <WebhookDetailPage
      base={LIST}
      backLabel="All webhooks"
      emptyLog="Nothing sent yet. Book one of your event types, or send a test event."
      subscription={subscription}
      deliveries={deliveries}
      zone={zone}
      actionData={actionData}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
