import { PHOTO_SIZES, type PhotoFormat, type PhotoSize } from "./profile-photo";

/**
 * A team's logo (decision 112): a profile photo's limits and checks, its own URLs and words. Apart
 * from profile-photo.ts so the booking page's bundle, which shows photos, carries none of it.
 */

/**
 * A team's logo (decision 112): `/team-logos/<team id>/<hash>.webp` (256 px) or `<hash>-96.webp`,
 * named like a photo; `.png` for mails (decision 117: several mail clients show no WebP).
 */
export function teamLogoPath(
  teamId: string,
  hash: string,
  size: PhotoSize = "large",
  format: PhotoFormat = "webp",
): string {
  return `/team-logos/${teamId}/${hash}${size === "small" ? `-${PHOTO_SIZES.small}` : ""}.${format}`;
}

/** A host's own logo (decision 117): `/host-logos/<user id>/<hash>.webp`, `<hash>-96.webp` or `.png`, as a team's. */
export function hostLogoPath(
  userId: string,
  hash: string,
  size: PhotoSize = "large",
  format: PhotoFormat = "webp",
): string {
  return `/host-logos/${userId}/${hash}${size === "small" ? `-${PHOTO_SIZES.small}` : ""}.${format}`;
}

/** Where a host uploads or removes their logo (decision 117): the profile's Logo section posts here. */
export const HOST_LOGO_UPLOAD_PATH = "/dashboard/profile/logo";

/** What a host removing a logo they do not have is told (decision 117); the rest is LOGO_MESSAGES. */
export const HOST_LOGO_NONE = "You have no logo to remove.";

/**
 * A logo's absolute URL for mails (decision 117): the 96 px PNG under `base` (the configured
 * APP_URL), null without a logo.
 */
export function logoMailUrl(
  logo: { owner: "team" | "host"; id: string; hash: string | null },
  base: string,
): string | null {
  if (!logo.hash) return null;
  const path = (logo.owner === "team" ? teamLogoPath : hostLogoPath)(logo.id, logo.hash, "small", "png");
  return `${base.replace(/\/$/, "")}${path}`;
}

/**
 * The logo's messages: a photo's checks say the same (PHOTO_MESSAGES), the rest names the logo.
 * Written out, not spread: a module without side effects is left out of pages that never use it.
 */
export const LOGO_MESSAGES = {
  wrongType: "That file is not a JPEG, PNG or WebP image.",
  unreadable: "That image could not be read. Try another file.",
  tooLarge: "That image is too large in pixels (at most 40 megapixels).",
  missing: "Choose a logo to upload.",
  tooBig: "The logo is larger than 5 MB. Choose a smaller one.",
  saved: "Logo saved",
  removed: "Logo removed",
  none: "The team has no logo to remove.",
} as const;
