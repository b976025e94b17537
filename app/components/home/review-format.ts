/** Pure helpers for showing and checking reviews (used by the server and the browser). */

/** Up to two initials for an avatar fallback: "Maya Chen" -> "MC", "ada" -> "A", "" -> "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = Array.from(words[0])[0];
  const last = words.length > 1 ? Array.from(words[words.length - 1])[0] : "";
  return (first + last).toLocaleUpperCase();
}

/** An absolute http(s) URL, the only kind of image address a review may carry: the shared link rule. */
export { isHttpUrl } from "~/schemas/input-rules";

/** For the five stars: true for each filled one (the rating, clamped to 0..5). */
export function starFills(rating: number): boolean[] {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return Array.from({ length: 5 }, (_, i) => i < filled);
}

/** A reviewer's address as the home page shows it: "tom@example.com" -> "t***@example.com" (never the whole address). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${Array.from(email)[0]}***${email.slice(at)}`;
}
