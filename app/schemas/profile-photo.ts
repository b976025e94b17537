/** A host's profile photo (decision 095): limits, messages and its URLs, shared by server and browser. */

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The renditions made on upload, in pixels (square). */
export const PHOTO_SIZES = { large: 256, small: 96 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

export const PHOTO_UPLOAD_PATH = "/dashboard/profile/photo";
/** The accept attribute of the file input; the server still checks the bytes. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

export const PHOTO_MESSAGES = {
  missing: "Choose a photo to upload.",
  tooBig: "The photo is larger than 5 MB. Choose a smaller one.",
  wrongType: "That file is not a JPEG, PNG or WebP image.",
  unreadable: "That image could not be read. Try another file.",
  tooLarge: "That image is too large in pixels (at most 40 megapixels).",
  saved: "Photo saved",
  removed: "Photo removed",
  none: "You have no photo to remove.",
} as const;

/**
 * The formats a photo is served in: WebP for pages, PNG for mails (several mail clients show no
 * WebP). The PNG is made from the stored WebP when asked for.
 */
export type PhotoFormat = "webp" | "png";

/** `/avatars/<user id>/<hash>.webp` (256 px) or `<hash>-96.webp` (or `.png`): a new photo gets a new URL. */
export function avatarPath(
  userId: string,
  hash: string,
  size: PhotoSize = "large",
  format: PhotoFormat = "webp",
): string {
  return `/avatars/${userId}/${hash}${size === "small" ? `-${PHOTO_SIZES.small}` : ""}.${format}`;
}

/** Reads `<hash>.webp` / `<hash>-96.webp` (or `.png`); null for anything else. */
export function parseAvatarFile(file: string): { hash: string; size: PhotoSize; format: PhotoFormat } | null {
  const match = /^([0-9a-f]{16})(-96)?\.(webp|png)$/.exec(file);
  if (!match) return null;
  return { hash: match[1], size: match[2] ? "small" : "large", format: match[3] === "png" ? "png" : "webp" };
}

/**
 * The photo's absolute URL for mails and feeds (`base`: the configured APP_URL), null without
 * a photo. `user.photoHash` comes from the host's row (models/user-photo.server.ts).
 */
export function avatarUrl(
  user: { id: string; photoHash: string | null },
  base: string,
  size: PhotoSize = "large",
  format: PhotoFormat = "webp",
) {
  return user.photoHash ? `${base.replace(/\/$/, "")}${avatarPath(user.id, user.photoHash, size, format)}` : null;
}
