import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WebhookDetailPage } from "~/components/webhook-pages";
import {
  managedTeamOr404,
  requirePermission,
  webhookDetailAction,
  webhookDetailData,
} from "~/routes/dashboard.teams_.$id_.webhooks_.$webhookId/route.server";
import { teamWebhooksPage } from "~/schemas/team-bookings";

/** One of a team's webhooks (decision 062): settings and delivery log, for the team's owners and admins. */

export const meta: MetaFunction = ({ error }) => [
  { title: error ? "Scheduler" : "Team webhook deliveries | Scheduler" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const team = await managedTeamOr404(user.id, params.id ?? "");
  const detail = await webhookDetailData({ teamId: team.id }, params.webhookId ?? "", user.timeZone);
  return { team: { id: team.id, name: team.name }, ...detail };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const team = await managedTeamOr404(user.id, params.id ?? "");
  return webhookDetailAction(request, { teamId: team.id }, params.webhookId ?? "", teamWebhooksPage(team.id), user.id);
}

export default function TeamWebhookDeliveries() {
  const { team, subscription, deliveries, zone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <WebhookDetailPage
      base={teamWebhooksPage(team.id)}
      backLabel={`${team.name} webhooks`}
      emptyLog="Nothing sent yet. Book one of the team's event types, or send a test event."
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
