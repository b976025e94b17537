/**
 * The colour tokens of both themes (docs/decisions/108). Tailwind reads them as CSS variables
 * (tailwind.config.ts), so `text-neutral-600` is dark grey on white and light grey on the dark
 * surface: every screen's classes keep their role without a `dark:` twin. Scales are mirrored
 * (50 <-> 950, 100 <-> 900, ...), which keeps a pair such as `text-amber-900` on `bg-amber-50`
 * readable in both. Fills under white text use `accent` and `danger`, which stay dark enough
 * in both themes. Plain module: tailwind.config.ts imports it.
 */

type Scale = Record<string, string>;

const SHADES = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;

const LIGHT: Record<string, Scale> = {
  neutral: scale("#fafafa #f5f5f5 #e5e5e5 #d4d4d4 #a3a3a3 #737373 #525252 #404040 #262626 #171717 #0a0a0a"),
  brand: scale("#eef2ff #e0e7ff #c7d2fe #a5b4fc #818cf8 #6366f1 #4f46e5 #4338ca #3730a3 #312e81 #1e1b4b"),
  red: scale("#fef2f2 #fee2e2 #fecaca #fca5a5 #f87171 #ef4444 #dc2626 #b91c1c #991b1b #7f1d1d #450a0a"),
  green: scale("#f0fdf4 #dcfce7 #bbf7d0 #86efac #4ade80 #22c55e #16a34a #15803d #166534 #14532d #052e16"),
  amber: scale("#fffbeb #fef3c7 #fde68a #fcd34d #fbbf24 #f59e0b #d97706 #b45309 #92400e #78350f #451a03"),
  emerald: scale("#ecfdf5 #d1fae5 #a7f3d0 #6ee7b7 #34d399 #10b981 #059669 #047857 #065f46 #064e3b #022c22"),
};

/** Greys are set by hand: the dark surface is neutral-900, and borders must stay visible on it. */
const DARK_NEUTRAL = scale("#1f1f1f #262626 #383838 #5c5c5c #737373 #a3a3a3 #c2c2c2 #d4d4d4 #e5e5e5 #f5f5f5 #000000");

/** Which light shade a dark shade takes: mirrored, with 500 and 600 lighter so they read as text. */
const MIRROR: Record<string, string> = {
  "50": "950",
  "100": "900",
  "200": "800",
  "300": "700",
  "400": "600",
  "500": "400",
  "600": "400",
  "700": "300",
  "800": "200",
  "900": "100",
  "950": "50",
};

export const SURFACE = { light: "#ffffff", dark: "#171717" } as const;
/** The site's primary fill under white text (6.3:1), and its hover. */
export const ACCENT = { base: "#4f46e5", strong: "#4338ca" } as const;
const DANGER = { DEFAULT: "#dc2626", strong: "#b91c1c" };

function scale(hexes: string): Scale {
  const list = hexes.split(" ");
  return Object.fromEntries(SHADES.map((s, i) => [s, list[i]]));
}

/** `#rrggbb` as `r g b`, for `rgb(var(--x) / <alpha-value>)`. */
export function rgbChannels(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}`;
}

const ref = (name: string) => `rgb(var(--c-${name}) / <alpha-value>)`;

/** Tailwind's `theme.extend.colors`. */
export function paletteColors() {
  const scales = Object.fromEntries(
    Object.keys(LIGHT).map((name) => [name, Object.fromEntries(SHADES.map((s) => [s, ref(`${name}-${s}`)]))]),
  );
  return {
    ...scales,
    surface: ref("surface"),
    accent: { DEFAULT: ref("accent"), strong: ref("accent-strong") },
    danger: DANGER,
  };
}

/** The brand shades a host's colour replaces on its booking page (`[data-brand]`, see brandStyle). */
const BRANDED: Record<string, string> = {
  "50": "tint",
  "100": "tint-strong",
  "200": "tint-strong",
  "500": "text",
  "600": "text",
  "700": "text",
  "800": "text",
  "900": "text",
};

/** The variables of each theme, for the stylesheet's base layer. */
export function colorVariables() {
  const light: Record<string, string> = {
    "--c-surface": rgbChannels(SURFACE.light),
    "--c-accent": rgbChannels(ACCENT.base),
    "--c-accent-strong": rgbChannels(ACCENT.strong),
  };
  const dark: Record<string, string> = { "--c-surface": rgbChannels(SURFACE.dark) };
  for (const [name, shades] of Object.entries(LIGHT)) {
    for (const s of SHADES) {
      light[`--c-${name}-${s}`] = rgbChannels(shades[s]);
      dark[`--c-${name}-${s}`] = rgbChannels(name === "neutral" ? DARK_NEUTRAL[s] : shades[MIRROR[s]]);
    }
  }
  const brandLight: Record<string, string> = {};
  const brandDark: Record<string, string> = {};
  for (const [s, role] of Object.entries(BRANDED)) {
    brandLight[`--c-brand-${s}`] = `var(--brand-${role})`;
    brandDark[`--c-brand-${s}`] = `var(--brand-${role}-dark)`;
  }
  return { light, dark, brandLight, brandDark };
}
