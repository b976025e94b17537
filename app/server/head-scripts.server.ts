/**
 * The head's inline scripts, in a server module so the browser's bundles carry neither: the
 * root's HeadScript reads them back from the page it hydrates.
 */
import { TIME_ZONE_COOKIE, TIME_ZONE_GUESS_META, TIME_ZONE_PENDING_ATTRIBUTE } from "~/browser/time-zone-hint";

/**
 * The inline script that keeps the cookie equal to the browser's zone. It runs before the
 * page paints and costs one cookie write, only when the zone changed.
 *
 * A page that rendered times in a zone it guessed says so in `<meta name="time-zone-guess">`
 * (the booking page, when the guest has not picked one). When the browser's zone is another, the
 * script marks the document `data-tz-pending` (the page hides its times under it, keeping their
 * space) and the page, once hydrated, fetches its data again in the browser's zone: no second
 * document load (decision 091). The mark goes after a few seconds anyway, should scripts never run.
 */
export const TIME_ZONE_HINT_SCRIPT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var c=document.cookie.match(/(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)/);if(z&&(!c||decodeURIComponent(c[1])!==z)){document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(z)+"; Path=/; Max-Age=31536000; SameSite=Lax";var g=document.querySelector('meta[name="${TIME_ZONE_GUESS_META}"]');if(g&&g.content!==z){var h=document.documentElement;h.setAttribute("${TIME_ZONE_PENDING_ATTRIBUTE}",z);setTimeout(function(){h.removeAttribute("${TIME_ZONE_PENDING_ATTRIBUTE}")},8000)}}}catch(e){}})();`;

/**
 * Zod builds object parsers with `new Function` where it may, and finds out by trying once when
 * the first object schema is made (at module evaluation, before any app code could call
 * `z.config`). The Content Security Policy has no 'unsafe-eval', so that probe is a CSP violation
 * in the console. Zod reads its settings from `globalThis.__zod_globalConfig` when it loads:
 * jitless, it never probes and parses the same way without compiled code.
 */
export const ZOD_JITLESS_SCRIPT = "globalThis.__zod_globalConfig={jitless:true};";

/**
 * The theme toggle at once (decision 117): the System / Light / Dark buttons stay a plain form to
 * POST /theme (decision 108), which works without scripts. With them, this listener (in the head,
 * so it works before hydration and on the pages without React) takes the form's submit: it sets the
 * `<html>` class and every toggle's aria-pressed at once, posts the same field with fetch, asking for
 * JSON (the same cookie, no redirect), then has Remix's router load the page's data again so React's
 * own copy of the theme follows. Should the post fail, the form is sent as without scripts.
 */
export const THEME_TOGGLE_SCRIPT = `(function(){document.addEventListener("submit",function(e){var f=e.target,b=e.submitter;if(!f||f.getAttribute("action")!=="/theme"||!b||b.name!=="theme"||!window.fetch||e.defaultPrevented)return;e.preventDefault();var t=b.value,h=document.documentElement;h.classList.remove("dark","light");if(t!=="system")h.classList.add(t);document.querySelectorAll('form[action="/theme"] button[name="theme"]').forEach(function(x){x.setAttribute("aria-pressed",String(x.value===t))});fetch("/theme",{method:"POST",body:new URLSearchParams({theme:t}),headers:{Accept:"application/json"},credentials:"same-origin"}).then(function(r){if(!r.ok)throw r;var rr=window.__remixRouter;if(rr)rr.revalidate()}).catch(function(){var i=document.createElement("input");i.type="hidden";i.name="theme";i.value=t;f.appendChild(i);f.submit()})})})();`;
