import { Form, Link } from "@remix-run/react";
import { makeIcon } from "~/components/icon";
import arrowLeftDrawing from "lucide/dist/esm/icons/arrow-left.mjs";
import { useState, type ComponentProps, type ReactNode } from "react";
import { Toaster } from "~/components/toaster";
import { ErrorList } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { avatarPath, PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_UPLOAD_PATH } from "~/schemas/profile-photo";
import { HOST_LOGO_UPLOAD_PATH, hostLogoPath, LOGO_MESSAGES, teamLogoPath } from "~/schemas/team-logo";
import { initials } from "./booking-page";
import { useIsPending } from "~/utils/pending";

const ArrowLeft = makeIcon(arrowLeftDrawing, "arrow-left");

/**
 * An image's forms (the profile photo, decision 095; a team's logo, decision 112): a plain multipart
 * form to upload (no JavaScript needed), one to remove. Both post to `action`, which answers a
 * refused image with this form again.
 */
function ImageUploadForm({
  action,
  field,
  src,
  alt,
  fallback,
  shape,
  words,
  error,
  testId,
}: {
  action: string;
  /** The preview's test id; `profile-photo` or `team-logo` by default. */
  testId?: string;
  /** The file input's name: what the server reads. */
  field: string;
  src: string | null;
  alt: string;
  fallback: string;
  shape: "rounded-full" | "rounded-xl";
  words: { choose: string; hint: string; upload: string; remove: string; tooBig: string };
  error: string | null;
}) {
  // Said before sending 5 MB for nothing; the server checks again.
  const [tooBig, setTooBig] = useState(false);
  const pending = useIsPending({ formAction: action, intent: "upload" });
  const errors = tooBig ? [words.tooBig] : error ? [error] : undefined;
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      {src ? (
        <img
          src={src}
          width={96}
          height={96}
          alt={alt}
          className={`h-24 w-24 shrink-0 bg-neutral-100 object-cover ${shape}`}
          data-testid={testId ?? `${field === "photo" ? "profile" : "team"}-${field}`}
        />
      ) : (
        <span
          aria-hidden
          className={`flex h-24 w-24 shrink-0 items-center justify-center bg-brand-100 text-2xl font-bold text-brand-800 ${shape}`}
        >
          {fallback}
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-4">
        <Form
          method="post"
          action={action}
          encType="multipart/form-data"
          className="space-y-3"
          onSubmit={(event) => {
            const file = (event.currentTarget.elements.namedItem(field) as HTMLInputElement | null)?.files?.[0];
            const over = file !== undefined && file.size > PHOTO_MAX_BYTES;
            setTooBig(over);
            if (over) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <div>
            <label htmlFor={field} className="block text-sm font-medium text-neutral-900">
              {words.choose}
            </label>
            <p id={`${field}-hint`} className="mt-1 text-sm text-neutral-600">
              {words.hint}
            </p>
            <input
              id={field}
              name={field}
              type="file"
              accept={PHOTO_ACCEPT}
              required
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? `${field}-hint ${field}-error` : `${field}-hint`}
              onChange={() => setTooBig(false)}
              className="mt-2 block w-full text-sm text-neutral-800 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100"
            />
            <ErrorList id={`${field}-error`} errors={errors} />
          </div>
          <Button type="submit" pending={pending} disabled={pending}>
            {words.upload}
          </Button>
        </Form>
        {src ? (
          <Form method="post" action={action} encType="multipart/form-data">
            <input type="hidden" name="intent" value="remove" />
            <Button type="submit" variant="secondary">
              {words.remove}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

export function ProfilePhotoForm({
  userId,
  name,
  photoHash,
  error,
}: {
  userId: string;
  name: string;
  photoHash: string | null;
  error: string | null;
}) {
  return (
    <ImageUploadForm
      action={PHOTO_UPLOAD_PATH}
      field="photo"
      src={photoHash ? avatarPath(userId, photoHash) : null}
      alt={`Your photo${name ? ` (${name})` : ""}`}
      fallback={initials(name, "?")}
      shape="rounded-full"
      words={{
        choose: "Choose a photo",
        hint: "JPEG, PNG or WebP, at most 5 MB. It is cropped to a square; location and camera details are removed.",
        upload: "Upload photo",
        remove: "Remove photo",
        tooBig: PHOTO_MESSAGES.tooBig,
      }}
      error={error}
    />
  );
}

const LOGO_HINT =
  "JPEG, PNG or WebP, at most 5 MB. It is fitted whole into a square (a transparent PNG or WebP keeps its transparency).";

/** A host's own logo (decision 117): the team logo's form, posting to /dashboard/profile/logo. */
export function HostLogoForm({
  userId,
  name,
  logoHash,
  error,
}: {
  userId: string;
  name: string;
  logoHash: string | null;
  error: string | null;
}) {
  return (
    <ImageUploadForm
      action={HOST_LOGO_UPLOAD_PATH}
      field="logo"
      src={logoHash ? hostLogoPath(userId, logoHash) : null}
      alt={`Your logo${name ? ` (${name})` : ""}`}
      fallback={initials(name, "?")}
      shape="rounded-xl"
      testId="host-logo"
      words={{
        choose: "Choose a logo",
        hint: LOGO_HINT,
        upload: "Upload logo",
        remove: "Remove logo",
        tooBig: LOGO_MESSAGES.tooBig,
      }}
      error={error}
    />
  );
}

/** A team's logo (decision 112): the photo's form, posting to the team's logo page. */
export function TeamLogoForm({
  action,
  teamId,
  name,
  logoHash,
  error,
}: {
  action: string;
  teamId: string;
  name: string;
  logoHash: string | null;
  error: string | null;
}) {
  return (
    <ImageUploadForm
      action={action}
      field="logo"
      src={logoHash ? teamLogoPath(teamId, logoHash) : null}
      alt={`The logo of ${name}`}
      fallback={initials(name, "?")}
      shape="rounded-xl"
      words={{
        choose: "Choose a logo",
        hint: LOGO_HINT,
        upload: "Upload logo",
        remove: "Remove logo",
        tooBig: LOGO_MESSAGES.tooBig,
      }}
      error={error}
    />
  );
}

/**
 * The page an image's form falls back to (the photo's and the host logo's): a refused image comes
 * back here with its message, so the forms work without JavaScript.
 */
export function ProfileImagePage({
  title,
  lead,
  toast,
  children,
}: {
  title: string;
  lead: string;
  toast: ComponentProps<typeof Toaster>["toast"];
  children: ReactNode;
}) {
  return (
    <div className="max-w-form space-y-6">
      <Toaster toast={toast} />
      <header>
        <Link
          to="/dashboard/profile"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Profile
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-neutral-900">{title}</h1>
        <p className="mt-1 text-neutral-600">{lead}</p>
      </header>
      <div className="rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}
