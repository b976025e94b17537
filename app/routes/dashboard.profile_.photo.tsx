import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProfilePhotoForm } from "~/components/profile-photo-form";
import { Toaster } from "~/components/toaster";
import { photoHashOf } from "~/models/user-photo.server";
import { getProfile } from "~/models/user.server";
import { PHOTO_MESSAGES } from "~/schemas/profile-photo";
import { removeProfilePhoto, setProfilePhoto } from "~/services/profile-photo.server";
import { requirePermission } from "~/utils/auth.server";
import { readPhotoUpload } from "~/utils/photo-upload.server";
import { readFormData } from "~/utils/request.server";
import { errorToast, redirectWithSuccess } from "~/utils/toast.server";

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

function refused(status: number, message: string) {
  return data({ error: message, toast: errorToast(message) }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "dashboard:access");
  // The remove button may come as a plain form too; only an upload needs multipart.
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const upload = type.startsWith("application/x-www-form-urlencoded")
    ? { ok: true as const, intent: String((await readFormData(request)).get("intent") ?? ""), bytes: null }
    : await readPhotoUpload(request);
  if (!upload.ok) return refused(upload.status, upload.message);
  if (upload.intent === "remove") {
    if (!(await removeProfilePhoto(user.id))) return refused(409, PHOTO_MESSAGES.none);
    return redirectWithSuccess(PROFILE_PHOTO, PHOTO_MESSAGES.removed);
  }
  if (upload.intent !== "upload") return refused(400, "Unknown form.");
  if (!upload.bytes) return refused(400, PHOTO_MESSAGES.missing);
  const outcome = await setProfilePhoto(user.id, upload.bytes);
  if (!outcome.ok) return refused(outcome.message === PHOTO_MESSAGES.tooBig ? 413 : 422, outcome.message);
  return redirectWithSuccess(PROFILE_PHOTO, PHOTO_MESSAGES.saved);
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
