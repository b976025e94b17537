import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HostLogoForm, ProfileImagePage } from "~/components/profile-photo-form";
import {
  getProfile,
  hostLogoHashOf,
  imagePageAction,
  removeHostLogo,
  requirePermission,
  setHostLogo,
} from "./dashboard.profile_.logo.server";
import { HOST_LOGO_NONE, LOGO_MESSAGES } from "~/schemas/team-logo";

/**
 * /dashboard/profile/logo: a host's own logo, apart from their photo (decision 117), uploaded and
 * removed as a team's logo is (decision 112). The profile page's Logo section posts here; a refused
 * logo comes back on this page with its message (and a 4xx), so it works without JavaScript. Only
 * the signed-in person's own logo: there is no id to forge.
 */

export const meta: MetaFunction = () => [{ title: "Logo | Scheduler" }];

const PROFILE_LOGO = "/dashboard/profile#logo";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const profile = await getProfile(user.id);
  return { userId: user.id, name: profile?.name ?? "", logoHash: await hostLogoHashOf(user.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  return imagePageAction(request, {
    field: "logo",
    messages: { ...LOGO_MESSAGES, none: HOST_LOGO_NONE },
    back: PROFILE_LOGO,
    set: (bytes) => setHostLogo(user.id, bytes),
    remove: () => removeHostLogo(user.id),
  });
}

export default function HostLogo() {
  const { userId, name, logoHash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ProfileImagePage
      title="Logo"
      lead="Guests see it on your booking pages and in their e-mails, in place of your photo."
      toast={actionData?.toast ?? null}
    >
      <HostLogoForm userId={userId} name={name} logoHash={logoHash} error={actionData?.error ?? null} />
    </ProfileImagePage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
