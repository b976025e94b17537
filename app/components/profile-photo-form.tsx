import { Form } from "@remix-run/react";
import { useState } from "react";
import { ErrorList } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { avatarPath, PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_UPLOAD_PATH } from "~/schemas/profile-photo";
import { initials } from "./booking-page";
import { useIsPending } from "~/utils/pending";

/**
 * The profile photo's forms (decision 095): a plain multipart form to upload (no JavaScript needed),
 * one to remove. Both post to PHOTO_UPLOAD_PATH, which answers a refused photo with this form again.
 */
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
  // Said before sending 5 MB for nothing; the server checks again.
  const [tooBig, setTooBig] = useState(false);
  const pending = useIsPending({ formAction: PHOTO_UPLOAD_PATH, intent: "upload" });
  const errors = tooBig ? [PHOTO_MESSAGES.tooBig] : error ? [error] : undefined;
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      {photoHash ? (
        <img
          src={avatarPath(userId, photoHash)}
          width={96}
          height={96}
          alt={`Your photo${name ? ` (${name})` : ""}`}
          className="h-24 w-24 shrink-0 rounded-full bg-neutral-100 object-cover"
          data-testid="profile-photo"
        />
      ) : (
        <span
          aria-hidden
          className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800"
        >
          {initials(name, "?")}
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-4">
        <Form
          method="post"
          action={PHOTO_UPLOAD_PATH}
          encType="multipart/form-data"
          className="space-y-3"
          onSubmit={(event) => {
            const file = (event.currentTarget.elements.namedItem("photo") as HTMLInputElement | null)?.files?.[0];
            const over = file !== undefined && file.size > PHOTO_MAX_BYTES;
            setTooBig(over);
            if (over) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <div>
            <label htmlFor="photo" className="block text-sm font-medium text-neutral-900">
              Choose a photo
            </label>
            <p id="photo-hint" className="mt-1 text-sm text-neutral-600">
              JPEG, PNG or WebP, at most 5 MB. It is cropped to a square; location and camera details are removed.
            </p>
            <input
              id="photo"
              name="photo"
              type="file"
              accept={PHOTO_ACCEPT}
              required
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? "photo-hint photo-error" : "photo-hint"}
              onChange={() => setTooBig(false)}
              className="mt-2 block w-full text-sm text-neutral-800 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100"
            />
            <ErrorList id="photo-error" errors={errors} />
          </div>
          <Button type="submit" pending={pending} disabled={pending}>
            Upload photo
          </Button>
        </Form>
        {photoHash ? (
          <Form method="post" action={PHOTO_UPLOAD_PATH} encType="multipart/form-data">
            <input type="hidden" name="intent" value="remove" />
            <Button type="submit" variant="secondary">
              Remove photo
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
