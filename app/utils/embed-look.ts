import { checkBrandColor } from "~/schemas/contrast";
import { EMBED_PARAM, embedSnippets, type EmbedOffer } from "./embed";
import { EMBED_LOOK_FIELDS, EMBED_THEMES, type EmbedLook, type EmbedTheme } from "./embed-choices";

/**
 * The embed look's parsing (decision 108's `theme` and `brandColor`, the snippet generator's
 * choice): server code, apart from utils/embed.ts so the pages' bundles never carry the contrast check.
 */

/**
 * The look asked for by the snippet generator's GET form: light and the host's own colour when
 * nothing is asked; an unknown theme is light; a colour white text cannot be read on is refused
 * with the brand colour's own message (decision 108) and left out.
 */
export function embedLookOf(q: URLSearchParams): { look: EmbedLook; colorInput: string; colorError: string | null } {
  const asked = q.get(EMBED_LOOK_FIELDS.theme);
  const theme = EMBED_THEMES.find((t) => t === asked) ?? "light";
  const colorInput = (q.get(EMBED_LOOK_FIELDS.color) ?? "").trim().slice(0, 20);
  if (!colorInput) return { look: { theme, brandColor: null }, colorInput, colorError: null };
  const checked = checkBrandColor(colorInput);
  return checked.ok
    ? { look: { theme, brandColor: checked.color }, colorInput, colorError: null }
    : { look: { theme, brandColor: null }, colorInput, colorError: checked.message };
}

/**
 * An embedded booking page's own `theme` and `brandColor` (valid ones, embed mode only): its links,
 * forms and redirects keep them, so a click inside the frame (a day, the guest's zone, the
 * confirmation) stays in the look the snippet asked for.
 */
export function embedLookParams(q: URLSearchParams): { theme?: EmbedTheme; brandColor?: string } {
  if (q.get(EMBED_PARAM) !== "1") return {};
  const theme = EMBED_THEMES.find((t) => t === q.get("theme"));
  const asked = q.get("brandColor");
  const color = asked ? checkBrandColor(asked) : null;
  return { ...(theme ? { theme } : {}), ...(color?.ok ? { brandColor: color.color.slice(1) } : {}) };
}

/**
 * The embed snippets of a saved event type, or why there are none yet (docs/decisions/019). A
 * team's event type passes its team as the profile: `team/{slug}` is its handle in the URL.
 */
export function embedOffer(
  origin: string,
  profile: { username: string | null; name: string } | null,
  e: { slug: string; title: string; active: boolean },
  /** The page's query: the snippet generator's choice (embedLookOf). */
  q: URLSearchParams = new URLSearchParams(),
): EmbedOffer {
  if (!profile?.username) return { state: "no-username" };
  if (!e.active) return { state: "inactive" };
  const { look, colorInput, colorError } = embedLookOf(q);
  const { inline, popup, previewUrl } = embedSnippets({
    base: origin,
    username: profile.username,
    slug: e.slug,
    title: e.title,
    hostName: profile.name || profile.username,
    look,
  });
  return { state: "ready", inline, popup, previewUrl, look, colorInput, colorError };
}
