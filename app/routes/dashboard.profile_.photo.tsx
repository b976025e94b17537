import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProfileImagePage, ProfilePhotoForm } from "~/components/profile-photo-form";
import {
  getProfile,
  imagePageAction,
  photoHashOf,
  removeProfilePhoto,
  requirePermission,
  setProfilePhoto,
} from "./dashboard.profile_.photo.server";
import { PHOTO_MESSAGES } from "~/schemas/profile-photo";

/**
 * /dashboard/profile/photo: the profile photo's uploads and removal (decision 095). The profile page
 * posts here; a refused photo comes back on this page with its message (and a 4xx), so the form
 * works without JavaScript. Each write empties the page cache, so booking pages show the change.
 */

export const meta: MetaFunction = () => [{ title: "Profile photo | Scheduler" }];

const PROFILE_PHOTO = "/dashboard/profile#photo";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  const profile = await getProfile(user.id);
  return { userId: user.id, name: profile?.name ?? "", photoHash: await photoHashOf(user.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  return imagePageAction(request, {
    field: "photo",
    messages: PHOTO_MESSAGES,
    back: PROFILE_PHOTO,
    set: (bytes) => setProfilePhoto(user.id, bytes),
    remove: () => removeProfilePhoto(user.id),
  });
}

export default function ProfilePhoto() {
  const { userId, name, photoHash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ProfileImagePage
      title="Profile photo"
      lead="Guests see it on your booking pages and in their e-mails."
      toast={actionData?.toast ?? null}
    >
      <ProfilePhotoForm userId={userId} name={name} photoHash={photoHash} error={actionData?.error ?? null} />
    </ProfileImagePage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
