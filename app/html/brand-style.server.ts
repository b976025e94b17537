import { BRAND_TEXT_COLOR, checkBrandColor, contrastRatio, MIN_CONTRAST } from "~/schemas/contrast";
import { rgbChannels, SURFACE } from "./theme-palette";

/**
 * Server only (a loader's): the pages' bundles carry none of it, only the attributes it gives.
 */

/** `a` moved toward `b` by `t` (0 to 1), per sRGB channel. */
export function mixHex(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    out |= Math.round(ca + (cb - ca) * t) << shift;
  }
  return `#${out.toString(16).padStart(6, "0")}`;
}

/** `color` moved toward `toward` in 5 % steps until it reaches 4.5:1 on `background`. */
function readableOn(color: string, background: string, toward: string): string {
  for (let t = 0; t <= 1; t += 0.05) {
    const candidate = mixHex(color, toward, t);
    if (contrastRatio(candidate, background) >= MIN_CONTRAST) return candidate;
  }
  return toward;
}

export interface BrandShades {
  /** Fills under white text: buttons, the chosen day and duration. */
  accent: string;
  accentStrong: string;
  light: { text: string; tint: string; tintStrong: string };
  dark: { text: string; tint: string; tintStrong: string };
}

/**
 * The shades a checked brand colour (white text passes 4.5:1 on it) gives a booking page in
 * each theme: tints for backgrounds and a text shade that reads 4.5:1 on the stronger tint
 * (and so on the page's surface).
 */
export function brandShades(color: string): BrandShades {
  const black = "#000000";
  const light = { tint: mixHex(color, SURFACE.light, 0.9), tintStrong: mixHex(color, SURFACE.light, 0.8) };
  const dark = { tint: mixHex(color, SURFACE.dark, 0.8), tintStrong: mixHex(color, SURFACE.dark, 0.65) };
  return {
    accent: color,
    accentStrong: mixHex(color, black, 0.15),
    light: { ...light, text: readableOn(color, light.tintStrong, black) },
    dark: { ...dark, text: readableOn(color, dark.tintStrong, BRAND_TEXT_COLOR) },
  };
}

/** The attributes that brand a page's section (the `[data-brand]` rules of tailwind.config.ts). */
export function brandAttributes(color: string | null): { "data-brand": ""; style: Record<string, string> } | null {
  if (!color) return null;
  const s = brandShades(color);
  return {
    "data-brand": "",
    style: {
      "--c-accent": rgbChannels(s.accent),
      "--c-accent-strong": rgbChannels(s.accentStrong),
      "--brand-text": rgbChannels(s.light.text),
      "--brand-tint": rgbChannels(s.light.tint),
      "--brand-tint-strong": rgbChannels(s.light.tintStrong),
      "--brand-text-dark": rgbChannels(s.dark.text),
      "--brand-tint-dark": rgbChannels(s.dark.tint),
      "--brand-tint-strong-dark": rgbChannels(s.dark.tintStrong),
    },
  };
}

/** A booking page's colour: an embed's `?brandColor=` (hex, no #) when it passes the contrast rule, else the host's own. */
export function pageBrandColor(q: URLSearchParams, own: string | null): string | null {
  const asked = q.get("embed") === "1" ? q.get("brandColor") : null;
  const checked = asked ? checkBrandColor(asked) : null;
  return checked?.ok ? checked.color : own;
}
