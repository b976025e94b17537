/**
 * A host's or team's brand colour (decision 108): `#rrggbb`, filled with white text on the
 * booking page's buttons and selected slot, so it must reach WCAG AA's 4.5:1 against white.
 */

export const BRAND_TEXT_COLOR = "#ffffff";
export const MIN_CONTRAST = 4.5;

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

/** `#rrggbb` lower-case, from `#rgb`, `rrggbb` or `#RRGGBB`; null for anything else. */
export function normalizeHex(input: string): string | null {
  const m = HEX.exec(input.trim());
  if (!m) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return `#${digits.toLowerCase()}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** "2.1:1": rounded down, so a colour shown as 4.5:1 never fails the 4.5:1 rule. */
export function ratioLabel(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

export type BrandColorCheck = { ok: true; color: string } | { ok: false; message: string };

/** Checks a brand colour the person typed: its form, then white text's contrast on it. */
export function checkBrandColor(input: string): BrandColorCheck {
  const color = normalizeHex(input);
  if (!color) return { ok: false, message: "Enter a colour as a hex code such as #4f46e5." };
  const ratio = contrastRatio(color, BRAND_TEXT_COLOR);
  if (ratio < MIN_CONTRAST) {
    return {
      ok: false,
      message: `This colour is too light for white text: contrast ${ratioLabel(ratio)}, at least ${MIN_CONTRAST}:1 is needed.`,
    };
  }
  return { ok: true, color };
}
