import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WebhookListPage } from "~/components/webhook-pages";
import { requireDrawerPage, webhookListAction, webhookListData } from "~/routes/dashboard.webhooks/route.server";

/** Dashboard > Webhooks (decision 037): the host's own subscriptions. Another host's id is a 404. */

const PAGE = "/dashboard/webhooks";

export const meta: MetaFunction = ({ error }) => [{ title: error ? "Scheduler" : "Webhooks | Scheduler" }];

// The answer that shows a new secret must not sit in any cache.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  return webhookListData({ userId: user.id }, user.timeZone, new URL(request.url).searchParams.get("delete"));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDrawerPage(request, PAGE);
  return webhookListAction(request, { userId: user.id }, user.id, PAGE);
}

export default function Webhooks() {
  const { subscriptions, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <WebhookListPage
      base={PAGE}
      heading="Webhooks"
      intro={<p>We POST your bookings to your own systems as they happen: a CRM, an automation tool, your own code.</p>}
      mailed="you"
      listTitle="Your webhooks"
      emptyBody="Add one above: every new, moved or cancelled booking is then sent to your URL."
      subscriptions={subscriptions}
      deleting={deleting}
      actionData={actionData}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
