import { isReservedUsername } from "~/schemas/username-rules";
import type { EmbedLook } from "./embed-choices";

/**
 * Embeds (docs/decisions/019): which requests another site may frame,
 * the tiny script an embedded page runs to talk to its parent, and the snippets a host copies.
 * Shared by server.mjs (through the build's entry module), the server and the browser.
 */

/** The query parameter that asks a booking page for its chromeless, framable form. */
export const EMBED_PARAM = "embed";

const USERNAME = /^[a-z][a-z0-9-]{2,29}$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True only for a booking route asked for in embed mode: /{username}, /{username}/{slug} or
 * /{username}/{slug}/booked/{id}, and the same under /team/ for a team (its slug follows the
 * username rules), and a routing form's /forms/{id} (decision 074), with ?embed=1. The first segment must be a possible username
 * (never a reserved top-level segment, so no page of ours shares the shape) and every segment
 * plain letters, digits and hyphens: an encoded or dotted path (/%64ashboard, /a/..) never passes.
 */
export function isFramableRequest(pathname: string, search: string): boolean {
  if (new URLSearchParams(search).get(EMBED_PARAM) !== "1") return false;
  const segments = pathname.split("/");
  if (segments[0] !== "") return false;
  // A routing form (decision 074): /forms/{id}.
  if (segments[1] === "forms") return segments.length === 3 && ID.test(segments[2]);
  // A team's pages (decision 059): /team/{team slug}[/{slug}[/booked/{id}]], the same shapes one level down.
  return segments[1] === "team" ? isBookingPath(["", ...segments.slice(2)]) : isBookingPath(segments);
}

/** ["", handle, slug?, "booked"?, id?]: a possible handle, then a booking page's shape. */
function isBookingPath(segments: string[]): boolean {
  const [, username, slug, booked, id, ...rest] = segments;
  if (!username || !USERNAME.test(username) || isReservedUsername(username)) return false;
  if (slug === undefined) return true;
  if (!SLUG.test(slug)) return false;
  if (booked === undefined) return true;
  return booked === "booked" && id !== undefined && ID.test(id) && rest.length === 0;
}

/** The messages an embedded page posts to its parent (window.parent.postMessage(message, "*")). */
export type EmbedMessage =
  | { type: "scheduler:resize"; height: number }
  /** `redirectUrl`: the event type's page after booking (decision 087); embed.js takes the whole window there. */
  | { type: "scheduler:booked"; id: string; start: string; end: string; redirectUrl?: string }
  | { type: "scheduler:escape" };

/**
 * Run first by an embedded page (inline in <head>, with the CSP nonce, so it works before and
 * without hydration):
 * - a browser that blocks third-party storage (Chromium's incognito, strict privacy settings)
 *   throws on any use of sessionStorage in a cross-site frame, and Remix's scroll restoration
 *   and route discovery use it: a stand-in kept in memory for the page's life takes its place;
 * - the content's height goes to the parent whenever it changes, and Escape too, so a popup
 *   around the frame can close (key presses inside a frame never reach the parent page).
 */
export const EMBED_FRAME_SCRIPT = `(function(){try{window.sessionStorage.getItem("x")}catch(e){var m={},has=function(k){return Object.prototype.hasOwnProperty.call(m,k)};try{Object.defineProperty(window,"sessionStorage",{configurable:true,value:{getItem:function(k){return has(k)?m[k]:null},setItem:function(k,v){m[k]=String(v)},removeItem:function(k){delete m[k]},clear:function(){m={}},key:function(i){var k=Object.keys(m)[i];return k===undefined?null:k},get length(){return Object.keys(m).length}}})}catch(e2){}}
if(window.parent===window)return;var p=window.parent,last=-1;function post(){var h=Math.ceil(document.body.getBoundingClientRect().height);if(h!==last){last=h;p.postMessage({type:"scheduler:resize",height:h},"*")}}function start(){post();if(window.ResizeObserver)new ResizeObserver(post).observe(document.body)}if(document.body)start();else document.addEventListener("DOMContentLoaded",start);window.addEventListener("load",post);document.addEventListener("keydown",function(e){if(e.key==="Escape"&&!e.defaultPrevented)p.postMessage({type:"scheduler:escape"},"*")})})();`;

/** Tells the parent page (if any) that the guest is booked; the confirmation calls it once. */
export function postBooked(booking: { id: string; start: string; end: string; redirectUrl?: string }): void {
  if (typeof window === "undefined" || window.parent === window) return;
  const message: EmbedMessage = { type: "scheduler:booked", ...booking };
  window.parent.postMessage(message, "*");
}

/** A booking page's address in embed mode. */
export function embedUrl(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set(EMBED_PARAM, "1");
  return url.toString();
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The booking page's address with the look's parameters: `theme` (light is the embed's default) and `brandColor` (hex, no #). */
function withLook(pageUrl: string, look: EmbedLook): string {
  const url = new URL(pageUrl);
  if (look.theme !== "light") url.searchParams.set("theme", look.theme);
  if (look.brandColor) url.searchParams.set("brandColor", look.brandColor.slice(1));
  return url.toString();
}

/** The popup button's default fill: the site's indigo. */
const POPUP_FILL = "#4f46e5";

/**
 * The two snippets of an event type: `inline` (the booking page in an iframe that embed.js
 * sizes to its content; 720 px tall without JavaScript) and `popup` (a link that embed.js turns
 * into a button opening the page in an overlay; without JavaScript it is a plain link). `look`
 * puts the chosen theme and colour into both (and the popup button takes the colour).
 */
export function embedSnippets({
  base,
  username,
  slug,
  title,
  hostName,
  look = { theme: "light", brandColor: null },
}: {
  base: string;
  username: string;
  slug: string;
  title: string;
  hostName: string;
  look?: EmbedLook;
}) {
  const origin = base.replace(/\/+$/, "");
  const pageUrl = withLook(`${origin}/${username}/${slug}`, look);
  const script = `<script src="${escapeAttribute(`${origin}/embed.js`)}" async></script>`;
  const inline = [
    `<iframe src="${escapeAttribute(embedUrl(pageUrl))}" title="${escapeAttribute(`Book ${title} with ${hostName}`)}" data-scheduler-embed loading="lazy" style="display:block;width:100%;height:720px;min-height:320px;border:0"></iframe>`,
    script,
  ].join("\n");
  const popup = [
    script,
    `<a href="${escapeAttribute(pageUrl)}" data-scheduler-popup="${escapeAttribute(pageUrl)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${look.brandColor ?? POPUP_FILL};color:#fff;font:600 16px/1.25 system-ui,sans-serif;text-decoration:none">${escapeText(`Book ${title}`)}</a>`,
  ].join("\n");
  return { pageUrl, previewUrl: embedUrl(pageUrl), inline, popup };
}

export type EmbedOffer =
  | {
      state: "ready";
      inline: string;
      popup: string;
      previewUrl: string;
      look: EmbedLook;
      /** The colour field as the host typed it, and why it was left out of the snippets. */
      colorInput: string;
      colorError: string | null;
    }
  | { state: "no-username" }
  | { state: "inactive" };
