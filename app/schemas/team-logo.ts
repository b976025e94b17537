import { PHOTO_SIZES, type PhotoSize } from "./profile-photo";

/**
 * A team's logo (decision 112): a profile photo's limits and checks, its own URLs and words. Apart
 * from profile-photo.ts so the booking page's bundle, which shows photos, carries none of it.
 */

/** A team's logo (decision 112): `/team-logos/<team id>/<hash>.webp` (256 px) or `<hash>-96.webp`, named like a photo. */
export function teamLogoPath(teamId: string, hash: string, size: PhotoSize = "large"): string {
  return `/team-logos/${teamId}/${hash}${size === "small" ? `-${PHOTO_SIZES.small}` : ""}.webp`;
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
