import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProfilePhotoForm } from "~/components/profile-photo-form";
import { Toaster } from "~/components/toaster";
import { imagePageAction } from "~/html/image-upload.server";
import { photoHashOf } from "~/models/user-photo.server";
import { getProfile } from "~/models/user.server";
import { PHOTO_MESSAGES } from "~/schemas/profile-photo";
import { removeProfilePhoto, setProfilePhoto } from "~/services/profile-photo.server";
import { requirePermission } from "~/utils/auth.server";

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
    <div className="max-w-form space-y-6">
      <Toaster toast={actionData?.toast ?? null} />
      <header>
        <Link
          to="/dashboard/profile"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Profile
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">Profile photo</h1>
        <p className="mt-1 text-neutral-600">Guests see it on your booking pages and in their e-mails.</p>
      </header>
      <div className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">
        <ProfilePhotoForm userId={userId} name={name} photoHash={photoHash} error={actionData?.error ?? null} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
