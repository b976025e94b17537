/**
 * The snippet generator's choices (decision 112): apart from embed.ts, which the booking page loads,
 * so only the dashboard's bundle carries them.
 */

/** The embedded page's theme (decision 108's `theme`): `auto` follows the visitor's system setting. */
export const EMBED_THEMES = ["auto", "light", "dark"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** What the host chose for the snippets: a theme, and a brand colour (checked `#rrggbb`) or null for their own. */
export interface EmbedLook {
  theme: EmbedTheme;
  brandColor: string | null;
}

/** The snippet generator's GET form fields (`embedTheme`, `embedColor`). */
export const EMBED_LOOK_FIELDS = { theme: "embedTheme", color: "embedColor" } as const;
