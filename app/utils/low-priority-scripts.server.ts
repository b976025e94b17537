/**
 * A rendered document whose JavaScript is fetched at low priority (docs/decisions/046). Remix's
 * <Scripts/> writes a `<link rel="modulepreload">` per chunk and one inline module script that
 * imports the route modules and starts hydration; browsers fetch all of them at high priority,
 * the priority of what the first paint waits for. Nothing the first paint needs is among them:
 * the stylesheet is inline and the server's HTML works without JavaScript. So each preload, and
 * the module script (whose imports are fetched with its priority), says `fetchpriority="low"`:
 * anything the page does need first (an image in view) goes before them; they are fetched as
 * soon, in parallel, as before, when nothing else is waiting.
 *
 * The attribute is added to the server's HTML only; React, hydrating, leaves an attribute it
 * does not render as it is.
 */
const PRELOAD = '<link rel="modulepreload"';
const MODULE = /<script nonce="([^"]*)" type="module" async="">/;

/** The document with its preloads and module script at low priority; unchanged without them. */
export function lowPriorityScripts(html: string): string {
  const module = MODULE.exec(html);
  if (!module) return html;
  return html
    .replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`)
    .replace(module[0], module[0].replace(' type="module"', ' type="module" fetchpriority="low"'));
}
