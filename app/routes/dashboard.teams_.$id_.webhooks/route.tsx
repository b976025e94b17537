import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WebhookListPage } from "~/components/webhook-pages";
import {
  managedTeamOr404,
  requirePermission,
  webhookListAction,
  webhookListData,
} from "~/routes/dashboard.teams_.$id_.webhooks/route.server";
import { teamWebhooksPage } from "~/schemas/team-bookings";
import { teamSettingsPage } from "~/schemas/teams";

/**
 * A team's webhooks (decision 062): subscriptions to every booking of the team's event types,
 * whoever hosts it, for the team's owners and admins (a member 403, anyone else 404). The same
 * forms, signing, retries and delivery log as Dashboard > Webhooks.
 */

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error || !data ? "Scheduler" : `Webhooks | ${data.team.name} | Scheduler` },
];

// The answer that shows a new secret must not sit in any cache.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const team = await managedTeamOr404(user.id, params.id ?? "");
  const list = await webhookListData(
    { teamId: team.id },
    user.timeZone,
    new URL(request.url).searchParams.get("delete"),
  );
  return { team: { id: team.id, name: team.name }, ...list };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const team = await managedTeamOr404(user.id, params.id ?? "");
  return webhookListAction(request, { teamId: team.id }, user.id, teamWebhooksPage(team.id));
}

export default function TeamWebhooks() {
  const { team, subscriptions, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <WebhookListPage
      base={teamWebhooksPage(team.id)}
      back={{ to: teamSettingsPage(team.id), label: team.name }}
      heading={`${team.name} webhooks`}
      intro={
        <p>
          One subscription for the whole team: we POST every booking of the team&apos;s event types, whichever member
          hosts it, to your systems as it happens. Every owner and admin of the team manages these webhooks.
        </p>
      }
      mailed="the person who made it"
      listTitle="The team's webhooks"
      emptyBody="Add one above: every new, moved or cancelled booking of the team's event types is then sent to your URL."
      subscriptions={subscriptions}
      deleting={deleting}
      actionData={actionData}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
