import { createHash } from "node:crypto";
import { deleteUserPhoto, saveUserPhoto } from "~/models/user-photo.server";
import { deleteTeamLogo, saveTeamLogo } from "~/models/team-logo.server";
import { deleteHostLogo, saveHostLogo } from "~/models/user-logo.server";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_SIZES } from "~/schemas/profile-photo";

/** Profile photos (decision 095): check the bytes, make square WebP renditions, store them. */

export type PreparedPhoto = { hash: string; large: Uint8Array; small: Uint8Array };
export type PhotoOutcome = { ok: true; photo: PreparedPhoto } | { ok: false; message: string };

/** Decompression bombs: a small file that decodes to a huge bitmap is refused before decoding. */
const MAX_PIXELS = 40_000_000;

/** The format the file's first bytes say it is; the name and the browser's type are not asked. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** The image library, loaded on first use: it costs a server start a quarter second of CPU (docs/decisions/136). */
async function loadSharp() {
  return (await import("sharp")).default;
}

/**
 * Validates an upload and makes its renditions: turned upright by its EXIF orientation, cropped
 * to a centred square (`contain`, for a team's logo: fitted whole on a transparent square), WebP without any metadata (sharp drops EXIF, GPS included, unless asked
 * to keep it). An animation keeps its first frame.
 */
export async function preparePhoto(bytes: Uint8Array, fit: "cover" | "contain" = "cover"): Promise<PhotoOutcome> {
  if (bytes.length === 0) return { ok: false, message: PHOTO_MESSAGES.missing };
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, message: PHOTO_MESSAGES.tooBig };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, message: PHOTO_MESSAGES.wrongType };
  const sharp = await loadSharp();
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
  try {
    const meta = await input().metadata();
    if (meta.format !== type) return { ok: false, message: PHOTO_MESSAGES.wrongType };
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) return { ok: false, message: PHOTO_MESSAGES.tooLarge };
    const upright = await input().rotate().toBuffer();
    const square = (size: number) =>
      sharp(upright)
        .resize(size, size, { fit, position: "centre", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .webp({ quality: 82 })
        .toBuffer();
    const [large, small] = await Promise.all([square(PHOTO_SIZES.large), square(PHOTO_SIZES.small)]);
    const hash = createHash("sha256").update(large).digest("hex").slice(0, 16);
    return { ok: true, photo: { hash, large, small } };
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.unreadable };
  }
}

export async function setProfilePhoto(userId: string, bytes: Uint8Array): Promise<PhotoOutcome> {
  const prepared = await preparePhoto(bytes);
  if (prepared.ok) await saveUserPhoto(userId, prepared.photo);
  return prepared;
}

/** A stored WebP rendition as PNG, for mail clients that show no WebP (made per request; the URL is cached for a year). */
export async function photoAsPng(webp: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return sharp(webp).png({ compressionLevel: 9 }).toBuffer();
}

export async function removeProfilePhoto(userId: string): Promise<boolean> {
  return deleteUserPhoto(userId);
}

/** A team's logo (decision 112): the photo's checks and limits, fitted whole rather than cropped. */
export async function setTeamLogo(teamId: string, bytes: Uint8Array): Promise<PhotoOutcome> {
  const prepared = await preparePhoto(bytes, "contain");
  if (prepared.ok) await saveTeamLogo(teamId, prepared.photo);
  return prepared;
}

export async function removeTeamLogo(teamId: string): Promise<boolean> {
  return deleteTeamLogo(teamId);
}

/** A host's own logo (decision 117): a team logo's checks, renditions and storage. */
export async function setHostLogo(userId: string, bytes: Uint8Array): Promise<PhotoOutcome> {
  const prepared = await preparePhoto(bytes, "contain");
  if (prepared.ok) await saveHostLogo(userId, prepared.photo);
  return prepared;
}

export async function removeHostLogo(userId: string): Promise<boolean> {
  return deleteHostLogo(userId);
}
