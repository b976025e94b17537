/**
 * The person's colour theme (docs/decisions/108): a cookie the root loader reads, so the first
 * HTML already carries `<html class="dark">` and nothing flashes. No cookie means the system's
 * setting (the stylesheet follows prefers-color-scheme by itself).
 */

export const THEME_COOKIE = "theme";
export const THEMES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEMES)[number];

/** The explicit theme in a Cookie header, or null for "follow the system". */
export function themeFromCookie(cookieHeader: string | null | undefined): "light" | "dark" | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === THEME_COOKIE && (value === "light" || value === "dark")) return value;
  }
  return null;
}

/** A page's theme: an embed's `?theme=` first (its frame sits on the host's page), else the cookie's. */
export function pageTheme(url: URL, cookieHeader: string | null, embed: boolean): "light" | "dark" | null {
  if (embed) {
    const asked = url.searchParams.get("theme");
    // An embed sits on a page we cannot see: light unless the host asks for dark, or for `auto`
    // (the visitor's system setting, as a page without the cookie; decision 108's stylesheet rule).
    if (asked === "auto") return null;
    return asked === "dark" ? "dark" : "light";
  }
  return themeFromCookie(cookieHeader);
}

/** Set-Cookie for a choice: a year for light or dark; "system" removes the cookie. */
export function themeCookie(choice: ThemeChoice): string {
  return choice === "system"
    ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
    : `${THEME_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
